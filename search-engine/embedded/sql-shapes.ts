/**
 * SQL shapes that stay within SQLite's compile-time limits however many clauses a query has:
 * at most 500 arms in one compound SELECT (SQLITE_MAX_COMPOUND_SELECT) and expression trees at
 * most 1,000 deep (SQLITE_MAX_EXPR_DEPTH). `a AND b AND c …` parses as a left-deep tree, one
 * level per operand, so long lists are built as balanced trees instead.
 */

export interface Sql {
  sql: string;
  params: unknown[];
}

/** Arms of one compound SELECT; longer lists are nested in groups of this size. */
const COMPOUND_ARMS = 200;
/** Operands joined flat; longer lists are split into a balanced tree. */
const FLAT_OPERANDS = 4;

/**
 * Sets combined by `op`. Each arm is wrapped in `SELECT * FROM (…)`, so an arm may carry its own
 * `WITH` clause (a compound's later arms may not).
 */
export function compound(sets: Sql[], op: 'UNION' | 'UNION ALL'): Sql {
  if (sets.length <= COMPOUND_ARMS) {
    return { sql: sets.map((s) => `SELECT * FROM (${s.sql})`).join(` ${op} `), params: sets.flatMap((s) => s.params) };
  }
  const groups: Sql[] = [];
  for (let i = 0; i < sets.length; i += COMPOUND_ARMS) groups.push(compound(sets.slice(i, i + COMPOUND_ARMS), op));
  return compound(groups, op);
}

/** Expressions joined pairwise by `join` as a balanced tree: depth grows with the log of their number. */
export function balanced(items: string[], join: (a: string, b: string) => string): string {
  if (items.length === 1) return items[0] as string;
  const half = Math.ceil(items.length / 2);
  return join(balanced(items.slice(0, half), join), balanced(items.slice(half), join));
}

/** Expressions joined by a binary operator (`AND`, `+`, `*`), flat when few, balanced when many. */
export function joinOperands(items: string[], op: string): string {
  if (items.length <= FLAT_OPERANDS) return items.join(` ${op} `);
  const half = Math.ceil(items.length / 2);
  return `(${joinOperands(items.slice(0, half), op)}) ${op} (${joinOperands(items.slice(half), op)})`;
}

/** Conditions (with their parameters, in text order) joined by AND; `1` when there is none. */
export function allOf(conds: Sql[]): Sql {
  if (conds.length === 0) return { sql: '1', params: [] };
  return {
    sql: joinOperands(
      conds.map((c) => c.sql),
      'AND',
    ),
    params: conds.flatMap((c) => c.params),
  };
}

/**
 * `expr IN (SELECT d FROM (set))`, or NOT IN. The set is read through a FROM clause because
 * SQLite charges a subquery nested in an expression the depth of every expression around it, so
 * sets nested directly in `IN` reach its depth limit (1,000) about 40 levels down; read through
 * FROM, they nest as deep as a query may.
 */
export function inSet(expr: string, set: Sql, negate = false): Sql {
  return { sql: `${expr} ${negate ? 'NOT IN' : 'IN'} (SELECT d FROM (${set.sql}))`, params: set.params };
}
