import { parseDate } from './analysis.js';

const NUMERIC = new Set(['integer', 'long', 'float', 'double', 'short', 'byte', 'half_float', 'scaled_float']);

type Properties = Record<string, Record<string, unknown>>;

/**
 * Checks a document against a `dynamic: strict` mapping the way OpenSearch does: unknown fields
 * and values that cannot be parsed as their field type are refused. Returns the first problem.
 * Every document of a bulk load passes through here, so a field's path is spelled out only for
 * an object it descends into or a problem it reports.
 */
export function strictProblem(doc: unknown, properties: Properties, base = ''): string | null {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return `${base || 'document'} must be an object`;
  const object = doc as Record<string, unknown>;
  for (const key of Object.keys(object)) {
    const def = properties[key];
    if (!def) return `strict mapping: field "${pathOf(base, key)}" is not in the mapping`;
    const value = object[key];
    if (value === null || def.enabled === false) continue;
    if (!Array.isArray(value)) {
      const problem = valueProblem(value, def, base, key);
      if (problem) return problem;
      continue;
    }
    for (const item of value) {
      if (item === null) continue;
      const problem = valueProblem(item, def, base, key);
      if (problem) return problem;
    }
  }
  return null;
}

const pathOf = (base: string, key: string): string => (base ? `${base}.${key}` : key);

function valueProblem(item: unknown, def: Record<string, unknown>, base: string, key: string): string | null {
  const type = (def.type as string | undefined) ?? (def.properties ? 'object' : undefined);
  if (type === 'object' || type === 'nested') return strictProblem(item, def.properties as Properties, pathOf(base, key));
  if (typeof item === 'object') return `field "${pathOf(base, key)}" of type ${type} got an object`;
  if (type === undefined || type === 'text' || type === 'keyword') return null;
  if (
    NUMERIC.has(type) &&
    !(typeof item === 'number' || (typeof item === 'string' && item.trim() !== '' && Number.isFinite(Number(item))))
  ) {
    return `field "${pathOf(base, key)}" of type ${type} got ${JSON.stringify(item)}`;
  }
  if (type === 'date' && parseDate(item) === null) return `field "${pathOf(base, key)}" of type date got ${JSON.stringify(item)}`;
  if (type === 'boolean' && typeof item !== 'boolean' && item !== 'true' && item !== 'false')
    return `field "${pathOf(base, key)}" of type boolean got ${JSON.stringify(item)}`;
  return null;
}
