import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { type ValidationProblem, validationFailed } from '../errors.js';
import type { JsonSchema } from './route.js';

function build(coerce: boolean): Ajv2020 {
  const ajv = new Ajv2020({ allErrors: true, useDefaults: true, coerceTypes: coerce ? 'array' : false, strict: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  return ajv;
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
    validate = (part === 'body' ? bodyAjv : textAjv).compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

const escapePointer = (key: string): string => key.replace(/~/g, '~0').replace(/\//g, '~1');

/** Turns Ajv errors into problems located by JSON pointer, one per problem. */
export function toProblems(part: Part, errors: ErrorObject[] | null | undefined): ValidationProblem[] {
  const problems: ValidationProblem[] = [];
  const seen = new Set<string>();
  for (const e of errors ?? []) {
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
    } else if (e.keyword === 'if' || e.keyword === 'anyOf' || e.keyword === 'oneOf') {
      continue; // The branch errors that follow say what is wrong more precisely.
    }
    const key = `${pointer} ${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    problems.push({ in: part, pointer, message });
  }
  return problems;
}

/** Validates (and, for text parts, coerces and defaults in place) one request part. */
export function check(part: Part, validate: ValidateFunction, value: unknown): ValidationProblem[] {
  return validate(value) ? [] : toProblems(part, validate.errors);
}

/** Throws 400 `validation_failed` listing every problem, when there are any. */
export function assertValid(problems: ValidationProblem[]): void {
  if (problems.length > 0) throw validationFailed(problems);
}
