/**
 * Open-vocabulary sectors ("topics") of company queries. What a company does is an open set
 * ("drone inspection", "pet insurance", "ghost kitchens", "immigration legal tech"): no list can
 * hold it, so the grammar reads it from the shape of the query instead. Run last, after every
 * other recogniser has claimed its tokens (places, years, sizes, money, stages, types, names),
 * it takes each run of remaining content words, the descriptive noun phrase before a head noun
 * ("ghost kitchen operators", "dental practice management software vendors") or after a
 * relative verb ("companies that make pianos", "startups  beekeeping software",
 * "NGOs working on clean water"), and returns it as written (lowercase): the head noun, function
 * words, evaluative adjectives ("biggest", "leading") and light verbs ("make", "run") stripped.
 *
 * Known sector words inside a longer phrase (the "software" of "beekeeping software", the
 * "legal tech" of "immigration legal tech") are part of the phrase: the taxonomy mapping of
 * parse/company/sectors.ts then only expands the search (keywords), it never gates it. A run
 * made only of known sector words is left to sectors.ts.
 */

import pluralize from 'pluralize';
import { commonWords } from '../../../geo/common-words.js';
import { activityOf } from '../lexicon/activities.js';
import { KEYWORD_STOP_WORDS } from '../lexicon/stop-words.js';
import type { Token } from '../tokens.js';
import { SIZE_COMPOUNDS, sizeCompoundAt } from './headcount.js';
import type { Scopes } from './scopes.js';
import { isOwnershipParticiple } from './sector-words.js';

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

/**
 * Head nouns: what kind of organisation, not what it does. Stripped from the end of a phrase
 * ("ghost kitchen operators" → "ghost kitchen"). Singular and plural forms.
 */
const HEADS = new Set(
  `company companies startup startups start-up start-ups firm firms business businesses enterprise enterprises corporation
  corporations corp corps inc ltd llc gmbh plc co vendor vendors provider providers platform platforms tool tools solution solutions
  maker makers manufacturer manufacturers producer producers operator operators brand brands chain chains group groups network networks
  organization organizations organisation organisations org orgs agency agencies player players outfit outfits shop shops house houses
  service services supplier suppliers distributor distributors exporter exporters importer importers seller sellers retailer retailers
  developer developers builder builders app apps application applications marketplace marketplaces venture ventures scaleup scaleups
  scale-up scale-ups unicorn unicorns entity entities institution institutions label labels specialist specialists contractor contractors
  consultancy consultancies partner partners studio studios lab labs offering offerings product products body bodies authority
  authorities office offices department departments ministry ministries council councils board boards association associations
  society societies institute institutes`
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Heads that are also things a company makes, kept when another head follows ("house builders" →
 * house, "mobile app developers" → mobile app); generic ones ("service providers", "solution
 * vendors", "startup studios") are not.
 */
const THING_HEADS = new Set(
  'house houses app apps application applications tool tools brand brands label labels network networks shop shops lab labs office offices board boards marketplace marketplaces'.split(
    ' ',
  ),
);

/**
 * Heads that also carry the sector when nothing else does ("wineries", "hospitals", "banks"
 * have no head noun in front): only the generic organisation words above are dropped, so a run
 * "wineries" stays "wineries". Words that never describe a sector on their own: evaluation,
 * size, age, reach and search words, and generic nouns of a field.
 */
export const NOT_TOPIC = new Set(
  `biggest big bigger largest large larger small smaller smallest tiny huge giant massive major minor top best better leading leader leaders
  notable prominent famous well-known known popular successful profitable promising hot innovative cutting-edge emerging established
  new newer newest young younger old older oldest mature fast-growing growing high-growth rapidly quickly fast quick mid-sized midsize
  mid-size medium medium-sized sized size good great interesting cool various several many some any other others different similar
  like such kind kinds type types sort sorts intersection field fields area areas sector sectors industry industries space spaces market
  markets domain domains niche niches vertical verticals segment segments world worlds ecosystem landscape scene list lists example
  examples anything something everything thing things stuff responsible dedicated specialized specialised specializing specialising
  involved active  working focused focusing focus oriented spun carved centered centred based located headquartered hq hq'd hqd hq'ed hqed founded started
  established launched run runs  make makes making made build builds building built do does doing did offer offers offering
  provide provides providing sell sells selling develop develops  produce produces producing manufacture manufactures
  create creates creating design designs  work works help helps helping combine combines combining
  combined use uses using want wanted need needs show find looking look search searching list give tell me us i we you who what which
  where biggest-ever currently recently today now still already also actually really mostly mainly primarily especially particularly
  plus etc e.g ie i.e native first powered driven enabled centric led backed owned funded bootstrapped b2b b2c d2c dtc b2b2c b2g
  annual yearly monthly total recurring local locally global globally international worldwide regional ones investor investors vc vcs
  customers clients users raising going growing actually remote remote-first hybrid onsite on-site distributed-first
  northern southern eastern western central north south east west northeastern northwestern southeastern southwestern
  ago
  `
    .split(/\s+/)
    .filter(Boolean),
);

/**
 * Words that are filler alone but name a trade with the noun after them: a size word's compounds
 * ("small business lending", "big data", headcount.ts), "local news", "local government", and the
 * oil well's trades ("well intervention", "well services").
 */
const COMPOUND_LEADS: ReadonlyMap<string, RegExp> = new Map([
  ['local', /^(news|government|governments|media|newspapers?|radio|tv|television|delivery)$/],
  [
    'well',
    /^(intervention|completions?|testing|drilling|logging|construction|stimulation|control|plugging|abandonment|integrity|servicing)$/,
  ],
]);

/** Whether t leads a compound with the word after it ("small business lending", "local news", "well intervention"). */
function leadsCompound(t: Token, tokens: Token[]): boolean {
  const next = tokens[t.i + 1];
  if (!next || (next.claim && next.claim !== 'industry') || next.kind !== 'word') return false;
  if (SIZE_COMPOUNDS.has(t.norm)) return sizeCompoundAt(tokens, t.i + 1, t.norm);
  return !!COMPOUND_LEADS.get(t.norm)?.test(next.norm);
}

/** Claims a phrase may run through: known sector words. Any other claim ends the phrase. */
const PHRASE_CLAIMS = new Set(['industry']);

function isContent(t: Token): boolean {
  return t.kind === 'word' && /\p{L}/u.test(t.norm) && !/^[\d$€£]/.test(t.norm);
}

/** Words after "it" that make it information technology ("IT services", "it consulting"). */
const IT_FOLLOWERS =
  /^(services?|consult\w*|support|outsourc\w*|infrastructure|security|staffing|solutions?|distribut\w*|asset|governance|training|helpdesk|operations)$/;

/** "IT" as the sector: written in capitals, or before a word of that trade; never the pronoun. */
function isInformationTechnology(t: Token, next: Token | undefined): boolean {
  return t.norm === 'it' && (t.upper || (next !== undefined && IT_FOLLOWERS.test(next.norm)));
}

/** Whether token t may stand inside a topic phrase. */
function usable(t: Token | undefined, scopes: Scopes, tokens: Token[]): t is Token {
  if (!t || !isContent(t) || scopes.customer.has(t.i) || scopes.cues.has(t.i)) return false;
  if (t.claim && !PHRASE_CLAIMS.has(t.claim)) return false;
  if (
    !t.claim &&
    (KEYWORD_STOP_WORDS.has(t.norm) || t.norm.length > 60) &&
    !isInformationTechnology(t, tokens[t.i + 1]) &&
    !leadsCompound(t, tokens) &&
    !gluedToContent(t, tokens) &&
    !afterWordPrefix(t, tokens) &&
    !adjectiveBeforeNoun(t, tokens)
  )
    return false;
  return true;
}

/**
 * Participles the filler lists hold as verbs ("people who live in", "fintechs that raised $5M")
 * used as adjectives before a noun: "live chat", "working capital", and "raised" opening the
 * query ("raised bed kits"), where no company before it can have raised anything.
 */
function adjectiveBeforeNoun(t: Token, tokens: Token[]): boolean {
  const next = tokens[t.i + 1];
  if (
    !next ||
    next.kind !== 'word' ||
    next.join ||
    (next.claim && next.claim !== 'industry') ||
    KEYWORD_STOP_WORDS.has(next.norm) ||
    HEADS.has(next.norm)
  )
    return false;
  if (/^(live|living|working)$/.test(t.norm)) return true;
  return t.norm === 'raised' && !tokens.slice(0, t.i).some((u) => u.kind === 'word') && !/^[\d$€£]/.test(next.norm);
}

/**
 * Prefixes that make one word with whatever word they are glued to ("co-living", "co-working",
 * "re-roofing", "de-icing", "bi-fold"), even a word the filler lists hold ("living", "working").
 */
const WORD_PREFIXES = new Set(['co', 're', 'de', 'bi', 'tri', 'eco', 'non']);

/** The word after such a prefix ("living" of "co-living"): part of the one word. */
function afterWordPrefix(t: Token, tokens: Token[]): boolean {
  return t.join === '-' && WORD_PREFIXES.has(tokens[t.i - 1]?.norm ?? '') && !tokens[t.i - 1]?.claim;
}

/**
 * A short word glued by a hyphen to the content word after it is part of one word ("hi-vis",
 * "no-code", "in-flight", "on-prem"), not filler alone. Not a link inside a longer compound
 * ("pay-as-you-go", "seed-to-sale": what such a chain names is left as it was read), nor "ex-"
 * (a former employer, "ex-Google").
 */
function gluedToContent(t: Token, tokens: Token[]): boolean {
  const next = tokens[t.i + 1];
  if (WORD_PREFIXES.has(t.norm) && next?.join === '-' && next.kind === 'word' && !next.claim && !HEADS.has(next.norm)) return true;
  return (
    t.norm.length <= 3 &&
    !t.join &&
    t.norm !== 'ex' &&
    !!next &&
    next.join === '-' &&
    next.kind === 'word' &&
    !next.claim &&
    !KEYWORD_STOP_WORDS.has(next.norm) &&
    !NOT_TOPIC.has(next.norm) &&
    !HEADS.has(next.norm)
  );
}

/** Words before a phrase that make it an attribute, an agent or a comparison, not what the company does. */
const NOT_TOPIC_BEFORE =
  /^(with|having|has|have|by|like|than|whose|to|from|hiring|employing|recruiting|seeking|survived|survive|survives|surviving|weathered|outlasted|outlived|predates|predate|predating|postdates)$/;
/** Words for a time that an event names after them: "the year the iPad launched", "the year of the Brexit vote". */
const TIME_NOUN = /^(year|month|day|week|decade|era|time|summer|winter|spring|autumn|fall)$/;
/** What "pre-" and "post-" glue to that is a company's stage: "pre-revenue", "post-IPO", "pre-product". */
const STAGE_AFTER_PRE = /^(revenue|profit|profitability|product|launch|ipo|money|seed|series)$/;
/** Words for a company's founders' past: a run that ends with one names who founded it, not what it does ("Meta alumni", "ex-Palantir founders"). */
const FOUNDER_WORDS = /^(alumni|alumnus|alums?|founders?|cofounders?|grads|graduates)$/;
/** Relative pronouns: the first word after one is the verb ("that make pianos", "who run hostels"). */
const RELATIVE = /^(that|which|who)$/;
/** Adverbs between a relative pronoun and its verb ("that just raised", "who recently closed"). */
const ADVERB = /^(\p{L}{3,}ly|just|already|also|still|now|only|once|first|soon)$/u;

function trim(tokens: Token[], from: number, to: number, isFiller: (norm: string) => boolean): [number, number] {
  let a = from;
  let b = to;
  // A word glued to the next ("e-signature", "not-for-profit") is never dropped alone.
  const drop = (t: Token | undefined) =>
    !!t &&
    !t.claim &&
    !tokens[t.i + 1]?.join &&
    !isInformationTechnology(t, tokens[t.i + 1]) &&
    !leadsCompound(t, tokens) &&
    !adjectiveBeforeNoun(t, tokens) &&
    !afterWordPrefix(t, tokens) &&
    (NOT_TOPIC.has(t.norm) || HEADS.has(t.norm) || isFiller(t.norm) || t.norm.length < 2);
  // Head nouns and evaluative words at the end, evaluative words and light verbs at the start. A
  // head noun in front modifies the next word ("board game publishers", "office furniture makers",
  // "brand design agencies"): it stays when a content word follows.
  while (b > a && drop(tokens[b - 1])) {
    // A thing before the head just dropped is what that one works on: "house builders" → "house",
    // "mobile app developers" → "mobile app".
    const t = tokens[b - 1] as Token;
    const headAfter = b < to && HEADS.has(tokens[b]?.norm ?? '');
    if (THING_HEADS.has(t.norm) && headAfter && !t.claim) {
      while (a < b - 1 && drop(tokens[a])) a++;
      return [a, b];
    }
    b--;
  }
  while (a < b && drop(tokens[a]) && !(HEADS.has(tokens[a]?.norm ?? '') && a + 1 < b && !drop(tokens[a + 1]))) a++;
  // "pre-revenue ocean alkalinity", "pre-IPO fintech": a company's stage glued in front.
  while (a + 2 < b && /^(pre|post)$/.test(tokens[a]?.norm ?? '') && tokens[a + 1]?.join && STAGE_AFTER_PRE.test(tokens[a + 1]?.norm ?? ''))
    a += 2;
  return [a, b];
}

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
