/**
 * AdvancedFilters → query-DSL clauses on the PROFILES index (mappings/indices.ts), field by
 * field. docs/query-planner.md describes every clause.
 */
import type { Query } from '../../search-engine/port.js';
import type { AdvancedFilters, CompanyFilter, NumberRange } from '../advanced-filters.js';
import { placeClause, resolvePlace, unresolvedPlaceClause } from '../places.js';
import { type TitleAlternative, titleAlternatives } from '../title-match.js';
import { titleVariants } from '../title-variants.js';
import type { Clauses } from './clauses.js';
import { allOf, allOfWithout, anyOf, distinctWords, lower, matchPhrase, nested, present, termsClauses, termsIfKnown } from './dsl.js';

/** Fields searched by keywords and residual text, with their boosts. */
export const PROFILE_TEXT_FIELDS = ['headline^2', 'current_title^3', 'bio', 'skills^2', 'current_company_name'] as const;

/** Boost of the scoring clauses that favour exact title matches. */
export const TITLE_BOOST = 2;

/** One required keyword (or context keyword): all its words, across the text fields. */
export function keywordQuery(keyword: string): Query {
  return { multi_match: { query: distinctWords(keyword), type: 'cross_fields', operator: 'and', fields: [...PROFILE_TEXT_FIELDS] } };
}

/** Residual text of the natural-language parser: any of its words, best field first. */
export function residualTextQuery(words: string[]): Query {
  return { multi_match: { query: distinctWords(words.join(' ')), type: 'best_fields', operator: 'or', fields: [...PROFILE_TEXT_FIELDS] } };
}

function jobTitles(f: AdvancedFilters['job_titles'], c: Clauses): void {
  if (!f) return;
  const include = present(f.include);
  const exclude = present(f.exclude);
  const currentOnly = f.current_only ?? true;
  const titleClauses = (titles: string[]): Query[] => {
    const spellings = titles.flatMap(titleVariants);
    const out = spellings.map((t) => matchPhrase('current_title', t));
    if (!currentOnly) out.push(nested('experiences', anyOf(spellings.map((t) => matchPhrase('experiences.title', t)))));
    return out;
  };
  if (include.length) {
    c.filter.push(anyOf([...titleClauses(include), ...include.flatMap(titleAlternatives).map(alternativeClause)]));
    // Exact titles first: a whole-title match, then closer phrase matches (BM25 favours short titles).
    c.should.push({ terms: { 'current_title.keyword': lower(include), boost: TITLE_BOOST } });
    for (const t of include) c.should.push({ match_phrase: { current_title: { query: t, boost: TITLE_BOOST } } });
  }
  if (exclude.length) c.mustNot.push(...titleClauses(exclude));
}

/**
 * A title's broader reading (title-match.ts) on the current title: "Junior Data Analyst" as a
 * "Data Analyst" of entry seniority, "Python Developer" as an engineering developer with the
 * skill Python.
 */
function alternativeClause(a: TitleAlternative): Query {
  const parts: Query[] = [anyOf(a.spellings.map((t) => matchPhrase('current_title', t)))];
  if (a.seniority) parts.push({ terms: { seniority: a.seniority } });
  if (a.functions) parts.push({ terms: { function: a.functions } });
  if (a.functionIfKnown) parts.push(termsIfKnown('function', [a.functionIfKnown]));
  if (a.skill) parts.push(anyOf(skillClauses([a.skill])));
  return allOfWithout(parts, 'current_title', a.excludeWords);
}

/** The match of one company filter, or null when it names no company usable for its relation. */
function companyClause(company: CompanyFilter, path: string, c: Clauses): Query | null {
  const identity = company.where?.identity ?? {};
  const names = present(identity.names);
  const ids = present(identity.ids);
  const domains = lower(present(identity.domains));
  const relation = company.relation ?? 'current_employment';

  const current: Query[] = [];
  if (ids.length) current.push({ terms: { current_company_id: ids } });
  if (domains.length) current.push({ terms: { 'current_company.domain': domains } });
  for (const n of names) current.push(matchPhrase('current_company_name', n));

  const experience: Query[] = [];
  if (ids.length) experience.push({ terms: { 'experiences.company_id': ids } });
  for (const n of names) experience.push(matchPhrase('experiences.company_name', n));
  const inExperiences = (isCurrent: boolean | null): Query | null => {
    if (!experience.length) return null;
    const match = anyOf(experience);
    return nested('experiences', isCurrent === null ? match : allOf([{ term: { 'experiences.is_current': isCurrent } }, match]));
  };

  const past = relation === 'past_employment';
  const options = past ? [inExperiences(false)] : [...current, inExperiences(relation === 'current_employment' ? true : null)];
  const clauses = options.filter((q): q is Query => q !== null);
  if (!clauses.length) {
    const why = past && domains.length ? 'past employment is matched by company id and name, not by domain' : 'it names no company';
    c.receipt(path, 'ignored', `This company filter was not applied: ${why}.`);
    return null;
  }
  if (past && domains.length) {
    c.receipt(
      `${path}/where/identity/domains`,
      'ignored',
      'Domains identify the current company only; past employment is matched by company id and name.',
    );
  }
  return anyOf(clauses);
}

function companies(list: AdvancedFilters['companies'], c: Clauses): void {
  (list ?? []).forEach((company, i) => {
    const clause = companyClause(company, `/companies/${i}`, c);
    if (!clause) return;
    if (company.operator === 'exclude') c.mustNot.push(clause);
    else c.filter.push(clause);
  });
}

/**
 * Included places match loosely (a city also finds its metro area); an excluded city rules out
 * that city only, not its whole metro.
 */
function locations(f: AdvancedFilters['locations'], c: Clauses): void {
  const toClause = (text: string, path: string, loose: boolean): Query => {
    const place = resolvePlace(text);
    if (place) return placeClause(loose || place.kind !== 'city' ? place : { ...place, metro: undefined }, 'location');
    c.receipt(path, 'normalized', `"${text}" is not a known place; it was matched as a phrase in the location text.`);
    return unresolvedPlaceClause(text, 'location');
  };
  const include = present(f?.include);
  const exclude = present(f?.exclude);
  if (include.length) c.filter.push(anyOf(include.map((p, i) => toClause(p, `/locations/include/${i}`, true))));
  c.mustNot.push(...exclude.map((p, i) => toClause(p, `/locations/exclude/${i}`, false)));
}

/**
 * A positive-value range. Missing and zero values never match. OpenSearch's range query keeps
 * only the last of `gt`/`gte` it reads, so the lower bound is one of them: `gte: min` when min is
 * positive, `gt: 0` otherwise.
 */
function range(field: string, r: NumberRange | undefined, label: string, c: Clauses): void {
  if (!r || (r.min === undefined && r.max === undefined)) return;
  const { min, max } = r;
  if (min !== undefined && max !== undefined && min > max) {
    c.matchNothing(`${label}: min ${min} is above max ${max}`);
    return;
  }
  if (max !== undefined && max <= 0) {
    c.matchNothing(`${label}: max ${max} leaves no positive value`);
    return;
  }
  const bounds: Record<string, number> = min !== undefined && min > 0 ? { gte: min } : { gt: 0 };
  if (max !== undefined) bounds.lte = max;
  c.filter.push({ range: { [field]: bounds } });
}

/** Any of the skills, by their whole name or as a phrase in one. */
const skillClauses = (list: string[]): Query[] => [
  { terms: { 'skills.keyword': lower(list) } },
  ...list.map((s) => matchPhrase('skills', s)),
];

function skills(f: AdvancedFilters['skills'], c: Clauses): void {
  const clauses = skillClauses;
  const include = present(f?.include);
  const exclude = present(f?.exclude);
  if (include.length) c.filter.push(anyOf(clauses(include)));
  if (exclude.length) c.mustNot.push(...clauses(exclude));
}

function education(f: AdvancedFilters, c: Clauses): void {
  const schools = present(f.schools);
  const degrees = present(f.degrees);
  if (schools.length) c.filter.push(nested('education', anyOf(schools.map((s) => matchPhrase('education.school', s)))));
  if (degrees.length) {
    const match = (d: string): Query => ({ match: { 'education.degree': { query: distinctWords(d), operator: 'and' } } });
    c.filter.push(nested('education', anyOf(degrees.map(match))));
  }
}

function languages(list: AdvancedFilters['languages'], c: Clauses): void {
  for (const l of list ?? []) {
    const name = l.name.trim().toLowerCase();
    if (!name) continue;
    const proficiency = l.proficiency?.trim().toLowerCase();
    const parts: Query[] = [{ term: { 'languages.name': name } }];
    if (proficiency) parts.push({ term: { 'languages.proficiency': proficiency } });
    c.filter.push(nested('languages', allOf(parts)));
  }
}

/** `terms` include / `must_not` exclude on a keyword field. */
function includeExclude(field: string, f: { include?: string[]; exclude?: string[] } | undefined, c: Clauses, lowercase: boolean): void {
  const values = (list: string[] | undefined) => (lowercase ? lower(present(list)) : present(list));
  const include = values(f?.include);
  const exclude = values(f?.exclude);
  if (include.length) c.filter.push({ terms: { [field]: include } });
  if (exclude.length) c.mustNot.push({ terms: { [field]: exclude } });
}

function text(f: AdvancedFilters, words: string[] | undefined, textRequired: boolean, c: Clauses): void {
  for (const k of present(f.keywords)) c.must.push(keywordQuery(k));
  const core = present(f.additional_context_keywords_core);
  if (core.length) c.must.push(anyOf(core.map(keywordQuery)));
  for (const k of present(f.additional_context_keywords_supporting)) c.should.push(keywordQuery(k));
  const residual = present(words);
  if (residual.length) (textRequired ? c.must : c.should).push(residualTextQuery(residual));
}

/** Adds the clauses of every non-graph filter, in the order of the AdvancedFilters fields. */
export function addFilterClauses(
  f: AdvancedFilters,
  extra: { text?: string[]; textRequired?: boolean; cohortIds?: string[] },
  c: Clauses,
): void {
  jobTitles(f.job_titles, c);
  if (present(f.seniority).length) c.filter.push({ terms: { seniority: present(f.seniority) } });
  if (present(f.functions).length) c.filter.push({ terms: { function: present(f.functions) } });
  companies(f.companies, c);
  includeExclude('current_company.industry', f.industries, c, true);
  locations(f.locations, c);
  range('years_experience', f.years_experience, 'years_experience', c);
  range('average_role_tenure_months', f.average_role_tenure_months, 'average_role_tenure_months', c);
  skills(f.skills, c);
  education(f, c);
  languages(f.languages, c);
  range('current_company.revenue_usd', f.revenue, 'revenue', c);
  if (present(f.company_status).length) c.filter.push({ terms: { 'current_company.status': present(f.company_status) } });
  range('current_company.employee_count', f.company_size, 'company_size', c);
  if (present(f.company_stage).length) c.filter.push({ terms: { 'current_company.funding_stage': present(f.company_stage) } });
  cohort(f, extra.cohortIds, c);
  text(f, extra.text, extra.textRequired ?? false, c);
}

function cohort(f: AdvancedFilters, ids: string[] | undefined, c: Clauses): void {
  // Not resolved here: the caller applies cohort_refs itself (or passes no refs).
  if (ids === undefined) return;
  const refs = present(f.cohort_refs);
  const values = present(ids);
  if (!values.length && !refs.length) return;
  if (!values.length) {
    c.matchNothing('cohort_refs: the referenced cohorts hold no profiles');
    return;
  }
  c.filter.push(anyOf(termsClauses('id', values)));
}
