/**
 * Relationship phrases → connection degrees: "people I know" and "my connections" (1st),
 * "2nd degree" and "friends of friends" (2nd), "in my network" (1st and 2nd), "outside my
 * network" (3rd+).
 */
import type { ConnectionDegree } from '../advanced-filters.js';
import { RELATION_PHRASES } from './lexicon/relations.js';
import { phraseTable, scanPhrases, type Token } from './tokens.js';

const TABLE = phraseTable(RELATION_PHRASES);

export interface RelationMention {
  degrees: ConnectionDegree[];
  from: number;
  to: number;
}

export function scanRelations(tokens: Token[]): RelationMention[] {
  return scanPhrases(tokens, TABLE, 'relation', (m) => {
    // "1st degree" only about connections, not degrees in another sense ("first degree in physics").
    let end = m.end;
    if (/degree$/.test(tokens[end - 1]?.norm ?? '') && /^(in|from|at)$/.test(tokens[end]?.norm ?? '')) return null;
    if (/^(connections?|contacts?)$/.test(tokens[end]?.norm ?? '')) end++;
    return { item: { degrees: [...m.value], from: m.from, to: end }, to: end };
  });
}
