/**
 * The fixed search mix: four query types, each with variants drawn from the corpus, run through
 * the search-engine port and through the floor's hand-written SQL. Both must agree on totals
 * (and on ids where a sort or filter-only order defines them).
 */
import { INDICES } from '../mappings/indices.js';
import type { SearchBody, SearchEngine } from '../search-engine/port.js';
import type { FloorQueries } from './floor.js';

export interface MixQuery {
  type: 'selective_text_filters' | 'broad_text' | 'filters_only' | 'sorted_by_name';
  body: SearchBody;
  floor: (f: FloorQueries) => { total: number; ids: string[] };
  /** Whether the page order is defined (compare ids, not only totals). */
  ordered: boolean;
}

const PAGE = { size: 10, track_total_hits: true } as const;

/** Builds the mix from vocabulary seen in the corpus. */
export function buildMix(vocab: { skills: string[]; countries: string[]; functions: [string, string][]; broad: string[] }): MixQuery[] {
  const out: MixQuery[] = [];
  vocab.skills.forEach((skill, i) => {
    const country = vocab.countries[i % vocab.countries.length] as string;
    out.push({
      type: 'selective_text_filters',
      body: {
        ...PAGE,
        query: {
          bool: {
            must: [{ multi_match: { query: skill, fields: ['headline', 'current_title', 'skills'], type: 'phrase' } }],
            filter: [{ term: { 'location.country': country } }],
          },
        },
      },
      floor: (f) => f.selectiveText(skill, country),
      ordered: false,
    });
  });
  for (const term of vocab.broad) {
    out.push({
      type: 'broad_text',
      body: { ...PAGE, query: { multi_match: { query: term, fields: ['headline', 'current_title'] } } },
      floor: (f) => f.broadText(term),
      ordered: false,
    });
  }
  vocab.functions.forEach(([fn, seniority], i) => {
    const country = vocab.countries[i % vocab.countries.length] as string;
    out.push({
      type: 'filters_only',
      body: {
        ...PAGE,
        query: { bool: { filter: [{ term: { function: fn } }, { term: { seniority } }, { term: { 'location.country': country } }] } },
      },
      floor: (f) => f.filtersOnly(fn, seniority, country),
      ordered: true,
    });
  });
  for (const country of vocab.countries) {
    out.push({
      type: 'sorted_by_name',
      body: {
        ...PAGE,
        query: { bool: { filter: [{ term: { 'location.country': country } }] } },
        sort: [{ 'display_name.sort': { order: 'asc', missing: '_last' } }, { id: 'asc' }],
      },
      floor: (f) => f.sortedByName(country),
      ordered: true,
    });
  }
  return out;
}

export interface Latency {
  p50: number;
  p95: number;
  runs: number;
}

export function percentiles(samples: number[]): Latency {
  const s = [...samples].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.floor(q * s.length))] as number;
  return { p50: round(at(0.5)), p95: round(at(0.95)), runs: s.length };
}

const round = (ms: number) => Math.round(ms * 100) / 100;

/** Runs the mix `rounds` times through both paths; returns latencies per type and disagreements. */
export async function runMix(engine: SearchEngine, floor: FloorQueries, mix: MixQuery[], rounds: number) {
  const times = new Map<string, { engine: number[]; floor: number[] }>();
  const disagreements: string[] = [];
  for (let r = 0; r < rounds; r++) {
    for (const q of mix) {
      const t0 = performance.now();
      const res = await engine.search<{ id: string }>(INDICES.profiles.alias, q.body);
      const t1 = performance.now();
      const fl = q.floor(floor);
      const t2 = performance.now();
      const entry = times.get(q.type) ?? { engine: [], floor: [] };
      entry.engine.push(t1 - t0);
      entry.floor.push(t2 - t1);
      times.set(q.type, entry);
      if (r === 0) {
        if (res.total?.value !== fl.total)
          disagreements.push(`${q.type} ${JSON.stringify(q.body.query).slice(0, 80)}: total ${res.total?.value} vs floor ${fl.total}`);
        else if (q.ordered && JSON.stringify(res.hits.map((h) => h.id)) !== JSON.stringify(fl.ids))
          disagreements.push(`${q.type}: page order differs from the floor`);
      }
    }
  }
  const latency: Record<string, { engine: Latency; floor: Latency }> = {};
  for (const [type, t] of times) latency[type] = { engine: percentiles(t.engine), floor: percentiles(t.floor) };
  return { latency, disagreements };
}
