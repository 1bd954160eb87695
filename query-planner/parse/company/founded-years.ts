/**
 * How company queries write founding years, for scanFounded (founded.ts): a year, a span, a
 * decade or a century ("2019", "2015-18", "the early 2000s", "the 19th century"), an event
 * ("the pandemic"), the words that link a year to "founded" ("after", "no later than"), and
 * years counted back from the current one ("this decade", "in the last 5 years").
 */
import type { NumberRange } from '../../advanced-filters.js';
import { NUMBER_WORDS } from '../lexicon/numbers.js';
import type { Token } from '../tokens.js';

const YEAR = /^(1[89]\d\d|20\d\d)(\+)?$/;
const DECADE = /^(?:(1[6-9]\d0|20\d0)|'?(\d0))'?s$/;

interface YearRead {
  range: NumberRange;
  from: number;
  end: number;
  /** A single year (not a range, decade or "+"). */
  single: boolean;
}

function yearOf(t: Token | undefined, prev?: Token): { year: number; plus: boolean } | null {
  if (!t) return null;
  const m = YEAR.exec(t.norm);
  if (m) return { year: Number(m[1]), plus: !!m[2] };
  // "Y2K": the year 2000 by its nickname ("between Y2K and 2008", "post-Y2K").
  if (t.norm === 'y2k') return { year: 2000, plus: false };
  // "2k18", "2K21+": a year of this century with "k" for its thousands ("2k" alone is an amount).
  const k = /^2k(\d\d)(\+)?$/.exec(t.norm);
  if (k) return { year: 2000 + Number(k[1]), plus: !!k[2] };
  // "'95", "'19": a two-digit year after an apostrophe.
  const two = /^(\d\d)(\+)?$/.exec(t.norm);
  if (two && prev?.kind === 'punct' && /^['’]$/.test(prev.text) && prev.end === t.start) {
    const n = Number(two[1]);
    return { year: n >= 30 ? 1900 + n : 2000 + n, plus: !!two[2] };
  }
  return null;
}

function decadeOf(t: Token | undefined): number | null {
  if (!t) return null;
  const m = DECADE.exec(t.norm);
  if (!m) return null;
  if (m[1]) return Number(m[1]);
  const two = Number(m[2]);
  return two >= 30 ? 1900 + two : 2000 + two;
}

/** Centuries written as ordinal words. */
const CENTURY_WORDS = new Map([
  ['fifteenth', 15],
  ['sixteenth', 16],
  ['seventeenth', 17],
  ['eighteenth', 18],
  ['nineteenth', 19],
  ['twentieth', 20],
]);

/** The number of a century written as an ordinal ("19th", "nineteenth"), from the 11th to the 21st. */
function centuryOf(t: Token | undefined): number | null {
  if (!t) return null;
  const m = /^(1[1-9]|2[01])(st|nd|rd|th)$/.exec(t.norm);
  if (m) return Number(m[1]);
  return CENTURY_WORDS.get(t.norm) ?? null;
}

/** "first half of (the)", "second half of (the)", "latter half of": which half, and where its period starts. */
function halfOf(tokens: Token[], i: number): { first: boolean; at: number } | null {
  const which = /^(first|1st|second|2nd|latter|later)$/.exec(tokens[i]?.norm ?? '');
  if (!which || tokens[i + 1]?.norm !== 'half' || tokens[i + 2]?.norm !== 'of') return null;
  const at = tokens[i + 3]?.norm === 'the' ? i + 4 : i + 3;
  return { first: /^(first|1st)$/.test(which[1] as string), at };
}

/** Which quarter of a period ("the last quarter of the 20th century"): its index 0-3, and where its period starts. */
function quarterOf(tokens: Token[], i: number): { index: number; at: number } | null {
  const which = /^(first|1st|second|2nd|third|3rd|fourth|4th|last|final)$/.exec(tokens[i]?.norm ?? '');
  if (!which || tokens[i + 1]?.norm !== 'quarter' || tokens[i + 2]?.norm !== 'of') return null;
  const at = tokens[i + 3]?.norm === 'the' ? i + 4 : i + 3;
  const index = /^(first|1st)$/.test(which[1] as string)
    ? 0
    : /^(second|2nd)$/.test(which[1] as string)
      ? 1
      : /^(third|3rd)$/.test(which[1] as string)
        ? 2
        : 3;
  return { index, at };
}

/** A year expression at token i: "2019", "2020+", "2015-2018", "2016 and 2018", "early 2000s". */
export function readYear(tokens: Token[], i: number, between: boolean): YearRead | null {
  const t = tokens[i];
  if (!t || t.claim) return null;
  // "the first half of the 2000s", "the second half of the 19th century".
  const halfAt = halfOf(tokens, i);
  if (halfAt) {
    const inner = readYear(tokens, halfAt.at, false);
    const lo = inner?.range.min;
    const hi = inner?.range.max;
    if (inner && lo !== undefined && hi !== undefined && !inner.single && hi > lo) {
      const mid = lo + Math.floor((hi - lo + 1) / 2);
      return { range: halfAt.first ? { min: lo, max: mid - 1 } : { min: mid, max: hi }, from: i, end: inner.end, single: false };
    }
  }
  // "the last quarter of the 20th century" (1975-1999, the century as 1900-1999), "the first
  // quarter of the 1900s": a quarter of a closed century.
  const quarterAt = quarterOf(tokens, i);
  if (quarterAt) {
    const inner = readYear(tokens, quarterAt.at, false);
    const lo = inner?.range.min;
    const hi = inner?.range.max;
    if (inner && lo !== undefined && hi !== undefined && hi - lo === 99) {
      const start = lo + 25 * quarterAt.index;
      return { range: { min: start, max: start + 24 }, from: i, end: inner.end, single: false };
    }
  }
  const part = /^(early|mid|late)$/.exec(t.norm);
  const decadeAt = part ? i + 1 : i;
  // "the 19th century", "late nineteenth century", "21st-century": a century by its ordinal.
  const nth = centuryOf(tokens[decadeAt]);
  if (nth !== null && tokens[decadeAt + 1]?.norm === 'century' && !tokens[decadeAt]?.claim) {
    const start = (nth - 1) * 100;
    let range: NumberRange = start >= 2000 ? { min: start } : { min: start, max: start + 99 };
    if (part?.[1] === 'early') range = { min: start, max: start + 33 };
    else if (part?.[1] === 'mid') range = { min: start + 30, max: start + 70 };
    else if (part?.[1] === 'late' && start < 2000) range = { min: start + 60, max: start + 99 };
    return { range, from: i, end: decadeAt + 2, single: false };
  }
  const decade = decadeOf(tokens[decadeAt]);
  if (decade !== null && !tokens[decadeAt]?.claim) {
    // "1800s", "1900s" name a century; "2000s" the decade (a century that has not ended).
    const span = decade % 100 === 0 && decade < 2000 ? 100 : 10;
    let range: NumberRange = { min: decade, max: decade + span - 1 };
    const century = span === 100;
    if (part?.[1] === 'early') range = { min: decade, max: decade + (century ? 33 : 5) };
    else if (part?.[1] === 'mid') range = { min: decade + (century ? 30 : 3), max: decade + (century ? 70 : 7) };
    else if (part?.[1] === 'late') range = { min: decade + (century ? 60 : 5), max: decade + span - 1 };
    // A second period: "the 1950s to the 1970s", "1950s-1970s", "between the 1980s and the 2000s".
    const sep = tokens[decadeAt + 1];
    let k = -1;
    if (sep?.join === '-' && decadeOf(sep) !== null) k = decadeAt + 1;
    else if (sep && /^(to|through|thru|until|till|and|or|&)$/.test(sep.norm)) k = decadeAt + 2;
    if (k >= 0 && tokens[k]?.norm === 'the') k++;
    // After "and" or "or", only another period ("the 1990s and 2000s"): "the 1990s and 2015" is two things.
    const listed = !!sep && /^(and|or|&)$/.test(sep.norm) && !between;
    const second = k >= 0 ? readYear(tokens, k, false) : null;
    if (listed && second?.single !== false) k = -1;
    const last = second ? (second.range.max ?? second.range.min) : undefined;
    if (k >= 0 && second && last !== undefined && range.min !== undefined && last > range.min)
      return { range: { min: range.min, max: last }, from: i, end: second.end, single: false };
    // "the 2000s and the 1990s": both periods, written late to early.
    const secondMin = second?.range.min;
    if (k >= 0 && second && secondMin !== undefined && range.max !== undefined && secondMin < range.min!)
      return { range: { min: secondMin, max: range.max }, from: i, end: second.end, single: false };
    return { range, from: i, end: decadeAt + 1, single: false };
  }
  const y = yearOf(t, tokens[i - 1]);
  if (!y) return null;
  const end = i + 1;
  if (y.plus) return { range: { min: y.year }, from: i, end, single: false };
  if (tokens[end]?.norm === '+') return { range: { min: y.year }, from: i, end: end + 1, single: false };
  // A second year: "2015-2018", "2015-18", "2016 to 2018", "2016 and 2018" (after "between").
  const sep = tokens[end];
  let secondAt = -1;
  if ((sep?.join === '-' || sep?.join === '/') && /^\d+$/.test(sep.norm)) secondAt = end;
  else if (sep && /^(to|through|thru|until|till|-|\/)$/.test(sep.norm)) secondAt = end + 1;
  else if (sep && /^(and|&)$/.test(sep.norm) && between) secondAt = end + 1;
  // "2017 or 2018": either year.
  else if (sep?.norm === 'or' && yearOf(tokens[end + 1])) secondAt = end + 1;
  if (secondAt >= 0) {
    // "between '78 and '84": the second year after its apostrophe.
    if (tokens[secondAt]?.kind === 'punct' && /^['’]$/.test(tokens[secondAt]?.text ?? '')) secondAt++;
    const s = tokens[secondAt];
    let second = yearOf(s, tokens[secondAt - 1])?.year ?? null;
    if (second === null && s && /^\d\d$/.test(s.norm)) {
      // "2015-18"; "1999-05" across a century's turn (a year of the 90s only). "2019-03" is a
      // month, no span: its second part is left unread.
      second = Math.floor(y.year / 100) * 100 + Number(s.norm);
      if (second <= y.year) second = y.year % 100 >= 90 ? second + 100 : null;
    }
    // Written high to low ("between 2020 and 2015"): the same span; "2017 or 2018" either year.
    if (second !== null && second !== y.year && s)
      return { range: { min: Math.min(y.year, second), max: Math.max(y.year, second) }, from: i, end: secondAt + 1, single: false };
  }
  const after = tokens[end]?.norm ?? '';
  if (/^(onwards?|later|after|up)$/.test(after) || (/^(or|and)$/.test(after) && /^(later|after|newer)$/.test(tokens[end + 1]?.norm ?? '')))
    return { range: { min: y.year }, from: i, end: end + (/^(or|and)$/.test(after) ? 2 : 1), single: false };
  // "from 2021 on" (ending its phrase; not "2019 on the coast").
  if (after === 'on' && (tokens[end + 1] === undefined || tokens[end + 1]?.kind === 'punct'))
    return { range: { min: y.year }, from: i, end: end + 1, single: false };
  // "1960 at the latest", "2012 at the earliest".
  if (after === 'at' && tokens[end + 1]?.norm === 'the' && /^(latest|earliest)$/.test(tokens[end + 2]?.norm ?? ''))
    return { range: tokens[end + 2]?.norm === 'latest' ? { max: y.year } : { min: y.year }, from: i, end: end + 3, single: false };
  if (/^(or|and)$/.test(after) && /^(earlier|before|older)$/.test(tokens[end + 1]?.norm ?? ''))
    return { range: { max: y.year }, from: i, end: end + 2, single: false };
  return { range: { min: y.year, max: y.year }, from: i, end, single: true };
}

export { EVENTS } from './founding-events.js';

/** The founding years an event's years give after a link ("before the pandemic", "survived the 2008 crisis"). */
export function eventRange([a, b]: [number, number], link: Link, survival: boolean): NumberRange {
  if (survival || link === 'before') return { max: a - 1 };
  if (link === 'after') return { min: b + 1 };
  if (link === 'since') return { min: a };
  if (link === 'until') return { max: b };
  return { min: a, max: b };
}

/** Words between a founding verb and its year, with the comparison they make. */
export type Link = 'after' | 'since' | 'before' | 'until' | 'between' | 'in';
/**
 * Words between a founding verb and its year. Year words mean what they say: "after 2011" is
 * 2012 on, "since 2011" / "from 2011" 2011 on, "before 1999" up to 1998, "by 1999" / "until
 * 1999" up to 1999.
 */
export const LINKS: ReadonlyMap<string, Link> = new Map(
  Object.entries<Link>({
    in: 'in',
    during: 'in',
    around: 'in',
    circa: 'in',
    ca: 'in',
    c: 'in',
    approx: 'in',
    abt: 'in',
    about: 'in',
    approximately: 'in',
    roughly: 'in',
    the: 'in',
    back: 'in',
    sometime: 'in',
    year: 'in',
    up: 'in',
    out: 'in',
    off: 'in',
    on: 'in',
    of: 'in',
    between: 'between',
    from: 'between',
    after: 'after',
    since: 'since',
    post: 'after',
    following: 'after',
    before: 'before',
    prior: 'before',
    pre: 'before',
    until: 'until',
    till: 'until',
    through: 'until',
    by: 'until',
    to: 'until',
  }),
);
/** Comparative links of several words ("no earlier than 2019"). */
export const LINK_PHRASES: [string[], Link][] = [
  [['no', 'earlier', 'than'], 'since'],
  [['not', 'earlier', 'than'], 'since'],
  [['not', 'before'], 'since'],
  [['no', 'later', 'than'], 'until'],
  [['no', 'sooner', 'than'], 'since'],
  [['not', 'sooner', 'than'], 'since'],
  [['not', 'later', 'than'], 'until'],
  [['not', 'after'], 'until'],
  [['earlier', 'than'], 'before'],
  [['back', 'to'], 'in'],
  [['at', 'least'], 'since'],
  [['at', 'most'], 'until'],
  [['later', 'than'], 'after'],
  // "prior to 1980" is before it, as "before 1980" is ("to" alone is "until").
  [['prior', 'to'], 'before'],
  [['previous', 'to'], 'before'],
  [['ahead', 'of'], 'before'],
  [['subsequent', 'to'], 'after'],
  // "up to and including 1995", "through and including 2001": the year itself is in.
  [['up', 'to', 'and', 'including'], 'until'],
  [['up', 'to', 'including'], 'until'],
  [['through', 'and', 'including'], 'until'],
  [['to', 'and', 'including'], 'until'],
  [['up', 'until'], 'until'],
  [['up', 'till'], 'until'],
  [['in', 'or', 'after'], 'since'],
  [['in', 'or', 'before'], 'until'],
  [['on', 'or', 'after'], 'since'],
  [['on', 'or', 'before'], 'until'],
];
export function applyLink(link: Link, read: YearRead): NumberRange {
  const { min, max } = read.range;
  const first = (min ?? max) as number;
  const last = (max ?? min) as number;
  // "after 2011" → 2012 on; "after the 2010s" → 2020 on; "after 2020+" → 2020 on.
  if (link === 'after') return { min: max === undefined ? first : last + 1 };
  if (link === 'since') return { min: first };
  // "before 1999" → up to 1998; "before the 1990s" → up to 1989; "before 2008 or earlier" → up to 2008.
  if (link === 'before') return { max: min === undefined ? last : first - 1 };
  if (link === 'until') return { max: last };
  // "from 2011": 2011 on; "from 2015 to 2018": the range.
  if (link === 'between' && read.single) return { min: first };
  return { ...read.range };
}

interface Relative {
  range: NumberRange;
  end: number;
}

/** Ages in words, in years: "century-old", "centuries-old", "decades-old". */
export const AGE_WORDS = new Map([
  ['century', 100],
  ['centuries', 200],
  ['decade', 10],
  ['decades', 20],
]);
/** From this age an adjective age ("50-year-old") names a milestone, reached or passed. */
export const MILESTONE_AGE = 20;

/** "5" or "five" → 5 (years). */
export function yearsCount(norm: string): number | null {
  if (/^\d{1,3}$/.test(norm)) return Number(norm);
  return NUMBER_WORDS.get(norm) ?? null;
}

/** "this decade", "last year", "in the last 5 years", "past decade". */
export function readRelative(tokens: Token[], i: number, now: number): Relative | null {
  const a = tokens[i]?.norm ?? '';
  const b = tokens[i + 1]?.norm ?? '';
  const c = tokens[i + 2]?.norm ?? '';
  // "this decade", "the current decade", "the present century": the one now under way.
  const current = /^(this|current|present)$/.test(a);
  if (current && b === 'decade') return { range: { min: Math.floor(now / 10) * 10 }, end: i + 2 };
  if (a === 'this' && b === 'year') return { range: { min: now, max: now }, end: i + 2 };
  if (a === 'last' && b === 'year') return { range: { min: now - 1, max: now - 1 }, end: i + 2 };
  // "last century": before this one, as people mean it (an old company, not only of the 1900s);
  // "this century": since its first year.
  const century = Math.floor(now / 100) * 100;
  if (/^(last|previous)$/.test(a) && b === 'century') return { range: { max: century - 1 }, end: i + 2 };
  if (current && b === 'century') return { range: { min: century }, end: i + 2 };
  // "the last N years": N calendar years, this one included ("last 2 years" in 2026: 2025-2026).
  if (/^(last|past)$/.test(a) && b === 'decade') return { range: { min: now - 9 }, end: i + 2 };
  const n = yearsCount(b);
  if (/^(last|past)$/.test(a) && n !== null && /^years?$/.test(c)) return { range: { min: now - n + 1 }, end: i + 3 };
  if (/^(last|past)$/.test(a) && /^(few|couple)$/.test(b) && /^years$/.test(c)) return { range: { min: now - 2 }, end: i + 3 };
  return null;
}
