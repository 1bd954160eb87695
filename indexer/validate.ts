import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addCanonicalUuidKeyword, withCanonicalUuids } from '../lib/canonical-uuid.js';
import { deletionRecordSchema, RECORD_SCHEMAS, type RecordKind } from '../mappings/record-schemas.js';
import { CR_HINT, notUtf8Reason } from './read-lines.js';

// strictNumbers: JSON.parse turns a literal beyond the range of a double (1e400) into Infinity,
// which JSON.stringify would then write as null; such a number is refused in every numeric field.
// verbose: errors carry the offending value, for the reason given.
const ajv = new Ajv2020({ allErrors: false, strict: false, strictNumbers: true, verbose: true });
(addFormats as unknown as (a: Ajv2020) => void)(ajv);

// RFC 3339 allows a leap second (23:59:60), which the format accepts but Date.parse (and so every
// date field and connection time this service stores) cannot read: it is refused, with the reason.
const rfc3339 = ajv.formats['date-time'] as { validate: (s: string) => boolean } | ((s: string) => boolean);
const rfc3339Valid = typeof rfc3339 === 'function' ? rfc3339 : rfc3339.validate;
ajv.addFormat('date-time', { type: 'string', validate: (s: string) => rfc3339Valid(s) && Number.isFinite(Date.parse(s)) });

// Ids are stored in their canonical spelling (lib/canonical-uuid.ts).
addCanonicalUuidKeyword(ajv);

const validators = new Map<RecordKind, ValidateFunction>();
const deletion = ajv.compile(withCanonicalUuids(deletionRecordSchema));

/** A parsed snapshot line: a record to upsert, a deletion, or the reason it was refused. */
export type Checked =
  | { ok: true; deleted: false; record: Record<string, unknown> }
  | { ok: true; deleted: true; id: string }
  | { ok: false; reason: string };

/**
 * Parses and validates one line of a snapshot of `kind`. `utf8`: whether the line's bytes were
 * UTF-8 (read-lines.ts); a line that was not is refused, with the likely cause.
 */
export function checkLine(kind: RecordKind, text: string, utf8 = true): Checked {
  if (!utf8) return { ok: false, reason: notUtf8Reason(text) };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    const hint = text.includes('\r') ? `; ${CR_HINT}` : '';
    return { ok: false, reason: `malformed JSON: ${(err as Error).message}${hint}` };
  }
  if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'a record must be a JSON object' };
  const obj = value as Record<string, unknown>;
  if (obj._deleted !== undefined && kind !== 'connections') {
    return deletion(obj)
      ? { ok: true, deleted: true, id: obj.id as string }
      : { ok: false, reason: `bad deletion marker: ${describe(deletion)}` };
  }
  let validate = validators.get(kind);
  if (!validate) {
    validate = ajv.compile(withCanonicalUuids(RECORD_SCHEMAS[kind]));
    validators.set(kind, validate);
  }
  if (!validate(obj)) return { ok: false, reason: describe(validate) };
  if (kind === 'connections' && obj.user_a === obj.user_b)
    return { ok: false, reason: 'a connection joins two different people (user_a equals user_b)' };
  // An end before the start is no connection: stored, it would read as ended, or as reconnected, by guess.
  // Compared as instants (the two may carry different offsets); the same instant is allowed.
  if (kind === 'connections' && typeof obj.removed_at === 'string' && Date.parse(obj.removed_at) < Date.parse(obj.connected_at as string))
    return {
      ok: false,
      reason: `/removed_at ${obj.removed_at} is before /connected_at ${obj.connected_at as string}: a connection cannot end before it began`,
    };
  return { ok: true, deleted: false, record: obj };
}

function describe(v: ValidateFunction): string {
  const e = v.errors?.[0];
  if (!e) return 'invalid';
  if (e.keyword === 'required')
    return `missing required field "${(e.params as { missingProperty: string }).missingProperty}"${e.instancePath ? ` in ${e.instancePath}` : ''}`;
  if (e.keyword === 'additionalProperties')
    return `unknown field "${(e.params as { additionalProperty: string }).additionalProperty}"${e.instancePath ? ` in ${e.instancePath}` : ''}`;
  if (e.keyword === 'type' && typeof e.data === 'number' && !Number.isFinite(e.data))
    return `${e.instancePath} is out of range: a number must be finite (within ±1.8e308)`;
  if (e.keyword === 'format' && (e.params as { format: string }).format === 'date-time')
    return `${e.instancePath} is not a date-time this service can read: ${JSON.stringify(e.data)} (RFC 3339 with a time zone, such as 2026-01-31T09:30:00Z; a leap second, :60, is not accepted)`;
  // The values allowed, and the one given: "/seniority is "boss"; allowed: entry, senior, ...".
  if (e.keyword === 'enum')
    return `${e.instancePath || 'record'} is ${clip(e.data)}; allowed: ${(e.params as { allowedValues: unknown[] }).allowedValues.map((v) => JSON.stringify(v)).join(', ')}`;
  // The form the field's description gives ("YYYY-MM"), never the regular expression.
  if (e.keyword === 'pattern') {
    const form = (e.parentSchema as { description?: unknown } | undefined)?.description;
    return `${e.instancePath || 'record'} is ${clip(e.data)}; it must have the form ${typeof form === 'string' ? form.replace(/\.$/, '') : 'its field takes (docs/data-model.md)'}`;
  }
  if (e.keyword === 'const')
    return `${e.instancePath || 'record'} is ${clip(e.data)}; it must be ${JSON.stringify((e.params as { allowedValue: unknown }).allowedValue)}`;
  return `${e.instancePath || 'record'} ${e.message}`;
}

/** A value as JSON, cut to 80 characters. */
const clip = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};
