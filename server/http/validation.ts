import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { addCanonicalUuidKeyword, withCanonicalUuids } from '../../lib/canonical-uuid.js';
import { MAX_LISTED_PROBLEMS, type ValidationProblem, validationFailed } from '../errors.js';
import type { JsonSchema } from './route.js';

function build(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, coerceTypes: coerce ? 'array' : false, strict: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  // An id in another spelling (upper case, `urn:uuid:`) is read as the id it is (lib/canonical-uuid.ts).
  addCanonicalUuidKeyword(ajv);
  ajv.addFormat('http-url', { type: 'string', validate: isHttpUrl });
  return ajv;
}

/**
 * Whether text is an http(s) URL a request can be sent to, as the WHATWG URL parser (undici's)
 * reads it: `http://a b/`, a port past 65535 or a host with a stray `%` start like a URL but
 * cannot be fetched, and were stored only to fail at every delivery.
 */
export function isHttpUrl(text: string): boolean {
  // The URL parser drops a tab or newline anywhere and trims spaces and control characters at
  // the ends, so "https://hooks.example/a\nb" had been stored as another URL than the one sent.
  if (/[\s\p{Cc}]/u.test(text)) return false;
  // The scheme in any case ("HTTP://"), then a host right after "//": URL() would read "http:///x" as host x.
  if (!/^https?:\/\/[^/\\?#]/i.test(text) || !URL.canParse(text)) return false;
  const url = new URL(text);
  // Port 0 is no port a request can be sent to.
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '' && url.port !== '0';
}

/** Bodies are typed JSON: no coercion. Query strings and path segments are text: coerced. */
const bodyAjv = build(false);
const textAjv = build(true);

export type Part = ValidationProblem['in'];

/**
 * Compiled validators by part and schema text. Compiling the large request schemas is the slow
 * part of building an app, and the same schemas come back (REST, the connector, every app a
 * test builds), as new objects Ajv's own cache does not recognise.
 */
const compiled = new Map<string, ValidateFunction>();

/** Compiles a schema for one part of a request (once per distinct schema). */
export function compileValidator(part: Part, schema: JsonSchema): ValidateFunction {
  const key = `${part === 'body' ? 'body' : 'text'}\u0000${JSON.stringify(schema)}`;
  let validate = compiled.get(key);
  if (!validate) {
    const numeric = part === 'body' ? null : numericFieldsOf(schema);
    validate = (part === 'body' ? bodyAjv : textAjv).compile(withCanonicalUuids(schema));
    if (numeric) numericFields.set(validate, numeric);
    if (part === 'body') bodySchemas.set(validate, schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** How a numeric query or path field is spelled: whole digits, or digits with a point. */
export type NumberKind = 'integer' | 'number';

/**
 * Per text-part validator, its numeric fields. Ajv coerces any string JavaScript reads as a
 * number (`0x10`, `1e309`, `Infinity`), so these are held to decimal digits here first.
 */
const numericFields = new WeakMap<ValidateFunction, Map<string, NumberKind>>();

/**
 * The numeric fields of a query or path schema, found through `anyOf`/`oneOf`/`allOf` branches
 * and array items. A field any of whose branches takes text keeps its text as given. A `$ref`
 * is not followed: text-part schemas are written inline, and one with a reference is refused
 * when compiled rather than let a number past the digits check.
 */
export function numericFieldsOf(schema: JsonSchema): Map<string, NumberKind> {
  const out = new Map<string, NumberKind>();
  const kindOf = (s: Record<string, unknown> | undefined, name: string): NumberKind | 'text' | null => {
    if (!s || typeof s !== 'object') return null;
    if ('$ref' in s) throw new Error(`query and path schemas are written inline; "${name}" uses $ref`);
    const kinds = new Set<NumberKind | 'text' | null>();
    const types = ([] as unknown[]).concat(s.type ?? []);
    if (types.includes('string')) kinds.add('text');
    if (types.includes('integer')) kinds.add('integer');
    if (types.includes('number')) kinds.add('number');
    if (types.includes('array')) kinds.add(kindOf(s.items as Record<string, unknown> | undefined, name));
    for (const key of ['anyOf', 'oneOf', 'allOf'])
      for (const branch of (s[key] as Record<string, unknown>[] | undefined) ?? []) kinds.add(kindOf(branch, name));
    // A field that also takes text keeps its text as given; a number allows what an integer does.
    if (kinds.has('text')) return 'text';
    if (kinds.has('number')) return 'number';
    return kinds.has('integer') ? 'integer' : null;
  };
  for (const [name, s] of Object.entries((schema as { properties?: Record<string, Record<string, unknown>> }).properties ?? {})) {
    const kind = kindOf(s, name);
    if (kind === 'integer' || kind === 'number') out.set(name, kind);
  }
  return out;
}

/** Per body validator, its schema (with its uuid keyword added), for the list-length check. */
const bodySchemas = new WeakMap<ValidateFunction, JsonSchema>();

/** The `maxItems` a schema sets for a list here: its own, or the largest of its choices' (Infinity when none says). */
function maxItemsOf(schema: Record<string, unknown> | undefined): number {
  if (!schema) return Number.POSITIVE_INFINITY;
  if (typeof schema.maxItems === 'number') return schema.maxItems;
  const branches = [...((schema.anyOf as Record<string, unknown>[]) ?? []), ...((schema.oneOf as Record<string, unknown>[]) ?? [])];
  const lists = branches.filter((b) => ([] as unknown[]).concat(b.type ?? []).includes('array') || 'items' in b);
  return lists.length ? Math.max(...lists.map(maxItemsOf)) : Number.POSITIVE_INFINITY;
}

/** The item schema of a list schema (of its list branch, for a choice), if it has one. */
function itemsOf(schema: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!schema) return undefined;
  if (schema.items && typeof schema.items === 'object') return schema.items as Record<string, unknown>;
  const branches = [...((schema.anyOf as Record<string, unknown>[]) ?? []), ...((schema.oneOf as Record<string, unknown>[]) ?? [])];
  const lists = branches.filter((b) => b.items && typeof b.items === 'object');
  return lists.length === 1 ? (lists[0]!.items as Record<string, unknown>) : undefined;
}

/**
 * The first list of a value longer than its schema allows there, as a problem; null when none
 * is. It follows the schema's own properties and list items only (a free-form part is the
 * schema's to judge), without recursion. Checked before the schema, so a body of a million wrong
 * items is one problem found in microseconds, not a million found by the validator.
 */
export function overlongList(part: Part, value: unknown, schema: JsonSchema | undefined): ValidationProblem | null {
  const stack: [unknown, Record<string, unknown> | undefined, string][] = [[value, schema as Record<string, unknown>, '']];
  while (stack.length) {
    const [v, s, pointer] = stack.pop()!;
    if (v === null || typeof v !== 'object' || !s) continue;
    if (Array.isArray(v)) {
      const max = maxItemsOf(s);
      if (v.length > max) return { in: part, pointer, message: `must NOT have more than ${max} items (it has ${v.length})` };
      const items = itemsOf(s);
      if (items)
        for (let i = 0; i < v.length; i++) if (v[i] !== null && typeof v[i] === 'object') stack.push([v[i], items, `${pointer}/${i}`]);
      continue;
    }
    const properties = s.properties as Record<string, Record<string, unknown>> | undefined;
    if (properties)
      for (const [k, child] of Object.entries(v))
        if (child !== null && typeof child === 'object' && properties[k])
          stack.push([child, properties[k], `${pointer}/${escapePointer(k)}`]);
  }
  return null;
}

/** Decimal digits, at most 15 of them in all (so the number is exact), with a point for `number`. */
const DECIMAL: Record<NumberKind, RegExp> = { integer: /^-?\d{1,15}$/, number: /^-?(?=[\d.]{1,16}$)\d+(\.\d+)?$/ };

/** Numeric text values not written in plain decimal digits (see {@link DECIMAL}). */
function numericTextProblems(part: Part, validate: ValidateFunction, value: unknown): ValidationProblem[] {
  const fields = numericFields.get(validate);
  if (!fields?.size || !value || typeof value !== 'object') return [];
  const problems: ValidationProblem[] = [];
  for (const [name, kind] of fields) {
    const given = (value as Record<string, unknown>)[name];
    for (const v of Array.isArray(given) ? given : [given]) {
      if (typeof v !== 'string' || DECIMAL[kind].test(v.trim())) continue;
      problems.push({
        in: part,
        pointer: `/${escapePointer(name)}`,
        message: `must be ${kind === 'integer' ? 'an integer' : 'a number'} written in decimal digits (at most 15), got ${JSON.stringify(v.slice(0, 40))}`,
      });
      break;
    }
  }
  return problems;
}

/**
 * The `pattern` of a string that must hold something other than white space (a key or secret
 * of spaces alone is no key); its problem reads "must not be blank".
 */
export const NOT_BLANK_PATTERN = '\\S';

/**
 * The `pattern` of a text that must hold a visible character: white space and invisible
 * format characters alone (a soft hyphen, zero-width spaces and joiners, a byte-order mark) are
 * no text. A blank query would match everyone and be billed for it.
 */
export const VISIBLE_TEXT_PATTERN = '[^\\s\\u00AD\\u200B-\\u200F\\u2060-\\u2064\\uFEFF]';

/**
 * What each `pattern` of a request schema or tool input asks for, in words: a caller is told
 * what to fix, never a regular expression (`must match pattern "[^\s\u00AD…]"` was the answer
 * to a blank query). Registered with the pattern by {@link matching}; a test holds every pattern
 * of every route and tool to having words.
 */
const PATTERN_WORDS = new Map<string, string>([
  [NOT_BLANK_PATTERN, 'must not be blank: white space alone is no value'],
  [VISIBLE_TEXT_PATTERN, 'must contain at least one visible character: white space and invisible characters alone are no text'],
]);

/**
 * A string schema's `pattern` with the words a problem says of a value that does not match it
 * ("must be an email address such as ana@example.com"), to spread into the schema.
 */
export function matching(pattern: string, words: string): { pattern: string } {
  const known = PATTERN_WORDS.get(pattern);
  if (known !== undefined && known !== words) throw new Error(`pattern ${pattern} already has other words: "${known}"`);
  PATTERN_WORDS.set(pattern, words);
  return { pattern };
}

/** The words of a registered pattern, or undefined when it has none. */
export const patternWords = (pattern: string): string | undefined => PATTERN_WORDS.get(pattern);

/** A key as one step of an RFC 6901 JSON pointer. */
export const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/**
 * Drops the "must be <type>" of an `anyOf`/`oneOf` branch whose type the value does not have,
 * when another branch of the same choice, of the value's type, says what is wrong: a list of 65
 * keywords is "must NOT have more than 64 items", not also "must be string".
 */
function withoutWrongBranchTypes(errors: ErrorObject[]): ErrorObject[] {
  // One pass (a body may carry thousands of errors): per choice and branch, the instance paths
  // with an error other than a type, and the paths that have an error below them.
  const seen = new Map<string, { at: Set<string>; below: Set<string> }>();
  const of = (choice: string, index: string) => {
    const key = `${choice} ${index}`;
    let entry = seen.get(key);
    if (!entry) {
      entry = { at: new Set(), below: new Set() };
      seen.set(key, entry);
    }
    return entry;
  };
  const branches = new Map<string, Set<string>>();
  const located = errors.map((e) => branchOf(e.schemaPath));
  errors.forEach((e, i) => {
    const at = located[i];
    if (!at) return;
    branches.set(at.choice, (branches.get(at.choice) ?? new Set()).add(at.index));
    const entry = of(at.choice, at.index);
    if (e.keyword !== 'type') entry.at.add(e.instancePath);
    for (let cut = e.instancePath.lastIndexOf('/'); cut > 0; cut = e.instancePath.lastIndexOf('/', cut - 1))
      entry.below.add(e.instancePath.slice(0, cut));
    if (e.instancePath !== '') entry.below.add('');
  });
  return errors.filter((e, i) => {
    const at = located[i];
    if (e.keyword !== 'type' || !at) return true;
    // The other branch took the value's type if it complains of something else, or deeper in.
    for (const other of branches.get(at.choice) ?? [])
      if (other !== at.index) {
        const entry = of(at.choice, other);
        if (entry.at.has(e.instancePath) || entry.below.has(e.instancePath)) return false;
      }
    return true;
  });
}

/** Ajv errors read to make an answer's problems (a body of thousands of wrong items raises thousands). */
const MAX_ERRORS_READ = 2000;

/** The innermost `anyOf`/`oneOf` of a schema path and the branch taken there, if any (no regex: paths are long and many). */
function branchOf(schemaPath: string): { choice: string; index: string; rest: string } | null {
  const at = Math.max(schemaPath.lastIndexOf('/anyOf/'), schemaPath.lastIndexOf('/oneOf/'));
  if (at < 0) return null;
  const start = at + 7;
  const end = schemaPath.indexOf('/', start);
  const index = schemaPath.slice(start, end < 0 ? undefined : end);
  if (!/^\d+$/.test(index)) return null;
  return { choice: schemaPath.slice(0, at + 6), index, rest: end < 0 ? '' : schemaPath.slice(end + 1) };
}

/** How a format is asked for in a message: what it is, with an example. */
const FORMAT_WORDS: Record<string, string> = {
  date: 'a date of the calendar (2026-01-31)',
  'date-time': 'a date-time with an offset (2026-01-31T09:00:00Z)',
  'http-url': 'an http or https URL with a host',
  email: 'an email address',
  uuid: 'a UUID',
  uri: 'a URI',
};

/**
 * One problem for a value every branch of a choice refused by format ("must match format
 * "date"; must match format "date-time"" becomes "must be a date of the calendar (2026-01-31) or
 * a date-time with an offset (2026-01-31T09:00:00Z)"), in place of the first of them.
 */
function mergedBranchFormats(errors: ErrorObject[]): ErrorObject[] {
  const keyOf = (e: ErrorObject): string | null => {
    if (e.keyword !== 'format') return null;
    const at = branchOf(e.schemaPath);
    return at && at.rest === 'format' ? `${at.choice} ${e.instancePath}` : null;
  };
  const groups = new Map<string, ErrorObject[]>();
  for (const e of errors) {
    const key = keyOf(e);
    if (key) groups.set(key, [...(groups.get(key) ?? []), e]);
  }
  const out: ErrorObject[] = [];
  for (const e of errors) {
    const key = keyOf(e);
    const group = key ? groups.get(key) : undefined;
    if (!group || group.length < 2) {
      out.push(e);
      continue;
    }
    if (group[0] !== e) continue;
    const formats = [...new Set(group.map((g) => String((g.params as { format?: unknown }).format)))];
    out.push({ ...e, keyword: 'formats', message: `must be ${formats.map((f) => FORMAT_WORDS[f] ?? `of format "${f}"`).join(' or ')}` });
  }
  return out;
}

/** Turns Ajv errors into problems located by JSON pointer, one per problem. */
export function toProblems(part: Part, errors: ErrorObject[] | null | undefined): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const seen = new Set<string>();
  // An answer lists 20 problems: the first errors say them, however many a large body raised.
  for (const e of mergedBranchFormats(withoutWrongBranchTypes((errors ?? []).slice(0, MAX_ERRORS_READ)))) {
    let pointer = e.instancePath;
    let message = e.message ?? 'is invalid';
    const params = e.params as Record<string, unknown>;
    if (e.keyword === 'required') {
      pointer += `/${escapePointer(String(params.missingProperty))}`;
      message = 'is required';
    } else if (e.keyword === 'additionalProperties') {
      pointer += `/${escapePointer(String(params.additionalProperty))}`;
      message = 'is not a recognised field';
    } else if (e.keyword === 'enum') {
      message = `must be one of: ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}`;
    } else if (e.keyword === 'pattern') {
      // Never the regular expression itself: it says nothing to whoever has to fix the value.
      message = PATTERN_WORDS.get(String(params.pattern)) ?? 'is not in the form this field takes (see its description)';
    } else if (e.keyword === 'format' && params.format === 'http-url') {
      message =
        'must be an http or https URL with a host that a request can be sent to (no spaces, line breaks or other control characters; a port up to 65535)';
    } else if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      continue; // The branch errors that follow say what is wrong more precisely.
    }
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ in: part, pointer, message });
    // One more than an answer lists, so it can say there are more (validationFailed).
    if (problems.length > MAX_LISTED_PROBLEMS) break;
  }
  return problems;
}

/** Validates (and, for text parts, coerces and defaults in place) one request part. */
export function check(part: Part, validate: ValidateFunction, value: unknown): ValidationProblem[] {
  // Bodies only: query strings and paths are small, and repeat keys they do not declare.
  const overlong = part === 'body' ? overlongList(part, value, bodySchemas.get(validate)) : null;
  if (overlong) return [overlong];
  const numeric = part === 'body' ? [] : numericTextProblems(part, validate, value);
  if (validate(value)) return numeric;
  // Ajv's problems with a value already flagged (or with one item of it) would say it twice.
  const flagged = numeric.map((p) => p.pointer);
  const repeats = (pointer: string) => flagged.some((f) => pointer === f || pointer.startsWith(`${f}/`));
  return [...numeric, ...toProblems(part, validate.errors).filter((p) => !repeats(p.pointer))];
}

/** Throws 400 `validation_failed` listing every problem, when there are any. */
export function assertValid(problems: ValidationProblem[]): void {
  if (problems.length > 0) throw validationFailed(problems);
}
