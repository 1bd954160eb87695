/**
 * Reading the exact-value and text leaves of the DSL (term, terms, range, exists, prefix, match,
 * match_phrase, multi_match) into what answers them: FTS5 atoms on the keyword or text tables,
 * a condition on the number postings, or a bit of the text presence mask.
 */
import { invalidQuery, unsupported } from '../errors.js';
import { normalizeKeyword } from './analysis.js';
import type { FieldInfo, Scope } from './catalog.js';
import { onlyKeys } from './dsl-util.js';
import { keywordTerm, numericValue } from './extract.js';
import { type FtsAtom, OR_WIDTH } from './fts-atoms.js';
import { keywordToken, presentToken, t } from './tables.js';
import { boostedField, type TextAtom, type TextMode, textAtoms } from './text-query.js';

/** Most values of one `terms` query: OpenSearch's default `index.max_terms_count`. */
const MAX_TERMS = 65_536;

/** A number, date or boolean clause: conditions on the number postings (alias `X`). */
export interface NumberLeaf {
  field: FieldInfo;
  table: string;
  conds: string;
  params: unknown[];
  /** Whether a document can match more than once (several values in range). */
  distinct: boolean;
}

/** A keyword clause, with its values normalised as the field stores them. */
interface KeywordClause {
  field: FieldInfo;
  op: 'eq' | 'in' | 'exists';
  values: string[];
}

/** A leaf and what answers it. `atoms` match a row when any of them does; none: nothing matches. */
export type Leaf = { boost: number } & (
  | { kind: 'text'; atoms: TextAtom[] }
  | { kind: 'keyword'; atoms: FtsAtom[]; clause?: KeywordClause }
  | { kind: 'number'; leaf: NumberLeaf }
  | { kind: 'presence'; bit: number }
);

const quoteToken = (token: string): string => `"${token}"`;

/** The field `name` of `scope`; a name the mapping does not have is an invalid query. */
export function fieldOf(scope: Scope, name: string, path: string): FieldInfo {
  const f = scope.fields.get(name);
  if (!f) throw invalidQuery(`unknown field "${name}"${scope.path ? ` inside nested "${scope.path}"` : ''}`, path);
  return f;
}

/** Splits `{ field: value }` or `{ field: { value, boost } }` shapes into field, body and boost. */
function fieldBody(
  body: Record<string, unknown>,
  valueKey: string,
  allowed: string[],
  path: string,
): { name: string; value: unknown; params: Record<string, unknown>; boost: number } {
  const names = Object.keys(body).filter((k) => k !== 'boost' && k !== '_name');
  if (names.length !== 1) throw invalidQuery('name exactly one field', path);
  const name = names[0] as string;
  const raw = body[name];
  if (raw && typeof raw === 'object' && !Array.isArray(raw)) {
    const params = raw as Record<string, unknown>;
    onlyKeys(params, [valueKey, 'boost', '_name', ...allowed], `${path}.${name}`);
    return { name, value: params[valueKey], params, boost: Number(params.boost ?? body.boost ?? 1) };
  }
  return { name, value: raw, params: {}, boost: Number(body.boost ?? 1) };
}

/** A `term`/`terms` value as the field compares it: a normalised keyword, or a number (dates in epoch ms). */
export function exactValue(field: FieldInfo, value: unknown, path: string): string | number {
  if (field.kind === 'text') throw unsupported(`an exact-value query on text field "${field.path}" (query its keyword sub-field)`, path);
  if (field.kind === 'keyword') {
    const v = keywordTerm(field, value);
    if (v === null) throw invalidQuery(`"${field.path}" takes a string value`, path);
    return v;
  }
  const n = numericValue(field, value);
  if (n === null) throw invalidQuery(`"${field.path}" takes a ${field.kind} value, got ${JSON.stringify(value)}`, path);
  return n;
}

/**
 * A keyword clause as FTS5 atoms on the scope's keyword table: one token per value (see
 * keywordToken), a long value list as several ORs of at most OR_WIDTH tokens.
 */
function keywordAtoms(scope: Scope, clause: KeywordClause): FtsAtom[] {
  const table = t.kw(scope);
  if (clause.op === 'exists') return [{ table, expr: quoteToken(presentToken(clause.field.id)), width: 1 }];
  const atoms: FtsAtom[] = [];
  for (let i = 0; i < clause.values.length; i += OR_WIDTH) {
    const run = clause.values.slice(i, i + OR_WIDTH);
    atoms.push({ table, expr: run.map((v) => quoteToken(keywordToken(clause.field.id, v))).join(' OR '), width: run.length });
  }
  return atoms;
}

function keywordLeaf(scope: Scope, clause: KeywordClause, boost: number): Leaf {
  return { kind: 'keyword', atoms: keywordAtoms(scope, clause), clause, boost };
}

function exists(body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  onlyKeys(body, ['field', 'boost', '_name'], path);
  const field = fieldOf(scope, String(body.field), path);
  const boost = Number(body.boost ?? 1);
  if (field.kind === 'text') return { kind: 'presence', bit: field.text!.bit, boost };
  if (field.kind === 'keyword') return keywordLeaf(scope, { field, op: 'exists', values: [] }, boost);
  return { kind: 'number', leaf: { field, table: t.num(scope), conds: 'X.f = ?', params: [field.id], distinct: true }, boost };
}

function term(body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  const { name, value, boost, params } = fieldBody(body, 'value', ['case_insensitive'], path);
  const field = fieldOf(scope, name, path);
  if (params.case_insensitive === true && field.kind === 'keyword' && !field.lowercase) {
    throw unsupported('case_insensitive on a keyword without a normalizer', path);
  }
  const v = exactValue(field, value, path);
  if (field.kind === 'keyword') return keywordLeaf(scope, { field, op: 'eq', values: [v as string] }, boost);
  const leaf = { field, table: t.num(scope), conds: 'X.f = ? AND X.v = ?', params: [field.id, v], distinct: false };
  return { kind: 'number', leaf, boost };
}

function terms(body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  const names = Object.keys(body).filter((k) => k !== 'boost' && k !== '_name');
  if (names.length !== 1) throw invalidQuery('terms names exactly one field', path);
  const field = fieldOf(scope, names[0] as string, path);
  // A set of values: a repeated one would make FTS5 read its postings once per repetition.
  const values = [...new Set(termsList(body[names[0] as string], path).map((v) => exactValue(field, v, path)))];
  const boost = Number(body.boost ?? 1);
  if (field.kind === 'keyword') return keywordLeaf(scope, { field, op: 'in', values: values as string[] }, boost);
  const leaf = {
    field,
    table: t.num(scope),
    conds: 'X.f = ? AND X.v IN (SELECT value FROM json_each(?))',
    params: [field.id, JSON.stringify(values)],
    distinct: values.length > 1,
  };
  return { kind: 'number', leaf, boost };
}

/** The values of a `terms` query: an array of at most MAX_TERMS, as OpenSearch requires. */
export function termsList(list: unknown, path: string): unknown[] {
  if (!Array.isArray(list)) throw unsupported('terms lookup (terms takes an array of values)', path);
  if (list.length > MAX_TERMS)
    throw invalidQuery(`terms takes at most ${MAX_TERMS} values (index.max_terms_count), got ${list.length}`, path);
  return list;
}

const RANGE_OPS = [
  ['gt', '>'],
  ['gte', '>='],
  ['lt', '<'],
  ['lte', '<='],
] as const;

function range(body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  const { name, params, boost } = fieldBody(body, '__none__', ['gt', 'gte', 'lt', 'lte', 'format'], path);
  const field = fieldOf(scope, name, path);
  if (field.kind === 'text' || field.kind === 'keyword') throw unsupported(`a range on ${field.kind} field "${field.path}"`, path);
  if (params.format !== undefined) throw unsupported('range.format (send ISO dates or epoch milliseconds)', path);
  const conds = ['X.f = ?'];
  const values: unknown[] = [field.id];
  for (const [op, sqlOp] of RANGE_OPS) {
    if (params[op] === undefined || params[op] === null) continue;
    if (typeof params[op] === 'string' && String(params[op]).startsWith('now'))
      throw unsupported('date math ("now-7d"); send an absolute date', path);
    const n = numericValue(field, params[op]);
    if (n === null) throw invalidQuery(`range.${op} must be a ${field.kind}`, path);
    conds.push(`X.v ${sqlOp} ?`);
    values.push(n);
  }
  return { kind: 'number', leaf: { field, table: t.num(scope), conds: conds.join(' AND '), params: values, distinct: true }, boost };
}

function prefix(body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  const { name, value, boost } = fieldBody(body, 'value', [], path);
  const field = fieldOf(scope, name, path);
  if (typeof value !== 'string' || value === '') throw invalidQuery('prefix takes a non-empty string', path);
  if (field.kind === 'text')
    return { kind: 'text', atoms: textAtoms(scope, [{ field, boost: 1 }], value, { kind: 'prefix' }, path), boost };
  if (field.kind !== 'keyword') throw unsupported(`a prefix on ${field.kind} field "${field.path}"`, path);
  // A value prefix is a token prefix (tokens are the hex of the value's bytes).
  const start = field.lowercase ? normalizeKeyword(value, field.folding) : value;
  return { kind: 'keyword', atoms: [{ table: t.kw(scope), expr: `${quoteToken(keywordToken(field.id, start))} *`, width: 1 }], boost };
}

function textMode(kind: 'match' | 'match_phrase' | 'phrase', params: Record<string, unknown>, path: string): TextMode {
  if (kind !== 'match') return { kind: 'phrase', slop: Number(params.slop ?? 0) };
  if (params.zero_terms_query !== undefined && params.zero_terms_query !== 'none')
    throw unsupported('zero_terms_query other than "none"', path);
  const operator = String(params.operator ?? 'or').toLowerCase();
  if (operator !== 'or' && operator !== 'and') throw invalidQuery('operator is "or" or "and"', path);
  const msm = params.minimum_should_match;
  if (msm !== undefined && msm !== '100%' && msm !== 1 && msm !== '1')
    throw unsupported('minimum_should_match on match other than 1 or "100%"', path);
  return { kind: 'terms', operator: msm === '100%' ? 'and' : (operator as 'or' | 'and') };
}

function match(kind: 'match' | 'match_phrase', body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  const allowed = kind === 'match' ? ['operator', 'minimum_should_match', 'zero_terms_query'] : ['slop'];
  const { name, value, params, boost } = fieldBody(body, 'query', allowed, path);
  const field = fieldOf(scope, name, path);
  if (field.kind !== 'text') {
    if (kind === 'match_phrase') throw unsupported(`match_phrase on ${field.kind} field "${field.path}"`, path);
    return term({ [name]: { value, boost } }, scope, path);
  }
  if (typeof value !== 'string' && typeof value !== 'number') throw invalidQuery(`${kind} takes text`, path);
  return { kind: 'text', atoms: textAtoms(scope, [{ field, boost: 1 }], String(value), textMode(kind, params, path), path), boost };
}

function multiMatch(body: Record<string, unknown>, scope: Scope, path: string): Leaf {
  onlyKeys(body, ['query', 'fields', 'type', 'operator', 'minimum_should_match', 'boost', 'tie_breaker', '_name', 'slop'], path);
  const type = String(body.type ?? 'best_fields');
  if (!['best_fields', 'most_fields', 'cross_fields', 'phrase'].includes(type)) throw unsupported(`multi_match type "${type}"`, path);
  if (!Array.isArray(body.fields) || body.fields.length === 0) throw unsupported('multi_match without explicit fields', path);
  const fields = body.fields.map((f) => boostedField(scope, String(f), path));
  const nonText = fields.filter((f) => f.field.kind !== 'text');
  if (nonText.length > 0) throw unsupported(`multi_match over non-text field "${nonText[0]!.field.path}"`, path);
  if (typeof body.query !== 'string') throw invalidQuery('multi_match.query must be a string', path);
  const mode = type === 'phrase' ? textMode('phrase', body, path) : textMode('match', body, path);
  return { kind: 'text', atoms: textAtoms(scope, fields, body.query, mode, path), boost: Number(body.boost ?? 1) };
}

/** Reads a leaf query; null for any other kind. `path` already ends with the kind. */
export function readLeaf(kind: string, body: Record<string, unknown>, scope: Scope, path: string): Leaf | null {
  switch (kind) {
    case 'exists':
      return exists(body, scope, path);
    case 'term':
      return term(body, scope, path);
    case 'terms':
      return terms(body, scope, path);
    case 'range':
      return range(body, scope, path);
    case 'prefix':
      return prefix(body, scope, path);
    case 'match':
    case 'match_phrase':
      return match(kind, body, scope, path);
    case 'multi_match':
      return multiMatch(body, scope, path);
    default:
      return null;
  }
}
