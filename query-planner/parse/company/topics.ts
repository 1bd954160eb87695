/**
 * Open-vocabulary sectors ("topics") of company queries. What a company does is an open set
 * ("drone inspection", "pet insurance", "ghost kitchens", "immigration legal tech"): no list can
 * hold it, so the grammar reads it from the shape of the query instead. Run last, after every
 * other recogniser has claimed its tokens (places, years, sizes, money, stages, types, names),
 * it takes each run of remaining content words, the descriptive noun phrase before a head noun
 * ("ghost kitchen operators", "dental practice management software vendors") or after a
 * relative verb ("companies that make pianos", "startups  beekeeping software",
 * "NGOs working on clean water"), and returns it as written (lowercase): the head noun, function
 * words, evaluative adjectives ("biggest", "leading") and light verbs ("make", "run") stripped
 * (those word lists and the trimming are in topic-words.ts).
 *
 * Known sector words inside a longer phrase (the "software" of "beekeeping software", the
 * "legal tech" of "immigration legal tech") are part of the phrase: the taxonomy mapping of
 * parse/company/sectors.ts then only expands the search (keywords), it never gates it. A run
 * made only of known sector words is left to sectors.ts.
 */

import pluralize from 'pluralize';
import { commonWords } from '../../../geo/common-words.js';
import { activityOf } from '../lexicon/activities.js';
import type { Token } from '../tokens.js';
import { SIZE_COMPOUNDS } from './headcount.js';
import type { Scopes } from './scopes.js';
import { isOwnershipParticiple } from './sector-words.js';
import { COMPOUND_LEADS, HEADS, IT_FOLLOWERS, leadsCompound, NOT_TOPIC, THING_HEADS, trim, usable } from './topic-words.js';

export interface TopicMention {
  /** The phrase as written, lowercase ("ghost kitchen", "cachaça"). */
  text: string;
  from: number;
  to: number;
  /** The phrase as written when `text` reads a trade's agents as its activity ("grain traders"). */
  written?: string;
  /** Inside a negation ("excluding salmon farming"). */
  negated: boolean;
  /** Tokens of known sectors (claimed by sectors.ts) the phrase contains. */
  sectorTokens: number[];
}

/** Words before a phrase that make it an attribute, an agent or a comparison, not what the company does. */
const NOT_TOPIC_BEFORE =
  /^(with|having|has|have|by|like|than|whose|to|from|hiring|employing|recruiting|seeking|survived|survive|survives|surviving|weathered|outlasted|outlived|predates|predate|predating|postdates)$/;
/** Words for a time that an event names after them: "the year the iPad launched", "the year of the Brexit vote". */
const TIME_NOUN = /^(year|month|day|week|decade|era|time|summer|winter|spring|autumn|fall)$/;
/** Words for a company's founders' past: a run that ends with one names who founded it, not what it does ("Meta alumni", "ex-Palantir founders"). */
const FOUNDER_WORDS = /^(alumni|alumnus|alums?|founders?|cofounders?|grads|graduates)$/;
/** Relative pronouns: the first word after one is the verb ("that make pianos", "who run hostels"). */
const RELATIVE = /^(that|which|who)$/;
/** Adverbs between a relative pronoun and its verb ("that just raised", "who recently closed"). */
const ADVERB = /^(\p{L}{3,}ly|just|already|also|still|now|only|once|first|soon)$/u;

/**
 * An -ing word right after a head noun or a known sector starts a clause of its own: "companies
 * building drones", "workflow automation replacing legacy systems".
 */
function verbAfterNoun(tokens: Token[], at: number): boolean {
  const t = tokens[at];
  const prev = tokens[at - 1];
  if (!t || !prev || t.claim || t.join || !/^\p{L}{3,}ing$/u.test(t.norm)) return false;
  // A verb takes an object: a content word that is no head ("software outsourcing companies" is a noun).
  const next = tokens[at + 1];
  if (next?.kind !== 'word' || (!next.claim && HEADS.has(next.norm))) return false;
  return prev.claim === 'industry' || (!prev.claim && HEADS.has(prev.norm));
}

/**
 * A topic as a sector is filed: a trade named by its agents is read as its activity ("grain
 * traders" → "grain trading", "meatpackers" → "meatpacking"), and "IT" alone is spelt out.
 */
function topicText(text: string): string {
  if (text === 'it') return 'information technology';
  const cut = text.lastIndexOf(' ');
  const last = text.slice(cut + 1);
  const activity = activityOf(last);
  if (activity) return text.slice(0, cut + 1) + activity;
  // "wineries", "online pharmacies": a sector is filed in the singular, and a plural in "-ies" does
  // not contain it ("series" and "species" are singular too).
  if (/^\p{L}{3,}ies$/u.test(last) && !/(ser|spec)ies$/.test(last)) {
    // Only to an English word ("winery"; not "smoothy" or "cooky").
    const one = pluralize.singular(last);
    if (commonWords().has(one)) return text.slice(0, cut + 1) + one;
  }
  return text;
}

/**
 * Participles that make a glued compound say who owns, leads, founded or backs a company
 * ("women-led", "veteran-owned", "YC-backed", "family-run"): an attribute of the company, never
 * part of what it does.
 */
/** Tokens of "<who>-led", "<who>-owned", "<who>-backed" compounds (see {@link OWNERSHIP_PARTICIPLES}). */
function ownershipCompounds(tokens: Token[]): Set<number> {
  const out = new Set<number>();
  for (const t of tokens) {
    if (!isOwnershipParticiple(tokens, t.i)) continue;
    out.add(t.i);
    for (let k = t.i; k > 0 && tokens[k]?.join; k--) out.add(k - 1);
  }
  return out;
}

/** The topic phrases of a query whose other parts are already claimed. */
export function scanTopics(source: string, tokens: Token[], scopes: Scopes, isFiller: (norm: string) => boolean): TopicMention[] {
  const out: TopicMention[] = [];
  const ownership = ownershipCompounds(tokens);
  // Inside an attribute clause ("with a hybrid work policy", "founded by former pilots") up to
  // the next punctuation or relative pronoun.
  const attribute: boolean[] = [];
  let inAttribute = false;
  for (const t of tokens) {
    // Ends at punctuation, a relative pronoun, "in", or what another recogniser read ("with 50
    // employees building drones": the drones are the sector).
    if (t.kind === 'punct' || RELATIVE.test(t.norm) || t.norm === 'in' || (t.claim && t.claim !== 'industry' && t.claim !== 'place'))
      inAttribute = false;
    else if (NOT_TOPIC_BEFORE.test(t.norm) && !t.claim) inAttribute = true;
    attribute.push(inAttribute);
  }
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(tokens[i], scopes, tokens) || attribute[i] || ownership.has(i)) continue;
    let end = i + 1;
    // A run of content words; hyphens and slashes glue ("plant-based", "ai/ml").
    while (
      usable(tokens[end], scopes, tokens) &&
      !ownership.has(end) &&
      scopes.negated.has(end) === scopes.negated.has(i) &&
      !verbAfterNoun(tokens, end)
    )
      end++;
    // Inner stop words split the run into phrases only through the stop-word rule above; drop
    // evaluative words and heads inside the run at its edges.
    // The word before the phrase, over glued prefixes ("by ex-Google").
    let k = i - 1;
    while (k >= 0 && (tokens[k + 1]?.join || /^(a|an|the|some|their|its|our|strong|good)$/.test(tokens[k]?.norm ?? ''))) k--;
    let before = tokens[k];
    // "survived the 2001 dot-com crash": the verb before the event's year.
    if (before && /^\d{4}s?$/.test(before.norm)) {
      let v = k - 1;
      while (v >= 0 && /^(the|a|an)$/.test(tokens[v]?.norm ?? '')) v--;
      if (v >= 0 && NOT_TOPIC_BEFORE.test(tokens[v]?.norm ?? '')) before = tokens[v];
    }
    // An event that dates the company, not what it does: "(in 2010,) the year the iPad launched".
    const timeWord = before?.norm === 'of' ? tokens[k - 1] : before;
    if (timeWord && TIME_NOUN.test(timeWord.norm) && !timeWord.claim && /^(the|that|same)$/.test(tokens[timeWord.i - 1]?.norm ?? '')) {
      i = end - 1;
      continue;
    }
    let start = i;
    // After "that"/"who": adverbs, then the verb ("that successfully transitioned to ...", "that
    // recently closed", where the adverb is a stop word and so no part of the run).
    // "which drip irrigation startups ...", "show me which ...": a question's "which", no relative pronoun.
    const asking =
      before &&
      /^(which|who)$/.test(before.norm) &&
      /^(|me|us|show|tell|find|list|know|see|wonder|wondering|ask|asking)$/.test(tokens[k - 1]?.norm ?? '');
    let relative = before && RELATIVE.test(before.norm) && !asking;
    for (let q = k; !relative && q > 0 && ADVERB.test(tokens[q]?.norm ?? '') && !tokens[q]?.claim; q--)
      relative = RELATIVE.test(tokens[q - 1]?.norm ?? '');
    if (relative) {
      while (start < end && /^\p{L}{3,}ly$/u.test(tokens[start]?.norm ?? '') && !tokens[start]?.claim) start++;
      if (start < end && !tokens[start]?.claim) start++;
    }
    // A verb that split the run ("automation replacing legacy systems").
    if (verbAfterNoun(tokens, start)) start++;
    let [a, b] = trim(tokens, start, end, isFiller);
    // "IT services", "IT distributors": the head stays with the acronym, which says little alone.
    if (tokens[b - 1]?.norm === 'it' && b < end && IT_FOLLOWERS.test(tokens[b]?.norm ?? '')) b++;
    i = end - 1;
    // "other than opticians", "rather than resellers": a negation's "than" is no comparison, unless
    // what it sets apart is a customer or an attribute ("selling to enterprises rather than SMBs",
    // "backed by US investors rather than local funds").
    const contrasted = before ? before.i - 2 : -1;
    const negationThan =
      before?.norm === 'than' && scopes.cues.has(before.i) && contrasted >= 0 && !scopes.customer.has(contrasted) && !attribute[contrasted];
    if (a >= b || (before && NOT_TOPIC_BEFORE.test(before.norm) && !negationThan)) continue;
    const inner = tokens.slice(a, b);
    if (inner.length > 1 && FOUNDER_WORDS.test(inner[inner.length - 1]?.norm ?? '')) continue;
    // A compound's lead without its partner ("small" of "small business accounting", whose partner
    // another recogniser read) is no topic.
    if (inner.length === 1 && (SIZE_COMPOUNDS.has(inner[0]!.norm) || COMPOUND_LEADS.has(inner[0]!.norm))) continue;
    // Only known sector words: sectors.ts maps them.
    if (inner.every((t) => t.claim === 'industry')) continue;
    // A phrase made of heads and evaluative words only, once the edges are trimmed, is no topic,
    // unless it names the thing another head makes ("house builders").
    const thing = inner.length === 1 && THING_HEADS.has(inner[0]?.norm ?? '') && HEADS.has(tokens[b]?.norm ?? '');
    if (!thing && inner.every((t) => !t.claim && !leadsCompound(t, tokens) && (NOT_TOPIC.has(t.norm) || HEADS.has(t.norm)))) continue;
    const first = inner[0] as Token;
    const last = inner[inner.length - 1] as Token;
    const text = source
      .slice(first.start, last.end)
      .toLowerCase()
      .replace(/\s+/g, ' ')
      .replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}+#]+$/gu, '');
    if (text.length < 2) continue;
    const filed = topicText(text);
    out.push({
      text: filed,
      ...(filed !== text && text !== 'it' ? { written: text } : {}),
      from: a,
      to: b,
      negated: scopes.negated.has(a),
      sectorTokens: inner.filter((t) => t.claim === 'industry').map((t) => t.i),
    });
  }
  return out;
}
