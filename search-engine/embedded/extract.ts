import { analyzeTitle, foldKeyword, foldText, normalizeKeyword, parseDate } from './analysis.js';
import type { FieldInfo, Scope, TextTable } from './catalog.js';
import { keywordToken, presentToken } from './tables.js';

/** What one document (or nested object) contributes to its scope's tables. */
export interface Entries {
  /** Keyword tokens (values and presence), namespaced by field. */
  kw: string[];
  num: [number, number][];
  /** Bit mask of the text fields present (their `text.bit`). */
  presence: number;
  text: Record<TextTable, Map<string, string>>;
  /** Root scope only: the value of each sortable field, and which ones had several. */
  sort: Map<string, number | string>;
  multi: string[];
  nested: Map<Scope, Record<string, unknown>[]>;
}

const splitCache = new Map<string, string[]>();
const partsOf = (path: string): string[] => {
  let parts = splitCache.get(path);
  if (!parts) {
    parts = path.split('.');
    splitCache.set(path, parts);
  }
  return parts;
};

/** All leaf values at a dotted path; arrays at any level are flattened (OpenSearch object semantics). */
export function valuesAt(obj: unknown, path: string): unknown[] {
  const parts = partsOf(path);
  if (parts.length === 1 && obj && typeof obj === 'object' && !Array.isArray(obj)) {
    // The common case: a top-level field of a document.
    const v = (obj as Record<string, unknown>)[parts[0] as string];
    if (v === null || v === undefined) return [];
    if (!Array.isArray(v)) return [v];
  }
  let current: unknown[] = [obj];
  for (const part of parts) {
    const next: unknown[] = [];
    for (const c of current) {
      if (c === null || c === undefined) continue;
      if (Array.isArray(c)) {
        for (const item of c) if (item && typeof item === 'object') next.push((item as Record<string, unknown>)[part]);
      } else if (typeof c === 'object') next.push((c as Record<string, unknown>)[part]);
    }
    current = next;
  }
  const out: unknown[] = [];
  const flatten = (v: unknown) => {
    if (v === null || v === undefined) return;
    if (Array.isArray(v)) v.forEach(flatten);
    else out.push(v);
  };
  current.forEach(flatten);
  return out;
}

/**
 * A keyword value as it is compared: its string form, normalised with the field's folding when
 * the field has a normalizer (through the normaliser's cache unless `cached` is false, for values
 * that rarely repeat); null for values a keyword cannot hold (objects, arrays, null).
 */
export function keywordTerm(field: FieldInfo, value: unknown, cached = true): string | null {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  const s = String(value);
  if (!field.lowercase) return s;
  return cached ? normalizeKeyword(s, field.folding) : foldKeyword(s, field.folding);
}

/**
 * The stored value of a keyword, or null when it is not indexed. As in OpenSearch, `ignore_above`
 * applies to documents only, to the value as sent (UTF-16 units, before normalisation); a query
 * for a longer value is valid and matches no document that was not indexed with it.
 */
export function keywordValue(field: FieldInfo, value: unknown, cached = true): string | null {
  if (field.ignoreAbove !== undefined && String(value).length > field.ignoreAbove) return null;
  return keywordTerm(field, value, cached);
}

/** A document's keyword value as stored and as its token (tables.ts, keywordToken). */
type KeywordTerm = readonly [value: string, token: string];

/**
 * Per field, the stored value and token of values seen. Values repeat heavily (countries,
 * titles, skills), but not in every field (ids, URLs): a field whose values rarely repeat stops
 * being remembered after its first {@link TRIAL} values. All fields together hold at most
 * {@link TERMS_HELD} values; past that every field starts over (and catalogs no longer in use are
 * let go).
 */
interface TermCache {
  terms: Map<string | number | boolean, KeywordTerm | null>;
  lookups: number;
  hits: number;
  off: boolean;
}
const termCaches = new Map<FieldInfo, TermCache>();
let termsHeld = 0;
const TERMS_HELD = 50_000;
const TRIAL = 2_000;

/**
 * {@link keywordValue} then its token, for a string, number or boolean. `cached: false` (a field
 * whose values rarely repeat) keeps its values out of the normaliser's and the tokens' caches,
 * where they would only push out values that do repeat.
 */
function computeTerm(field: FieldInfo, value: string | number | boolean, cached: boolean): KeywordTerm | null {
  const k = keywordValue(field, value, cached);
  return k === null ? null : [k, keywordToken(field.id, k, cached)];
}

/**
 * A document's keyword value as stored and as its token, or null when it is not indexed: the
 * same as {@link keywordValue} then keywordToken, remembered per field (one lookup a value where
 * normalising and tokenising took two, and no token string built again).
 */
export function keywordTermOf(field: FieldInfo, value: unknown): KeywordTerm | null {
  if (typeof value !== 'string' && typeof value !== 'number' && typeof value !== 'boolean') return null;
  let cache = termCaches.get(field);
  if (!cache) {
    cache = { terms: new Map(), lookups: 0, hits: 0, off: false };
    termCaches.set(field, cache);
  }
  if (cache.off) return computeTerm(field, value, false);
  cache.lookups++;
  let term = cache.terms.get(value);
  if (term !== undefined) {
    cache.hits++;
    return term;
  }
  if (cache.lookups === TRIAL && cache.hits < TRIAL / 5) {
    cache.off = true;
    termsHeld -= cache.terms.size;
    cache.terms.clear();
    return computeTerm(field, value, false);
  }
  term = computeTerm(field, value, true);
  if (termsHeld >= TERMS_HELD) {
    termCaches.clear();
    termsHeld = 0;
    cache = { terms: new Map(), lookups: 0, hits: 0, off: false };
    termCaches.set(field, cache);
  }
  cache.terms.set(value, term);
  termsHeld++;
  return term;
}

/** The stored numeric value of a number, date or boolean field, or null when unparseable. */
export function numericValue(field: FieldInfo, value: unknown): number | null {
  if (field.kind === 'boolean') return value === true || value === 'true' ? 1 : value === false || value === 'false' ? 0 : null;
  if (field.kind === 'date') return parseDate(value);
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
  return Number.isFinite(n) ? n : null;
}

/**
 * Computes a document's entries for one scope. Most fields hold one value: they take a path that
 * builds no set and sorts nothing (a bulk load extracts about 130 values a profile).
 */
export function extractEntries(scope: Scope, doc: Record<string, unknown>, withSort: boolean): Entries {
  const entries: Entries = {
    kw: [],
    num: [],
    presence: 0,
    text: { stem: new Map(), name: new Map(), title: new Map() },
    sort: new Map(),
    multi: [],
    nested: new Map(),
  };
  for (const field of scope.fields.values()) {
    const values = valuesAt(doc, field.sourcePath);
    if (values.length === 0) continue;
    if (field.kind === 'text') {
      const raw = values.length === 1 ? textOf(values[0]) : values.filter((v) => typeof v === 'string' || typeof v === 'number').join('\n');
      const text = field.text!.table === 'title' ? analyzeTitle(raw, scope.folding) : foldText(raw, scope.folding);
      if (text) {
        entries.text[field.text!.table].set(field.text!.column, text);
        entries.presence += 2 ** field.text!.bit;
      }
    } else if (field.kind === 'keyword') {
      if (values.length === 1) {
        const term = keywordTermOf(field, values[0]);
        if (term === null) continue;
        entries.kw.push(term[1], presentToken(field.id));
        if (withSort) entries.sort.set(field.path, term[0]);
        continue;
      }
      const seen = new Set<string>();
      for (const v of values) {
        const term = keywordTermOf(field, v);
        if (term !== null && !seen.has(term[0])) {
          seen.add(term[0]);
          entries.kw.push(term[1]);
        }
      }
      if (seen.size === 0) continue;
      entries.kw.push(presentToken(field.id));
      if (withSort) {
        const sorted = [...seen].sort();
        entries.sort.set(field.path, sorted[0] as string);
        if (seen.size > 1) entries.multi.push(field.path);
      }
    } else {
      if (values.length === 1) {
        const n = numericValue(field, values[0]);
        if (n === null) continue;
        entries.num.push([field.id, n]);
        if (withSort) entries.sort.set(field.path, n);
        continue;
      }
      const seen = new Set<number>();
      for (const v of values) {
        const n = numericValue(field, v);
        if (n !== null) seen.add(n);
      }
      for (const n of seen) entries.num.push([field.id, n]);
      if (withSort && seen.size > 0) {
        entries.sort.set(field.path, Math.min(...seen));
        if (seen.size > 1) entries.multi.push(field.path);
      }
    }
  }
  for (const [path, child] of scope.nested) {
    const rel = scope.path ? path.slice(scope.path.length + 1) : path;
    const objects = valuesAt(doc, rel).filter((o): o is Record<string, unknown> => Boolean(o) && typeof o === 'object');
    if (objects.length > 0) entries.nested.set(child, objects);
  }
  return entries;
}

/** A value's text as a text field indexes it: strings and numbers; '' for anything else. */
const textOf = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '');
