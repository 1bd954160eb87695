/**
 * The words around a number in a company query that say whether it is a founding year
 * (scanFounded, founded.ts): founding verbs and their window, a style ("vintage 1990s"), an event
 * ("the 2008 crisis"), an era, a head count, funding before it, and existence before "since".
 */
import type { Token } from '../tokens.js';
import { FUNDING_WORDS } from './money.js';

/** Words of a company's founding ("founded", "est", "inception"): a year in the window after one is its founding year. */
export const FOUNDING_VERBS = new Set([
  'founded',
  'started',
  'established',
  'launched',
  'born',
  'incorporated',
  'created',
  'formed',
  'est',
  'founding',
  'begun',
  'spun',
  'dating',
  'inception',
  'incepted',
]);
/** Words that make a period a style ("vintage 1990s", "1950s-style", "1920s-inspired"). */
export const STYLE_BEFORE = /^(vintage|retro|classic|authentic|original|old-school|replica|reproduction)$/;
/** Words after a period that make it a style ("1950s-style", "1920s-inspired"). */
export const STYLE_AFTER = /^(style|styled|themed|inspired|look|vintage|retro|replica|replicas|reproduction|reproductions|revival)$/;
/** Verbs of outliving an event ("survived the 2008 crisis"): the company existed before it. */
export const SURVIVAL_VERBS = new Set(['survived', 'weathered', 'outlasted', 'predates', 'predate', 'predating']);
/** How many tokens after a founding verb its year may come. */
export const WINDOW = 8;
/** Words that end a founding verb's window; "ago" ends an age ("founded at least 60 years ago"), which step 3 reads. */
export const WINDOW_STOP =
  /^(that|which|who|with|and|but|raised|raising|acquired|ipo|employees|people|headcount|based|headquartered|located|ago)$/;
/** Nouns after a year that make it an event, not a founding year ("the 2008 financial crisis"). */
export const EVENT_NOUNS =
  /^(crisis|crash|recession|boom|bubble|bust|pandemic|election|olympics|war|bull|bear|winter|financial|ipo|ipos|batch|cohort|round|rounds|funding|layoffs|downturn|series|seed|raise|acquisition|exit)$/;
/** Words after a year that make it a cohort of companies ("the 2020 class", "a 2021 vintage"): read as their founding year. */
export const ERA_WORDS = /^(era|class|vintage|generation|wave)$/;
/** Nouns after a number that make it a head count ("2000+ employees"). */
export const HEADCOUNT_NOUNS = /^(employees?|people|staff|staffers|workers|persons|ftes?|headcount|engineers|developers|members|heads)$/;

/** Words that say a company has existed, right before "since" ("around", "in business", "trading"). */
const EXISTENCE_WORDS =
  /^(around|business|operating|operation|operational|trading|existence|existed|existing|active|serving|running|going)$/;

/**
 * Whether the "since" at `i` follows a phrase of existence right before it ("been around since",
 * "in operation since"); not "operating in Europe since 2015", which dates the operations there.
 */
export function existsSince(tokens: Token[], i: number): boolean {
  const t = tokens[i - 1];
  return t?.kind === 'word' && EXISTENCE_WORDS.test(t.norm);
}

/** Whether a founding verb ("founded", "started") comes before token i in its clause (within four words). */
export function foundingVerbBefore(tokens: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0 && i - k <= 4; k--) {
    const u = tokens[k] as Token;
    if (u.kind === 'punct') break;
    if (FOUNDING_VERBS.has(u.norm)) return true;
  }
  return false;
}

/** Whether a funding word comes before token i in its clause (within four words). */
export function fundingBefore(tokens: Token[], i: number): boolean {
  for (let k = i - 1; k >= 0 && i - k <= 4; k--) {
    const u = tokens[k] as Token;
    if (u.kind === 'punct') break;
    if (FUNDING_WORDS.test(u.norm) || /^(acquired|ipo|exited)$/.test(u.norm)) return true;
  }
  return false;
}
