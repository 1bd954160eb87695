/**
 * A recording fake of the OpenSearch HTTP API, for contract tests of the OpenSearch adapter.
 * It records every request (method, raw path, query string, JSON body or `_bulk` NDJSON lines)
 * and answers with minimal but realistic OpenSearch 2.x responses. Its state is just enough for
 * the adapter to proceed (indices, aliases, two settings, documents by id); it is not an engine:
 * searches return every stored document of the index as hits, whatever the query.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { HttpMethod } from './opensearch-contract/checker.js';

/** One request as the fake received it. */
export interface RecordedRequest {
  method: HttpMethod;
  /** The URL path as sent (still percent-encoded), without the query string. */
  path: string;
  querystring: Record<string, string>;
  /** The JSON body, when there is one (not for `_bulk`). */
  body?: unknown;
  /** For `_bulk`: the NDJSON lines, parsed. */
  bulkBody?: unknown[];
  /** Size of the request body in bytes. */
  bytes?: number;
}

export interface FakeResponse {
  status: number;
  body?: unknown;
}

/** A bulk item the fake is about to answer: its verb, index and id. */
export interface BulkItemRef {
  op: 'index' | 'create' | 'update' | 'delete';
  index: string;
  id: string;
  /** 1 for the first `_bulk` request the fake receives, 2 for the next, ... */
  attempt: number;
}

/** An item-level failure: the status and (except for a missing delete) the error. */
export interface BulkItemFailure {
  status: number;
  error?: { type: string; reason: string };
}

/** Answers a request instead of the default handler; return undefined to let it through. */
export type Interceptor = (req: RecordedRequest) => FakeResponse | undefined;

interface IndexState {
  refresh_interval?: string;
  number_of_replicas: string;
  docs: Map<string, Record<string, unknown>>;
}

const ok = (body: unknown): FakeResponse => ({ status: 200, body });
const shards = (n = 1) => ({ total: n, successful: n, failed: 0 });

/** An OpenSearch error response: `{ error: { root_cause, type, reason, ... }, status }`. */
export function errorResponse(status: number, type: string, reason: string, extra: Record<string, unknown> = {}): FakeResponse {
  const cause = { type, reason, ...extra };
  return { status, body: { error: { root_cause: [cause], ...cause }, status } };
}

const indexNotFound = (index: string): FakeResponse =>
  errorResponse(404, 'index_not_found_exception', `no such index [${index}]`, {
    index,
    'resource.type': 'index_or_alias',
    'resource.id': index,
    index_uuid: '_na_',
  });

export class FakeOpenSearch {
  /** Every request received, in order. */
  readonly requests: RecordedRequest[] = [];
  readonly indices = new Map<string, IndexState>();
  /** alias → the indices it points at. */
  readonly aliases = new Map<string, Set<string>>();
  /** Decides item failures in `_bulk` answers; undefined means success. */
  bulkItemFailure: ((item: BulkItemRef) => BulkItemFailure | undefined) | undefined;
  private interceptors: { fn: Interceptor; once: boolean }[] = [];
  private bulkAttempts = 0;
  private server: Server | undefined;
  url = '';

  /**
   * `record: false` keeps no request (a long load would fill memory); `keepSource` says which
   * indices keep document sources (the others keep an empty object per id, enough to count and
   * list them).
   */
  constructor(private readonly opts: { record?: boolean; keepSource?: (index: string) => boolean } = {}) {}

  async start(): Promise<this> {
    this.server = createServer((req, res) => {
      this.handle(req, res).catch((err: unknown) => {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { type: 'fake_failure', reason: String(err) }, status: 500 }));
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((err) => (err ? reject(err) : resolve())));
  }

  /** Forgets requests, state, interceptors and failure rules. */
  reset(): void {
    this.requests.length = 0;
    this.indices.clear();
    this.aliases.clear();
    this.interceptors = [];
    this.bulkItemFailure = undefined;
    this.bulkAttempts = 0;
  }

  /** Answers matching requests with `fn` (only the first one when `once`). Earlier interceptors win. */
  intercept(fn: Interceptor, opts: { once?: boolean } = {}): void {
    this.interceptors.push({ fn, once: opts.once ?? false });
  }

  /** Requests whose method and path match, e.g. `find('POST', /\/_bulk$/)`. */
  find(method: HttpMethod, path: string | RegExp): RecordedRequest[] {
    return this.requests.filter((r) => r.method === method && (typeof path === 'string' ? r.path === path : path.test(r.path)));
  }

  /** Creates an index directly (no request recorded). */
  seedIndex(name: string, settings: { refresh_interval?: string; number_of_replicas?: number } = {}): void {
    this.indices.set(name, {
      ...(settings.refresh_interval === undefined ? {} : { refresh_interval: settings.refresh_interval }),
      number_of_replicas: String(settings.number_of_replicas ?? 1),
      docs: new Map(),
    });
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake');
    const recorded: RecordedRequest = {
      method: (req.method ?? 'GET') as HttpMethod,
      path: url.pathname,
      querystring: Object.fromEntries(url.searchParams),
      bytes: Buffer.byteLength(text),
    };
    if (url.pathname.endsWith('/_bulk')) {
      recorded.bulkBody = text
        .split('\n')
        .filter((line) => line.trim() !== '')
        .map((line) => JSON.parse(line) as unknown);
    } else if (text !== '') {
      recorded.body = JSON.parse(text) as unknown;
    }
    if (this.opts.record !== false) this.requests.push(recorded);

    let response: FakeResponse | undefined;
    for (const entry of [...this.interceptors]) {
      response = entry.fn(recorded);
      if (response !== undefined) {
        if (entry.once) this.interceptors = this.interceptors.filter((e) => e !== entry);
        break;
      }
    }
    response ??= this.route(recorded);
    const payload = recorded.method === 'HEAD' || response.body === undefined ? '' : JSON.stringify(response.body);
    res.writeHead(response.status, {
      'content-type': 'application/json; charset=UTF-8',
      'content-length': Buffer.byteLength(payload),
    });
    res.end(payload);
  }

  /** Indices a name stands for: itself, or the indices behind an alias of that name. */
  private resolve(name: string): string[] {
    if (this.indices.has(name)) return [name];
    return [...(this.aliases.get(name) ?? [])].filter((i) => this.indices.has(i));
  }

  private route(req: RecordedRequest): FakeResponse {
    const parts = req.path
      .split('/')
      .filter((p) => p !== '')
      .map((p) => decodeURIComponent(p));
    const [first, second] = parts;
    const { method } = req;

    if (parts.length === 0) {
      if (method === 'HEAD') return ok(undefined);
      if (method === 'GET') return ok(INFO);
    }
    if (first === '_bulk' && parts.length === 1 && (method === 'POST' || method === 'PUT')) return this.bulk(req, undefined);
    if (first === '_aliases' && parts.length === 1 && (method === 'POST' || method === 'PUT')) return this.updateAliases(req.body);
    if (first === '_alias' && parts.length === 2 && method === 'GET') return this.getAlias(second!);
    if (first === undefined || first.startsWith('_')) return noHandler(req);

    const index = first;
    if (parts.length === 1) {
      if (method === 'HEAD') return { status: this.resolve(index).length > 0 ? 200 : 404 };
      if (method === 'PUT') return this.createIndex(index, req.body);
      if (method === 'DELETE') {
        if (!this.indices.delete(index)) return indexNotFound(index);
        for (const targets of this.aliases.values()) targets.delete(index);
        return ok({ acknowledged: true });
      }
      return noHandler(req);
    }
    const targets = this.resolve(index);
    if (second === '_bulk') return this.bulk(req, index);
    if (targets.length === 0) return indexNotFound(index);
    const docs = targets.flatMap((t) => [...this.indices.get(t)!.docs].map(([id, source]) => ({ index: t, id, source })));
    const body = (req.body ?? {}) as Record<string, unknown>;
    switch (`${method} ${second}`) {
      case 'GET _search':
      case 'POST _search': {
        const from = Number(body['from'] ?? 0);
        const size = Number(body['size'] ?? 10);
        const sorted = Array.isArray(body['sort']) && body['sort'].length > 0;
        const page = docs.slice(from, from + size);
        const total = body['track_total_hits'] === false ? {} : { total: { value: docs.length, relation: 'eq' } };
        return ok({
          took: 3,
          timed_out: false,
          _shards: { ...shards(targets.length), skipped: 0 },
          hits: {
            ...total,
            max_score: sorted ? null : page.length > 0 ? 1 : null,
            hits: page.map((d) => ({
              _index: d.index,
              _id: d.id,
              _score: sorted ? null : 1,
              _source: d.source,
              ...(sorted ? { sort: [d.id] } : {}),
            })),
          },
        });
      }
      case 'GET _count':
      case 'POST _count':
        return ok({ count: docs.length, _shards: { ...shards(targets.length), skipped: 0 } });
      case 'GET _mget':
      case 'POST _mget': {
        const ids = Array.isArray(body['ids']) ? (body['ids'] as string[]) : [];
        return ok({
          docs: ids.map((id) => {
            const hit = docs.find((d) => d.id === id);
            return hit
              ? { _index: hit.index, _id: id, _version: 1, _seq_no: 0, _primary_term: 1, found: true, _source: hit.source }
              : { _index: targets[0], _id: id, found: false };
          }),
        });
      }
      case 'POST _refresh':
      case 'GET _refresh':
        return ok({ _shards: shards(targets.length) });
      case 'GET _settings':
        return this.getSettings(targets, req.querystring['include_defaults'] === 'true');
      case 'PUT _settings':
        return this.putSettings(targets, req.body);
      case 'GET _stats':
        return this.stats(targets);
      case 'GET _alias':
        return this.getAlias(parts[2] ?? '*', targets);
      default:
        return noHandler(req);
    }
  }

  private createIndex(index: string, body: unknown): FakeResponse {
    if (this.indices.has(index)) {
      return errorResponse(400, 'resource_already_exists_exception', `index [${index}/AbCdEfGhIjKlMnOpQrStUv] already exists`, {
        index,
        index_uuid: 'AbCdEfGhIjKlMnOpQrStUv',
      });
    }
    const settings = ((body as { settings?: Record<string, unknown> } | undefined)?.settings ?? {}) as Record<string, unknown>;
    const flat = { ...settings, ...((settings['index'] as Record<string, unknown> | undefined) ?? {}) };
    const refresh = flat['refresh_interval'] ?? flat['index.refresh_interval'];
    const replicas = flat['number_of_replicas'] ?? flat['index.number_of_replicas'];
    this.indices.set(index, {
      ...(refresh === undefined ? {} : { refresh_interval: String(refresh) }),
      number_of_replicas: String(replicas ?? 1),
      docs: new Map(),
    });
    return ok({ acknowledged: true, shards_acknowledged: true, index });
  }

  private bulk(req: RecordedRequest, pathIndex: string | undefined): FakeResponse {
    const attempt = ++this.bulkAttempts;
    const lines = req.bulkBody ?? [];
    const items: Record<string, unknown>[] = [];
    let errors = false;
    for (let i = 0; i < lines.length; i++) {
      const action = lines[i] as Record<string, { _index?: string; _id?: string }>;
      const op = Object.keys(action)[0] as BulkItemRef['op'];
      const meta = action[op] ?? {};
      const index = meta._index ?? pathIndex ?? '';
      const id = meta._id ?? `auto-${i}`;
      const source = op === 'delete' ? undefined : (lines[++i] as Record<string, unknown>);
      const state = this.indices.get(index);
      const base = { _index: index, _id: id, _shards: shards(2), _seq_no: i, _primary_term: 1 };
      const failure = this.bulkItemFailure?.({ op, index, id, attempt });
      if (failure) {
        errors = true;
        const error = failure.error && { ...failure.error, index, shard: '0', index_uuid: 'AbCdEfGhIjKlMnOpQrStUv' };
        items.push({ [op]: { _index: index, _id: id, status: failure.status, ...(error ? { error } : {}) } });
      } else if (op === 'delete') {
        const found = state?.docs.delete(id) ?? false;
        if (!found) errors = true;
        items.push({ delete: { ...base, _version: found ? 2 : 1, result: found ? 'deleted' : 'not_found', status: found ? 200 : 404 } });
      } else {
        const existed = state?.docs.has(id) ?? false;
        state?.docs.set(id, this.opts.keepSource && !this.opts.keepSource(index) ? {} : (source ?? {}));
        items.push({ [op]: { ...base, _version: existed ? 2 : 1, result: existed ? 'updated' : 'created', status: existed ? 200 : 201 } });
      }
    }
    return ok({ took: 5, errors, items });
  }

  private getAlias(name: string, within?: string[]): FakeResponse {
    const found: Record<string, { aliases: Record<string, object> }> = {};
    for (const [alias, targets] of this.aliases) {
      if (name !== '*' && alias !== name) continue;
      for (const index of targets) {
        if (within && !within.includes(index)) continue;
        found[index] ??= { aliases: {} };
        found[index].aliases[alias] = {};
      }
    }
    if (Object.keys(found).length === 0) {
      return errorResponse(404, 'aliases_not_found_exception', `aliases [${name}] missing`, {
        'resource.type': 'aliases',
        'resource.id': name,
      });
    }
    return ok(found);
  }

  private updateAliases(body: unknown): FakeResponse {
    const actions = ((body as { actions?: unknown[] } | undefined)?.actions ?? []) as Record<string, { index: string; alias: string }>[];
    for (const action of actions) {
      const [verb] = Object.keys(action);
      const { index, alias } = action[verb!]!;
      if (!this.indices.has(index)) return indexNotFound(index);
      const targets = this.aliases.get(alias) ?? new Set<string>();
      if (verb === 'add') targets.add(index);
      else if (verb === 'remove') targets.delete(index);
      if (targets.size > 0) this.aliases.set(alias, targets);
      else this.aliases.delete(alias);
    }
    return ok({ acknowledged: true });
  }

  private getSettings(targets: string[], includeDefaults: boolean): FakeResponse {
    const out: Record<string, unknown> = {};
    for (const name of targets) {
      const state = this.indices.get(name)!;
      const index: Record<string, string> = { number_of_replicas: state.number_of_replicas };
      if (state.refresh_interval !== undefined) index['refresh_interval'] = state.refresh_interval;
      out[name] = {
        settings: { index },
        ...(includeDefaults ? { defaults: { index: state.refresh_interval === undefined ? { refresh_interval: '1s' } : {} } } : {}),
      };
    }
    return ok(out);
  }

  private putSettings(targets: string[], body: unknown): FakeResponse {
    const given = (body ?? {}) as Record<string, unknown>;
    const flat = { ...given, ...((given['index'] as Record<string, unknown> | undefined) ?? {}) };
    for (const name of targets) {
      const state = this.indices.get(name)!;
      const refresh = flat['refresh_interval'] ?? flat['index.refresh_interval'];
      const replicas = flat['number_of_replicas'] ?? flat['index.number_of_replicas'];
      if (refresh === null) delete state.refresh_interval;
      else if (refresh !== undefined) state.refresh_interval = String(refresh);
      if (replicas !== undefined) state.number_of_replicas = replicas === null ? '1' : String(replicas);
    }
    return ok({ acknowledged: true });
  }

  private stats(targets: string[]): FakeResponse {
    const docs = targets.reduce((n, t) => n + this.indices.get(t)!.docs.size, 0);
    const size = 208 + docs * 1024;
    const totals = { docs: { count: docs, deleted: 0 }, store: { size_in_bytes: size, reserved_in_bytes: 0 } };
    return ok({
      _shards: shards(targets.length),
      _all: { primaries: totals, total: totals },
      indices: Object.fromEntries(targets.map((t) => [t, { uuid: 'AbCdEfGhIjKlMnOpQrStUv', primaries: totals, total: totals }])),
    });
  }
}

/** `GET /` on OpenSearch 2.17. */
export const INFO = {
  name: 'fake-node-1',
  cluster_name: 'fake-cluster',
  cluster_uuid: 'fakeClusterUuid00000000',
  version: {
    distribution: 'opensearch',
    number: '2.17.0',
    build_type: 'tar',
    build_hash: '0000000000000000000000000000000000000000',
    build_date: '2024-09-13T00:00:00.000000Z',
    build_snapshot: false,
    lucene_version: '9.11.1',
    minimum_wire_compatibility_version: '7.10.0',
    minimum_index_compatibility_version: '7.0.0',
  },
  tagline: 'The OpenSearch Project: https://opensearch.org/',
};

/** What OpenSearch answers for an endpoint it does not have. */
function noHandler(req: RecordedRequest): FakeResponse {
  return { status: 400, body: { error: `no handler found for uri [${req.path}] and method [${req.method}]`, status: 400 } };
}

/** Starts a fake on 127.0.0.1 and an ephemeral port. */
export async function startFakeOpenSearch(): Promise<FakeOpenSearch> {
  return new FakeOpenSearch().start();
}
