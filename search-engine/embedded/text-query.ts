import { invalidQuery, unsupported } from '../errors.js';
import { quote, tokenize } from './analysis.js';
import type { FieldInfo, Scope, TextTable } from './catalog.js';
import { t } from './tables.js';

export interface Sql {
  sql: string;
  params: unknown[];
}

/** A field with its query-time boost (`headline^3`). */
export interface BoostedField {
  field: FieldInfo;
  boost: number;
}

export type TextMode = { kind: 'terms'; operator: 'or' | 'and' } | { kind: 'phrase'; slop: number } | { kind: 'prefix' };

/** Builds the FTS5 MATCH expression for text in `columns`. Returns null when nothing can match. */
function matchExpression(columns: string[], text: string, mode: TextMode, path: string): string | null {
  const tokens = tokenize(text);
  if (tokens.length === 0) return null;
  let body: string;
  if (mode.kind === 'phrase') {
    body = mode.slop > 0 ? `NEAR(${tokens.map(quote).join(' ')}, ${mode.slop})` : quote(tokens.join(' '));
  } else if (mode.kind === 'prefix') {
    if (tokens.length !== 1) throw invalidQuery('a prefix on a text field takes one word', path);
    body = `${quote(tokens[0] as string)} *`;
  } else {
    body = tokens.map(quote).join(mode.operator === 'and' ? ' AND ' : ' OR ');
  }
  return `{${columns.join(' ')}} : (${body})`;
}

/**
 * Full-text SQL over one or two FTS5 tables: `(d)` for filters, `(d, score)` for scoring,
 * the score being FTS5's BM25 weighted by each field's boost. `bound` is a condition on the
 * FTS5 rowid appended to the MATCH (QueryCompiler.boundCond), checked before BM25 is computed.
 */
export function textSql(
  scope: Scope,
  fields: BoostedField[],
  text: string,
  mode: TextMode,
  scored: boolean,
  boost: number,
  path: string,
  bound = '',
): Sql {
  const parts: Sql[] = [];
  for (const table of ['stem', 'name'] as TextTable[]) {
    const inTable = fields.filter((f) => f.field.text?.table === table);
    if (inTable.length === 0) continue;
    const expr = matchExpression(
      inTable.map((f) => f.field.text!.column),
      text,
      mode,
      path,
    );
    if (expr === null) continue;
    const fts = t.fts(scope, table);
    if (scored) {
      const weights = scope.textColumns[table].map((c) => inTable.find((f) => f.field.text!.column === c)?.boost ?? 0);
      // OFFSET 0 keeps SQLite from flattening this into an outer join or aggregate, where FTS5
      // refuses to evaluate bm25 ("unable to use function bm25 in the requested context").
      parts.push({
        sql: `SELECT d, score FROM (SELECT rowid AS d, -bm25(${fts}, ${weights.join(', ')}) * ${boost} AS score FROM ${fts} WHERE ${fts} MATCH ?${bound} LIMIT -1 OFFSET 0)`,
        params: [expr],
      });
    } else {
      parts.push({ sql: `SELECT rowid AS d FROM ${fts} WHERE ${fts} MATCH ?${bound}`, params: [expr] });
    }
  }
  if (parts.length === 0) return { sql: scored ? 'SELECT NULL AS d, 0 AS score WHERE 0' : 'SELECT NULL AS d WHERE 0', params: [] };
  if (parts.length === 1) return parts[0] as Sql;
  const union = parts.map((p) => p.sql).join(' UNION ALL ');
  const params = parts.flatMap((p) => p.params);
  return scored
    ? { sql: `SELECT d, sum(score) AS score FROM (${union}) GROUP BY d`, params }
    : { sql: `SELECT DISTINCT d FROM (${union})`, params };
}

/** Parses `"headline^3"` into a field of `scope` and its boost. */
export function boostedField(scope: Scope, spec: string, path: string): BoostedField {
  const m = /^([^^]+)(?:\^(\d+(?:\.\d+)?))?$/.exec(spec);
  if (!m) throw invalidQuery(`bad field "${spec}"`, path);
  if ((m[1] as string).includes('*')) throw unsupported('field wildcards', path);
  const field = scope.fields.get(m[1] as string);
  if (!field) throw invalidQuery(`unknown field "${m[1]}"`, path);
  return { field, boost: m[2] ? Number(m[2]) : 1 };
}
