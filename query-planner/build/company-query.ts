/**
 * CompanyFilters, residual text and resolved names → query DSL on the COMPANIES index
 * (mappings/indices.ts). Pure: the route resolves names and earlier company searches first.
 * docs/company-search.md describes every clause.
 */
import pluralize from 'pluralize';
import type { Query, SearchBody, SortClause } from '../../search-engine/port.js';
import type { NumberRange } from '../advanced-filters.js';
import { COMPANY_TYPE_INDUSTRIES, type CompanyFilters, type CompanyType } from '../company-filters.js';
import type { Receipt } from '../limits.js';
import { agentsOf } from '../parse/lexicon/activities.js';
import { placeClause, resolvePlace, unresolvedPlaceClause } from '../places.js';
import { Clauses } from './clauses.js';
import { anyOf, distinctWords, lower, matchNone, matchPhrase, present, termsClauses } from './dsl.js';

/** Text fields searched by keywords and residual words, with their boosts. */
export const COMPANY_TEXT_FIELDS = ['name^3', 'aliases^2', 'categories^2', 'description'] as const;

export interface CompanyQueryInput {
  filters: CompanyFilters;
  /** Residual words of a parsed query: relevance, or required when no filter applies. */
  text?: string[];
  /** Ids `filters.names` resolved to (names that resolved to nothing are matched as phrases). */
  nameIds?: { name: string; ids: string[] }[];
  /** Companies similar to these (parsed "companies like X"): same industry or categories rank first; X itself is left out. */
  similarTo?: { id: string; industry: string | null; categories: string[] }[];
  /** The query of an earlier company search (`filters.search_id`, resolved by the route). */
  restrictTo?: Query | null;
  from: number;
  size: number;
}

export interface BuiltCompanyQuery {
  body: SearchBody;
  /** The filtering part alone (no scoring text), stored so a later search can reuse the set. */
  filterQuery: Query;
  receipts: Receipt[];
  matchesNothing: string | null;
}

function range(field: string, r: NumberRange | undefined, label: string, c: Clauses): void {
  if (!r || (r.min === undefined && r.max === undefined)) return;
  const { min, max } = r;
  if (min !== undefined && max !== undefined && min > max) {
    c.matchNothing(`${label}: min ${min} is above max ${max}`);
    return;
  }
  const bounds: Record<string, number> = {};
  if (min !== undefined) bounds.gte = min;
  if (max !== undefined) bounds.lte = max;
  // A range needs a value: documents without the field never match a range query.
  c.filter.push({ range: { [field]: bounds } });
}

function companyTypeClause(type: CompanyType): Query {
  const nonCommercial = lower(Object.values(COMPANY_TYPE_INDUSTRIES));
  switch (type) {
    case 'public_company':
      return { term: { is_public: true } };
    case 'privately_held':
      return { bool: { filter: [{ term: { is_public: false } }], must_not: [{ terms: { industry: nonCommercial } }] } };
    case 'government_agency':
    case 'nonprofit':
      return { term: { industry: COMPANY_TYPE_INDUSTRIES[type].toLowerCase() } };
  }
}

/** A phrase with its last word in singular and plural ("ghost kitchens" → also "ghost kitchen"). */
export function phraseForms(phrase: string): string[] {
  const out = new Set<string>();
  // "pet-insurance" is also "pet insurance" (tags are written with spaces).
  for (const written of new Set([phrase, phrase.replace(/(\p{L})-(\p{L})/gu, '$1 $2')])) {
    const words = written.split(' ');
    const last = words.pop() ?? '';
    // Only plain words change number ("analytics", "ai", "b2b" stay as written).
    if (!/^\p{L}{3,}$/u.test(last)) out.add(written);
    // "grain trading" is also what "grain traders" tag themselves (parse/lexicon/activities.ts).
    else for (const w of [last, pluralize.singular(last), pluralize.plural(last), ...agentsOf(last)]) out.add([...words, w].join(' '));
  }
  return [...out];
}

/** Boost of a company whose tag or industry is an included category (over a description match). */
const SECTOR_BOOST = 2;

/**
 * One category value, matched as text: a category tag or the company's industry equal to it (in
 * singular or plural), the phrase inside a category ("pet insurance" in "pet insurance
 * marketplace"), the phrase in the description (stemmed), or the company's name or an alias
 * containing it. An unseen sector still filters.
 */
function categoryClause(value: string): Query {
  const forms = phraseForms(value.toLowerCase());
  return anyOf([
    { terms: { 'categories.keyword': forms } },
    { terms: { industry: forms } },
    ...forms.map((f) => matchPhrase('categories', f)),
    matchPhrase('description', value.toLowerCase()),
    // An unknown single word may be a company's own name ("notion", "stripe"): the company
    // itself matches too.
    matchPhrase('name', value),
    matchPhrase('aliases', value),
  ]);
}

/** An excluded category value: a tag, an industry or a category phrase (never the description). */
function excludedCategoryClause(value: string): Query[] {
  const forms = phraseForms(value.toLowerCase());
  return [{ terms: { 'categories.keyword': forms } }, { terms: { industry: forms } }, ...forms.map((f) => matchPhrase('categories', f))];
}

function locations(f: CompanyFilters['locations'], c: Clauses): void {
  const clause = (text: string): Query => {
    const place = resolvePlace(text);
    return place ? placeClause(place, 'headquarters') : unresolvedPlaceClause(text, 'headquarters');
  };
  const include = present(f?.include);
  const exclude = present(f?.exclude);
  if (include.length) c.filter.push(anyOf(include.map(clause)));
  if (exclude.length) c.mustNot.push(...exclude.map(clause));
}

function names(input: CompanyQueryInput, c: Clauses): void {
  const list = present(input.filters.names);
  if (!list.length) return;
  const resolved = new Map((input.nameIds ?? []).map((n) => [n.name, n.ids]));
  const clauses: Query[] = [];
  for (const name of list) {
    const ids = resolved.get(name) ?? [];
    if (ids.length) clauses.push(...termsClauses('id', ids));
    else clauses.push(matchPhrase('name', name), matchPhrase('aliases', name));
  }
  c.filter.push(anyOf(clauses));
}

function similar(input: CompanyQueryInput, c: Clauses): void {
  for (const s of input.similarTo ?? []) {
    c.mustNot.push({ term: { id: s.id } });
    if (s.industry) c.should.push({ term: { industry: { value: s.industry.toLowerCase(), boost: 2 } } });
    if (s.categories.length) c.should.push({ terms: { 'categories.keyword': lower(s.categories) } });
  }
}

/** Builds the search body of one company search page. */
export function buildCompanyQuery(input: CompanyQueryInput): BuiltCompanyQuery {
  const f = input.filters;
  const c = new Clauses();
  names(input, c);
  const industries = { include: lower(present(f.industries?.include)), exclude: lower(present(f.industries?.exclude)) };
  if (industries.include.length) c.filter.push({ terms: { industry: industries.include } });
  if (industries.exclude.length) c.mustNot.push({ terms: { industry: industries.exclude } });
  const categories = { include: lower(present(f.categories?.include)), exclude: lower(present(f.categories?.exclude)) };
  if (categories.include.length) {
    c.filter.push(anyOf(categories.include.map(categoryClause)));
    // A company tagged or filed under the sector ranks above one whose description only names it
    // ("SaaS" is the Software industry, and "software" is in many descriptions).
    const forms = [...new Set(categories.include.flatMap((v) => phraseForms(v)))];
    c.should.push({ terms: { 'categories.keyword': forms, boost: SECTOR_BOOST } }, { terms: { industry: forms, boost: SECTOR_BOOST } });
  }
  for (const x of categories.exclude) c.mustNot.push(...excludedCategoryClause(x));
  locations(f.locations, c);
  range('employee_count', f.employee_count, 'employee_count', c);
  range('founded_year', f.founded_year, 'founded_year', c);
  if (f.funding_stages?.length) c.filter.push({ terms: { funding_stage: [...new Set(f.funding_stages)] } });
  range('total_funding_usd', f.total_funding_usd, 'total_funding_usd', c);
  range('revenue_usd', f.revenue_usd, 'revenue_usd', c);
  if (f.status?.length) c.filter.push({ terms: { status: [...new Set(f.status)] } });
  if (f.company_types?.length) c.filter.push(anyOf([...new Set(f.company_types)].map(companyTypeClause)));
  for (const k of present(f.keywords)) {
    c.filter.push({ multi_match: { query: distinctWords(k), type: 'cross_fields', operator: 'and', fields: [...COMPANY_TEXT_FIELDS] } });
  }
  if (input.restrictTo) c.filter.push(input.restrictTo);
  similar(input, c);

  const filterQuery: Query = c.filter.length || c.mustNot.length ? { bool: { filter: c.filter, must_not: c.mustNot } } : { match_all: {} };
  const words = present(input.text);
  if (words.length) {
    const query = distinctWords(words.join(' '));
    const text: Query = { multi_match: { query, type: 'best_fields', operator: 'or', fields: [...COMPANY_TEXT_FIELDS] } };
    // With no filter at all, the words are the whole search: require one of them.
    (c.filter.length || c.mustNot.length ? c.should : c.must).push(text);
  }
  const sort: SortClause[] = [{ _score: 'desc' }, { employee_count: { order: 'desc', missing: '_last' } }, { id: 'asc' }];
  const nothing = c.nothing[0] ?? null;
  return {
    body: {
      query: nothing ? matchNone() : c.toQuery(),
      from: input.from,
      size: input.size,
      sort,
      track_total_hits: true,
    },
    filterQuery: nothing ? matchNone() : filterQuery,
    receipts: c.receipts,
    matchesNothing: nothing,
  };
}
