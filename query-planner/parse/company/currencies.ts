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
 * Amounts keep their face value: the filter is in the currency written, as for euros and pounds.
 */
import { commonWords } from '../../../geo/gazetteer.js';
import { fold } from '../tokens.js';

const CODES: string[] = Intl.supportedValuesOf('currency');
const SYMBOL_LOCALES = ['en', 'en-IN', 'pt-BR', 'ja', 'zh', 'de', 'fr', 'ko', 'pl'];

/** Currency symbols, folded as the tokenizer folds text. */
export const CURRENCY_SYMBOLS: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  for (const currency of CODES)
    for (const locale of SYMBOL_LOCALES)
      for (const currencyDisplay of ['symbol', 'narrowSymbol'] as const) {
        const part = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay })
          .formatToParts(1)
          .find((p) => p.type === 'currency')?.value;
        // A symbol of letters alone ("L", "Kz", "Ft") is a word or a code; only marks count here.
        const folded = part ? fold(part).replace(/[\s\p{Cf}]/gu, '') : '';
        if (folded && part !== currency && /[^\p{L}.]/u.test(folded)) out.add(folded);
      }
  // Yen and won written after the amount in Japanese and Korean ("500万円").
  out.add('円');
  out.add('원');
  return out;
})();

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
 * "pesos"), but for common English words ("real", "mark", "rights", "gold", "won").
 */
export const CURRENCY_NAMES: ReadonlySet<string> = (() => {
  const out = new Set<string>();
  const common = commonWords();
  const names = new Intl.DisplayNames(['en'], { type: 'currency' });
  for (const currency of CODES) {
    const one = names.of(currency);
    const two = new Intl.NumberFormat('en', { style: 'currency', currency, currencyDisplay: 'name' }).format(2);
    for (const name of [one, two]) {
      const last = name?.split(/\s+/).at(-1);
      if (last && /^\p{L}+$/u.test(last) && !common.has(last.toLowerCase())) out.add(fold(last));
    }
  }
  // The plurals in their own languages, as amounts are written ("2 milhões de reais").
  for (const w of ['reais', 'rupees', 'pesos', 'rupiah', 'ringgit', 'naira', 'rand', 'lira', 'lire']) out.add(w);
  // Common words that after an amount with a scale are its currency ("500 million yen").
  for (const w of ['yen', 'rupee', 'peso', 'franc', 'francs', 'shekel', 'shekels', 'krone', 'kroner', 'kronor']) out.add(w);
  return out;
})();

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
