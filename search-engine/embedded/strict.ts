import { parseDate } from './analysis.js';

const NUMERIC = new Set(['integer', 'long', 'float', 'double', 'short', 'byte', 'half_float', 'scaled_float']);

/**
 * Checks a document against a `dynamic: strict` mapping the way OpenSearch does: unknown fields
 * and values that cannot be parsed as their field type are refused. Returns the first problem.
 */
export function strictProblem(doc: unknown, properties: Record<string, Record<string, unknown>>, base = ''): string | null {
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return `${base || 'document'} must be an object`;
  for (const [key, value] of Object.entries(doc as Record<string, unknown>)) {
    const path = base ? `${base}.${key}` : key;
    const def = properties[key];
    if (!def) return `strict mapping: field "${path}" is not in the mapping`;
    if (value === null || def.enabled === false) continue;
    const items = Array.isArray(value) ? value : [value];
    for (const item of items) {
      if (item === null) continue;
      const problem = valueProblem(item, def, path);
      if (problem) return problem;
    }
  }
  return null;
}

function valueProblem(item: unknown, def: Record<string, unknown>, path: string): string | null {
  const type = (def.type as string | undefined) ?? (def.properties ? 'object' : undefined);
  if (type === 'object' || type === 'nested') return strictProblem(item, def.properties as Record<string, Record<string, unknown>>, path);
  if (typeof item === 'object') return `field "${path}" of type ${type} got an object`;
  if (
    type &&
    NUMERIC.has(type) &&
    !(typeof item === 'number' || (typeof item === 'string' && item.trim() !== '' && Number.isFinite(Number(item))))
  ) {
    return `field "${path}" of type ${type} got ${JSON.stringify(item)}`;
  }
  if (type === 'date' && parseDate(item) === null) return `field "${path}" of type date got ${JSON.stringify(item)}`;
  if (type === 'boolean' && typeof item !== 'boolean' && item !== 'true' && item !== 'false')
    return `field "${path}" of type boolean got ${JSON.stringify(item)}`;
  return null;
}
