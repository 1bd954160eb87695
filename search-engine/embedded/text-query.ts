import { invalidQuery, unsupported } from '../errors.js';
import type { Folding } from '../port.js';
import { quote, stemTitleTokens, tokenize } from './analysis.js';
import { type FieldInfo, type Scope, TEXT_TABLES, type TextTable } from './catalog.js';
import type { FtsAtom } from './fts-atoms.js';
import { compound, type Sql } from './sql-shapes.js';
import { t } from './tables.js';

/** A field with its query-time boost (`headline^3`). */
export interface BoostedField {
  field: FieldInfo;
  boost: number;
}

export type TextMode = { kind: 'terms'; operator: 'or' | 'and' } | { kind: 'phrase'; slop: number } | { kind: 'prefix' };

/** A text query on one FTS5 table, with the BM25 weight of each of the table's columns. */
export interface TextAtom extends FtsAtom {
  weights: number[];
}

/** Builds the FTS5 MATCH expression for text in `columns`. Returns null when nothing can match. */
function matchExpression(table: TextTable, columns: string[], text: string, mode: TextMode, path: string, folding: Folding): string | null {
  const split = tokenize(text, folding);
  // A title table holds stemmed tokens (analyzeTitle); FTS5 stems the porter table's itself. A
  // prefix is not analyzed, as OpenSearch does not analyze a `prefix` query's value.
  const tokens = table === 'title' && mode.kind !== 'prefix' ? stemTitleTokens(split) : split;
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
 * A text query as FTS5 atoms, one per table its fields live in (the query matches a row when
 * any of them does); none when the text has no token, so nothing matches.
 */
export function textAtoms(scope: Scope, fields: BoostedField[], text: string, mode: TextMode, path: string): TextAtom[] {
  const atoms: TextAtom[] = [];
  for (const table of TEXT_TABLES) {
    const inTable = fields.filter((f) => f.field.text?.table === table);
    if (inTable.length === 0) continue;
    const expr = matchExpression(
      table,
      inTable.map((f) => f.field.text!.column),
      text,
      mode,
      path,
      scope.folding,
    );
    if (expr === null) continue;
    const weights = scope.textColumns[table].map((c) => inTable.find((f) => f.field.text!.column === c)?.boost ?? 0);
    atoms.push({ table: t.fts(scope, table), expr, width: 1, weights });
  }
  return atoms;
}

/**
 * Scored rows `(d, score)` of text atoms: FTS5's BM25 weighted by each field's boost, summed over
 * the tables that match. `bound` gives the condition on the FTS5 rowid appended to each MATCH
 * (QueryCompiler.boundCond), checked before BM25 is computed.
 */
export function scoredText(atoms: TextAtom[], boost: number, bound: () => string): Sql {
  const parts: Sql[] = atoms.map((a) => ({
    // OFFSET 0 keeps SQLite from flattening this into an outer join or aggregate, where FTS5
    // refuses to evaluate bm25 ("unable to use function bm25 in the requested context").
    sql: `SELECT d, score FROM (SELECT rowid AS d, -bm25(${a.table}, ${a.weights.join(', ')}) * ${boost} AS score FROM ${a.table} WHERE ${a.table} MATCH ?${bound()} LIMIT -1 OFFSET 0)`,
    params: [a.expr],
  }));
  if (parts.length === 0) return { sql: 'SELECT NULL AS d, 0 AS score WHERE 0', params: [] };
  if (parts.length === 1) return parts[0] as Sql;
  const union = compound(parts, 'UNION ALL');
  return { sql: `SELECT d, sum(score) AS score FROM (${union.sql}) GROUP BY d`, params: union.params };
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
