/**
 * Measures the people-query parser on the development half of the public people-search
 * benchmark (people-queries.dev.jsonl, a copy kept in this folder). Scoring is strict:
 *
 * - title: the parser's first `job_titles.include` equals `metadata.role_title` after
 *   normalisation (case-insensitive, "&" ≡ "and", whitespace collapsed, singular/plural of the
 *   last word); no title counts as wrong;
 * - place: some place of `filters.locations.include` resolves (resolvePlace) to the same kind and
 *   name as `resolvePlace(metadata.geo_name)`; a query without geo_name counts only when the
 *   parser found no place;
 * - min years: `filters.years_experience.min === metadata.min_experience_years`, and absent when
 *   the metadata has none.
 */
import fs from 'node:fs';
import { parsePeopleQuery } from '../parse/index.js';
import { resolvePlace } from '../places.js';

export const TARGETS = { title: 95, place: 95, minYears: 98 } as const;

export const SCORING_RULES = [
  'title: the first job_titles.include equals metadata.role_title, compared case-insensitively with "&" = "and", whitespace collapsed and the last word singular.',
  'place: a place of locations.include resolves (resolvePlace) to the same kind and name as resolvePlace(metadata.geo_name); a geo_name the gazetteer cannot resolve is a failure; without a geo_name, only finding no place counts.',
  'min years: years_experience.min equals metadata.min_experience_years (both absent counts).',
];

export interface EvalRow {
  query_id: string;
  text: string;
  metadata: { role_title?: string; geo_name?: string; geo_type?: string; min_experience_years?: number };
}

export interface Figure {
  correct: number;
  pct: number;
}

export interface EvalFailure {
  query_id: string;
  text: string;
  field: 'title' | 'place' | 'min_years';
  expected: unknown;
  got: unknown;
}

export interface PeopleEvalResult {
  total: number;
  title: Figure;
  place: Figure;
  minYears: Figure;
  failures: EvalFailure[];
}

const DATA = new URL('./people-queries.dev.jsonl', import.meta.url);
/** The team's own people set (query-planner/eval/README.md): reported, not a gate. */
export const OWN_PEOPLE_DATA = new URL('./people-queries.own.jsonl', import.meta.url);
/** The second own people set, written after the first round of fixes (query-planner/eval/README.md). */
export const OWN2_PEOPLE_DATA = new URL('./people-queries.own2.jsonl', import.meta.url);
/** The third own people set (query-planner/eval/README.md). */
export const OWN3_PEOPLE_DATA = new URL('./people-queries.own3.jsonl', import.meta.url);
export const OWN4_PEOPLE_DATA = new URL('./people-queries.own4.jsonl', import.meta.url);
export const OWN5_PEOPLE_DATA = new URL('./people-queries.own5.jsonl', import.meta.url);
export const OWN6_PEOPLE_DATA = new URL('./people-queries.own6.jsonl', import.meta.url);
export const OWN7_PEOPLE_DATA = new URL('./people-queries.own7.jsonl', import.meta.url);
/** The eighth own people set: 200 queries in the dev file's mix and phrasing (see README). */
export const OWN8_PEOPLE_DATA = new URL('./people-queries.own8.jsonl', import.meta.url);
/** Ninth own people set (2026-11-29, fourth session), the dev file's shape; measured first unseen (README). */
export const OWN9_PEOPLE_DATA = new URL('./people-queries.own9.jsonl', import.meta.url);
/** Tenth own people set (2026-11-29, fourth session): 60% familiar places in new templates, 40% new (README). */
export const OWN10_PEOPLE_DATA = new URL('./people-queries.own10.jsonl', import.meta.url);
export const OWN11_PEOPLE_DATA = new URL('./people-queries.own11.jsonl', import.meta.url);
/** The team's twelfth own set (2026-11-29, sixth session): the dev file's shape, 194 new titles, 142 new places. */
export const OWN12_PEOPLE_DATA = new URL('./people-queries.own12.jsonl', import.meta.url);
export const OWN13_PEOPLE_DATA = new URL('./people-queries.own13.jsonl', import.meta.url);
export const OWN14_PEOPLE_DATA = new URL('./people-queries.own14.jsonl', import.meta.url);
export const OWN15_PEOPLE_DATA = new URL('./people-queries.own15.jsonl', import.meta.url);
/** The team's sixteenth own set (2026-11-30, tenth session, written blind): 200 new titles, 200 new places. */
export const OWN16_PEOPLE_DATA = new URL('./people-queries.own16.jsonl', import.meta.url);
/** The team's seventeenth own set (2026-11-30, eleventh session, written blind): 200 new titles, 200 new places, agents' and chat phrasings. */
export const OWN17_PEOPLE_DATA = new URL('./people-queries.own17.jsonl', import.meta.url);
/** The team's eighteenth own set (2026-11-30, twelfth session, written blind): 200 new titles, 200 new places, search-string, machine and chat phrasings. */
export const OWN18_PEOPLE_DATA = new URL('./people-queries.own18.jsonl', import.meta.url);
/** The nineteenth own set (2026-11-30): 200 new everyday titles, 200 places written in forms no set used, machine text and follow-ups (eval README). */
export const OWN19_PEOPLE_DATA = new URL('./people-queries.own19.jsonl', import.meta.url);

export function loadRows(file: URL | string = DATA): EvalRow[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as EvalRow);
}

function lastWordSingular(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1);
  return word;
}

/** The title comparison key. */
export function normalizeTitle(title: string): string {
  const words = title
    .toLowerCase()
    .replace(/\band\b/g, '&')
    .replace(/\s*&\s*/g, ' & ')
    .split(/\s+/)
    .filter(Boolean);
  const last = words.pop();
  if (last) words.push(lastWordSingular(last));
  return words.join(' ');
}

function pct(n: number, total: number): number {
  return total ? Math.round((n / total) * 1000) / 10 : 0;
}

export function evaluatePeopleParser(rows: EvalRow[] = loadRows()): PeopleEvalResult {
  let title = 0;
  let place = 0;
  let minYears = 0;
  const failures: EvalFailure[] = [];
  for (const row of rows) {
    const parsed = parsePeopleQuery(row.text);
    const m = row.metadata;
    const gotTitle = parsed.filters.job_titles?.include?.[0];
    if (m.role_title && gotTitle && normalizeTitle(gotTitle) === normalizeTitle(m.role_title)) title++;
    else failures.push({ query_id: row.query_id, text: row.text, field: 'title', expected: m.role_title ?? null, got: gotTitle ?? null });

    const gotPlaces = parsed.filters.locations?.include ?? [];
    const expected = m.geo_name ? resolvePlace(m.geo_name) : null;
    const ok = expected
      ? gotPlaces.some((p) => {
          const r = resolvePlace(p);
          return !!r && r.kind === expected.kind && r.name === expected.name;
        })
      : !m.geo_name && gotPlaces.length === 0;
    if (ok) place++;
    else
      failures.push({
        query_id: row.query_id,
        text: row.text,
        field: 'place',
        expected: m.geo_name ? `${m.geo_name} (${expected ? `${expected.kind}: ${expected.name}` : 'unresolved'})` : null,
        got: gotPlaces.map((p) => {
          const r = resolvePlace(p);
          return `${p} (${r ? `${r.kind}: ${r.name}` : 'unresolved'})`;
        }),
      });

    const gotMin = parsed.filters.years_experience?.min;
    if (gotMin === m.min_experience_years) minYears++;
    else
      failures.push({
        query_id: row.query_id,
        text: row.text,
        field: 'min_years',
        expected: m.min_experience_years ?? null,
        got: parsed.filters.years_experience ?? null,
      });
  }
  const total = rows.length;
  return {
    total,
    title: { correct: title, pct: pct(title, total) },
    place: { correct: place, pct: pct(place, total) },
    minYears: { correct: minYears, pct: pct(minYears, total) },
    failures,
  };
}
