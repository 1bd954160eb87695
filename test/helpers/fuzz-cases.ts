/**
 * Builds the fuzz cases of one route from its declaration alone (method, path, auth, request
 * schemas), so a new route in `allRoutes()` is covered with no change here: valid-ish requests
 * (handlers do real work), every schema property mutated, malformed JSON, odd headers and
 * encodings, path ids valid and not, query strings, API keys, methods and delegates.
 */
import { acceptsDelegate, effectiveRequestSchemas } from '../../server/http/mount.js';
import type { JsonSchema, RouteDef } from '../../server/http/route.js';
import type { FuzzCase } from './fuzz-http.js';
import { encodeJson, put } from './fuzz-json.js';
import type { Rng } from './fuzz-random.js';
import {
  BAD_PATH_VALUES,
  CONTENT_ENCODINGS,
  CONTENT_TYPES,
  encodeLoose,
  type FuzzKeys,
  keyVariants,
  MALFORMED_BODIES,
  ODD_QUERIES,
  oddHeaders,
  QUERY_VALUE_ENCODINGS,
  requestIdVariants,
  toQuery,
  UNKNOWN_KEY,
} from './fuzz-requests.js';
import {
  candidateMutations,
  type GenContext,
  generate,
  isOpenObject,
  openObjectMutations,
  placeAt,
  type SchemaNode,
  schemaNodes,
} from './fuzz-schema.js';
import { type Labeled, NUMBER_LIKE_STRINGS, PROTO_NAMES, SYNTAX_STRINGS, UNICODE_STRINGS } from './fuzz-values.js';

export interface RouteCaseContext {
  def: RouteDef;
  rng: Rng;
  gen: GenContext;
  keys: FuzzKeys;
  /** An existing user who is not a delegate of the key's owner (403 `delegate_not_allowed`). */
  nonDelegateUserId: string;
  /** Existing (or at least well-formed) values for a path parameter. */
  pathValues(param: string): string[];
  bodyLimit: number;
  maxHeaderSize: number;
}

/** How many cases of each kind; the defaults keep a full run near 5,000 requests. */
export interface CaseBudget {
  valid: number;
  oddTopLevel: number;
  oddNested: number;
  /** Objects with one hostile leaf, per open object (`{type: 'object'}` without properties). */
  openObject: number;
}

export type { FuzzKeys };

/** Builds every case of one route. */
export function routeCases(ctx: RouteCaseContext, budget: CaseBudget, phase: 'valid' | 'hostile'): FuzzCase[] {
  const { def, rng, gen, keys } = ctx;
  const schemas = effectiveRequestSchemas(def);
  const route = `${def.method} ${def.path}`;
  const slug = route
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  const hasBody = schemas.body !== undefined;
  const authed = def.auth !== 'none';
  const cases: FuzzCase[] = [];
  let n = 0;
  const validBody = () => (hasBody ? generate(schemas.body!, schemas.body!, [], gen) : undefined);
  const validParams = () => {
    const out: Record<string, string> = {};
    for (const m of def.path.matchAll(/:(\w+)/g)) out[m[1]!] = encodeLoose(rng.pick(ctx.pathValues(m[1]!)));
    return out;
  };

  interface Spec {
    /** The path template to fill; the route's own path unless a legacy one. */
    template?: string;
    method?: string;
    params?: Record<string, string>;
    /** Raw query string including `?`; default: none. */
    query?: string;
    /** `null` sends no key; an array sends the header several times. */
    key?: string | string[] | null;
    /** JSON value (encoded with raw fragments), or exact text/bytes; default: a valid body on body routes. */
    json?: unknown;
    text?: string | Buffer;
    noBody?: boolean;
    contentType?: string | string[] | null;
    requestId?: string | string[] | null;
    headers?: [string, string][];
    chunked?: boolean;
    /** The status docs/errors.md fixes for this case, whatever else is wrong with it. */
    expectStatus?: number;
  }
  const add = (category: string, s: Spec = {}) => {
    const params = { ...validParams(), ...s.params };
    const path = (s.template ?? def.path).replace(/:(\w+)/g, (_, name: string) => params[name]!) + (s.query ?? '');
    let body: string | Buffer | undefined;
    let json: unknown;
    if (s.text !== undefined) body = s.text;
    else if (s.json !== undefined) {
      json = s.json;
      body = encodeJson(s.json);
    } else if (hasBody && !s.noBody) {
      json = validBody();
      body = encodeJson(json);
    }
    const headers: [string, string][] = [];
    const many = (name: string, v: string | string[] | null | undefined) => {
      if (v === null || v === undefined) return;
      for (const one of Array.isArray(v) ? v : [v]) headers.push([name, one]);
    };
    many('X-Request-Id', s.requestId === undefined ? `fz-${slug}-${phase}-${++n}` : s.requestId);
    many('X-API-Key', s.key === undefined ? (authed ? keys.valid : null) : s.key);
    if (body !== undefined) many('Content-Type', s.contentType === undefined ? 'application/json' : s.contentType);
    headers.push(...(s.headers ?? []));
    cases.push({
      route,
      category,
      method: s.method ?? def.method,
      path,
      headers,
      body,
      json,
      chunked: s.chunked,
      expectStatus: s.expectStatus,
      nonJsonSuccess: def.responseContentType !== undefined,
    });
  };

  if (phase === 'valid') {
    // Valid-ish requests with a valid key: the handlers run on the indexed corpus.
    for (let i = 0; i < budget.valid; i++) {
      const q = generate(schemas.query, schemas.query, [], gen) as Record<string, unknown>;
      add('valid', { query: toQuery(q) });
    }
    // Older paths that still reach the route get valid requests too.
    for (const template of def.legacyPaths ?? []) for (let i = 0; i < 3; i++) add(`valid:legacy-path:${template}`, { template });
    return cases;
  }
  for (const template of def.legacyPaths ?? []) {
    add(`legacy-path:${template}:malformed-json`, { template, text: '{"query":' });
    add(`legacy-path:${template}:missing-key`, { template, key: null, expectStatus: authed ? 401 : undefined });
  }

  // Every property of the body schema: wrong types and hostile values, inside an otherwise valid body.
  if (hasBody) addBodyMutations(schemas.body!, ctx, budget, (category, json) => add(category, { json }));
  if (hasBody)
    for (const name of PROTO_NAMES)
      add(`body:top-level-proto-key:${name}`, { json: put(validBody() as object, name, name === '__proto__' ? { x: 1 } : 1) });

  // Bodies at and over the size limit.
  if (hasBody) {
    const stringNodes = schemaNodes(schemas.body!).filter((nd) => nd.path.length === 1 && nd.schema.type === 'string' && !nd.schema.format);
    for (const node of stringNodes) {
      const placeholder = '\u0001PLACEHOLDER\u0001';
      const sized = (fill: string, bytes: number) => {
        const json = placeAt(schemas.body!, node.path, placeholder, gen);
        const shell = encodeJson(json);
        const room = ctx.bodyLimit - Buffer.byteLength(shell) + JSON.stringify(placeholder).length - 2 + bytes;
        const text = fill.repeat(Math.max(0, Math.floor(room / Buffer.byteLength(fill))));
        return { json: put(json as object, node.path[0]!, text), text };
      };
      add(`body:/${node.path[0]}:at-limit`, { json: sized('a', 0).json });
      add(`body:/${node.path[0]}:emoji-near-limit`, { json: sized('😀', 0).json });
      add(`body:/${node.path[0]}:over-limit`, { json: sized('a', 1).json });
    }
    add('body:twice-the-limit', { text: `{"query":"${'b'.repeat(ctx.bodyLimit * 2)}"}` });
  }

  // Malformed JSON, bare scalars, prototype keys, bad bytes and nesting.
  for (const [label, text] of MALFORMED_BODIES) {
    if (!hasBody && rng.chance(0.75)) continue; // GET routes ignore bodies: a sample is enough
    add(`malformed:${label}`, { text });
  }

  // Content-Type, Content-Encoding and Transfer-Encoding variants on a valid body.
  const sampleBody = () => (hasBody ? encodeJson(validBody()) : '{"fuzz":1}');
  for (const ct of hasBody ? CONTENT_TYPES : rng.sample(CONTENT_TYPES, 4))
    add(`content-type:${JSON.stringify(ct)}`, { text: sampleBody(), contentType: ct });
  for (const [label, encoding, transform, chunked] of hasBody ? CONTENT_ENCODINGS : rng.sample(CONTENT_ENCODINGS, 4)) {
    const headers = (Array.isArray(encoding) ? encoding : [encoding]).map((e): [string, string] => ['Content-Encoding', e]);
    add(`content-encoding:${label}`, { text: transform(Buffer.from(sampleBody())), headers, chunked });
  }
  add('transfer-encoding:chunked', { text: sampleBody(), chunked: true });

  // Request ids, huge and duplicate headers (all within Node's header limit).
  const big = ctx.maxHeaderSize - 3_000;
  const ids = requestIdVariants(big, slug);
  for (const [label, id] of hasBody ? ids : rng.sample(ids, 6)) add(`x-request-id:${label}`, { requestId: id });
  const odd = oddHeaders(big);
  for (const [label, headers] of hasBody ? odd : rng.sample(odd, 6)) add(`header:${label}`, { headers });

  // API keys: missing, malformed, unknown, revoked, lacking scope, free tier; and with bad bodies.
  for (const { label, key, refused } of keyVariants(keys, big)) {
    if (authed || rng.chance(0.3)) add(`api-key:${label}`, { key, expectStatus: authed && refused ? 401 : undefined });
  }
  // Authentication must not depend on reading the body first.
  for (const [label, key] of [
    ['missing', null],
    ['unknown', UNKNOWN_KEY],
  ] as const) {
    const expectStatus = authed ? 401 : undefined;
    add(`api-key:${label}+malformed-json`, { key, text: '{"query":', expectStatus });
    add(`api-key:${label}+over-limit-body`, { key, text: `{"query":"${'c'.repeat(ctx.bodyLimit)}"}`, expectStatus });
    add(`api-key:${label}+text-plain`, { key, text: 'hello', contentType: 'text/plain', expectStatus });
    add(`api-key:${label}+gzip-on-plain-body`, { key, text: sampleBody(), headers: [['Content-Encoding', 'gzip']], expectStatus });
  }

  // Other methods on the same path (405), HEAD on GET routes.
  for (const method of ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'TRACE']) {
    if (method === def.method) continue;
    add(`method:${method}`, { method, noBody: method === 'GET' || method === 'TRACE' || method === 'OPTIONS' });
  }
  if (def.method === 'GET') {
    add('method:HEAD', { method: 'HEAD' });
    if (authed) add('method:HEAD-without-key', { method: 'HEAD', key: null });
  }

  // Path parameters: existing ids, well-formed unknown ids, and malformed segments.
  for (const m of def.path.matchAll(/:(\w+)/g)) {
    const name = m[1]!;
    for (const v of ctx.pathValues(name)) add(`path:${name}:valid`, { params: { [name]: encodeLoose(v) } });
    for (const [label, v] of BAD_PATH_VALUES) add(`path:${name}:${label}`, { params: { [name]: v } });
  }

  // Query strings: every declared parameter mutated, plus keys no route declares.
  for (const node of schemaNodes(schemas.query).filter((nd) => nd.path.length === 1))
    addQueryMutations(node, ctx, (category, query) => add(category, { query }), schemas.query);
  const protoQueries = ODD_QUERIES.filter(([label]) => label.startsWith('proto-key:'));
  const otherQueries = ODD_QUERIES.filter(([label]) => !label.startsWith('proto-key:'));
  for (const [label, query] of [...protoQueries, ...rng.sample(otherQueries, 4)]) add(`query:${label}`, { query });

  // Delegates: allowed, self, stranger, malformed; in the query, the body, or both disagreeing.
  if (authed && acceptsDelegate(def)) {
    const values = gen.hint(['delegate_user_id'], {}) ?? [];
    const forms: [string, string][] = [
      ...values.map((v, i): [string, string] => [`known-${i}`, String(v)]),
      ['not-a-delegate', ctx.nonDelegateUserId],
      ['random-uuid', 'b0000000-0000-4000-8000-00000000beef'],
      ['proto', 'constructor'],
    ];
    for (const [label, id] of forms) {
      add(`delegate:query:${label}`, { query: `?delegate_user_id=${encodeLoose(id)}` });
      if (hasBody) add(`delegate:body:${label}`, { json: put(validBody() as object, 'delegate_user_id', id) });
    }
    if (hasBody && values.length >= 2) {
      add('delegate:query-body-disagree', {
        query: `?delegate_user_id=${values[0]}`,
        json: put(validBody() as object, 'delegate_user_id', values[1]),
      });
    }
  }
  return cases;
}

/**
 * Where a schema repeats itself (`filters.where.*` and `search_metadata.filters.*` restate
 * `filters.*`), the same schema under the same trailing names: such repeats are still each
 * mutated, but with a smaller share of the budget than their first occurrence.
 */
function shapeKey(node: SchemaNode): string {
  const names: string[] = [];
  for (let i = node.path.length - 1; i >= 0 && names.filter((n) => n !== '*').length < 2; i--) names.unshift(node.path[i]!);
  return `${names.join('/')} ${JSON.stringify(node.schema)}`;
}

/**
 * Hostile values at every property of a body schema, each inside an otherwise valid body: null
 * and other JSON types everywhere, a sample of type-preserving oddities, Object.prototype names
 * in every text field (an array gets all of them at once), and every oddity at least once.
 */
function addBodyMutations(
  root: JsonSchema,
  ctx: RouteCaseContext,
  budget: CaseBudget,
  add: (category: string, json: unknown) => void,
): void {
  const { rng, gen } = ctx;
  const nodes = schemaNodes(root);
  const used = new Set<string>();
  const everyOdd = new Map<string, SchemaNode[]>();
  const seenShapes = new Set<string>();
  nodes.forEach((node, i) => {
    const pointer = `/${node.path.join('/')}`;
    const { wrongTypes, odd } = candidateMutations(root, node, gen);
    for (const m of odd) everyOdd.set(m.label, [...(everyOdd.get(m.label) ?? []), node]);
    const top = node.path.length === 1;
    const repeat = seenShapes.has(shapeKey(node));
    seenShapes.add(shapeKey(node));
    const nul = wrongTypes.find((w) => w.label === 'wrong-type:null');
    const others = wrongTypes.filter((w) => w !== nul);
    const picked: Labeled[] = [];
    if (repeat) {
      // One wrong type and one oddity, rotating, so repeats still see every kind across the route.
      const wrong = [nul, ...others].filter((w): w is Labeled => w !== undefined);
      if (odd.length && (i % 2 === 0 || !wrong.length)) picked.push(rng.pick(odd));
      else if (wrong.length) picked.push(wrong[(i >> 1) % wrong.length]!);
    } else {
      if (nul) picked.push(nul);
      picked.push(...(top ? others : others.length ? [others[i % others.length]!] : []));
      const chosen = new Set(rng.sample(odd, top ? budget.oddTopLevel : budget.oddNested).map((m) => m.label));
      // Object.prototype names in every text field; array items get them through their array.
      const proto = odd.filter((m) => m.label.startsWith('proto:'));
      if (proto.length && node.path.at(-1) !== '*') {
        const names = top ? ['proto:constructor', 'proto:__proto__', proto[i % proto.length]!.label] : [proto[i % proto.length]!.label];
        for (const label of names) chosen.add(label);
      }
      if (odd.some((m) => m.label === 'array:proto-names')) chosen.add('array:proto-names');
      // Open objects reach handlers unvalidated: every hostile object, and hostile leaves inside.
      if (isOpenObject(root, node.schema)) for (const m of odd) if (m.label.startsWith('object:')) chosen.add(m.label);
      picked.push(...odd.filter((m) => chosen.has(m.label)));
    }
    if (isOpenObject(root, node.schema)) picked.push(...openObjectMutations(root, gen, repeat ? 2 : budget.openObject));
    for (const m of picked) {
      used.add(m.label);
      add(`body:${pointer}:${m.label}`, placeAt(root, node.path, m.value, gen));
    }
  });
  // Every hostile value is tried on this route at least once, wherever it applies.
  for (const [label, where] of everyOdd) {
    if (used.has(label)) continue;
    const node = rng.pick(where);
    const m = candidateMutations(root, node, gen).odd.find((x) => x.label === label)!;
    add(`body:/${node.path.join('/')}:${label}`, placeAt(root, node.path, m.value, gen));
  }
}

/** Hostile values for one query parameter (as text), the others left valid. */
function addQueryMutations(
  node: SchemaNode,
  ctx: RouteCaseContext,
  add: (category: string, query: string) => void,
  root: JsonSchema,
): void {
  const { rng, gen } = ctx;
  const name = node.path[0]!;
  const valid = () => {
    const q = generate(root, root, [], gen) as Record<string, unknown>;
    delete q[name];
    return q;
  };
  const rest = () => {
    const s = toQuery(valid());
    return s ? `&${s.slice(1)}` : '';
  };
  const values: Labeled[] = [
    ...['constructor', '__proto__', rng.pick(PROTO_NAMES)].map((n) => ({ label: `proto:${n}`, value: n })),
    ...rng.sample(UNICODE_STRINGS, 2),
    ...rng.sample(NUMBER_LIKE_STRINGS, 2),
    rng.pick(SYNTAX_STRINGS),
    rng.pick([
      { label: 'wrong-type:word', value: 'fuzz' },
      { label: 'wrong-type:fraction', value: '1.5' },
    ]),
    { label: 'long-6k', value: 'q'.repeat(6_000) },
  ];
  for (const v of values) add(`query:${name}:${v.label}`, `?${encodeLoose(name)}=${encodeLoose(String(v.value))}${rest()}`);
  for (const [label, text] of rng.sample(QUERY_VALUE_ENCODINGS, 3)) {
    add(`query:${name}:${label}`, `?${encodeLoose(name)}=${text}${rest()}`);
  }
  const one = () => String(generate(root, node.schema, node.path, gen));
  add(`query:${name}:repeated`, `?${name}=${encodeLoose(one())}&${name}=${encodeLoose(one())}`);
  const shapes: [string, string][] = [
    ['repeated-mixed', `?${name}=${encodeLoose(one())}&${name}=fuzz`],
    ['empty', `?${name}=${rest()}`],
    ['no-equals', `?${name}${rest()}`],
    ['bracket-array', `?${name}[]=${encodeLoose(one())}`],
  ];
  for (const [label, query] of rng.sample(shapes, 2)) add(`query:${name}:${label}`, query);
}
