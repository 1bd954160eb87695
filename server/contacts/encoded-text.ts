/**
 * Text a tool left encoded in a cell, decoded (docs/contacts.md, "The matcher"): an email
 * header's encoded words ("=?UTF-8?B?…?=", "=?utf-8?Q?Jos=C3=A9?="; RFC 2047, the `libmime`
 * package), quoted-printable ("R=C3=ADos", "=20", a soft line break "=⏎"; RFC 2045), escapes a
 * program printed ("\u00f3", "\xc3\xb8", octal "\303\251", R's "<U+0131>") and percent-encoding
 * ("Opera%20Media") and Office Open XML's "_x000D_". Each only when what it gives is plainly text, as repair.ts mends code pages.
 */
import iconv from 'iconv-lite';
import libmime from 'libmime';

const UTF8 = new TextDecoder('utf-8', { fatal: true });

/** What decoding may give: letters with their marks, digits, spaces and the punctuation of names and firms. */
const PLAIN = /^[\p{L}\p{M}\p{N}\s.,'’&()/+-]*$/u;

/** Bytes as UTF-8 text, else (a lone byte of a single-byte page, "Jos=E9") as windows-1252; null when neither is plain text. */
function bytesText(bytes: number[]): string | null {
  try {
    const text = UTF8.decode(Uint8Array.from(bytes));
    return PLAIN.test(text) ? text : null;
  } catch {
    const text = iconv.decode(Buffer.from(bytes), 'windows-1252');
    return PLAIN.test(text) && /\p{L}/u.test(text) ? text : null;
  }
}

/** Runs of encoded bytes replaced by their text, or null when one run is no text. */
function decodeRuns(text: string, run: RegExp, byte: RegExp, radix: number): string | null {
  let failed = false;
  const out = text.replace(run, (seq) => {
    const bytes = [...seq.matchAll(byte)].map((m) => Number.parseInt(m[1] as string, radix));
    const decoded = bytesText(bytes);
    if (decoded === null) failed = true;
    return decoded ?? seq;
  });
  return failed ? null : out;
}

const ENCODED_WORD = /=\?[\w.:-]+\?[bq]\?[^?\s]*\?=/i;
/** Quoted-printable: "=XX" (capital hex, as RFC 2045 writes it) and soft line breaks; no other "=" in the text. */
const QP_RUN = /(?:=[0-9A-F]{2})+/g;
const QP_ONLY = /^(?:[^=]|=[0-9A-F]{2}|=\r?\n)*$/;
const ESCAPE_U = /\\u\{([0-9a-fA-F]{4,6})\}|\\u([0-9a-fA-F]{4})|\\U([0-9a-fA-F]{8})|<U\+([0-9A-Fa-f]{4,6})>/g;
const ESCAPE_X_RUN = /(?:\\x[0-9a-fA-F]{2})+/g;
const ESCAPE_OCTAL_RUN = /(?:\\[0-3][0-7]{2})+/g;
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** Office Open XML's escape of a character a cell's XML cannot hold, as openpyxl and Excel write it ("_x000D_" a carriage return). */
const OOXML_ESCAPE = /_x([0-9A-Fa-f]{4})_/g;

/** "\u00f3", "\U000000f3", "<U+0131>": the characters, when each is a letter or a mark. */
function unicodeEscapes(text: string): string {
  if (!/\\[uU]|<U\+/.test(text)) return text;
  let failed = false;
  const out = text.replace(ESCAPE_U, (seq, a?: string, b?: string, c?: string, d?: string) => {
    const code = Number.parseInt((a ?? b ?? c ?? d) as string, 16);
    const ch = code <= 0x10ffff ? String.fromCodePoint(code) : '';
    if (!/^[\p{L}\p{M}]$/u.test(ch)) failed = true;
    return ch || seq;
  });
  return failed ? text : out;
}

/** Each decoding in turn, each kept only when it gives plain text. */
export function decodedText(text: string): string {
  let out = text;
  if (ENCODED_WORD.test(out)) {
    const decoded = libmime.decodeWords(out);
    if (decoded !== out && PLAIN.test(decoded.replace(/["<>@:;]/g, ''))) out = decoded;
  }
  if (/=[0-9A-F]{2}|=\r?\n/.test(out) && QP_ONLY.test(out)) {
    const decoded = decodeRuns(out.replace(/=\r?\n/g, ''), QP_RUN, /=([0-9A-F]{2})/g, 16);
    if (decoded !== null) out = decoded;
  }
  // "Dickens_x000D_⏎and Sons": a line break, a tab, a letter; any other stays as written.
  if (out.includes('_x'))
    out = out.replace(OOXML_ESCAPE, (seq, hex: string) => {
      const ch = String.fromCharCode(Number.parseInt(hex, 16));
      return /^[\s\p{L}\p{M}_]$/u.test(ch) ? ch : seq;
    });
  out = unicodeEscapes(out);
  if (out.includes('\\x')) out = decodeRuns(out, ESCAPE_X_RUN, /\\x([0-9a-fA-F]{2})/g, 16) ?? out;
  if (/\\[0-3][0-7]{2}/.test(out)) out = decodeRuns(out, ESCAPE_OCTAL_RUN, /\\([0-7]{3})/g, 8) ?? out;
  if (out.includes('%') && !/\s/.test(out.replace(/%20/g, ''))) {
    const decoded = decodeRuns(out, PERCENT_RUN, /%([0-9A-Fa-f]{2})/g, 16);
    // "Jane+Doe": with percent-encoding, a plus is a space.
    if (decoded !== null && decoded !== out) out = decoded.replace(/\+/g, ' ');
  }
  return out;
}
