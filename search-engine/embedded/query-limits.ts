/**
 * How large a query the embedded engine compiles. Within these limits every query of the
 * supported DSL compiles to one statement SQLite accepts (test/search-engine/hostile-queries
 * builds queries at the limits); beyond them the engine refuses with `unsupported_query` before
 * compiling, instead of failing inside SQLite. The planner stays well within them: its largest
 * people query (every list filter at its limit of 100) has about 19,000 leaves, nested 4 deep.
 */
import { unsupported } from '../errors.js';
import type { Query } from '../port.js';

/** Deepest nesting of compound queries (bool, nested, constant_score, function_score). */
export const MAX_QUERY_DEPTH = 20;
/** Most leaf queries in one query (a `terms` list counts once, whatever its length). */
export const MAX_QUERY_CLAUSES = 32_768;
/**
 * Most parameters of a compiled query: SQLite binds at most 32,766 in one statement
 * (SQLITE_MAX_VARIABLE_NUMBER of the SQLite that better-sqlite3 bundles), and a page takes two
 * more (LIMIT, OFFSET). Leaves take one or two; value lists are bound as one JSON array.
 */
const MAX_QUERY_PARAMS = 32_764;

const asList = (v: unknown): unknown[] => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/** The sub-queries of a compound query, by the key that holds them; null for a leaf. */
function children(kind: string, body: Record<string, unknown>): [string, unknown][] | null {
  switch (kind) {
    case 'bool':
      return ['must', 'filter', 'should', 'must_not'].flatMap((key) =>
        asList(body[key]).map((q, i): [string, unknown] => [`${key}[${i}]`, q]),
      );
    case 'nested':
      return [['query', body.query]];
    case 'constant_score':
      return [['filter', body.filter]];
    case 'function_score':
      return [
        ['query', body.query],
        ['filter', body.filter],
        ...asList(body.functions).map((f, i): [string, unknown] => [
          `functions[${i}].filter`,
          (f as Record<string, unknown> | null)?.filter,
        ]),
      ];
    default:
      return null;
  }
}

/**
 * Refuses a query nested deeper than MAX_QUERY_DEPTH or with more than MAX_QUERY_CLAUSES leaves.
 * Malformed parts are skipped: the compiler reports them with their path.
 */
export function checkQuerySize(query: Query): void {
  let leaves = 0;
  const visit = (q: unknown, depth: number, path: string): void => {
    if (!q || typeof q !== 'object' || Array.isArray(q)) return;
    const [kind] = Object.keys(q);
    const body = (q as Record<string, unknown>)[kind as string];
    if (kind === undefined || !body || typeof body !== 'object') return;
    const subs = children(kind, body as Record<string, unknown>);
    if (subs === null) {
      leaves += 1;
      if (leaves > MAX_QUERY_CLAUSES) throw unsupported(`more than ${MAX_QUERY_CLAUSES} leaf queries in one query`, path);
      return;
    }
    if (depth >= MAX_QUERY_DEPTH) throw unsupported(`compound queries nested more than ${MAX_QUERY_DEPTH} deep`, path);
    for (const [key, sub] of subs) visit(sub, depth + 1, `${path}.${kind}.${key}`);
  };
  visit(query, 0, 'query');
}

/** Refuses a compiled query that binds more parameters than SQLite allows. */
export function checkParams<T extends { params: unknown[] }>(compiled: T): T {
  if (compiled.params.length > MAX_QUERY_PARAMS) {
    throw unsupported(`a query this large (it needs ${compiled.params.length} SQL parameters, at most ${MAX_QUERY_PARAMS})`, 'query');
  }
  return compiled;
}
