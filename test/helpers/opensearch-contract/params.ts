import type { Contract } from './contract.js';
import type { RouteMatch } from './routes.js';
import type { SpecParameter } from './spec-loader.js';
import { escapePointer } from './validators.js';

const PARAMETER_REF = '#/components/parameters/';

/** `search (POST /{index}/_search)`: how problems name an operation. */
export function describeOperation(match: RouteMatch): string {
  const { operation } = match;
  return `${operation.group} (${operation.method.toUpperCase()} ${operation.template})`;
}

function schemaPointer(param: SpecParameter): string {
  return `/components/parameters/${escapePointer(param.ref.slice(PARAMETER_REF.length))}/schema`;
}

/** Query strings are text: `'10'` or `'true'` are fine where a number or boolean is expected. */
function parseScalar(text: string): unknown {
  if (text === 'true' || text === 'false') return text === 'true';
  const n = Number(text);
  return text.trim() !== '' && Number.isFinite(n) ? n : undefined;
}

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    for (let j = 1; j <= b.length; j++) {
      row[j] = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    prev = row;
  }
  return prev[b.length]!;
}

function suggestion(name: string, known: string[]): string {
  const close = known.filter((k) => editDistance(name, k) <= 2);
  return close.length > 0 ? ` (did you mean ${close.map((k) => `"${k}"`).join(' or ')}?)` : '';
}

/** An index name can never start with `_` (only `_all` does): such a segment is a misspelt endpoint. */
function checkIndexSegment(value: string): string[] {
  const bad = value.split(',').filter((name) => name.startsWith('_') && name !== '_all');
  return bad.map((name) => `path: "${name}" is not a valid index name (index names cannot start with "_"): misspelt endpoint?`);
}

/** Checks query-string names (and values) and path parameters against the operation's declared parameters. */
export function checkParameters(contract: Contract, match: RouteMatch, querystring: Record<string, unknown> = {}): string[] {
  const problems: string[] = [];
  const declared = match.operation.parameterRefs.map((ref) => contract.spec.parameters.get(ref));
  const query = new Map<string, SpecParameter>();
  for (const p of declared) {
    if (!p) continue;
    if (p.in === 'query') query.set(p.name, p);
    else if (match.params[p.name] !== undefined) {
      const value = match.params[p.name]!;
      // List-valued path parameters (`/_stats/docs,store`) are sent comma-separated.
      const whole = contract.validators.check(schemaPointer(p), value, `path.${p.name}`);
      const listed = value.includes(',') ? contract.validators.check(schemaPointer(p), value.split(','), `path.${p.name}`) : whole;
      if (whole.length > 0 && listed.length > 0) problems.push(...whole);
      if (p.name === 'index') problems.push(...checkIndexSegment(value));
    }
  }
  for (const [name, value] of Object.entries(querystring)) {
    if (value === undefined) continue;
    const param = query.get(name);
    if (!param) {
      const hint = suggestion(name, [...query.keys()]);
      problems.push(`querystring: unknown parameter "${name}" for ${describeOperation(match)}${hint}`);
      continue;
    }
    const errors = contract.validators.check(schemaPointer(param), value, `querystring.${name}`);
    const parsed = typeof value === 'string' ? parseScalar(value) : undefined;
    if (errors.length > 0 && !(parsed !== undefined && contract.validators.check(schemaPointer(param), parsed, '').length === 0)) {
      problems.push(...errors);
    }
  }
  for (const param of query.values()) {
    if (param.required && querystring[param.name] === undefined) problems.push(`querystring: missing required parameter "${param.name}"`);
  }
  return problems;
}
