/**
 * A synthetic profiles index on which text queries are slow on purpose: every document mentions
 * most of twenty words, so a bool of many scored text clauses touches and scores every row
 * (about half a second at the default 16,000 documents). For tests of time budgets and of work that must
 * not block the event loop.
 */
import { PROFILES } from '../../mappings/indices.js';
import type { Query, SearchBody, SearchEngine } from '../../search-engine/port.js';

const WORDS = 'alpha beta gamma delta epsilon zeta eta theta iota kappa lambda mu nu xi omicron pi rho sigma tau upsilon'.split(' ');

/** Creates `index` and fills it with `docs` documents (ids p0, p1, ...). */
export async function buildSlowIndex(engine: SearchEngine, index: string, docs = 16_000): Promise<void> {
  await engine.createIndex(index, PROFILES);
  for (let b = 0; b < docs; b += 1000) {
    const ops = Array.from({ length: Math.min(1000, docs - b) }, (_, j) => {
      const i = b + j;
      const words = (n: number, k0: number) => Array.from({ length: n }, (_, k) => WORDS[(i * (k + k0) + k) % WORDS.length]).join(' ');
      return {
        op: 'index' as const,
        id: `p${i}`,
        doc: { id: `p${i}`, display_name: `Person ${i}`, created_at: '2026-01-01T00:00:00Z', headline: words(12, 3), bio: words(40, 7) },
      };
    });
    await engine.bulk(index, ops);
  }
}

/**
 * Many scored text clauses over every document: single words, word pairs as phrases, and pairs
 * of words in two fields. Each kind alone is fast; together they score every row many times
 * (about 0.3 s at 8,000 documents on a 2-core machine).
 */
export const SLOW_QUERY: Query = {
  bool: {
    should: [
      ...WORDS.flatMap((w) => [{ match: { bio: w } }, { match: { headline: w } }]),
      ...WORDS.flatMap((w) => WORDS.slice(0, 6).map((v) => ({ match_phrase: { bio: `${w} ${v}` } }))),
      ...WORDS.map((w, i) => ({
        bool: { must: [{ match: { bio: w } }, { match: { headline: WORDS[(i + 5) % WORDS.length] as string } }] },
      })),
    ],
  },
};
export const SLOW_BODY: SearchBody = { query: SLOW_QUERY, size: 10, track_total_hits: true };
