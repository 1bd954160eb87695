/**
 * JSON building blocks for the fuzz test: raw tokens that `JSON.stringify` cannot produce
 * (`1e400`, `-0`, 400-digit integers, 100,000-deep nesting), and objects whose keys may be
 * `__proto__` or any other Object.prototype name without touching a prototype.
 */

/** A JSON fragment written verbatim into the encoded body. */
export class RawJson {
  constructor(readonly text: string) {}
}

export const raw = (text: string): RawJson => new RawJson(text);

/**
 * Sets an own, enumerable property, even for `__proto__` (plain assignment would change the
 * prototype instead of adding a key).
 */
export function put<T extends object>(target: T, key: string, value: unknown): T {
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
  return target;
}

/** An object from entries, every key an own property (see `put`). */
export function obj(entries: [string, unknown][]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of entries) put(out, k, v);
  return out;
}

/** Encodes a value as JSON text, writing RawJson fragments verbatim. */
export function encodeJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : encodeJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const parts: string[] = [];
    for (const [k, v] of Object.entries(value)) if (v !== undefined) parts.push(`${JSON.stringify(k)}:${encodeJson(v)}`);
    return `{${parts.join(',')}}`;
  }
  // Lone surrogates come out escaped (\ud800), NUL as \u0000: well-formed JSON, hostile content.
  return JSON.stringify(value) ?? 'null';
}

/** A deep copy that keeps RawJson fragments and `__proto__` keys. */
export function clone<T>(value: T): T {
  if (value instanceof RawJson || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(clone) as T;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) put(out, k, clone(v));
  return out as T;
}

/** `depth` nested objects `{"a":{"a":...1...}}` as one raw fragment (JSON.stringify would overflow). */
export const deepObject = (depth: number): RawJson => raw(`${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`);

/** `depth` nested arrays `[[[...]]]` as one raw fragment. */
export const deepArray = (depth: number): RawJson => raw(`${'['.repeat(depth)}${']'.repeat(depth)}`);
