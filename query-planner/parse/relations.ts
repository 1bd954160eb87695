/**
 * Relationship phrases → connection degrees: "people I know" and "my connections" (1st),
 * "2nd degree" and "friends of friends" (2nd), "in my network" (1st and 2nd), "outside my
 * network" (3rd+).
 */
import type { ConnectionDegree } from '../advanced-filters.js';
import { claim, matchAt, phraseTable, type Token } from './tokens.js';
import { RELATION_PHRASES } from './vocabulary.js';

const TABLE = phraseTable(RELATION_PHRASES);

export interface RelationMention {
  degrees: ConnectionDegree[];
  from: number;
  to: number;
}

export function scanRelations(tokens: Token[]): RelationMention[] {
  const out: RelationMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const m = matchAt(tokens, i, TABLE);
    if (!m) continue;
    // "1st degree" only about connections, not degrees in another sense ("first degree in physics").
    let end = m.end;
    if (/degree$/.test(tokens[end - 1]?.norm ?? '') && /^(in|from|at)$/.test(tokens[end]?.norm ?? '')) continue;
    if (/^(connections?|contacts?)$/.test(tokens[end]?.norm ?? '')) end++;
    claim(tokens, i, end, 'relation');
    out.push({ degrees: [...m.value], from: i, to: end });
    i = end - 1;
  }
  return out;
}
