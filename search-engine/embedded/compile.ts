import { invalidQuery, unsupported } from '../errors.js';
import type { Query } from '../port.js';
import { normalizeKeyword } from './analysis.js';
import type { FieldInfo, Scope } from './catalog.js';
import { compileCompound } from './compile-compound.js';
import { onlyKeys, single } from './dsl-util.js';
import { keywordValue, numericValue } from './extract.js';
import { ID_DIVERGES, keywordToken, presentToken, sortColumn, t } from './tables.js';

/** From this many values, `terms` on `id` is answered like `ids` (see largeIdTerms). */
const LARGE_TERMS = 64;

import { boostedField, type Sql, type TextMode, textSql } from './text-query.js';

export type { Sql };

/** A clause answered by one posting table (see QueryCompiler.postingLeaf). */
export interface PostingLeaf {
  table: string;
  conds: string;
  params: unknown[];
  distinct: boolean;
  boost: number;
  /** Exists on a text field: its bit in the presence mask (no posting table). */
  presenceBit?: number;
  /** Keyword leaves: an FTS5 expression on the scope's keyword table (`table`); null matches nothing. */
  match?: string | null;
  /** Keyword leaves: the normalised values and how they match, for a check on the value row. */
  keyword?: { op: 'eq' | 'in' | 'exists'; values: string[] };
}

const quoteToken = (token: string): string => `"${token}"`;

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

/**
 * Compiles the OpenSearch query DSL subset to SQLite. `filter` yields `SELECT d` (a set of row
 * ids of the scope); `scored` yields `SELECT d, score`. Both are pure SQL text plus parameters.
 */
export class QueryCompiler {
  private names = 0;

  /**
   * @param multiValued root fields that held several values in one document (never read from
   *   the value table); @param estimate capped match count of a posting leaf, for choosing
   *   which clause drives a conjunction.
   */
  constructor(
    readonly root: Scope,
    readonly multiValued: ReadonlySet<string> = new Set(),
    readonly estimate: ((leaf: PostingLeaf) => number) | null = null,
  ) {}

  /**
   * The same leaf as a condition on the root's value table (alias `s`), when its field holds one
   * value per document; null otherwise.
   */
  columnCondition(q: Query, scope: Scope, path: string): { cond: string; params: unknown[] } | null {
    if (scope !== this.root) return null;
    const [kind, body] = single(q, path);
    if (kind !== 'term' && kind !== 'terms' && kind !== 'range' && kind !== 'exists') return null;
    const name = kind === 'exists' ? String(body.field) : Object.keys(body).find((k) => k !== 'boost' && k !== '_name');
    const field = name ? scope.fields.get(name) : undefined;
    if (!field || field.kind === 'text' || this.multiValued.has(field.path)) return null;
    const leaf = this.postingLeaf(q, scope, path);
    if (!leaf) return null;
    const col = `s.${sortColumn(field.path)}`;
    if (leaf.keyword) {
      const { op, values } = leaf.keyword;
      if (op === 'exists') return { cond: `${col} IS NOT NULL`, params: [] };
      if (op === 'eq') return { cond: `${col} = ?`, params: values };
      return { cond: `${col} IN (SELECT value FROM json_each(?))`, params: [JSON.stringify(values)] };
    }
    // Posting conditions are `X.f = ?` followed by conditions on `X.v`; drop the field id.
    const valueConds = leaf.conds.replace(/^X\.f = \?( AND )?/, '');
    return { cond: valueConds ? valueConds.replaceAll('X.v', col) : `${col} IS NOT NULL`, params: leaf.params.slice(1) };
  }

  /**
   * The whole query as conditions on the root's value row (alias `s`), when it is `match_all` or
   * a bool of filter/must clauses on single-valued fields; null otherwise. Lets a field-sorted
   * search walk a sort index in order and stop after its page.
   */
  columnarFilter(q: Query): { cond: string; params: unknown[] } | null {
    const [kind, body] = single(q, 'query');
    if (kind === 'match_all') return { cond: '1', params: [] };
    if (kind !== 'bool') return this.columnCondition(q, this.root, 'query');
    const keys = Object.keys(body).filter((k) => k !== 'boost' && k !== '_name');
    if (keys.some((k) => k !== 'filter' && k !== 'must')) return null;
    const clauses = [
      ...(Array.isArray(body.filter) ? body.filter : body.filter ? [body.filter] : []),
      ...(Array.isArray(body.must) ? body.must : body.must ? [body.must] : []),
    ] as Query[];
    const parts = clauses.map((c, i) => this.columnCondition(c, this.root, `query.bool[${i}]`));
    if (parts.some((p) => p === null)) return null;
    return parts.length
      ? { cond: parts.map((p) => p!.cond).join(' AND '), params: parts.flatMap((p) => p!.params) }
      : { cond: '1', params: [] };
  }

  /**
   * While the clauses of a bool that requires a short id list are compiled, the name of the
   * materialized set of those documents (see compile-compound's `idBound`). Leaves of the root
   * scope then keep only rows in it, so a text or keyword clause never builds, or scores, its set
   * over the whole corpus when at most a few thousand documents can be returned.
   */
  bound: string | null = null;

  /** ` AND +<column> IN <bound>` for a leaf of the root scope while a bound is set; '' otherwise. */
  boundCond(scope: Scope, column = 'rowid'): string {
    // Unary +: the set is probed per matching row; pushed into FTS5 as `rowid IN`, it would re-run
    // the MATCH (and bm25's statistics) once per listed row.
    return this.bound !== null && scope === this.root ? ` AND +${column} IN ${this.bound}` : '';
  }

  /** A name unique within one compiled statement (for CTEs). */
  uniqueName(prefix: string): string {
    this.names += 1;
    return `${prefix}${this.names}`;
  }

  field(scope: Scope, name: string, path: string): FieldInfo {
    const f = scope.fields.get(name);
    if (!f) throw invalidQuery(`unknown field "${name}"${scope.path ? ` inside nested "${scope.path}"` : ''}`, path);
    return f;
  }

  all(scope: Scope): Sql {
    return { sql: scope === this.root ? `SELECT rowid AS d FROM ${t.docs(scope)}` : `SELECT rowid AS d FROM ${t.rows(scope)}`, params: [] };
  }

  none(scored: boolean): Sql {
    return { sql: scored ? 'SELECT NULL AS d, 0 AS score WHERE 0' : 'SELECT NULL AS d WHERE 0', params: [] };
  }

  /** Wraps a filter set as scored rows with a constant score. */
  constant(set: Sql, score: number): Sql {
    return { sql: `SELECT d, ${Number(score)} AS score FROM (${set.sql})`, params: set.params };
  }

  filter(q: Query, scope: Scope, path: string): Sql {
    return this.compile(q, scope, path, false);
  }

  scored(q: Query, scope: Scope, path: string): Sql {
    return this.compile(q, scope, path, true);
  }

  private compile(q: Query, scope: Scope, path: string, scored: boolean): Sql {
    const [kind, body] = single(q, path);
    const at = path ? `${path}.${kind}` : kind;
    switch (kind) {
      case 'bool':
      case 'constant_score':
      case 'function_score':
      case 'nested':
        return compileCompound(this, kind, body, scope, at, scored);
      case 'match_all': {
        onlyKeys(body, ['boost', '_name'], at);
        const set = this.all(scope);
        return scored ? this.constant(set, Number(body.boost ?? 1)) : set;
      }
      case 'term':
      case 'terms':
      case 'range':
      case 'exists':
      case 'ids':
      case 'prefix': {
        if (kind === 'terms' && this.largeIdTerms(body, scope)) {
          onlyKeys(body, ['id', 'boost', '_name'], at);
          const values = (body.id as unknown[]).map((v) => this.keywordOrNumber(this.field(scope, 'id', at), v, at).value);
          const { set, boost } = this.leafSet('ids', { values, ...(body.boost !== undefined ? { boost: body.boost } : {}) }, scope, at);
          return scored ? this.constant(set, boost) : set;
        }
        const { set, boost } = this.leafSet(kind, body, scope, at);
        return scored ? this.constant(set, boost) : set;
      }
      case 'match':
      case 'match_phrase':
        return this.match(kind, body, scope, at, scored);
      case 'multi_match':
        return this.multiMatch(body, scope, at, scored);
      default:
        throw unsupported(`the "${kind}" query`, at);
    }
  }

  /**
   * A long `terms` list on the root keyword field `id`, in an index where every document's `id`
   * equals its document id (the writer records any exception): answered from the documents'
   * primary key like `ids`, instead of one FTS5 expression whose cost grows with the square of
   * the list (65,536 ids: 38 ms instead of 6 s).
   */
  private largeIdTerms(body: Record<string, unknown>, scope: Scope): boolean {
    if (scope !== this.root || !Array.isArray(body.id) || body.id.length < LARGE_TERMS) return false;
    const field = scope.fields.get('id');
    return field?.kind === 'keyword' && !field.lowercase && !this.multiValued.has('id') && !this.multiValued.has(ID_DIVERGES);
  }

  private keywordOrNumber(field: FieldInfo, value: unknown, path: string): { table: 'kw' | 'num'; value: string | number } {
    if (field.kind === 'text') throw unsupported(`an exact-value query on text field "${field.path}" (query its keyword sub-field)`, path);
    if (field.kind === 'keyword') {
      const v = keywordValue(field, value);
      if (v === null) throw invalidQuery(`"${field.path}" takes a string value`, path);
      return { table: 'kw', value: v };
    }
    const n = numericValue(field, value);
    if (n === null) throw invalidQuery(`"${field.path}" takes a ${field.kind} value, got ${JSON.stringify(value)}`, path);
    return { table: 'num', value: n };
  }

  /**
   * A leaf answered by one index structure: keyword clauses by an FTS5 expression on the
   * scope's keyword table (`match`), number clauses by the number postings (`table`, conditions
   * on alias `X`), exists on text by the presence mask. Null for other queries.
   */
  postingLeaf(q: Query, scope: Scope, path: string): PostingLeaf | null {
    const [kind, body] = single(q, path);
    if (kind !== 'term' && kind !== 'terms' && kind !== 'range' && kind !== 'exists') return null;
    if (kind === 'terms' && this.largeIdTerms(body, scope)) return null;
    const at = path ? `${path}.${kind}` : kind;
    const leaf = this.postingParts(kind, body, scope, at);
    return leaf.presenceBit === undefined ? leaf : null;
  }

  /** A keyword clause as an FTS5 expression on the scope's keyword table. */
  private keywordLeaf(scope: Scope, field: FieldInfo, op: 'eq' | 'in' | 'exists', values: string[], boost: number): PostingLeaf {
    let match: string | null;
    if (op === 'exists') match = quoteToken(presentToken(field.id));
    else if (values.length === 0) match = null;
    else
      match =
        values.length === 1
          ? quoteToken(keywordToken(field.id, values[0] as string))
          : `(${values.map((v) => quoteToken(keywordToken(field.id, v))).join(' OR ')})`;
    return { table: t.kw(scope), conds: '', params: [], distinct: false, boost, match, keyword: { op, values } };
  }

  private postingParts(kind: string, body: Record<string, unknown>, scope: Scope, path: string): PostingLeaf {
    if (kind === 'exists') {
      onlyKeys(body, ['field', 'boost', '_name'], path);
      const field = this.field(scope, String(body.field), path);
      const boost = Number(body.boost ?? 1);
      if (field.kind === 'text') return { table: '', conds: '', params: [], distinct: false, boost, presenceBit: field.text!.bit };
      if (field.kind === 'keyword') return this.keywordLeaf(scope, field, 'exists', [], boost);
      return { table: t.num(scope), conds: 'X.f = ?', params: [field.id], distinct: true, boost };
    }
    if (kind === 'term') {
      const { name, value, boost, params } = fieldBody(body, 'value', ['case_insensitive'], path);
      const field = this.field(scope, name, path);
      if (params.case_insensitive === true && field.kind === 'keyword' && !field.lowercase) {
        throw unsupported('case_insensitive on a keyword without a normalizer', path);
      }
      const v = this.keywordOrNumber(field, value, path);
      if (v.table === 'kw') return this.keywordLeaf(scope, field, 'eq', [v.value as string], boost);
      return { table: t.num(scope), conds: 'X.f = ? AND X.v = ?', params: [field.id, v.value], distinct: false, boost };
    }
    if (kind === 'terms') {
      const names = Object.keys(body).filter((k) => k !== 'boost' && k !== '_name');
      if (names.length !== 1) throw invalidQuery('terms names exactly one field', path);
      const field = this.field(scope, names[0] as string, path);
      const list = body[names[0] as string];
      if (!Array.isArray(list)) throw unsupported('terms lookup (terms takes an array of values)', path);
      const values = list.map((v) => this.keywordOrNumber(field, v, path).value);
      const boost = Number(body.boost ?? 1);
      if (field.kind === 'keyword') return this.keywordLeaf(scope, field, 'in', values as string[], boost);
      return {
        table: t.num(scope),
        conds: 'X.f = ? AND X.v IN (SELECT value FROM json_each(?))',
        params: [field.id, JSON.stringify(values)],
        distinct: values.length > 1,
        boost,
      };
    }
    // range
    const { name, params, boost } = fieldBody(body, '__none__', ['gt', 'gte', 'lt', 'lte', 'format'], path);
    const field = this.field(scope, name, path);
    if (field.kind === 'text' || field.kind === 'keyword') throw unsupported(`a range on ${field.kind} field "${field.path}"`, path);
    if (params.format !== undefined) throw unsupported('range.format (send ISO dates or epoch milliseconds)', path);
    const conds = ['X.f = ?'];
    const values: unknown[] = [field.id];
    for (const [op, sqlOp] of [
      ['gt', '>'],
      ['gte', '>='],
      ['lt', '<'],
      ['lte', '<='],
    ] as const) {
      if (params[op] === undefined || params[op] === null) continue;
      if (typeof params[op] === 'string' && String(params[op]).startsWith('now'))
        throw unsupported('date math ("now-7d"); send an absolute date', path);
      const n = numericValue(field, params[op]);
      if (n === null) throw invalidQuery(`range.${op} must be a ${field.kind}`, path);
      conds.push(`X.v ${sqlOp} ?`);
      values.push(n);
    }
    return { table: t.num(scope), conds: conds.join(' AND '), params: values, distinct: true, boost };
  }

  private leafSet(kind: string, body: Record<string, unknown>, scope: Scope, path: string): { set: Sql; boost: number } {
    if (kind === 'ids') {
      onlyKeys(body, ['values', 'boost', '_name'], path);
      if (scope !== this.root) throw invalidQuery('ids is only valid at the top level', path);
      const values = body.values;
      if (!Array.isArray(values)) throw invalidQuery('ids.values must be an array', path);
      return {
        set: {
          sql: `SELECT rowid AS d FROM ${t.docs(scope)} WHERE id IN (SELECT value FROM json_each(?))`,
          params: [JSON.stringify(values.map(String))],
        },
        boost: Number(body.boost ?? 1),
      };
    }
    if (kind !== 'prefix') {
      const leaf = this.postingParts(kind, body, scope, path);
      if (leaf.match !== undefined) {
        if (leaf.match === null) return { set: this.none(false), boost: leaf.boost };
        return {
          // An id list is as short as the bound itself: probing would cost more than it saves.
          set: {
            sql: `SELECT rowid AS d FROM ${leaf.table} WHERE ${leaf.table} MATCH ?${'id' in body ? '' : this.boundCond(scope)}`,
            params: [leaf.match],
          },
          boost: leaf.boost,
        };
      }
      if (leaf.presenceBit !== undefined) {
        const table = scope === this.root ? t.sort(scope) : t.rows(scope);
        return {
          set: { sql: `SELECT rowid AS d FROM ${table} WHERE presence & ? != 0${this.boundCond(scope)}`, params: [2 ** leaf.presenceBit] },
          boost: leaf.boost,
        };
      }
      return {
        set: {
          sql: `SELECT ${leaf.distinct ? 'DISTINCT ' : ''}X.d AS d FROM ${leaf.table} X WHERE ${leaf.conds}${this.boundCond(scope, 'X.d')}`,
          params: leaf.params,
        },
        boost: leaf.boost,
      };
    }
    const { name, value, boost } = fieldBody(body, 'value', [], path);
    const field = this.field(scope, name, path);
    if (typeof value !== 'string' || value === '') throw invalidQuery('prefix takes a non-empty string', path);
    if (field.kind === 'text')
      return { set: textSql(scope, [{ field, boost: 1 }], value, { kind: 'prefix' }, false, 1, path, this.boundCond(scope)), boost };
    if (field.kind !== 'keyword') throw unsupported(`a prefix on ${field.kind} field "${field.path}"`, path);
    // A value prefix is a token prefix (tokens are the hex of the value's bytes).
    const start = field.lowercase ? normalizeKeyword(value) : value;
    const table = t.kw(scope);
    return {
      set: {
        sql: `SELECT rowid AS d FROM ${table} WHERE ${table} MATCH ?${this.boundCond(scope)}`,
        params: [`${quoteToken(keywordToken(field.id, start))} *`],
      },
      boost,
    };
  }

  private match(kind: 'match' | 'match_phrase', body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
    const allowed = kind === 'match' ? ['operator', 'minimum_should_match', 'zero_terms_query'] : ['slop'];
    const { name, value, params, boost } = fieldBody(body, 'query', allowed, path);
    const field = this.field(scope, name, path);
    if (field.kind !== 'text') {
      if (kind === 'match_phrase') throw unsupported(`match_phrase on ${field.kind} field "${field.path}"`, path);
      const { set } = this.leafSet('term', { [name]: { value, boost } }, scope, path);
      return scored ? this.constant(set, boost) : set;
    }
    if (typeof value !== 'string' && typeof value !== 'number') throw invalidQuery(`${kind} takes text`, path);
    return textSql(
      scope,
      [{ field, boost: 1 }],
      String(value),
      this.textMode(kind, params, path),
      scored,
      boost,
      path,
      this.boundCond(scope),
    );
  }

  private textMode(kind: 'match' | 'match_phrase' | 'phrase', params: Record<string, unknown>, path: string): TextMode {
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

  private multiMatch(body: Record<string, unknown>, scope: Scope, path: string, scored: boolean): Sql {
    onlyKeys(body, ['query', 'fields', 'type', 'operator', 'minimum_should_match', 'boost', 'tie_breaker', '_name', 'slop'], path);
    const type = String(body.type ?? 'best_fields');
    if (!['best_fields', 'most_fields', 'cross_fields', 'phrase'].includes(type)) throw unsupported(`multi_match type "${type}"`, path);
    if (!Array.isArray(body.fields) || body.fields.length === 0) throw unsupported('multi_match without explicit fields', path);
    const fields = body.fields.map((f) => boostedField(scope, String(f), path));
    const nonText = fields.filter((f) => f.field.kind !== 'text');
    if (nonText.length > 0) throw unsupported(`multi_match over non-text field "${nonText[0]!.field.path}"`, path);
    if (typeof body.query !== 'string') throw invalidQuery('multi_match.query must be a string', path);
    const mode = type === 'phrase' ? this.textMode('phrase', body, path) : this.textMode('match', body, path);
    return textSql(scope, fields, body.query, mode, scored, Number(body.boost ?? 1), path, this.boundCond(scope));
  }
}
