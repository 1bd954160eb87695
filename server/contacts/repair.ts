/**
 * Text as an export damaged it, mended (docs/contacts.md, "The matcher"): HTML character
 * references, UTF-8 read with another code page (windows-1252, Mac Roman, DOS), and Cyrillic or Greek look-alike letters inside Latin
 * words.
 */
import { decodeHTMLStrict } from 'entities';
import iconv from 'iconv-lite';
import unhomoglyph from 'unhomoglyph';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The code pages UTF-8 is misread with, most common first: windows-1252 (Excel, most of the
 * web), Mac Roman (an old Mac export: "Jos√©"), and the DOS code pages 850 and 437 (a console or
 * a DOS tool: "Jos├⌐", "Ak├ºal─▒"). iconv-lite holds their tables.
 */
const CODE_PAGES = ['windows-1252', 'macintosh', 'cp850', 'cp437'] as const;

/** UTF-8 lead bytes of Latin, Greek and Cyrillic letters (two bytes), and of punctuation and the byte-order mark (three). */
const LEADS_2 = [0xc2, 0xc3, 0xc4, 0xc5, 0xce, 0xcf, 0xd0, 0xd1];
const LEADS_3 = [0xe2, 0xef];

const charsOf = (page: string, bytes: number[]): string =>
  [...new Set(iconv.decode(Buffer.from(bytes), page))]
    .filter((c) => c !== '\ufffd')
    .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
    .join('');

/**
 * A UTF-8 lead byte then its continuation bytes, each read as one character of the code page:
 * "Ã©" (windows-1252), "√©" (Mac Roman), "├⌐" (cp437) for "é"; "ï»¿" for a byte-order mark. Only
 * the leads of letters and punctuation: "RENÉ DUPONT" with a no-break space is no damage.
 */
const MISREAD = new Map(
  CODE_PAGES.map((page) => {
    const cont = `[${charsOf(
      page,
      Array.from({ length: 64 }, (_, i) => 0x80 + i),
    )}]`;
    return [page, new RegExp(`[${charsOf(page, LEADS_2)}]${cont}|[${charsOf(page, LEADS_3)}]${cont}{2}`)] as const;
  }),
);
/** Any page's pattern, to pass over clean text at once. */
const ANY_MISREAD = new RegExp([...MISREAD.values()].map((r) => r.source).join('|'));
const MIXED_WORD = /\p{Script=Latin}[\p{Script=Cyrillic}\p{Script=Greek}]|[\p{Script=Cyrillic}\p{Script=Greek}]\p{Script=Latin}/u;
/** What a repair may not give: IPA, combining marks, scripts other than Latin, Greek and Cyrillic, symbols (the byte-order mark aside). */
const NOT_TEXT = /[\u0250-\u036f\u0500-\u1fff\u2070-\u209f\u2150-\ufefe\uff00-\uffff]/u;

/**
 * The text read back as UTF-8 from the bytes a code page gives its characters, or null: only when
 * every character has a byte there (iconv-lite; Node's decoder reads windows-1252 as Latin-1), the
 * bytes are valid UTF-8 and what they spell is letters and punctuation.
 */
function readBack(text: string, page: string): string | null {
  const bytes = iconv.encode(text, page);
  if (iconv.decode(bytes, page) !== text) return null;
  try {
    const decoded = UTF8.decode(bytes);
    // A word of Latin letters run into Cyrillic or Greek ones is no text anyone wrote: "Paris–Évry"
    // read with Mac Roman would give "ParisЃvry", Icelandic "Eiðá" with DOS 850 "EiР".
    return NOT_TEXT.test(decoded) || MIXED_WORD.test(decoded) ? null : decoded;
  } catch {
    // Not UTF-8 read with this page: written so.
    return null;
  }
}

/** UTF-8 misread once, or twice ("JosÃƒÂ©": windows-1252 on windows-1252), with any code page: read back. */
function misreadMended(text: string): string {
  let out = text;
  for (let pass = 0; pass < 3 && ANY_MISREAD.test(out); pass++) {
    let mended: string | null = null;
    for (const [page, pattern] of MISREAD) {
      mended = pattern.test(out) ? readBack(out, page) : null;
      if (mended !== null) break;
    }
    if (mended === null || mended === out) break;
    out = mended;
  }
  return out;
}

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
 * ("Mondrag&#243;n", "Jos&eacute;"; the `entities` package), and UTF-8 that was read with another
 * code page read again as UTF-8 ("AndrÃ©s", "Andr√©s", "Andr├⌐s" are "Andrés"; twice misread,
 * "AndrÃƒÂ©s", too), when every character maps back to a byte and the bytes are valid UTF-8;
 * otherwise the text as it is. Look-alike letters inside Latin
 * words are read as the Latin letters they look like.
 */
export function repaired(text: string): string {
  const out = latinLookalikes(text.includes('&') ? decodeHTMLStrict(text) : text);
  return misreadMended(out);
}
