/**
 * The words of a company query's topic phrases (topics.ts): head nouns ("companies", "vendors")
 * and the things some of them also are, words that are never a topic, the leads of compounds, and
 * which tokens may stand inside a phrase (`usable`) or are trimmed from its edges (`trim`).
 */

import { KEYWORD_STOP_WORDS } from '../lexicon/stop-words.js';
import type { Token } from '../tokens.js';
import { SIZE_COMPOUNDS, sizeCompoundAt } from './headcount.js';
import type { Scopes } from './scopes.js';

/**
 * Head nouns: what kind of organisation, not what it does. Stripped from the end of a phrase
 * ("ghost kitchen operators" → "ghost kitchen"). Singular and plural forms.
 */
export const HEADS = new Set(
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
export const THING_HEADS = new Set(
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
export const COMPOUND_LEADS: ReadonlyMap<string, RegExp> = new Map([
  ['local', /^(news|government|governments|media|newspapers?|radio|tv|television|delivery)$/],
  [
    'well',
    /^(intervention|completions?|testing|drilling|logging|construction|stimulation|control|plugging|abandonment|integrity|servicing)$/,
  ],
]);

/** Whether t leads a compound with the word after it ("small business lending", "local news", "well intervention"). */
export function leadsCompound(t: Token, tokens: Token[]): boolean {
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
export const IT_FOLLOWERS =
  /^(services?|consult\w*|support|outsourc\w*|infrastructure|security|staffing|solutions?|distribut\w*|asset|governance|training|helpdesk|operations)$/;

/** "IT" as the sector: written in capitals, or before a word of that trade; never the pronoun. */
function isInformationTechnology(t: Token, next: Token | undefined): boolean {
  return t.norm === 'it' && (t.upper || (next !== undefined && IT_FOLLOWERS.test(next.norm)));
}

/** Whether token t may stand inside a topic phrase. */
export function usable(t: Token | undefined, scopes: Scopes, tokens: Token[]): t is Token {
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

/** What "pre-" and "post-" glue to that is a company's stage: "pre-revenue", "post-IPO", "pre-product". */
const STAGE_AFTER_PRE = /^(revenue|profit|profitability|product|launch|ipo|money|seed|series)$/;

/**
 * The run of tokens [from, to) with its edges trimmed: head nouns and evaluative words at the end,
 * evaluative words, light verbs and a glued stage ("pre-revenue") at the start; a head before a
 * content word, or the thing a dropped head works on ("house builders" → "house"), stays.
 */
export function trim(tokens: Token[], from: number, to: number, isFiller: (norm: string) => boolean): [number, number] {
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
