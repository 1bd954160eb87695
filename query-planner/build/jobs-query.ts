/**
 * Job-search filters and residual text → query DSL on the JOBS index (mappings/indices.ts).
 * Pure: company search ids and company mentions are resolved to ids by the caller first.
 * docs/job-search.md describes every clause.
 */
import type { Query, SearchBody, SortClause } from '../../search-engine/port.js';
import type { CompanyFilter, NumberRange } from '../advanced-filters.js';
import { type JobFilters, withinDaysApplied } from '../job-filters.js';
import type { Receipt } from '../limits.js';
import { placeClause, resolvePlace, unresolvedPlaceClause } from '../places.js';
import { type TitleAlternative, titleAlternatives } from '../title-match.js';
import { titleVariants } from '../title-variants.js';
import { Clauses } from './clauses.js';
import { allOfWithout, anyOf, distinctWords, lower, matchNone, matchPhrase, present, termsClauses, termsIfKnown } from './dsl.js';

export const JOB_TEXT_FIELDS = ['title^3', 'description', 'company_name^2'] as const;

const DAY_MS = 86_400_000;

export interface JobsQueryInput {
  filters: JobFilters;
  /** Residual words: relevance, or required when no filter applies. */
  text?: string[];
  now: Date;
  from: number;
  size: number;
}

export interface BuiltJobsQuery {
  body: SearchBody;
  /** The filtering part alone, recorded with the search activity. */
  filterQuery: Query;
  receipts: Receipt[];
  matchesNothing: string | null;
}

function titles(f: JobFilters, c: Clauses): void {
  const t = f.hiring?.titles;
  const include = present(t?.include);
  const exclude = present(t?.exclude);
  const phrases = (list: string[]) => list.flatMap(titleVariants).map((v) => matchPhrase('title', v));
  // A title's broader reading (title-match.ts) on the posting: its level as the posting's
  // seniority, its tool named in the description.
  const alternative = (a: TitleAlternative): Query =>
    allOfWithout(
      [
        anyOf(a.spellings.map((v) => matchPhrase('title', v))),
        ...(a.seniority ? [{ terms: { seniority: a.seniority } }] : []),
        ...(a.functions ? [{ terms: { function: a.functions } }] : []),
        ...(a.functionIfKnown ? [termsIfKnown('function', [a.functionIfKnown])] : []),
        ...(a.skill ? [matchPhrase('description', a.skill)] : []),
      ],
      'title',
      a.excludeWords,
    );
  if (include.length) {
    c.filter.push(anyOf([...phrases(include), ...include.flatMap(titleAlternatives).map(alternative)]));
    c.should.push({ terms: { 'title.keyword': lower(include), boost: 2 } });
  }
  if (exclude.length) c.mustNot.push(...phrases(exclude));
}

function locations(f: JobFilters, c: Clauses): void {
  const include = [...present(f.locations?.include), ...present(f.hiring?.locations?.include)];
  const exclude = [...present(f.locations?.exclude), ...present(f.hiring?.locations?.exclude)];
  const clause = (text: string, path: string, loose: boolean): Query => {
    const place = resolvePlace(text);
    if (place) return placeClause(loose || place.kind !== 'city' ? place : { ...place, metro: undefined }, 'locations');
    c.receipt(path, 'normalized', `"${text}" is not a known place; it was matched as a phrase in the location text.`);
    return unresolvedPlaceClause(text, 'locations');
  };
  if (include.length) c.filter.push(anyOf(include.map((p, i) => clause(p, `/locations/include/${i}`, true))));
  c.mustNot.push(...exclude.map((p, i) => clause(p, `/locations/exclude/${i}`, false)));
}

function companies(list: CompanyFilter[] | undefined, c: Clauses): void {
  (list ?? []).forEach((company, i) => {
    const identity = company.where.identity ?? {};
    const clauses: Query[] = [
      ...termsClauses('company_id', present(identity.ids)),
      ...present(identity.names).map((n) => matchPhrase('company_name', n)),
    ];
    const domains = lower(present(identity.domains));
    if (domains.length) clauses.push({ terms: { 'company.domain': domains } });
    if (company.relation === 'past_employment')
      c.receipt(`/companies/${i}/relation`, 'ignored', 'A job posting has one company, the hiring one; the relation was ignored.');
    if (!clauses.length) {
      c.receipt(`/companies/${i}`, 'ignored', 'This company filter names no company and was not applied.');
      return;
    }
    if (company.operator === 'exclude') c.mustNot.push(anyOf(clauses));
    else c.filter.push(anyOf(clauses));
  });
}

function range(field: string, r: NumberRange | undefined, label: string, c: Clauses): void {
  if (!r || (r.min === undefined && r.max === undefined)) return;
  if (r.min !== undefined && r.max !== undefined && r.min > r.max) {
    c.matchNothing(`${label}: min ${r.min} is above max ${r.max}`);
    return;
  }
  const bounds: Record<string, number> = {};
  if (r.min !== undefined) bounds.gte = r.min;
  if (r.max !== undefined) bounds.lte = r.max;
  c.filter.push({ range: { [field]: bounds } });
}

const isBareDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/** Publication dates: hard filters on `published_at`. */
function dates(f: JobFilters, now: Date, c: Clauses): void {
  const h = f.hiring ?? {};
  const bounds: { gte?: number; lte?: number; lt?: number } = {};
  const later = (a: number | undefined, b: number) => (a === undefined ? b : Math.max(a, b));
  if (h.published_within_days !== undefined) {
    const days = withinDaysApplied(h.published_within_days);
    if (days !== h.published_within_days)
      c.receipt('/hiring/published_within_days', 'clamped', `published_within_days ${h.published_within_days} was read as ${days}.`);
    bounds.gte = later(bounds.gte, now.getTime() - days * DAY_MS);
  }
  if (h.published_after) bounds.gte = later(bounds.gte, Date.parse(h.published_after));
  if (h.published_before) {
    const t = Date.parse(h.published_before);
    if (isBareDate(h.published_before)) bounds.lt = t + DAY_MS;
    else bounds.lte = t;
  }
  const upper = bounds.lt ?? (bounds.lte === undefined ? undefined : bounds.lte + 1);
  if (bounds.gte !== undefined && upper !== undefined && bounds.gte >= upper) {
    c.matchNothing('the publication window is empty: its start is after its end');
    return;
  }
  if (Object.keys(bounds).length === 0) return;
  const iso: Record<string, string> = {};
  for (const [k, v] of Object.entries(bounds)) iso[k] = new Date(v).toISOString();
  c.filter.push({ range: { published_at: iso } });
}

/** Builds the search body of one job-search page. */
export function buildJobsQuery(input: JobsQueryInput): BuiltJobsQuery {
  const f = input.filters;
  const h = f.hiring ?? {};
  const c = new Clauses();
  titles(f, c);
  locations(f, c);
  if (h.workplace_types?.length) c.filter.push({ terms: { workplace_type: [...new Set(h.workplace_types)] } });
  if (h.employment_types?.length) c.filter.push({ terms: { employment_type: [...new Set(h.employment_types)] } });
  if (h.functions?.length) c.filter.push({ terms: { function: [...new Set(h.functions)] } });
  if (h.seniority?.length) c.filter.push({ terms: { seniority: [...new Set(h.seniority)] } });
  dates(f, input.now, c);
  companies(f.companies, c);
  const industries = { include: lower(present(f.industries?.include)), exclude: lower(present(f.industries?.exclude)) };
  if (industries.include.length) c.filter.push({ terms: { 'company.industry': industries.include } });
  if (industries.exclude.length) c.mustNot.push({ terms: { 'company.industry': industries.exclude } });
  if (f.company_stage?.length) c.filter.push({ terms: { 'company.funding_stage': [...new Set(f.company_stage)] } });
  range('company.employee_count', f.company_size, 'company_size', c);
  if (f.company_status?.length) c.filter.push({ terms: { 'company.status': [...new Set(f.company_status)] } });
  for (const k of present(f.keywords)) {
    c.filter.push({ multi_match: { query: distinctWords(k), type: 'cross_fields', operator: 'and', fields: [...JOB_TEXT_FIELDS] } });
  }
  const words = present(input.text);
  const filtered = c.filter.length > 0 || c.mustNot.length > 0;
  if (words.length) {
    const query = distinctWords(words.join(' '));
    const text: Query = { multi_match: { query, type: 'best_fields', operator: 'or', fields: [...JOB_TEXT_FIELDS] } };
    (filtered ? c.should : c.must).push(text);
  }
  const filterQuery: Query = filtered ? { bool: { filter: c.filter, must_not: c.mustNot } } : { match_all: {} };
  const sort: SortClause[] = words.length || c.should.length ? [{ _score: 'desc' }] : [];
  sort.push({ published_at: { order: 'desc' } }, { id: 'asc' });
  const nothing = c.nothing[0] ?? null;
  return {
    body: { query: nothing ? matchNone() : c.toQuery(), from: input.from, size: input.size, sort, track_total_hits: true },
    filterQuery: nothing ? matchNone() : filterQuery,
    receipts: c.receipts,
    matchesNothing: nothing,
  };
}
