/**
 * Letters as typesetting, PDFs and social bios decorate them, read plain (docs/contacts.md, "The
 * matcher"): circled and squared letters ("Ⓙⓐⓝⓔ", "🅹🅰🅽🅴"), letters spaced out ("J A N E   D O E",
 * thin spaces between them), spacing accents a PDF copy leaves beside their letter ("Jose´",
 * "Sa´nchez") and a word broken across a line ("Le-⏎moine", "Chris- tensen", "Mclau¬ ghlin").
 */

/** Enclosed Latin capitals of the Enclosed Alphanumeric Supplement: squared, negative circled, negative squared (no NFKC fold). */
const ENCLOSED_BLOCKS = [0x1f130, 0x1f150, 0x1f170];

/** "🅹" (negative squared J) as "J"; circled letters ("Ⓙ", "ⓐ") fold by NFKC. */
function enclosedPlain(text: string): string {
  if (!/[\u24b6-\u24e9\u{1f130}-\u{1f189}]/u.test(text)) return text;
  return text.replace(/[\u24b6-\u24e9]|[\u{1f130}-\u{1f149}\u{1f150}-\u{1f169}\u{1f170}-\u{1f189}]/gu, (c) => {
    const code = c.codePointAt(0) as number;
    const base = ENCLOSED_BLOCKS.find((b) => code >= b && code < b + 26);
    return base === undefined ? c.normalize('NFKC') : String.fromCharCode(65 + code - base);
  });
}

/** Thin, hair and narrow no-break spaces: between letters they only space them out. */
const THIN = /(?<=\p{L})[\u2009\u200a\u202f](?=\p{L})/gu;

/**
 * "J A N E   D O E", "J a n e  D o e": single letters apart by one space, words by two or more.
 * Read only when every word is so written, of two letters or more: "J R R Tolkien" and "A B"
 * stay as written.
 */
function letterSpaced(text: string): string {
  const unthinned = text.replace(THIN, '');
  const trimmed = unthinned.trim();
  if (!/^\p{L}(?: \p{L})+(?:\s{2,}\p{L}(?: \p{L})+)*$/u.test(trimmed) || !/\s{2,}/.test(trimmed)) return unthinned;
  return trimmed
    .split(/\s{2,}/)
    .map((w) => w.replace(/ /g, ''))
    .join(' ');
}

/** Spacing accents ("´", "`", "¨", "˜", "ˆ", "¸", "ˇ", "˚", "˝", "˘", "˙") against a letter: a letter's accent, dropped as the matcher drops accents. */
const SPACING_ACCENT =
  /(?<=\p{L})[\u00b4\u0060\u00a8\u02dc\u02c6\u00b8\u02c7\u02da\u02dd\u02d8\u02d9]|[\u00b4\u0060\u00a8\u02dc\u02c6\u00b8\u02c7\u02da\u02dd\u02d8\u02d9](?=\p{L})/gu;

/** A word broken at a line's end: a hyphen or "¬" then a line break, or a space before a small letter ("Haya- shi"). */
const BROKEN_WORD = /(?<=\p{L})[-\u2010\u00ac]\s*\r?\n\s*(?=\p{L})|(?<=\p{L})[-\u2010\u00ac][ \t]+(?=\p{Ll})/gu;

/** A name cell's letters read plain. */
export function plainLetters(text: string): string {
  return letterSpaced(enclosedPlain(text)).replace(SPACING_ACCENT, '').replace(BROKEN_WORD, '');
}
