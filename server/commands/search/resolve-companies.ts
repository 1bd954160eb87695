/**
 * Resolves the employer mentions of a parsed query ("at Acme", "ex-Acme") against the
 * companies index: an exact, case- and accent-insensitive match on the company's name or one of
 * its aliases (`name.keyword`, `aliases.keyword`, both with the lowercase keyword normaliser).
 * A name match ranks above an alias match; among equals the larger company, then the smaller
 * id, wins, so both engines pick the same one. Without a companies index (nothing loaded yet),
 * every mention stays unresolved.
 */
import { COMPANIES } from '../../../mappings/indices.js';
import { companyLookupQuery, keywordValue } from '../../../query-planner/build/company-lookup.js';
import type { CompanyMention } from '../../../query-planner/parse/companies.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { SearchEngine } from '../../../search-engine/port.js';

export interface ResolvedCompany {
  mention: CompanyMention;
  id: string;
  name: string;
}

/** Resolves each mention to the one company it names, or leaves it unresolved. */
export async function resolveCompanyMentions(
  mentions: CompanyMention[],
  engine: SearchEngine,
): Promise<{ resolved: ResolvedCompany[]; unresolved: CompanyMention[] }> {
  const resolved: ResolvedCompany[] = [];
  const unresolved: CompanyMention[] = [];
  const cache = new Map<string, { id: string; name: string } | null>();
  for (const mention of mentions) {
    const key = keywordValue(mention.text);
    if (!key) {
      unresolved.push(mention);
      continue;
    }
    let hit = cache.get(key);
    if (hit === undefined) {
      try {
        const res = await engine.search<{ id?: string; name?: string }>(COMPANIES.alias, {
          query: companyLookupQuery(mention.text),
          size: 1,
          sort: [{ _score: 'desc' }, { employee_count: { order: 'desc', missing: '_last' } }, { id: 'asc' }],
          track_total_hits: false,
          _source: ['id', 'name'],
        });
        const top = res.hits[0];
        hit = top ? { id: top.source.id ?? top.id, name: top.source.name ?? mention.text } : null;
      } catch (e) {
        if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
        hit = null;
      }
      cache.set(key, hit);
    }
    if (hit) resolved.push({ mention, id: hit.id, name: hit.name });
    else unresolved.push(mention);
  }
  return { resolved, unresolved };
}
