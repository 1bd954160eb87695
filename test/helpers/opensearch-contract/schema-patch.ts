import { isRecord, type JsonObject, type OpenSearchSpec } from './spec-loader.js';
import { rewriteDiscriminatedUnions } from './unions.js';

/**
 * Patches applied to the published schemas before compiling them, so that they reject what
 * OpenSearch rejects and accept what it accepts (see `spec/README.md`):
 * 1. every `oneOf` becomes `anyOf` (branches overlap, e.g. sort clauses, so valid data matched two);
 * 2. `function_score.functions[]` loses its `maxProperties: 1` (a `filter` + `weight` entry is valid);
 * 3. discriminated unions (mapping field types, analysis components) select their branch by tag;
 * 4. fixed-keyword objects in the scopes below are closed with `unevaluatedProperties: false`.
 */

/** Component-schema name prefixes whose fixed-keyword objects are closed. */
export const CLOSED_SCHEMA_PREFIXES = [
  '_common.query_dsl___',
  '_common.mapping___',
  '_core.bulk___',
  '_core.mget___',
  'indices.update_aliases___',
];

/** Single component schemas closed as well: sort options (`_score`, `_geo_distance`, `_script`). */
export const CLOSED_SCHEMA_NAMES = ['_common___SortOptions'];

/** Request bodies whose top level (and inline fixed-keyword objects) are closed. */
export const CLOSED_REQUEST_BODIES = ['search', 'count', 'mget', 'indices.create', 'indices.update_aliases'];

/** Suffix of the open copy of a closed component, used where it is extended through `allOf`. */
export const OPEN_SUFFIX = '__open';

const SCHEMA_REF = '#/components/schemas/';
const SCHEMA_MAPS = ['properties', 'patternProperties', '$defs', 'dependentSchemas'];
const SCHEMA_LISTS = ['allOf', 'anyOf', 'oneOf', 'prefixItems'];
const SCHEMA_SLOTS = ['items', 'additionalProperties', 'unevaluatedProperties', 'unevaluatedItems', 'propertyNames', 'contains'];
const SCHEMA_SLOTS_KEPT = ['not', 'if', 'then', 'else'];

/** Calls `fn` on each direct subschema of `node`. */
function eachSubschema(node: JsonObject, fn: (child: unknown) => void): void {
  for (const key of SCHEMA_MAPS) if (isRecord(node[key])) for (const child of Object.values(node[key])) fn(child);
  for (const key of SCHEMA_LISTS) if (Array.isArray(node[key])) for (const child of node[key]) fn(child);
  for (const key of [...SCHEMA_SLOTS, ...SCHEMA_SLOTS_KEPT]) fn(node[key]);
}

/** Rewrites every `oneOf` under `node` (in place) as `anyOf`. */
function oneOfToAnyOf(node: unknown, seen: Set<unknown>): void {
  if (!isRecord(node) || seen.has(node)) return;
  seen.add(node);
  const oneOf = node['oneOf'];
  if (Array.isArray(oneOf)) {
    delete node['oneOf'];
    if (node['anyOf'] === undefined) node['anyOf'] = oneOf;
    else node['allOf'] = [...(Array.isArray(node['allOf']) ? node['allOf'] : []), { anyOf: oneOf }];
  }
  eachSubschema(node, (child) => oneOfToAnyOf(child, seen));
}

/** Drops the `maxProperties: 1` that rejects `{ filter, weight }` function_score functions. */
function relaxFunctionScore(schemas: JsonObject): void {
  const container = schemas['_common.query_dsl___FunctionScoreContainer'];
  const parts = isRecord(container) && Array.isArray(container['allOf']) ? container['allOf'] : [];
  let patched = 0;
  for (const part of parts) {
    if (isRecord(part) && part['maxProperties'] === 1) {
      delete part['maxProperties'];
      delete part['minProperties'];
      patched++;
    }
  }
  if (patched === 0) throw new Error('OpenSearch spec: FunctionScoreContainer no longer has the expected maxProperties: 1');
}

type Mode = 'closed' | 'open';

/** Builds closed (and, where extended, open) versions of schemas. */
class Closer {
  private readonly originals: JsonObject;
  private readonly opened = new Set<string>();

  constructor(
    private readonly schemas: JsonObject,
    private readonly inScope: (name: string) => boolean,
  ) {
    this.originals = { ...schemas };
  }

  private target(node: JsonObject): { name: string; schema: unknown } | undefined {
    const ref = node['$ref'];
    if (typeof ref !== 'string' || !ref.startsWith(SCHEMA_REF)) return undefined;
    const name = ref.slice(SCHEMA_REF.length);
    return { name, schema: this.originals[name] };
  }

  /** True if `node` and all the schemas it is composed of have only fixed property names. */
  private closable(node: unknown, seen = new Set<unknown>()): boolean {
    if (!isRecord(node) || seen.has(node)) return true;
    seen.add(node);
    const add = node['additionalProperties'];
    if ((add !== undefined && add !== false) || 'patternProperties' in node || 'propertyNames' in node) return false;
    if ('unevaluatedProperties' in node) return false;
    const target = this.target(node);
    if (target && !this.closable(target.schema, seen)) return false;
    return ['allOf', 'anyOf', 'oneOf'].every((k) => !Array.isArray(node[k]) || node[k].every((m) => this.closable(m, seen)));
  }

  /** True if `node` (or a schema it is composed of) declares at least one property. */
  private declaresProperties(node: unknown, seen = new Set<unknown>()): boolean {
    if (!isRecord(node) || seen.has(node)) return false;
    seen.add(node);
    if (isRecord(node['properties']) && Object.keys(node['properties']).length > 0) return true;
    const target = this.target(node);
    if (target && this.declaresProperties(target.schema, seen)) return true;
    return ['allOf', 'anyOf', 'oneOf'].some((k) => Array.isArray(node[k]) && node[k].some((m) => this.declaresProperties(m, seen)));
  }

  /** Name of the open copy of component `name`, creating it on first use. */
  private openName(name: string): string {
    const openName = name + OPEN_SUFFIX;
    if (!this.opened.has(name)) {
      this.opened.add(name);
      this.schemas[openName] = this.transform(this.originals[name], 'open');
    }
    return openName;
  }

  /**
   * `closed`: the node is validated on its own, so it may be closed. `open`: it is one part of
   * an object assembled with `allOf` (or a sibling `properties`), closed by the whole instead.
   */
  transform(node: unknown, mode: Mode): unknown {
    if (!isRecord(node)) return node;
    const out: JsonObject = { ...node };
    const target = this.target(node);
    if (target && mode === 'open' && this.inScope(target.name)) out['$ref'] = SCHEMA_REF + this.openName(target.name);
    const composed = isRecord(node['properties']) || Array.isArray(node['allOf']);
    for (const key of SCHEMA_MAPS) {
      const map = node[key];
      if (isRecord(map)) out[key] = Object.fromEntries(Object.entries(map).map(([k, v]) => [k, this.transform(v, 'closed')]));
    }
    for (const key of SCHEMA_SLOTS) if (key in node) out[key] = this.transform(node[key], 'closed');
    if (Array.isArray(node['prefixItems'])) out['prefixItems'] = node['prefixItems'].map((m) => this.transform(m, 'closed'));
    if (Array.isArray(node['allOf'])) out['allOf'] = node['allOf'].map((m) => this.transform(m, 'open'));
    const branchMode: Mode = composed || mode === 'open' ? 'open' : 'closed';
    for (const key of ['anyOf', 'oneOf']) {
      const list = node[key];
      if (Array.isArray(list)) out[key] = list.map((m) => this.transform(m, branchMode));
    }
    if (mode === 'closed' && composed && this.closable(node) && this.declaresProperties(node)) out['unevaluatedProperties'] = false;
    return out;
  }

  /** Replaces every in-scope component with its closed version. */
  closeComponents(): void {
    for (const name of Object.keys(this.originals)) {
      if (this.inScope(name)) this.schemas[name] = this.transform(this.originals[name], 'closed');
    }
  }
}

/** Applies all the patches above to `spec.components`, in place. */
export function patchSchemas(spec: OpenSearchSpec): void {
  const { schemas, requestBodies, parameters } = spec.components;
  const seen = new Set<unknown>();
  for (const group of [schemas, requestBodies, parameters]) {
    for (const value of Object.values(group)) {
      // Request bodies and parameters wrap their schemas: walk down to them.
      const wrapped = isRecord(value) && isRecord(value['content']) ? Object.values(value['content']) : [value];
      for (const w of wrapped) oneOfToAnyOf(isRecord(w) && 'schema' in w ? w['schema'] : w, seen);
    }
  }
  relaxFunctionScore(schemas);
  rewriteDiscriminatedUnions(schemas);
  const inScope = (name: string) => CLOSED_SCHEMA_NAMES.includes(name) || CLOSED_SCHEMA_PREFIXES.some((p) => name.startsWith(p));
  const closer = new Closer(schemas, inScope);
  closer.closeComponents();
  for (const name of CLOSED_REQUEST_BODIES) {
    const body = requestBodies[name];
    const content = isRecord(body) ? body['content'] : undefined;
    const entry = isRecord(content) ? content['application/json'] : undefined;
    if (!isRecord(entry)) throw new Error(`OpenSearch spec: request body ${name} has no application/json schema`);
    entry['schema'] = closer.transform(entry['schema'], 'closed');
  }
}
