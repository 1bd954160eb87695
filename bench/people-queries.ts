/**
 * The people-search benchmark's query mix: natural-language queries from the parser's dev set
 * (`query-planner/eval/people-queries.dev.jsonl`, the `text` field), a fixed seeded selection so
 * runs are comparable, and the request body of each variant (graph boosts, no graph,
 * first-degree filtering).
 */
import fs from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { parsePeopleQuery } from '../query-planner/parse/index.js';

export const VARIANTS = ['boost', 'ignore', 'first_degree'] as const;
export type Variant = (typeof VARIANTS)[number];

/**
 * Broad first-degree searches, whose candidates reach the examination budget (the mix's
 * queries are selective: among 1st-degree connections they have few candidates, often none).
 */
export const BROAD_FIRST_DEGREE = [
  'my 1st degree connections',
  'my 1st degree connections who are engineers',
  'my 1st degree connections who are managers',
  'my 1st degree connections in sales',
  'my 1st degree connections in the united states',
];

/** Rows per page in every benchmark request (the routes' default). */
export const PAGE_LIMIT = 10;

/** A small, fast, seedable PRNG (mulberry32). */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Phrasings that add "1st-degree connections only" to a query, tried in order. */
const FIRST_DEGREE_FORMS: ((text: string) => string)[] = [
  (t) => `my 1st degree connections: ${t}`,
  (t) => `${t}, my 1st degree connections`,
  (t) => `1st degree connections ${t}`,
];

/**
 * The query as a first-degree search in text: a phrasing the parser maps to exactly the
 * query's own filters, keywords and employer mentions plus `connection_degrees: ['1st']`, or
 * null if none does.
 */
export function firstDegreeText(text: string): string | null {
  const base = parsePeopleQuery(text);
  const want = { ...base.filters, connection_degrees: ['1st'] };
  for (const form of FIRST_DEGREE_FORMS) {
    const candidate = form(text);
    const parsed = parsePeopleQuery(candidate);
    if (
      isDeepStrictEqual(parsed.filters, want) &&
      isDeepStrictEqual(parsed.keywords, base.keywords) &&
      isDeepStrictEqual(parsed.companies, base.companies)
    )
      return candidate;
  }
  return null;
}

export interface BenchQuery {
  /** The query as written in the dev set. */
  text: string;
  /** The same query restricted to 1st-degree connections in words (null: the parser maps no phrasing). */
  firstDegree: string | null;
}

/**
 * Picks `count` queries with a fixed seed: natural-language queries only (no briefs), and none
 * that already names a relation (connection degrees, connected_to), so the three variants differ
 * only in how the graph applies.
 */
export function selectQueries(file: string, count = 40, seed = 1): BenchQuery[] {
  const seen = new Set<string>();
  const pool: string[] = [];
  for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
    if (!line.trim()) continue;
    const text = (JSON.parse(line) as { text?: unknown }).text;
    if (typeof text !== 'string' || !text.trim() || text.length > 280 || /\n/.test(text) || seen.has(text)) continue;
    seen.add(text);
    const f = parsePeopleQuery(text).filters;
    if (f.connection_degrees?.length || f.connected_to?.length || f.exclude_connected_to?.length) continue;
    pool.push(text);
  }
  const rand = prng(seed);
  for (let i = pool.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [pool[i], pool[j]] = [pool[j] as string, pool[i] as string];
  }
  return pool.slice(0, count).map((text) => ({ text, firstDegree: firstDegreeText(text) }));
}

/** The broad first-degree searches as benchmark queries (already restricted in words). */
export function broadFirstDegreeQueries(): BenchQuery[] {
  return BROAD_FIRST_DEGREE.map((text) => ({ text, firstDegree: text }));
}

/**
 * The preview-route body of a query in one variant (null when the variant cannot express it).
 * first_degree: the query in words restricted to 1st-degree connections, with
 * `network_filter_mode: 'filter'`, so the service verifies candidates in batches.
 */
export function variantBody(
  q: BenchQuery,
  variant: Variant,
  page: { offset?: number; limit?: number } = {},
): Record<string, unknown> | null {
  const paging = { limit: page.limit ?? PAGE_LIMIT, ...(page.offset ? { offset: page.offset } : {}) };
  switch (variant) {
    case 'boost':
      return { description: q.text, network_filter_mode: 'boost', ...paging };
    case 'ignore':
      return { description: q.text, network_filter_mode: 'ignore', ...paging };
    case 'first_degree':
      return q.firstDegree === null ? null : { description: q.firstDegree, network_filter_mode: 'filter', ...paging };
  }
}
