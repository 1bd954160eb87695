/**
 * The facts a batch's documents copy from other indices (a company's facts into profiles and
 * jobs, authors' names into posts), fetched from the engine with a bounded per-run cache.
 */
import { INDICES } from '../mappings/indices.js';
import type { DocumentKind } from '../mappings/record-schemas.js';
import type { SearchEngine } from '../search-engine/port.js';
import { type CompanyFacts, factsOf, type Lookups, lookupsNeeded } from './transform/documents.js';

/** Company facts and names fetched during one run (bounded), so a large load does not re-fetch them. */
export type CompanyCache = Map<string, { facts: CompanyFacts; name: string | null } | null>;
const CACHE_LIMIT = 100_000;

/** Which lookup sources exist; resolved once per file (the aliases do not move during a load). */
export interface Sources {
  companies: boolean;
  profiles: boolean;
}

/** The ids a batch's documents copy facts or names from (companies, authors). */
export interface LookupNeeds {
  companyIds: string[];
  personIds: string[];
  /** Posts by companies: their authors' names come from the companies index. */
  companyAuthorIds: string[];
}

export function needsOf(kind: DocumentKind, records: Record<string, unknown>[]): LookupNeeds {
  return {
    ...lookupsNeeded(kind, records),
    companyAuthorIds: kind === 'posts' ? records.filter((r) => r.author_entity_type === 'company').map((r) => r.author_id as string) : [],
  };
}

export async function fetchLookups(
  engine: SearchEngine,
  kind: DocumentKind,
  needs: LookupNeeds,
  sources: Sources,
  cache: CompanyCache,
): Promise<Lookups> {
  const { companyIds, personIds } = needs;
  const lookups: Lookups = { companies: new Map(), companyNames: new Map(), authorNames: new Map() };
  // What the cache holds is taken before any await: a batch in flight beside this one may clear it.
  const found = new Map<string, { facts: CompanyFacts; name: string | null } | null>();
  const missing: string[] = [];
  for (const id of companyIds) {
    if (cache.has(id)) found.set(id, cache.get(id) ?? null);
    else missing.push(id);
  }
  if (missing.length && sources.companies) {
    const docs = await engine.mget<Record<string, unknown>>(INDICES.companies.alias, missing);
    if (cache.size > CACHE_LIMIT) cache.clear();
    missing.forEach((id, i) => {
      const doc = docs[i] as Record<string, unknown> | null;
      const entry = doc ? { facts: factsOf(doc), name: typeof doc.name === 'string' ? doc.name : null } : null;
      cache.set(id, entry);
      found.set(id, entry);
    });
  }
  for (const id of companyIds) {
    const known = found.get(id);
    if (!known) continue;
    lookups.companies.set(id, known.facts);
    if (known.name) lookups.companyNames.set(id, known.name);
  }
  if (kind === 'posts') {
    if (personIds.length && sources.profiles) {
      const people = await engine.mget<{ display_name?: string }>(INDICES.profiles.alias, personIds);
      personIds.forEach((id, i) => {
        const name = people[i]?.display_name;
        if (name) lookups.authorNames.set(id, name);
      });
    }
    const companyAuthors = needs.companyAuthorIds;
    if (companyAuthors.length && sources.companies) {
      const companies = await engine.mget<{ name?: string }>(INDICES.companies.alias, companyAuthors);
      companyAuthors.forEach((id, i) => {
        const name = companies[i]?.name;
        if (name) lookups.authorNames.set(id, name);
      });
    }
  }
  return lookups;
}
