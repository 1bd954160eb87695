import type { Ajv2020 } from 'ajv/dist/2020.js';

/**
 * One person is one id. A uuid may be spelled in upper case or with a `urn:uuid:` prefix (the
 * `uuid` format accepts both); everything this service stores and compares uses the canonical
 * spelling, lower case without the prefix. Snapshot records (indexer/validate.ts) and request
 * parameters (server/http/validation.ts) are rewritten to it as they are validated.
 */

/** The canonical spelling of a uuid: lower case, without a `urn:uuid:` prefix. */
export function canonicalUuid(id: string): string {
  const lower = id.toLowerCase();
  return lower.startsWith('urn:uuid:') ? lower.slice(9) : lower;
}

/** Adds the `canonicalUuid` keyword: a string it applies to is rewritten in place to {@link canonicalUuid}. */
export function addCanonicalUuidKeyword(ajv: Ajv2020): void {
  ajv.addKeyword({
    keyword: 'canonicalUuid',
    // Typed, so it runs with the string keywords, after `format` (an untyped keyword runs first,
    // and `format` would then check the rewritten value).
    type: 'string',
    modifying: true,
    schemaType: 'boolean',
    validate: (
      _schema: boolean,
      data: unknown,
      _parent: unknown,
      cxt?: { parentData: Record<string, unknown>; parentDataProperty: string | number },
    ) => {
      if (typeof data === 'string' && cxt?.parentData) cxt.parentData[cxt.parentDataProperty] = canonicalUuid(data);
      return true;
    },
  });
}

/** A copy of `schema` with `canonicalUuid` beside every `format: "uuid"`. */
export function withCanonicalUuids<T>(schema: T): T {
  if (Array.isArray(schema)) return schema.map(withCanonicalUuids) as T;
  if (!schema || typeof schema !== 'object') return schema;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(schema)) out[k] = withCanonicalUuids(v);
  if (out.format === 'uuid') out.canonicalUuid = true;
  return out as T;
}
