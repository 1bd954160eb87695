/**
 * Small query-DSL constructors shared by the query builders. Every shape here is in the subset
 * both engines run (docs/search-engine.md) and passes the OpenSearch contract checker.
 */
import type { Query } from '../../search-engine/port.js';
import { PEOPLE_SEARCH_LIMITS } from '../limits.js';

/** Matches no document (the query of a search whose filters cannot match anything). */
export const matchNone = (): Query => ({ bool: { must_not: [{ match_all: {} }] } });

/** Any of `clauses`: the clause itself when there is one, else a bool `should` needing one match. */
export function anyOf(clauses: Query[]): Query {
  if (clauses.length === 1 && clauses[0]) return clauses[0];
  return { bool: { should: clauses, minimum_should_match: 1 } };
}

/** Every one of `clauses`, as filters (no score): the clause itself when there is one. */
export function allOf(clauses: Query[]): Query {
  if (clauses.length === 1 && clauses[0]) return clauses[0];
  return { bool: { filter: clauses } };
}

/** Every one of `clauses`, as filters, on a document whose `field` has none of `words`. */
export function allOfWithout(clauses: Query[], field: string, words: readonly string[] | undefined): Query {
  if (!words?.length) return allOf(clauses);
  return { bool: { filter: clauses, must_not: [{ match: { [field]: { query: words.join(' ') } } }] } };
}

export function nested(path: string, query: Query): Query {
  return { nested: { path, query } };
}

export function matchPhrase(field: string, text: string): Query {
  return { match_phrase: { [field]: text } };
}

/** Values cut into runs of at most `size` (OpenSearch's `index.max_terms_count` per `terms`). */
export function chunk<T>(values: readonly T[], size: number = PEOPLE_SEARCH_LIMITS.maxTermsPerClause): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < values.length; i += size) out.push(values.slice(i, i + size));
  return out;
}

/**
 * `terms` clauses on `field` holding `values`, one per run of at most
 * `PEOPLE_SEARCH_LIMITS.maxTermsPerClause` values. Empty when `values` is empty.
 */
export function termsClauses(field: string, values: readonly string[]): Query[] {
  return chunk(values).map((run) => ({ terms: { [field]: run } }));
}

/**
 * The text of a (non-phrase) text query with each word once. A word whose letters and digits
 * were all seen before is dropped and a word that repeats one ("a-a-a") keeps its new parts
 * only: the words analysed are the same, but the embedded engine's cost grows with the square
 * of repeated terms, so a text that repeats itself must not reach it as written. Words without
 * a letter or digit analyse to nothing and are dropped too.
 */
export function distinctWords(text: string): string {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const word of text.split(/\s+/)) {
    const parts = word
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter(Boolean);
    const fresh = new Set(parts.filter((p) => !seen.has(p)));
    if (fresh.size === 0) continue;
    for (const p of fresh) seen.add(p);
    out.push(fresh.size === parts.length ? word : [...fresh].join(' '));
  }
  return out.join(' ');
}

/** Keeps the first occurrence of each value (exact comparison), in order. */
export function unique(values: Iterable<string>, skip?: ReadonlySet<string>): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const v of values) {
    if (seen.has(v) || skip?.has(v)) continue;
    seen.add(v);
    out.push(v);
  }
  return out;
}

/** Lowercases values sent to keyword fields with the `proxima_lower` normaliser (kept readable in bodies). */
export const lower = (values: readonly string[]): string[] => unique(values.map((v) => v.toLowerCase()));

/** Non-empty trimmed strings of a list that may be absent. */
export const present = (values: readonly string[] | undefined): string[] => (values ?? []).map((v) => v.trim()).filter((v) => v.length > 0);

/** `field` holds one of `values`, or holds nothing (a record that does not say is not ruled out). */
export function termsIfKnown(field: string, values: string[]): Query {
  return anyOf([{ terms: { [field]: values } }, { bool: { must_not: [{ exists: { field } }] } }]);
}
