import { rateFor, toCredits } from '../billing/rate-card.js';
import { ERROR_BODY_SCHEMA } from './error-schema.js';
import { acceptsDelegate, effectiveRequestSchemas } from './mount.js';
import type { JsonSchema, RouteDef } from './route.js';

const toOpenApiPath = (p: string): string => p.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, '{$1}');

const scopeLabel = (def: RouteDef): string | string[] => (def.auth === 'none' ? 'none' : def.auth === 'any' ? 'any' : def.auth.anyOf);

function billingLabel(def: RouteDef): Record<string, unknown> | null {
  if (!def.billing) return null;
  const rate = rateFor(def.billing.operation);
  return { operation: rate.operation, price: toCredits(rate.priceMicro), unit: rate.unit };
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
    response: { content_type: def.responseContentType ?? 'application/json', schema: def.response },
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

/** Builds the OpenAPI 3.1 document from the route declarations. */
export function buildOpenApi(routes: RouteDef[], opts: { baseUrl: string; version: string }): Record<string, unknown> {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const def of routes) {
    const req = effectiveRequestSchemas(def);
    const billing = billingLabel(def);
    const operation: Record<string, unknown> = {
      operationId: `${def.method.toLowerCase()}${toOpenApiPath(def.path).replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ? c.toUpperCase() : ''))}`,
      summary: def.summary,
      tags: [def.tag],
      'x-scope': scopeLabel(def),
      'x-billing': billing,
      parameters: [...parameters('path', req.params), ...parameters('query', req.query)],
      responses: {
        '200': { description: 'Success', content: { [def.responseContentType ?? 'application/json']: { schema: def.response } } },
        default: { description: 'Error', content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } } },
      },
    };
    if (req.body) operation.requestBody = { required: true, content: { 'application/json': { schema: req.body } } };
    if (def.auth !== 'none') operation.security = [{ ApiKey: [] }];
    if (def.legacyPaths?.length) operation['x-legacy-paths'] = def.legacyPaths;
    for (const p of [def.path]) {
      const key = toOpenApiPath(p);
      paths[key] = { ...(paths[key] ?? {}), [def.method.toLowerCase()]: operation };
    }
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Proxima API',
      version: opts.version,
      description:
        'Professional-network search and outreach. Every error uses the Error schema; every authenticated response carries X-Service-Credits-* headers.',
    },
    servers: [{ url: opts.baseUrl }],
    paths,
    components: {
      securitySchemes: { ApiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' } },
      schemas: { Error: ERROR_BODY_SCHEMA },
    },
  };
}
