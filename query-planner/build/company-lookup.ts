/**
 * The query that finds a company by exact name or alias: a case- and accent-insensitive term
 * on `name.keyword` or `aliases.keyword` (both with the lowercase keyword normaliser), a name
 * match ranking above an alias match. Pure; the lookups that run it are the server's
 * (server/commands/search/resolve-companies.ts).
 */
import type { Query } from '../../search-engine/port.js';

/** The value the keyword normaliser would store: lowercase, accents folded, spaces collapsed. */
export function keywordValue(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** The query finding a company by exact name or alias. */
export function companyLookupQuery(text: string): Query {
  const value = keywordValue(text);
  return {
    bool: {
      should: [
        { constant_score: { filter: { term: { 'name.keyword': value } }, boost: 2 } },
        { constant_score: { filter: { term: { 'aliases.keyword': value } }, boost: 1 } },
      ],
      minimum_should_match: 1,
    },
  };
}
