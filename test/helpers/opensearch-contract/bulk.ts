import type { Contract } from './contract.js';
import type { RouteMatch } from './routes.js';
import { isRecord } from './spec-loader.js';

const ACTION_SCHEMA = '/components/schemas/_core.bulk___OperationContainer';
const UPDATE_SOURCE_SCHEMA = '/components/schemas/_core.bulk___UpdateAction';
const ACTIONS = new Set(['index', 'create', 'update', 'delete']);

/** The verb of an action-shaped line (one key, an object value), e.g. `index` for `{ "index": { ... } }`. */
function actionVerb(line: unknown): string | undefined {
  if (!isRecord(line)) return undefined;
  const keys = Object.keys(line);
  return keys.length === 1 && isRecord(line[keys[0]!]) ? keys[0] : undefined;
}

/**
 * Checks the NDJSON lines of a `_bulk` body: each action line against the spec's
 * `_core.bulk___OperationContainer`, and the pairing: `index`, `create` and `update` are followed
 * by a source line (for `update`, a `_core.bulk___UpdateAction`), `delete` is not.
 */
export function checkBulkLines(contract: Contract, match: RouteMatch, lines: unknown): string[] {
  if (!Array.isArray(lines) || lines.length === 0) return ['bulkBody: must be a non-empty array of NDJSON lines'];
  const problems: string[] = [];
  const indexInPath = match.params['index'] !== undefined;
  let i = 0;
  while (i < lines.length) {
    const at = `bulkBody[${i}]`;
    const line: unknown = lines[i];
    const verb = actionVerb(line);
    const errors = contract.validators.check(ACTION_SCHEMA, line, at);
    const known = verb !== undefined && ACTIONS.has(verb);
    problems.push(...errors.map((e) => (known ? e : `${e} (expected an action line: index, create, update or delete)`)));
    i++;
    // A line that is not even action-shaped is skipped alone; a garbled verb still owns its source line.
    if (verb === undefined || verb === 'delete') continue;
    const meta = (line as Record<string, unknown>)[verb];
    if (errors.length === 0 && !indexInPath && !(isRecord(meta) && meta['_index'] !== undefined)) {
      problems.push(`${at}: ${verb} action needs "_index" when the path has no {index}`);
    }
    const source: unknown = lines[i];
    const next = actionVerb(source);
    if (i >= lines.length || (next !== undefined && ACTIONS.has(next))) {
      problems.push(
        `${at}: ${verb} action must be followed by a source line, found ${i >= lines.length ? 'end of body' : 'another action line'}`,
      );
      continue;
    }
    const sourceAt = `bulkBody[${i}]`;
    if (verb === 'update') problems.push(...contract.validators.check(UPDATE_SOURCE_SCHEMA, source, sourceAt));
    else if (!isRecord(source)) problems.push(`${sourceAt}: the ${verb} source line must be a JSON object`);
    i++;
  }
  return problems;
}
