/**
 * Numbers written in words in a company query ("over five hundred staff", "fewer than fifty
 * employees", "two to three thousand employees", "under two million dollars", "founded in
 * nineteen eighty-five", "founded in the eighties"), rewritten as digits before the query is
 * tokenized, so the number recognisers (headcount.ts, money.ts, founded.ts) read them as they read
 * "500". The words become numbers through the `words-to-numbers` package; this module only decides
 * which stretches are numbers. A stretch of one word from "one" to "nine" stays as written ("Capital
 * One", "series a", "one medical"): only a stretch worth ten or more, or with "hundred", "thousand",
 * "million" or "billion", is rewritten.
 */
import { wordsToNumbers } from 'words-to-numbers';

const UNITS =
  'zero one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen';
const TENS = 'twenty thirty forty fifty sixty seventy eighty ninety';
const MAGNITUDES = new Map([
  ['hundred', 100],
  ['thousand', 1000],
  ['million', 1_000_000],
  ['billion', 1_000_000_000],
]);
const NUMBER_WORD = new Set([...UNITS.split(' '), ...TENS.split(' '), ...MAGNITUDES.keys()]);
const SMALL = new Set(UNITS.split(' ').slice(0, 10));
/** "the eighties" → "the 80s": decades as founded.ts reads them. */
const DECADE_WORDS = new Map(TENS.split(' ').map((w, k) => [`${w.replace(/y$/, 'ies')}`, `${(k + 2) * 10}s`]));

const CENTURIES = new Map([
  ['eighteen', '18'],
  ['nineteen', '19'],
  ['twenty', '20'],
]);

interface Span {
  start: number;
  end: number;
  words: string[];
}

/** A word of a spoken number: a number word, a hyphenated pair ("eighty-five"), or "and"/"a" inside one. */
function isNumberWord(word: string): boolean {
  const w = word.toLowerCase();
  return NUMBER_WORD.has(w) || (/^[a-z]+-[a-z]+$/.test(w) && w.split('-').every((p) => NUMBER_WORD.has(p)));
}

/** Stretches of number words, with "and" between two of them ("one hundred and twenty") and "a" before a magnitude ("a hundred"). */
function spans(text: string): Span[] {
  const words = [...text.matchAll(/[A-Za-z]+(?:-[A-Za-z]+)?/g)];
  const out: Span[] = [];
  let k = 0;
  while (k < words.length) {
    const w = words[k] as RegExpMatchArray;
    const lower = (w[0] as string).toLowerCase();
    // "a hundred", but not "half a billion" or "a quarter of a billion" (money.ts reads those).
    const startsWithA =
      lower === 'a' &&
      MAGNITUDES.has((words[k + 1]?.[0] ?? '').toLowerCase()) &&
      !/^(half|of|quarter|third)$/.test((words[k - 1]?.[0] ?? '').toLowerCase());
    if (!isNumberWord(lower) && !startsWithA) {
      k++;
      continue;
    }
    // Only spaces between the words of one number ("$50 Million And $150 Million" is two).
    const spaced = (a: number, b: number) =>
      /^\s+$/.test(text.slice((words[a]?.index ?? 0) + (words[a]?.[0]?.length ?? 0), words[b]?.index ?? 0));
    let j = k + 1;
    while (j < words.length && spaced(j - 1, j)) {
      const next = (words[j]?.[0] ?? '').toLowerCase();
      if (isNumberWord(next)) j++;
      else if (
        next === 'and' &&
        isNumberWord(words[j + 1]?.[0] ?? '') &&
        spaced(j, j + 1) &&
        MAGNITUDES.has((words[j - 1]?.[0] ?? '').toLowerCase())
      )
        j += 2;
      else break;
    }
    const list = words.slice(k, j).map((m) => m[0] as string);
    out.push({ start: w.index ?? 0, end: (words[j - 1]?.index ?? 0) + (words[j - 1]?.[0]?.length ?? 0), words: list });
    k = j;
  }
  return out;
}

const hasMagnitude = (words: string[]) => words.some((w) => MAGNITUDES.has(w.toLowerCase()));

/** The value of a stretch in digits, or null when the words are no number words-to-numbers reads. */
function spanValue(span: Span): string | null {
  // A magnitude alone is no number: "$2 million" stays for money.ts.
  if (span.words.every((w) => MAGNITUDES.has(w.toLowerCase()) || w.toLowerCase() === 'and')) return null;
  const converted = String(wordsToNumbers(span.words.join(' ').toLowerCase()));
  // "nineteen eighty-five": a year spoken in two halves.
  const halves = /^(\d{2}) (\d{1,2})$/.exec(converted);
  if (halves) return String(Number(halves[1]) * 100 + Number(halves[2]));
  return /^\d+$/.test(converted) ? converted : null;
}

/** One small word ("one", "two") stays as written unless a range's magnitude follows it. */
const small = (span: Span) => span.words.length === 1 && SMALL.has(span.words[0]?.toLowerCase() ?? '');

/** The query with its spoken numbers in digits; the text is unchanged when it has none. */
export function spokenNumbersToDigits(text: string): string {
  // "the nineteen-nineties", "the eighteen eighties", "twenty-tens": a century's decade in words,
  // read before "nineteen" alone becomes 19.
  text = text.replace(
    /\b(eighteen|nineteen|twenty)[- ](tens|twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/gi,
    (_m, c: string, w: string) =>
      `${CENTURIES.get(c.toLowerCase())}${w.toLowerCase() === 'tens' ? '10s' : DECADE_WORDS.get(w.toLowerCase())}`,
  );
  const found = spans(text).map((span) => ({ span, value: spanValue(span) }));
  let out = text;
  // Rewrite from the end, so earlier offsets hold; "two to three thousand" shares the magnitude.
  for (let k = found.length - 1; k >= 0; k--) {
    const { span, value } = found[k] as { span: Span; value: string | null };
    if (value === null) continue;
    const next = found[k + 1];
    const between = next ? text.slice(span.end, next.span.start) : '';
    const rangeWithMagnitude =
      !!next?.value && /^\s*(to|-|and|or)\s*$/i.test(between) && !hasMagnitude(span.words) && hasMagnitude(next.span.words);
    // "five to fifteen staff", "between two and ten employees": a small word that opens or closes a
    // range of number words is a number like its partner.
    const prev = found[k - 1];
    const pairedAfter = !!next?.value && /^\s*(to|-|and)\s*$/i.test(between);
    const pairedBefore = !!prev?.value && /^\s*(to|-|and)\s*$/i.test(text.slice(prev.span.end, span.start));
    if (small(span) && !rangeWithMagnitude && !pairedAfter && !pairedBefore) continue;
    let digits = value;
    if (rangeWithMagnitude && next) {
      const lastWord = (next.span.words.at(-1) as string).toLowerCase();
      const last = MAGNITUDES.get(lastWord) ?? 1;
      // "two to three million": "2 to 3 million", whose scale money.ts gives both; "two to three
      // thousand employees": 2000 to 3000.
      if (Number(value) * last <= Number(next.value))
        digits = lastWord === 'million' || lastWord === 'billion' ? value : String(Number(value) * last);
    } else {
      // "a million", "two billion": kept in millions or billions, so money.ts reads the amount
      // as scaled ("less than a million raised" is money, as "less than 1 million raised" is).
      const lastWord = (span.words.at(-1) as string).toLowerCase();
      const scale = lastWord === 'million' || lastWord === 'billion' ? (MAGNITUDES.get(lastWord) as number) : 0;
      // Not before what it counts: "over a million employees", "a million users" stay numbers.
      const counted = COUNTED_AFTER.test(text.slice(span.end, span.end + 40));
      if (scale && !counted && Number(value) % (scale / 1000) === 0) digits = `${Number(value) / scale} ${lastWord}`;
    }
    out = `${out.slice(0, span.start)}${digits}${out.slice(span.end)}`;
  }
  return (
    out
      .replace(
        /\bthe (twenties|thirties|forties|fifties|sixties|seventies|eighties|nineties)\b/gi,
        (_m, w: string) => `the ${DECADE_WORDS.get(w.toLowerCase())}`,
      )
      // The first decade of this century by its names: "the noughties" (British), "the aughts" (American).
      .replace(/\bthe (noughties|naughties|aughts|two-thousands|two thousands)\b/gi, 'the 2000s')
  );
}

/** Nouns after an amount that say it counts something other than money. */
const COUNTED_AFTER =
  /^\+?\s*(?:[\w-]+\s+)?(?:employees?|staff|people|persons|workers|ftes?|headcount|users?|customers?|clients?|followers?|subscribers?|members?|downloads?|installs?|visitors?|patients?|students?|listeners?|viewers?|readers?|units?|copies|items?|orders?|transactions?|records?)\b/i;

const DIGIT_COUNTS = new Map([
  ...['one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'].map((w, i) => [w, i + 1] as const),
  // "a single-digit headcount", "double-digit", "triple-digit".
  ['single', 1],
  ['double', 2],
  ['triple', 3],
  ['quadruple', 4],
]);

/**
 * Amounts told by their number of digits, as the numbers they span, only where the word after
 * them says what they count: money after "N-figure" ("eight-figure funding" is
 * $10,000,000-$99,999,999, "a seven-figure raise"), people after either ("a 3-digit headcount" is
 * 100-999, "a four-figure workforce" 1,000-9,999, "a single-digit headcount" 1-9, "double-digit" 10-99). "Two-digit growth", "six-figure salaries" and
 * "3-digit rates" stay as written.
 */
export function figureAmounts(text: string): string {
  return text.replace(/\b(\d{1,2}|[a-z]+)[- ](figure|digit)\b/gi, (whole: string, n: string, kind: string, at: number) => {
    const digits = /^\d+$/.test(n) ? Number(n) : DIGIT_COUNTS.get(n.toLowerCase());
    if (!digits || digits > 12) return whole;
    const from = 10 ** (digits - 1);
    const to = 10 ** digits - 1;
    const after = text.slice(at + whole.length, at + whole.length + 40);
    if (/^\s*(?:[\w-]+\s+)?(?:workforce|headcount|staff|employees?|people|teams?|workers)\b/i.test(after)) return `${from}-${to}`;
    if (
      kind.toLowerCase() === 'figure' &&
      /^\s*(?:[\w-]+\s+)?(?:funding|raises?|raised|rounds?|investments?|capital|financing)\b/i.test(after)
    )
      return `$${from}-$${to}`;
    return whole;
  });
}
