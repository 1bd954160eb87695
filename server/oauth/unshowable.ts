/**
 * Characters a consent page cannot show honestly (docs/oauth.md): control characters (NUL,
 * line breaks), bidirectional controls (an RTL override makes "moc.evil" read "live.com"), lone
 * surrogates (no character at all), and invisible format characters (zero-width space and
 * non-joiner, word joiner and the invisible operators, byte-order mark, soft hyphen) that make
 * two names look alike. A zero-width joiner is kept between emoji ("👩‍💻"), where it joins them.
 * Used by dynamic registration and by client-ID metadata documents alike.
 */
const UNSHOWABLE =
  /[\p{Cc}\u00ad\u061c\u200b\u200c\u200e\u200f\u2028\u2029\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]|\p{Cs}|(?<!\p{Extended_Pictographic}|\p{Emoji_Modifier}|\ufe0f)\u200d|\u200d(?!\p{Extended_Pictographic})/u;

/** Client metadata shown to a person or followed by a browser. */
export const SHOWN_METADATA = ['client_name', 'client_uri', 'logo_uri', 'policy_uri', 'tos_uri', 'post_logout_redirect_uris'] as const;

/** The first unshowable character of `value` as its code point ("U+202E"), or null: never the character itself. */
export function unshowableIn(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const m = UNSHOWABLE.exec(value);
  if (!m) return null;
  return `U+${(m[0].codePointAt(0) as number).toString(16).toUpperCase().padStart(4, '0')}`;
}

/** Where `doc` holds an unshowable character among `redirect_uris` and the shown fields: "client_name (U+202E)", or null. */
export function unshowableField(doc: Record<string, unknown>, fields: readonly string[]): string | null {
  for (const field of fields) {
    const values = [doc[field]].flat();
    for (const [i, v] of values.entries()) {
      const cp = unshowableIn(v);
      if (cp) return `${field}${Array.isArray(doc[field]) ? `[${i}]` : ''} (${cp})`;
    }
  }
  return null;
}
