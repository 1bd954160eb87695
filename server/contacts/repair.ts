/**
 * Text as an export damaged it, mended (docs/contacts.md, "The matcher"): HTML character
 * references, UTF-8 read as windows-1252, and Cyrillic or Greek look-alike letters inside Latin
 * words.
 */
import { decodeHTMLStrict } from 'entities';
import iconv from 'iconv-lite';
import unhomoglyph from 'unhomoglyph';

const UTF8 = new TextDecoder('utf-8', { fatal: true });
/**
 * A UTF-8 lead byte then a continuation byte, both read as windows-1252: "Ã©" for "é". Only the
 * leads of Latin letters and punctuation (Â, Ã, Ä, Å) and of Cyrillic (Ð, Ñ): "RENÉ DUPONT" with
 * a no-break space is no damage.
 */
const MOJIBAKE =
  /[\u00c2-\u00c5\u00d0\u00d1][\u0080-\u00bf\u0152\u0153\u0160\u0161\u0178\u017d\u017e\u0192\u02c6\u02dc\u2013\u2014\u2018-\u201e\u2020-\u2022\u2026\u2030\u2039\u203a\u20ac\u2122]/;

const LATIN = /\p{Script=Latin}/u;
const LOOKALIKE_SCRIPTS = /[\p{Script=Cyrillic}\p{Script=Greek}]/u;

/**
 * A word of Latin letters with Cyrillic or Greek letters among them ("Jоhn" with a Cyrillic "о",
 * "Маrіа"): those letters as the Latin ones they look like (Unicode's confusables, through the
 * `unhomoglyph` package), each only when it looks like one ASCII letter. A word wholly in another
 * script ("Александр") is left as written: it is transliterated, not read as look-alikes.
 */
function latinLookalikes(text: string): string {
  if (!LOOKALIKE_SCRIPTS.test(text)) return text;
  return text.replace(/\p{L}+/gu, (word) => {
    if (!LATIN.test(word) || !LOOKALIKE_SCRIPTS.test(word)) return word;
    return [...word]
      .map((c) => {
        if (!LOOKALIKE_SCRIPTS.test(c)) return c;
        const latin = unhomoglyph(c);
        return /^[A-Za-z]$/.test(latin) ? latin : c;
      })
      .join('');
  });
}

/**
 * Text as it was written before an export damaged it: HTML character references decoded
 * ("Mondrag&#243;n", "Jos&eacute;"; the `entities` package), and UTF-8 that was read as
 * windows-1252 read again as UTF-8 ("AndrÃ©s" is "Andrés"), when every character maps back to a
 * byte and the bytes are valid UTF-8; otherwise the text as it is. Look-alike letters inside Latin
 * words are read as the Latin letters they look like.
 */
export function repaired(text: string): string {
  let out = latinLookalikes(text.includes('&') ? decodeHTMLStrict(text) : text);
  if (MOJIBAKE.test(out)) {
    // The bytes windows-1252 gives each character (iconv-lite; Node's decoder reads that label as
    // Latin-1), only when every character has one.
    const bytes = iconv.encode(out, 'windows-1252');
    if (iconv.decode(bytes, 'windows-1252') !== out) return out;
    try {
      const decoded = UTF8.decode(bytes);
      // Read again, letters of Latin, Greek or Cyrillic scripts only (not IPA or other blocks).
      if (!/[\u0250-\u036f\u0500-\u1fff\u2070-\u209f\u2150-\uffff]/u.test(decoded)) out = decoded;
    } catch {
      // Not UTF-8 read as windows-1252: written so.
    }
  }
  return out;
}
