import { type Operation, rateFor, toCredits } from '../billing/rate-card.js';
import { BODY_ERRORS, ERROR_BODY_SCHEMA, ERROR_STATUS, type ErrorCode, TRANSPORT_ERRORS } from './error-schema.js';
import { acceptsDelegate, effectiveRequestSchemas } from './mount.js';
import type { JsonSchema, RouteDef } from './route.js';

const toOpenApiPath = (p: string): string => p.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const scopeLabel = (def: RouteDef): string | string[] => (def.auth === 'none' ? 'none' : def.auth === 'any' ? 'any' : def.auth.anyOf);

/**
 * What a route charges: its one operation, or, for a handler that charges several itself
 * (`charges`), the first with every one under `operations`.
 */
function billingLabel(def: RouteDef): Record<string, unknown> | null {
  const label = (operation: Operation) => {
    const rate = rateFor(operation);
    return { operation: rate.operation, price: toCredits(rate.priceMicro), unit: rate.unit };
  };
  if (def.billing) return label(def.billing.operation);
  const [first] = def.charges ?? [];
  return first ? { ...label(first), operations: (def.charges ?? []).map(label) } : null;
}

/** One entry of `/docs/endpoints.json`. */
export function describeEndpoint(def: RouteDef): Record<string, unknown> {
  const req = effectiveRequestSchemas(def);
  return {
    method: def.method,
    path: def.path,
    legacy_paths: def.legacyPaths ?? [],
    summary: def.summary,
    scope: scopeLabel(def),
    billing: billingLabel(def),
    accepts_delegate: acceptsDelegate(def),
    request: { params: req.params ?? null, query: req.query, body: req.body ?? null },
    response: { content_type: contentTypes(def).join(', '), schema: def.response },
  };
}

function parameters(where: 'path' | 'query', schema: JsonSchema | undefined): Record<string, unknown>[] {
  if (!schema) return [];
  const props = (schema.properties as Record<string, JsonSchema>) ?? {};
  const required = new Set((schema.required as string[]) ?? []);
  return Object.entries(props).map(([name, s]) => ({
    name,
    in: where,
    required: where === 'path' || required.has(name),
    description: s.description,
    schema: s,
  }));
}

const hasProperties = (schema: JsonSchema | undefined): boolean =>
  Object.keys((schema?.properties as Record<string, unknown> | undefined) ?? {}).length > 0;

/**
 * Every error code a route can answer with: those of the transport (any request), those the
 * framework causes (authentication and scope, reading the body, validating path, query and
 * body, the delegate, credits), then those the route declares. `internal_error` (500) can happen anywhere and is the `default` response.
 */
export function routeErrorCodes(def: RouteDef): ErrorCode[] {
  const req = effectiveRequestSchemas(def);
  const codes = new Set<ErrorCode>(TRANSPORT_ERRORS);
  if (def.auth !== 'none') codes.add('unauthorized').add('rate_limited');
  if (def.auth !== 'none' && def.auth !== 'any') codes.add('insufficient_scope');
  if (req.body) for (const c of BODY_ERRORS) codes.add(c);
  if (req.body || hasProperties(req.params) || hasProperties(req.query)) codes.add('validation_failed');
  if (acceptsDelegate(def)) codes.add('delegate_not_allowed');
  if (def.billing || def.charges?.length) codes.add('credits_exhausted');
  for (const c of def.errors ?? []) codes.add(c);
  return [...codes];
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad request',
  401: 'Missing, unknown or revoked API key',
  402: 'Not enough credits left',
  403: 'Forbidden',
  404: 'Not found',
  405: 'Method not allowed',
  408: 'Request timeout',
  413: 'Payload too large',
  415: 'Unsupported media type',
  429: 'Too many requests',
  431: 'Request headers too large',
  503: 'Service unavailable',
  504: 'Search time budget spent',
};

/** The documented error responses of a route, one per status, each naming its possible codes. */
function errorResponses(def: RouteDef): Record<string, unknown> {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of routeErrorCodes(def)) {
    const status = ERROR_STATUS[code];
    byStatus.set(status, [...(byStatus.get(status) ?? []), code]);
  }
  const out: Record<string, unknown> = {};
  for (const [status, codes] of [...byStatus].sort(([a], [b]) => a - b)) {
    out[String(status)] = {
      description: `${STATUS_TEXT[status] ?? 'Error'}: ${codes.map((c) => `\`${c}\``).join(', ')} (docs/errors.md).`,
      content: {
        'application/json': {
          schema: { allOf: [{ $ref: '#/components/schemas/Error' }, { properties: { error: { enum: codes } } }] },
        },
      },
    };
  }
  return out;
}

const TAGS: Record<string, string> = {
  health: 'Liveness and readiness probes.',
  credits: 'Credit status, usage and the rate card.',
  'people-search': 'Searching people: natural language, filters, enrichment.',
  companies: 'Searching companies.',
  jobs: 'Searching job postings, with the people the caller knows there.',
  posts: 'Searching posts, with their authors.',
  profiles: 'Reading one profile, its chunks and its text.',
  docs: 'Machine-readable documentation.',
  communications: 'Sending to people on seven channels: events, streams, webhooks.',
  projects: 'Outreach projects: targets, templates, drafts, activation, metrics.',
  signals: 'Signal watchers: what changed for the people and companies you follow, from each snapshot.',
  contacts: 'Contact reconciliation: who each contact of a spreadsheet is, with a review queue.',
};

/** The media types a route answers with (JSON unless it declares others). */
const contentTypes = (def: RouteDef): readonly string[] =>
  def.responseContentType === undefined
    ? ['application/json']
    : typeof def.responseContentType === 'string'
      ? [def.responseContentType]
      : def.responseContentType;

/** A camelCase operation id from the method and the path: `GET /api/v1/profiles/:id` → `getApiV1ProfilesId`. */
const operationId = (def: RouteDef): string =>
  `${def.method.toLowerCase()}${toOpenApiPath(def.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`;

/** Builds the OpenAPI 3.1 document from the route declarations. */
export function buildOpenApi(routes: RouteDef[], opts: { baseUrl: string; version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const req = effectiveRequestSchemas(def);
    const billing = billingLabel(def);
    const operation: Record<string, unknown> = {
      operationId: operationId(def),
      summary: def.summary,
      tags: [def.tag],
      // Public routes say so: an empty list overrides any global requirement.
      security: def.auth === 'none' ? [] : [{ ApiKey: [] }],
      'x-scope': scopeLabel(def),
      'x-billing': billing,
      parameters: [...parameters('path', req.params), ...parameters('query', req.query)],
      responses: {
        ...(def.successStatus === 302
          ? {
              '302': {
                description: 'Redirect: the Location header names the destination.',
                headers: { Location: { schema: { type: 'string' } } },
              },
            }
          : {
              '200': { description: 'Success', content: Object.fromEntries(contentTypes(def).map((t) => [t, { schema: def.response }])) },
            }),
        ...errorResponses(def),
        default: {
          description: 'Any other error, such as `internal_error` (500); the body is always the Error schema.',
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
        },
      },
    };
    if (req.body) operation.requestBody = { required: true, content: { 'application/json': { schema: req.body } } };
    if (def.legacyPaths?.length) operation['x-legacy-paths'] = def.legacyPaths;
    const key = toOpenApiPath(def.path);
    paths[key] = { ...(paths[key] ?? {}), [def.method.toLowerCase()]: operation };
  }
  const usedTags = [...new Set(routes.map((r) => r.tag))];
  return {
    openapi: '3.1.0',
    info: {
      title: 'Proxima API',
      version: opts.version,
      description:
        'Professional-network search and outreach. Every error uses the Error schema; every authenticated response carries X-Service-Credits-* headers.',
      license: { name: 'Proprietary: no licence is granted (package.json "UNLICENSED")', identifier: 'LicenseRef-Proprietary' },
    },
    servers: [{ url: opts.baseUrl, description: 'This server (its BASE_URL).' }],
    tags: usedTags.map((name) => ({ name, description: TAGS[name] ?? name })),
    paths,
    components: {
      securitySchemes: {
        ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key', description: 'An API key (`proxima keys create`).' },
      },
      schemas: { Error: ERROR_BODY_SCHEMA },
    },
  };
}
