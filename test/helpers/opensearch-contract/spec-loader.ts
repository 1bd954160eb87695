import { readFileSync } from 'node:fs';
import { load } from 'js-yaml';

/** A JSON object, as read from the spec: narrow its values before use. */
export type JsonObject = Record<string, unknown>;

/** True when `value` is a plain JSON object (not an array, not null). */
export function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** HTTP methods the checker understands, as written in the spec (lower case). */
export const METHODS = ['get', 'head', 'put', 'post', 'delete', 'patch'] as const;

/** One spec operation: a method on a path template. */
export interface SpecOperation {
  /** `operationId` from the spec, e.g. `indices.create.0`. */
  id: string;
  /** `x-operation-group`, e.g. `indices.create`, `search`, `bulk`. */
  group: string;
  method: string;
  /** Path template, e.g. `/{index}/_search`. */
  template: string;
  /** `$ref`s of the declared parameters (`#/components/parameters/...`). */
  parameterRefs: string[];
  /** Name of the request body under `components/requestBodies`, when the operation takes one. */
  requestBody?: string;
}

/** One declared operation parameter. */
export interface SpecParameter {
  /** The `$ref` it is declared under. */
  ref: string;
  name: string;
  in: 'query' | 'path';
  required: boolean;
}

/** The parts of the OpenSearch spec the checker uses. */
export interface OpenSearchSpec {
  operations: SpecOperation[];
  parameters: Map<string, SpecParameter>;
  /** `components` (`schemas`, `requestBodies`, `parameters`): mutable, patched before compiling. */
  components: { schemas: JsonObject; requestBodies: JsonObject; parameters: JsonObject };
}

/** Location of the vendored spec (see `spec/README.md`). */
export const SPEC_FILE = new URL('./spec/opensearch-openapi.yaml', import.meta.url);

const REQUEST_BODY_REF = '#/components/requestBodies/';

function record(value: unknown, what: string): JsonObject {
  if (!isRecord(value)) throw new Error(`OpenSearch spec: ${what} is not an object`);
  return value;
}

function readOperation(template: string, method: string, raw: JsonObject): SpecOperation {
  const refs: string[] = [];
  for (const p of Array.isArray(raw['parameters']) ? raw['parameters'] : []) {
    const ref = isRecord(p) ? p['$ref'] : undefined;
    if (typeof ref !== 'string') throw new Error(`OpenSearch spec: inline parameter in ${method} ${template}`);
    refs.push(ref);
  }
  const op: SpecOperation = {
    id: String(raw['operationId'] ?? `${method} ${template}`),
    group: String(raw['x-operation-group'] ?? raw['operationId'] ?? ''),
    method,
    template,
    parameterRefs: refs,
  };
  const body = raw['requestBody'];
  if (body !== undefined) {
    const ref = isRecord(body) ? body['$ref'] : undefined;
    if (typeof ref !== 'string' || !ref.startsWith(REQUEST_BODY_REF)) {
      throw new Error(`OpenSearch spec: inline request body in ${method} ${template}`);
    }
    op.requestBody = ref.slice(REQUEST_BODY_REF.length);
  }
  return op;
}

/** Reads and parses the vendored YAML spec (about 0.2 s) into the shape the checker needs. */
export function loadSpec(file: URL = SPEC_FILE): OpenSearchSpec {
  const doc = record(load(readFileSync(file, 'utf8')), 'document');
  const paths = record(doc['paths'], 'paths');
  const components = record(doc['components'], 'components');
  const operations: SpecOperation[] = [];
  for (const [template, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const raw = record(item, `paths[${template}]`)[method];
      if (isRecord(raw)) operations.push(readOperation(template, method, raw));
    }
  }
  const rawParams = record(components['parameters'], 'components.parameters');
  const parameters = new Map<string, SpecParameter>();
  for (const [key, value] of Object.entries(rawParams)) {
    const p = record(value, `parameter ${key}`);
    const where = p['in'];
    if (where !== 'query' && where !== 'path') throw new Error(`OpenSearch spec: parameter ${key} is in ${String(where)}`);
    const ref = `#/components/parameters/${key}`;
    parameters.set(ref, { ref, name: String(p['name']), in: where, required: p['required'] === true });
  }
  return {
    operations,
    parameters,
    components: {
      schemas: record(components['schemas'], 'components.schemas'),
      requestBodies: record(components['requestBodies'], 'components.requestBodies'),
      parameters: rawParams,
    },
  };
}
