/**
 * Normalisation of AdvancedFilters as REST receives them, before the query builders: `where`
 * merged into the top level, `keywords` text split into a list, and every size limit of
 * PEOPLE_SEARCH_LIMITS applied silently, each adjustment reported as a receipt.
 */
import {
  type AdvancedFilters,
  advancedFiltersSchema,
  type CompanyFilter,
  type IncludeExclude,
  type LanguageFilter,
  type RawAdvancedFilters,
} from '../advanced-filters.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../limits.js';

export type { RawAdvancedFilters };

export interface NormalizedFilters {
  filters: AdvancedFilters;
  receipts: Receipt[];
}

/** The filter fields (every schema property but `where`). */
const FILTER_KEYS = new Set(Object.keys(advancedFiltersSchema.properties).filter((k) => k !== 'where'));

const L = PEOPLE_SEARCH_LIMITS;

/**
 * Splits keyword text into keywords. With a comma outside quotes, the commas separate keywords
 * (`machine learning, rust`); otherwise whitespace does, and a double-quoted phrase stays one
 * keyword (`"machine learning" rust`). Quotes are dropped, inner whitespace collapsed.
 */
export function splitKeywords(text: string): string[] {
  const byComma = text.replace(/"[^"]*"/g, '').includes(',');
  const out: string[] = [];
  let current = '';
  let quoted = false;
  const flush = () => {
    const v = current.replace(/\s+/g, ' ').trim();
    if (v) out.push(v);
    current = '';
  };
  for (const ch of text) {
    if (ch === '"') {
      if (!byComma) flush();
      quoted = !quoted;
    } else if (!quoted && (ch === ',' || (!byComma && /\s/.test(ch)))) flush();
    else current += ch;
  }
  flush();
  return out;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * `value` cut to at most `max` UTF-16 code units (the characters JavaScript and OpenSearch
 * count), never inside a surrogate pair, so that a value sent to a keyword field stays within
 * its `ignore_above` (256) however many characters lie outside the Basic Multilingual Plane.
 */
export function cutValue(value: string, max: number): string {
  if (value.length <= max) return value;
  const end = /[\uD800-\uDBFF]/.test(value.charAt(max - 1)) ? max - 1 : max;
  return value.slice(0, end);
}

/**
 * Applies list and value limits to filter lists (people, job and company filters), each
 * adjustment reported as a receipt located by JSON pointer relative to the filters.
 */
/**
 * Text without invisible format characters (Unicode Cf: zero-width space and joiners, the word
 * joiner, the byte-order mark, soft hyphens, direction marks). Pasted text carries them unseen,
 * and a search for "soft\u200bware engineer" then matched no one: the engines split words there.
 */
export const withoutInvisible = (text: string): string => text.replace(/\p{Cf}/gu, '');

export class ListNormalizer {
  readonly receipts: Receipt[] = [];

  constructor(private readonly limits: { listValues: number; valueChars: number }) {}

  receipt(path: string, action: Receipt['action'], message: string): void {
    this.receipts.push({ path, action, message });
  }

  cut(value: string): string {
    return cutValue(value, this.limits.valueChars);
  }

  /**
   * Trims, drops empty values, cuts long values, removes duplicates (case-insensitively unless
   * `exact`) and keeps the first `max`; one receipt per kind of adjustment.
   */
  list(path: string, values: readonly unknown[] | undefined, max = this.limits.listValues, exact = false): string[] | undefined {
    if (values === undefined) return undefined;
    const strings = values.filter((v): v is string => typeof v === 'string').map((v) => withoutInvisible(v).trim());
    const nonEmpty = strings.filter((v) => v.length > 0);
    const dropped = values.length - nonEmpty.length;
    if (dropped > 0) this.receipt(path, 'ignored', `Dropped ${plural(dropped, 'empty or non-text value')}.`);
    const cutValues = nonEmpty.map((v) => this.cut(v));
    const long = cutValues.filter((v, i) => v !== nonEmpty[i]).length;
    if (long > 0) this.receipt(path, 'truncated', `Cut ${plural(long, 'value')} to ${this.limits.valueChars} characters.`);
    const seen = new Set<string>();
    const deduped = cutValues.filter((v) => {
      const key = exact ? v : v.toLowerCase();
      if (seen.has(key)) return false;
      seen.add(key);
      return true;
    });
    const duplicates = cutValues.length - deduped.length;
    if (duplicates > 0) {
      this.receipt(path, 'normalized', `Removed ${plural(duplicates, 'duplicate value')}${exact ? '' : ' (compared case-insensitively)'}.`);
    }
    if (deduped.length > max) {
      this.receipt(path, 'truncated', `Used the first ${max} of ${deduped.length} values.`);
      return deduped.slice(0, max);
    }
    return deduped;
  }

  /** Values of an enumeration (already validated): duplicates removed, the first `listValues` kept. */
  enumList<T extends string>(path: string, values: readonly T[] | undefined): T[] | undefined {
    return this.list(path, values, this.limits.listValues, true) as T[] | undefined;
  }

  includeExclude(path: string, f: IncludeExclude | undefined): IncludeExclude | undefined {
    if (!f) return undefined;
    const out: IncludeExclude = {};
    const include = this.list(`${path}/include`, f.include);
    const exclude = this.list(`${path}/exclude`, f.exclude);
    if (include) out.include = include;
    if (exclude) out.exclude = exclude;
    return out;
  }

  /** Keywords as text (split by splitKeywords, with a receipt) or as a list. */
  keywords(path: string, value: string | readonly unknown[] | undefined): string[] | undefined {
    if (typeof value !== 'string') return this.list(path, value);
    const split = splitKeywords(value);
    this.receipt(path, 'normalized', `Split the keywords text into ${plural(split.length, 'keyword')}.`);
    return this.list(path, split);
  }

  /** Company filters: at most `listValues` of them, names limited to `names` per identity. */
  companies(list: CompanyFilter[] | undefined, names: number): CompanyFilter[] | undefined {
    if (!list) return undefined;
    const max = this.limits.listValues;
    if (list.length > max) this.receipt('/companies', 'truncated', `Used the first ${max} of ${list.length} company filters.`);
    return list.slice(0, max).map((company, i) => {
      const path = `/companies/${i}/where/identity`;
      const identity = company.where?.identity ?? {};
      const out: NonNullable<CompanyFilter['where']['identity']> = {};
      const kept = {
        names: this.list(`${path}/names`, identity.names, names),
        ids: this.list(`${path}/ids`, identity.ids, max, true),
        domains: this.list(`${path}/domains`, identity.domains),
      };
      if (kept.names) out.names = kept.names;
      if (kept.ids) out.ids = kept.ids;
      if (kept.domains) out.domains = kept.domains;
      const where: CompanyFilter['where'] = { identity: out };
      if (company.where?.search_id) where.search_id = company.where.search_id;
      return { ...company, where };
    });
  }
}

class Normalizer extends ListNormalizer {
  constructor() {
    super(L);
  }

  languages(list: LanguageFilter[] | undefined): LanguageFilter[] | undefined {
    if (!list) return undefined;
    const seen = new Set<string>();
    let long = 0;
    let duplicates = 0;
    let empty = 0;
    const out: LanguageFilter[] = [];
    for (const l of list) {
      const name = this.cut(l.name.trim());
      const proficiency = l.proficiency === undefined ? undefined : this.cut(l.proficiency.trim());
      if (!name) {
        empty++;
        continue;
      }
      if (name !== l.name.trim() || (proficiency !== undefined && proficiency !== l.proficiency?.trim())) long++;
      const key = `${name.toLowerCase()}\u0000${proficiency?.toLowerCase() ?? ''}`;
      if (seen.has(key)) {
        duplicates++;
        continue;
      }
      seen.add(key);
      out.push(proficiency ? { name, proficiency } : { name });
    }
    if (empty > 0) this.receipt('/languages', 'ignored', `Dropped ${plural(empty, 'language')} without a name.`);
    if (long > 0) this.receipt('/languages', 'truncated', `Cut ${plural(long, 'language')} to ${L.valueChars} characters.`);
    if (duplicates > 0)
      this.receipt('/languages', 'normalized', `Removed ${plural(duplicates, 'duplicate language')} (compared case-insensitively).`);
    if (out.length > L.listValues) {
      this.receipt('/languages', 'truncated', `Used the first ${L.listValues} of ${out.length} languages.`);
      return out.slice(0, L.listValues);
    }
    return out;
  }

  /** `where` fields copied to the top level where the top level does not set them. */
  mergeWhere(raw: RawAdvancedFilters): Record<string, unknown> {
    const merged: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(raw)) if (FILTER_KEYS.has(k)) merged[k] = v;
    const where = raw.where;
    if (where === undefined) return merged;
    if (!where || typeof where !== 'object' || Array.isArray(where)) {
      this.receipt('/where', 'ignored', 'where is not an object; ignored.');
      return merged;
    }
    let used = 0;
    for (const [k, v] of Object.entries(where)) {
      if (!FILTER_KEYS.has(k)) this.receipt(`/where/${k}`, 'ignored', `"${k}" is not a filter field; ignored.`);
      else if (merged[k] !== undefined) this.receipt(`/where/${k}`, 'ignored', `"${k}" is also given at the top level, which wins.`);
      else {
        merged[k] = v;
        used++;
      }
    }
    if (used > 0) this.receipt('/where', 'normalized', `Merged ${plural(used, 'field')} of where into the top level.`);
    return merged;
  }
}

/**
 * Applies every limit of PEOPLE_SEARCH_LIMITS (company names to 100, connected_to and
 * exclude_connected_to to 25, other lists to 100 values, values to 200 characters), splits a
 * `keywords` string, merges `where` into the top level (top level wins) and removes duplicate
 * values (case-insensitively; ids exactly). Sort aliases are kept as given. Does not modify
 * `raw`; `where` contents should be validated against the schema by the caller after merging.
 */
export function normalizeFilters(raw: RawAdvancedFilters): NormalizedFilters {
  const n = new Normalizer();
  const merged = n.mergeWhere(raw) as RawAdvancedFilters;
  const out: AdvancedFilters = {};

  if (merged.job_titles) {
    const t = n.includeExclude('/job_titles', merged.job_titles) ?? {};
    out.job_titles = merged.job_titles.current_only === undefined ? t : { ...t, current_only: merged.job_titles.current_only };
  }
  const enumList = <T extends string>(key: keyof AdvancedFilters, values: T[] | undefined): T[] | undefined =>
    n.enumList(`/${key}`, values);
  const set = <K extends keyof AdvancedFilters>(key: K, value: AdvancedFilters[K] | undefined) => {
    if (value !== undefined) out[key] = value;
  };
  set('seniority', enumList('seniority', merged.seniority));
  set('functions', enumList('functions', merged.functions));
  set('companies', n.companies(merged.companies, L.companyNames));
  set('industries', n.includeExclude('/industries', merged.industries));
  set('locations', n.includeExclude('/locations', merged.locations));
  set('years_experience', merged.years_experience);
  set('average_role_tenure_months', merged.average_role_tenure_months);
  set('skills', n.includeExclude('/skills', merged.skills));
  set('schools', n.list('/schools', merged.schools));
  set('degrees', n.list('/degrees', merged.degrees));
  set('languages', n.languages(merged.languages));
  set('revenue', merged.revenue);
  set('company_status', enumList('company_status', merged.company_status));
  set('company_size', merged.company_size);
  set('company_stage', enumList('company_stage', merged.company_stage));
  set('connection_degrees', enumList('connection_degrees', merged.connection_degrees));
  set('connected_to', n.list('/connected_to', merged.connected_to, L.connectedTo, true));
  set('exclude_connected_to', n.list('/exclude_connected_to', merged.exclude_connected_to, L.connectedTo, true));
  set('keywords', n.keywords('/keywords', merged.keywords));
  set('additional_context_keywords_core', n.list('/additional_context_keywords_core', merged.additional_context_keywords_core));
  set(
    'additional_context_keywords_supporting',
    n.list('/additional_context_keywords_supporting', merged.additional_context_keywords_supporting),
  );
  set('cohort_refs', n.list('/cohort_refs', merged.cohort_refs, L.listValues, true));
  set('sort_by', merged.sort_by);
  set('sort_order', merged.sort_order);
  return { filters: out, receipts: n.receipts };
}
