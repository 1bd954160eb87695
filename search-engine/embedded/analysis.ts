/** Lowercase + ASCII folding: the `proxima_lower` normalizer. */
export function normalizeKeyword(value: string): string {
  let out = normalized.get(value);
  if (out === undefined) {
    out = foldKeyword(value);
    // Keyword values repeat heavily; a bounded cache skips most Unicode normalisation.
    if (normalized.size >= 50_000) normalized.clear();
    normalized.set(value, out);
  }
  return out;
}
const normalized = new Map<string, string>();

/**
 * The normalizer's work, without the cache (for values that rarely repeat). Printable ASCII only
 * needs lowercasing: NFKD leaves it as it is, and it has no combining marks.
 */
export function foldKeyword(value: string): string {
  return NOT_PRINTABLE_ASCII.test(value) ? value.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase() : value.toLowerCase();
}
const NOT_PRINTABLE_ASCII = /[^ -~]/;

/**
 * Splits query text into tokens the way FTS5's unicode61 tokenizer does (letters and digits,
 * accents folded, lowercase). FTS5 stems each quoted token itself on the porter table.
 */
export function tokenize(text: string): string[] {
  return normalizeKeyword(text)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((t) => t.length > 0);
}

/** Quotes a token for an FTS5 MATCH expression. */
export const quote = (token: string): string => `"${token.replace(/"/g, '""')}"`;

/** Parses a date value (epoch ms, ISO date, ISO date-time, or `yyyy-MM`) to epoch ms, or null. */
export function parseDate(value: unknown): number | null {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  if (typeof value !== 'string') return null;
  const v = /^\d{4}-\d{2}$/.test(value) ? `${value}-01T00:00:00Z` : /^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value;
  if (!/^\d{4}-\d{2}-\d{2}/.test(v)) return null;
  const ms = Date.parse(v);
  return Number.isNaN(ms) ? null : ms;
}
