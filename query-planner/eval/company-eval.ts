/**
 * Measures the company-query parser on the development half of the public company-search
 * benchmark (company-queries.dev.jsonl, a copy kept in this folder), and on the team's own
 * frozen set (company-queries.own.jsonl, see README.md). For every constraint field a query's
 * `constraints` carry, the share of those queries whose parsed filters match it; the rules are
 * SCORING_RULES below (printed by `npm run eval:parser`). For every kind of filter a query's
 * constraints do not carry, how often the parser set it anyway (SPURIOUS_RULE).
 */
import fs from 'node:fs';
import { placeKey } from '../../geo/place-key.js';
import { regionByName, regionMembers } from '../../geo/regions.js';
import type { NumberRange } from '../advanced-filters.js';
import type { CompanyFilters, CompanyType } from '../company-filters.js';
import { parseCompanyQuery } from '../parse/company-query.js';
import { type PlaceMatch, resolvePlace } from '../places.js';

export const COMPANY_TARGET = 90;

export const COMPANY_FIELDS = [
  'country',
  'region',
  'city',
  'industry/category',
  'employees',
  'funding',
  'funding stage',
  'founded year',
  'company type',
] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];

/** Constraint fields that are not scored. */
export const UNSCORED_FIELDS = ['funding_date', 'offices', 'criteria'] as const;

export const COMPANY_SCORING_RULES = [
  'country eq X (or in [X, ...]): some place of locations.include resolves (resolvePlace) to the country X, compared by ISO code through the gazetteer, or to a city, metro, state or named region inside X ("Boston" for United States, "Normandy" for France). The strict figure in brackets counts only places of kind country.',
  'region contains X: some place of locations.include resolves to the named region X or one of its aliases (Scandinavia = Nordics), or to a region X includes ("Southeast Asia" for APAC). The strict figure counts only the region itself.',
  'city eq X: some place of locations.include resolves to a city named X, compared by place key (accents folded) and through the gazetteer ("Gothenburg" is Göteborg).',
  'industry/category (industry and category labels are one field): every `contains` value X is matched when some parsed industry or category, lowercased, contains X lowercased or is contained in it ("Biotech" ~ "Biotechnology"); `contains_all` needs each value; a `not_contains` value must be matched the same way by a value of categories.exclude or industries.exclude.',
  'employees, funding, founded year: the parsed min equals gte (or eq) and the parsed max equals lte (or eq), a bound absent on both sides counting as equal (a label with neither, like founded_year not_eq, wants no range).',
  'funding stage contains X: funding_stages includes the enum value of X ("Series A" → series_a, "Pre-Seed" → pre_seed).',
  'company type eq X: company_types includes the value of X ("Public Company" → public_company, "Privately Held" → privately_held, "Government Agency" → government_agency, "Nonprofit" → nonprofit).',
];

interface Op {
  eq?: unknown;
  in?: unknown[];
  contains?: unknown;
  contains_all?: unknown[];
  not_contains?: unknown;
  not_eq?: unknown;
  gte?: number;
  lte?: number;
  gt?: number;
  lt?: number;
}

export interface CompanyEvalRow {
  query_id: string;
  text: string;
  constraints: Record<string, Op | unknown>;
}

export interface FieldFigure {
  field: CompanyField;
  hits: number;
  total: number;
  pct: number;
  /** Hits under the strict place rule (country and region only). */
  strictHits?: number;
}

export interface CompanyEvalFailure {
  query_id: string;
  text: string;
  field: CompanyField;
  expected: unknown;
  got: unknown;
}

/** Kinds of filter counted when the parser sets them although the query's constraints lack them. */
export const SPURIOUS_GROUPS = [
  'place',
  'industry/category',
  'employees',
  'funding',
  'funding stage',
  'founded year',
  'company type',
] as const;
export type SpuriousGroup = (typeof SPURIOUS_GROUPS)[number];

export const SPURIOUS_RULE =
  'spurious X: among the queries whose constraints carry no X (place: none of country, region, city, offices; industry/category: neither), the share whose parsed filters set X anyway (locations, industries or categories include/exclude, employee_count, total_funding_usd, funding_stages, founded_year, company_types). Lower is better.';

export interface SpuriousFigure {
  group: SpuriousGroup;
  /** Queries without this kind of constraint whose parsed filters set it. */
  spurious: number;
  /** Queries without this kind of constraint. */
  total: number;
  pct: number;
}

export interface CompanyEvalSpurious {
  query_id: string;
  text: string;
  group: SpuriousGroup;
  got: unknown;
}

export interface CompanyEvalResult {
  total: number;
  figures: FieldFigure[];
  failures: CompanyEvalFailure[];
  /** Constraint fields seen but not scored, with their counts. */
  unscored: Record<string, number>;
  /** Filters set although the constraints lack that kind (false positives), per kind. */
  spurious: SpuriousFigure[];
  spuriousCases: CompanyEvalSpurious[];
}

const DATA = new URL('./company-queries.dev.jsonl', import.meta.url);
/** The team's own set: written 2026-11-23 before the parser changes of issue 12, frozen (README.md). */
export const OWN_DATA = new URL('./company-queries.own.jsonl', import.meta.url);
/** The second own set: 200 queries written 2026-11-28 by a helper that never read the parser (README.md). */
export const OWN2_DATA = new URL('./company-queries.own2.jsonl', import.meta.url);
export const OWN3_DATA = new URL('./company-queries.own3.jsonl', import.meta.url);
export const OWN4_DATA = new URL('./company-queries.own4.jsonl', import.meta.url);
export const OWN5_DATA = new URL('./company-queries.own5.jsonl', import.meta.url);
export const OWN6_DATA = new URL('./company-queries.own6.jsonl', import.meta.url);
export const OWN7_DATA = new URL('./company-queries.own7.jsonl', import.meta.url);
/** The eighth own set: 200 queries written like the dev file (bucket mix, templates, 46 countries), measured first unseen (see README). */
export const OWN8_DATA = new URL('./company-queries.own8.jsonl', import.meta.url);
/** Ninth own set (2026-11-29, fourth session): the dev file's buckets and conventions, 53 countries (README). */
export const OWN9_DATA = new URL('./company-queries.own9.jsonl', import.meta.url);
export const OWN10_DATA = new URL('./company-queries.own10.jsonl', import.meta.url);
/** The team's eleventh own company set (2026-11-29, sixth session): 88 new sectors, 56 new places, 20% new phrasings. */
export const OWN11_DATA = new URL('./company-queries.own11.jsonl', import.meta.url);
export const OWN12_DATA = new URL('./company-queries.own12.jsonl', import.meta.url);
export const OWN13_DATA = new URL('./company-queries.own13.jsonl', import.meta.url);
export const OWN14_DATA = new URL('./company-queries.own14.jsonl', import.meta.url);
/** The team's fifteenth own company set (2026-11-30, tenth session, written blind): 185 new sectors, 113 new places. */
export const OWN15_DATA = new URL('./company-queries.own15.jsonl', import.meta.url);
/** The team's sixteenth own company set (2026-11-30, eleventh session, written blind): 200 new sectors, 109 new places, new words for years, types and numbers. */
export const OWN16_DATA = new URL('./company-queries.own16.jsonl', import.meta.url);
/** The team's seventeenth own company set (2026-11-30, twelfth session, written blind): 200 new sectors, 106 new places, new words for years, types, head counts and rounds. */
export const OWN17_DATA = new URL('./company-queries.own17.jsonl', import.meta.url);
/** The eighteenth own company set (2026-11-30): 200 new sectors, 106 new places (eval README). */
export const OWN18_DATA = new URL('./company-queries.own18.jsonl', import.meta.url);

export function loadCompanyRows(file: URL | string = DATA): CompanyEvalRow[] {
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CompanyEvalRow);
}

function pct(n: number, total: number): number {
  return total ? Math.round((n / total) * 1000) / 10 : 0;
}

/** Every region a region includes, itself first. */
function regionClosure(name: string): Set<string> {
  const out = new Set<string>([name]);
  const queue = [name];
  while (queue.length) {
    const r = regionByName(queue.shift() as string);
    for (const inc of r?.includes ?? []) {
      if (!out.has(inc)) {
        out.add(inc);
        queue.push(inc);
      }
    }
  }
  return out;
}

function countriesOfRegion(name: string): Set<string> {
  const out = new Set<string>();
  for (const r of regionClosure(name)) for (const c of regionByName(r)?.countries ?? []) out.add(c);
  return out;
}

function parsedPlaces(filters: CompanyFilters): PlaceMatch[] {
  return (filters.locations?.include ?? []).map((p) => resolvePlace(p)).filter((p): p is PlaceMatch => !!p);
}

function describePlaces(filters: CompanyFilters): string[] {
  return (filters.locations?.include ?? []).map((p) => {
    const r = resolvePlace(p);
    return `${p} (${r ? `${r.kind}: ${r.name}` : 'unresolved'})`;
  });
}

/** Country match: [lenient, strict]. */
function countryHit(op: Op, places: PlaceMatch[]): [boolean, boolean] {
  const wanted = (op.in ?? [op.eq]).map((x) => resolvePlace(String(x))).filter((p): p is PlaceMatch => !!p && p.kind === 'country');
  const codes = new Set(wanted.map((w) => w.countryCode));
  const strict = places.some((p) => p.kind === 'country' && codes.has(p.countryCode));
  const lenient =
    strict ||
    places.some((p) => (p.kind === 'region' ? regionWithin(p.namedRegion ?? p.name, codes) : !!p.countryCode && codes.has(p.countryCode)));
  return [lenient, strict];
}

/** Whether a named region lies inside the countries `codes` ("Normandy" in France, the Prairies in Canada). */
function regionWithin(name: string, codes: Set<string | undefined>): boolean {
  const { countries, usStates, subdivisions } = regionMembers(name);
  if (countries.length || (!usStates.length && !subdivisions.length)) return false;
  return (!usStates.length || codes.has('US')) && subdivisions.every((d) => codes.has(d.split('|')[0]));
}

/** Region match: [lenient, strict]. */
function regionHit(op: Op, places: PlaceMatch[]): [boolean, boolean] {
  const wanted = resolvePlace(String(op.contains ?? op.eq ?? ''));
  if (wanted?.kind !== 'region') return [false, false];
  const strict = places.some((p) => p.kind === 'region' && p.name === wanted.name);
  const inside = regionClosure(wanted.name);
  const countries = countriesOfRegion(wanted.name);
  const lenient =
    strict ||
    places.some(
      (p) => (p.kind === 'region' && inside.has(p.name)) || (p.kind !== 'region' && !!p.countryCode && countries.has(p.countryCode)),
    );
  return [lenient, strict];
}

function cityHit(op: Op, places: PlaceMatch[]): boolean {
  const name = String(op.eq ?? op.contains ?? '');
  // The label's city as the gazetteer names it ("Gothenburg" is Göteborg, "São Paulo" Sao Paulo).
  const labelled = resolvePlace(name);
  const keys = new Set([placeKey(name), ...(labelled?.kind === 'city' && labelled.city ? [placeKey(labelled.city)] : [])]);
  return places.some((p) => p.kind === 'city' && keys.has(placeKey(p.city ?? '')));
}

function looselyIn(x: string, values: string[]): boolean {
  const v = x.toLowerCase();
  return values.some((p) => {
    const q = p.toLowerCase();
    return q.includes(v) || v.includes(q);
  });
}

function sectorHit(ops: Op[], filters: CompanyFilters): boolean {
  const inc = [...(filters.industries?.include ?? []), ...(filters.categories?.include ?? [])];
  const exc = [...(filters.industries?.exclude ?? []), ...(filters.categories?.exclude ?? [])];
  for (const op of ops) {
    const wanted: string[] = [];
    if (typeof op.contains === 'string') wanted.push(op.contains);
    if (Array.isArray(op.contains)) wanted.push(...op.contains.map(String));
    if (Array.isArray(op.contains_all)) wanted.push(...op.contains_all.map(String));
    if (typeof op.eq === 'string') wanted.push(op.eq);
    for (const w of wanted) if (!looselyIn(w, inc)) return false;
    const unwanted: string[] = [];
    if (typeof op.not_contains === 'string') unwanted.push(op.not_contains);
    if (Array.isArray(op.not_contains)) unwanted.push(...op.not_contains.map(String));
    for (const w of unwanted) if (!looselyIn(w, exc)) return false;
  }
  return true;
}

function expectedRange(op: Op): NumberRange {
  const r: NumberRange = {};
  const min = op.gte ?? (typeof op.eq === 'number' ? op.eq : undefined) ?? (op.gt !== undefined ? op.gt + 1 : undefined);
  const max = op.lte ?? (typeof op.eq === 'number' ? op.eq : undefined) ?? (op.lt !== undefined ? op.lt - 1 : undefined);
  if (min !== undefined) r.min = min;
  if (max !== undefined) r.max = max;
  return r;
}

function rangeHit(op: Op, got: NumberRange | undefined): boolean {
  const want = expectedRange(op);
  return (got?.min ?? null) === (want.min ?? null) && (got?.max ?? null) === (want.max ?? null);
}

/** "Series A" → series_a, "Pre-Seed" → pre_seed, "Series E+" → series_e_plus. */
export function stageValue(label: string): string {
  return label
    .toLowerCase()
    .replace(/\+/g, '_plus')
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_|_$/g, '');
}

const TYPE_VALUES: Record<string, CompanyType> = {
  'public company': 'public_company',
  'privately held': 'privately_held',
  'government agency': 'government_agency',
  nonprofit: 'nonprofit',
  'non-profit': 'nonprofit',
};

/** For each kind of filter: [the constraints carry it, the parsed filters set it (what)]. */
function spuriousChecks(c: Record<string, Op>, f: CompanyFilters): [SpuriousGroup, boolean, unknown][] {
  const nonEmpty = (ie: { include?: string[]; exclude?: string[] } | undefined) =>
    !!ie && ((ie.include?.length ?? 0) > 0 || (ie.exclude?.length ?? 0) > 0);
  const sector = nonEmpty(f.industries) || nonEmpty(f.categories);
  return [
    ['place', !!(c.country || c.region || c.city || c.offices), nonEmpty(f.locations) ? f.locations : undefined],
    ['industry/category', !!(c.industry || c.category), sector ? { industries: f.industries, categories: f.categories } : undefined],
    ['employees', !!c.employees, f.employee_count],
    ['funding', !!c.funding, f.total_funding_usd],
    ['funding stage', !!c.funding_stage, f.funding_stages?.length ? f.funding_stages : undefined],
    ['founded year', !!c.founded_year, f.founded_year],
    ['company type', !!c.company_type, f.company_types?.length ? f.company_types : undefined],
  ];
}

export function evaluateCompanyParser(rows: CompanyEvalRow[] = loadCompanyRows()): CompanyEvalResult {
  const counts = new Map<CompanyField, { hits: number; total: number; strict: number }>();
  for (const f of COMPANY_FIELDS) counts.set(f, { hits: 0, total: 0, strict: 0 });
  const failures: CompanyEvalFailure[] = [];
  const unscored: Record<string, number> = {};
  const spuriousCounts = new Map<SpuriousGroup, { spurious: number; total: number }>();
  for (const g of SPURIOUS_GROUPS) spuriousCounts.set(g, { spurious: 0, total: 0 });
  const spuriousCases: CompanyEvalSpurious[] = [];
  for (const row of rows) {
    const parsed = parseCompanyQuery(row.text);
    const f = parsed.filters;
    const places = parsedPlaces(f);
    const c = row.constraints as Record<string, Op>;
    for (const [group, labelled, got] of spuriousChecks(c, f)) {
      if (labelled) continue;
      const n = spuriousCounts.get(group) as { spurious: number; total: number };
      n.total++;
      if (got !== undefined) {
        n.spurious++;
        spuriousCases.push({ query_id: row.query_id, text: row.text, group, got });
      }
    }
    const score = (field: CompanyField, ok: boolean, expected: unknown, got: unknown, strict = ok) => {
      const n = counts.get(field) as { hits: number; total: number; strict: number };
      n.total++;
      if (ok) n.hits++;
      if (strict) n.strict++;
      if (!ok) failures.push({ query_id: row.query_id, text: row.text, field, expected, got });
    };
    for (const key of Object.keys(c)) if ((UNSCORED_FIELDS as readonly string[]).includes(key)) unscored[key] = (unscored[key] ?? 0) + 1;
    if (c.country) {
      const [ok, strict] = countryHit(c.country, places);
      score('country', ok, c.country, describePlaces(f), strict);
    }
    if (c.region) {
      const [ok, strict] = regionHit(c.region, places);
      score('region', ok, c.region, describePlaces(f), strict);
    }
    if (c.city) score('city', cityHit(c.city, places), c.city, describePlaces(f));
    const sectorOps = [c.industry, c.category].filter((x): x is Op => !!x);
    if (sectorOps.length)
      score(
        'industry/category',
        sectorHit(sectorOps, f),
        { industry: c.industry, category: c.category },
        { industries: f.industries ?? null, categories: f.categories ?? null },
      );
    if (c.employees) score('employees', rangeHit(c.employees, f.employee_count), c.employees, f.employee_count ?? null);
    if (c.funding) score('funding', rangeHit(c.funding, f.total_funding_usd), c.funding, f.total_funding_usd ?? null);
    if (c.founded_year) score('founded year', rangeHit(c.founded_year, f.founded_year), c.founded_year, f.founded_year ?? null);
    if (c.funding_stage) {
      const want = stageValue(String(c.funding_stage.contains ?? c.funding_stage.eq ?? ''));
      score(
        'funding stage',
        (f.funding_stages ?? []).some((s) => s === want),
        c.funding_stage,
        f.funding_stages ?? null,
      );
    }
    if (c.company_type) {
      const want = TYPE_VALUES[String(c.company_type.eq ?? c.company_type.contains ?? '').toLowerCase()];
      score('company type', !!want && (f.company_types ?? []).includes(want), c.company_type, f.company_types ?? null);
    }
  }
  const figures: FieldFigure[] = COMPANY_FIELDS.map((field) => {
    const n = counts.get(field) as { hits: number; total: number; strict: number };
    const fig: FieldFigure = { field, hits: n.hits, total: n.total, pct: pct(n.hits, n.total) };
    if (field === 'country' || field === 'region') fig.strictHits = n.strict;
    return fig;
  });
  const spurious: SpuriousFigure[] = SPURIOUS_GROUPS.map((group) => {
    const n = spuriousCounts.get(group) as { spurious: number; total: number };
    return { group, spurious: n.spurious, total: n.total, pct: pct(n.spurious, n.total) };
  });
  return { total: rows.length, figures, failures, unscored, spurious, spuriousCases };
}
