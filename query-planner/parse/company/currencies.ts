/**
 * Currencies and number scales of other languages, for money.ts, taken from the runtime's CLDR
 * data (Intl) rather than listed by hand:
 * - symbols: every ISO 4217 currency's symbol and narrow symbol in a few locales ("₹", "R$",
 *   "¥", "CN¥", "A$", "HK$", "₦", "zł"), written glued to the amount ("₹50", "¥500m+") or apart
 *   ("R$ 2 milhões");
 * - codes: a currency's ISO code in capitals ("INR 50 crore", "50m BRL"), unless the code is an
 *   English word ("TOP", "ALL", "TRY");
 * - names: the last word of its English name, singular and plural ("rupees", "yen", "pesos"),
 *   only after an amount with a scale ("50 crore rupees"), where "50 real estate agents" is none;
 * - scales: the long words of compact numbers in languages people write amounts in ("lakh",
 *   "crore", "milhões", "millones", "milliards", "Millionen", "juta"), each with its value;
 *   CJK scale signs glued to the digits ("500万", "3億"). A word English already reads (money.ts's
 *   "mil", "billion") keeps its English value.
 * The filter is in US dollars. An amount in a currency worth between half a dollar and two keeps
 * its face value (euros, pounds, Swiss francs, Canadian and Australian dollars: the filter is a
 * band, and "€10M" has always read as 10M); one in a currency worth less or more is converted at a
 * reference rate (`USD_PER_UNIT`), since "₹50 crore" at face value would ask for 80 times what
 * was written. A currency known only as "$", "¥"-like signs several currencies share, or a name
 * several share ("pesos", "kroner"), keeps its face value.
 */
import { commonWords } from '../../../geo/common-words.js';
import { fold } from '../tokens.js';

const CODES: string[] = Intl.supportedValuesOf('currency');
const SYMBOL_LOCALES = ['en', 'en-IN', 'pt-BR', 'ja', 'zh', 'de', 'fr', 'ko', 'pl'];

/**
 * Currency symbols, folded as the tokenizer folds text, each with the currency it names: the one
 * English writes it for ("¥" is the yen, "CN¥" the yuan), else the only one any locale writes it
 * for, else none (a sign several currencies share, such as "kr").
 */
const SYMBOL_CODES: ReadonlyMap<string, string | null> = (() => {
  const english = new Map<string, string>();
  const seen = new Map<string, Set<string>>();
  for (const currency of CODES)
    for (const locale of SYMBOL_LOCALES)
      for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
        const part = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((p) => p.type === 'currency')?.value;
        // A symbol of letters alone ("L", "Kz", "Ft") is a word or a code; only marks count here.
        const folded = part ? fold(part).replace(/[\s\p{Cf}]/gu, '') : '';
        if (!folded || part === currency || !/[^\p{L}.]/u.test(folded)) continue;
        if (!seen.has(folded)) seen.set(folded, new Set());
        seen.get(folded)!.add(currency);
        if (locale === 'en' && currencyDisplay === 'symbol' && !english.has(folded)) english.set(folded, currency);
      }
  const out = new Map<string, string | null>();
  for (const [symbol, codes] of seen) out.set(symbol, english.get(symbol) ?? (codes.size === 1 ? [...codes][0]! : null));
  // The dollars by their country's letters before "$", as people write them where CLDR has only
  // "$" ("S$", "SG$", "J$", "NZ$"): the country's code, or its first letter where one dollar
  // alone has it (several do for "S$": Singapore's, the Solomons', Suriname's — face value then).
  const names = new Intl.DisplayNames('en', { type: 'currency' });
  const byInitial = new Map<string, Set<string>>();
  for (const currency of CODES) {
    if (!/ dollar$/i.test(names.of(currency) ?? '')) continue;
    const country = currency.slice(0, 2).toLowerCase();
    if (!out.has(`${country}$`)) out.set(`${country}$`, currency);
    if (!byInitial.has(country[0] as string)) byInitial.set(country[0] as string, new Set());
    byInitial.get(country[0] as string)!.add(currency);
  }
  for (const [initial, codes] of byInitial) if (!out.has(`${initial}$`)) out.set(`${initial}$`, codes.size === 1 ? [...codes][0]! : null);
  // Yen, won and yuan written after the amount in Japanese, Korean and Chinese ("500万円").
  out.set('円', 'JPY');
  out.set('원', 'KRW');
  out.set('元', 'CNY');
  return out;
})();

/** Currency symbols, folded as the tokenizer folds text. */
export const CURRENCY_SYMBOLS: ReadonlySet<string> = new Set([...SYMBOL_CODES.keys()].filter((s) => s !== '元'));

/** Symbols, longest first, for reading one glued in front of an amount. */
const SYMBOLS_BY_LENGTH = [...CURRENCY_SYMBOLS].sort((a, b) => b.length - a.length);

/** The length of a currency symbol at the start of `s` (folded), or 0. */
export function leadingSymbol(s: string): number {
  for (const sym of SYMBOLS_BY_LENGTH) if (s.startsWith(sym) && /\d/.test(s[sym.length] ?? '')) return sym.length;
  return 0;
}

/** ISO codes that are no English word, in small letters ("inr", "brl", "jpy"). */
const CODE_WORDS: ReadonlySet<string> = (() => {
  const common = commonWords();
  return new Set(CODES.map((c) => c.toLowerCase()).filter((c) => !common.has(c)));
})();

/** Whether a token is a currency's ISO code, written in capitals ("INR", not "inr" nor "TOP"). */
export function isCurrencyCode(text: string): boolean {
  return /^[A-Z]{3}$/.test(text) && CODE_WORDS.has(text.toLowerCase());
}

/**
 * The last word of each currency's English name, singular and plural ("rupee", "rupees",
 * "pesos"), but for common English words ("real", "mark", "rights", "gold", "won"), each with the
 * currency it names when only one has it (or null: "pesos", "francs", "kroner").
 */
const NAME_CODES: ReadonlyMap<string, string | null> = (() => {
  const seen = new Map<string, Set<string>>();
  const add = (word: string, currency: string) => {
    if (!seen.has(word)) seen.set(word, new Set());
    seen.get(word)!.add(currency);
  };
  const common = commonWords();
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  for (const currency of CODES) {
    const one = names.of(currency);
    const two = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'name' }).format(2);
    for (const name of [one, two]) {
      const last = name?.split(/\s+/).at(-1);
      if (last && /^\p{L}+$/u.test(last) && !common.has(last.toLowerCase())) add(fold(last), currency);
    }
  }
  const out = new Map<string, string | null>();
  for (const [word, codes] of seen) out.set(word, codes.size === 1 ? [...codes][0]! : null);
  // The plurals in their own languages, as amounts are written ("2 milhões de reais"), and common
  // words that after an amount with a scale are its currency ("500 million yen"). Rupees written
  // with lakhs and crores are India's unless the currency is named ("PKR 5 crore").
  for (const [w, code] of [
    ['reais', 'BRL'],
    ['rupees', 'INR'],
    ['rupee', 'INR'],
    ['rupiah', 'IDR'],
    ['ringgit', 'MYR'],
    ['naira', 'NGN'],
    ['rand', 'ZAR'],
    ['lira', 'TRY'],
    ['lire', 'TRY'],
    ['yen', 'JPY'],
    ['shekel', 'ILS'],
    ['shekels', 'ILS'],
    ['kronor', 'SEK'],
    ['pesos', null],
    ['peso', null],
    ['franc', null],
    ['francs', null],
    ['krone', null],
    ['kroner', null],
  ] as const)
    out.set(w, code);
  return out;
})();

/** Words that name a currency after an amount with a scale ("50 crore rupees"). */
export const CURRENCY_NAMES: ReadonlySet<string> = new Set(NAME_CODES.keys());

/** The English words and signs for dollars, euros, pounds and rupees, with their codes. */
const ENGLISH_CURRENCY: ReadonlyMap<string, string> = new Map([
  ['$', 'USD'],
  ['usd', 'USD'],
  ['us$', 'USD'],
  ['dollar', 'USD'],
  ['dollars', 'USD'],
  ['eur', 'EUR'],
  ['€', 'EUR'],
  ['euro', 'EUR'],
  ['euros', 'EUR'],
  ['£', 'GBP'],
  ['gbp', 'GBP'],
  ['rs', 'INR'],
  ['inr', 'INR'],
]);

/** Those words and signs, read before or after an amount (money.ts: "$5M", "5M USD", "Rs 50 crore"). */
export const CURRENCY_WORDS: ReadonlySet<string> = new Set(ENGLISH_CURRENCY.keys());

/**
 * The currency a written sign, code or name stands for (folded text; `written` as typed, for an
 * ISO code in capitals), or null when it is none or several currencies share it.
 */
export function currencyCode(folded: string, written = folded): string | null {
  return ENGLISH_CURRENCY.get(folded) ?? SYMBOL_CODES.get(folded) ?? NAME_CODES.get(folded) ?? (isCurrencyCode(written) ? written : null);
}

/**
 * US dollars per unit of currencies worth less than half a dollar or more than two: reference
 * rates of 2025, to two significant figures (a filter's edge moves with the rate; the band it
 * draws is what a search needs). Currencies between keep their face value (above).
 */
const USD_PER_UNIT: Readonly<Record<string, number>> = {
  INR: 0.012,
  PKR: 0.0036,
  LKR: 0.0033,
  NPR: 0.0074,
  BDT: 0.0082,
  JPY: 0.0067,
  CNY: 0.14,
  HKD: 0.13,
  TWD: 0.031,
  KRW: 0.00072,
  IDR: 0.000061,
  MYR: 0.23,
  THB: 0.029,
  PHP: 0.017,
  VND: 0.000039,
  BRL: 0.18,
  MXN: 0.053,
  ARS: 0.00085,
  CLP: 0.00105,
  COP: 0.00025,
  PEN: 0.27,
  ZAR: 0.055,
  NGN: 0.00065,
  KES: 0.0077,
  EGP: 0.02,
  GHS: 0.08,
  MAD: 0.1,
  TRY: 0.025,
  RUB: 0.012,
  UAH: 0.024,
  PLN: 0.26,
  CZK: 0.044,
  HUF: 0.0028,
  RON: 0.22,
  SEK: 0.1,
  NOK: 0.095,
  DKK: 0.15,
  ISK: 0.0075,
  ILS: 0.28,
  AED: 0.27,
  SAR: 0.27,
  QAR: 0.27,
  KWD: 3.3,
  BHD: 2.7,
  OMR: 2.6,
};

/** What one unit of the currency counts for in the dollar filter: its rate when far from a dollar, else 1. */
export function usdFactor(code: string | null | undefined): number {
  return (code && USD_PER_UNIT[code]) || 1;
}

/** Locales whose compact numbers give scale words people write amounts with. */
const SCALE_LOCALES = ['en-IN', 'pt', 'es', 'fr', 'de', 'it', 'id', 'tr', 'nl', 'pl', 'ja', 'zh', 'ko'];

/**
 * Scale words and glued signs with their values ("crore" → 1e7, "milhoes" → 1e6, "万" → 1e4),
 * from CLDR's compact long numbers; words under four letters ("mil", "bin") are left out.
 */
export const FOREIGN_SCALES: ReadonlyMap<string, number> = (() => {
  const out = new Map<string, number>();
  for (const locale of SCALE_LOCALES)
    for (let power = 3; power <= 12; power++)
      for (const mantissa of [1, 2, 20]) {
        const value = mantissa * 10 ** power;
        const text = new Intl.NumberFormat(locale, { notation: 'compact', compactDisplay: 'long' }).format(value);
        const m = /^([\d.,\s]+?)\s*([^\d\s.,]+)$/u.exec(text.normalize('NFC'));
        if (!m) continue;
        const shown = Number((m[1] as string).replace(/[.,\s]/g, ''));
        const word = fold(m[2] as string);
        const cjk = /^[\p{Script=Han}\p{Script=Hangul}]+$/u.test(word);
        if (!shown || (!cjk && word.length < 4) || out.has(word)) continue;
        out.set(word, value / shown);
        // "lakhs", "crores": the English plural of a word CLDR gives only in the singular.
        if (locale === 'en-IN') out.set(`${word}s`, value / shown);
      }
  // India's own spellings and abbreviation ("5 lacs", "₹50cr").
  for (const [w, v] of [
    ['lac', 1e5],
    ['lacs', 1e5],
    ['cr', 1e7],
  ] as const)
    out.set(w, v);
  return out;
})();
