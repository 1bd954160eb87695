import { pathToFileURL } from 'node:url';
import { fromPackageRoot } from '../../../lib/package-root.js';
import { buildOpenApi, describeEndpoint } from '../../http/openapi.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { CONNECTOR_NAME, CONNECTOR_VERSION, describeTool } from '../../mcp/server.js';
import { allTools } from '../../mcp/tools/index.js';
import { readChangelog } from './changelog.js';

export const API_VERSION = 'v1';
const CHANGELOG_FILE = pathToFileURL(fromPackageRoot('CHANGELOG.md'));

/** An OpenAPI object as the OpenAPI 3.1 specification defines it: documented there, open here. */
const openApiObject = (what: string) => ({
  type: 'object',
  additionalProperties: true,
  description: `The ${what} object of the OpenAPI 3.1 specification.`,
});

const openApiResponse = {
  type: 'object',
  required: ['openapi', 'info', 'paths', 'components'],
  properties: {
    openapi: { const: '3.1.0' },
    info: openApiObject('Info'),
    servers: { type: 'array', items: openApiObject('Server') },
    tags: { type: 'array', items: openApiObject('Tag') },
    paths: openApiObject('Paths'),
    components: openApiObject('Components'),
  },
};

/** A JSON Schema (draft 2020-12): open, as JSON Schema is. */
const jsonSchema = { type: ['object', 'null'], additionalProperties: true, description: 'A JSON Schema (draft 2020-12).' };

/** One entry of endpoints.json (`describeEndpoint`). */
const endpoint = {
  type: 'object',
  required: ['method', 'path', 'legacy_paths', 'summary', 'scope', 'billing', 'accepts_delegate', 'request', 'response'],
  properties: {
    method: { enum: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] },
    path: { type: 'string' },
    legacy_paths: { type: 'array', items: { type: 'string' } },
    summary: { type: 'string' },
    scope: {
      anyOf: [{ enum: ['none', 'any'] }, { type: 'array', items: { type: 'string' } }],
      description: 'none (public), any (any valid key), or the scopes of which one is needed.',
    },
    billing: {
      type: ['object', 'null'],
      required: ['operation', 'price', 'unit'],
      properties: {
        operation: { type: 'string' },
        price: { type: 'number' },
        unit: { type: 'string' },
        operations: {
          type: 'array',
          description: 'Every operation the route may charge, when it charges several (the first is the one above).',
          items: {
            type: 'object',
            required: ['operation', 'price', 'unit'],
            properties: { operation: { type: 'string' }, price: { type: 'number' }, unit: { type: 'string' } },
          },
        },
      },
    },
    accepts_delegate: { type: 'boolean' },
    request: {
      type: 'object',
      required: ['params', 'query', 'body'],
      properties: { params: jsonSchema, query: jsonSchema, body: jsonSchema },
    },
    response: {
      type: 'object',
      required: ['content_type', 'schema'],
      properties: { content_type: { type: 'string' }, schema: jsonSchema },
    },
  },
};

/** `GET /public/docs/mcp`: the connector and its tools (server/mcp/server.ts `describeTool`, plus scope). */
const mcpDocsResponse = {
  type: 'object',
  required: ['success', 'server', 'url', 'transport', 'authentication', 'tools'],
  properties: {
    success: { const: true },
    server: { type: 'object', required: ['name', 'version'], properties: { name: { type: 'string' }, version: { type: 'string' } } },
    url: { type: 'string', description: 'The connector endpoint.' },
    transport: { type: 'string' },
    authentication: {
      type: 'object',
      required: ['api_key', 'oauth'],
      properties: {
        api_key: { type: 'string', description: 'How to send an API key.' },
        oauth: {
          type: 'string',
          description: 'The protected-resource metadata URL (RFC 9728) from which OAuth clients discover the authorization server.',
        },
      },
    },
    tools: {
      type: 'array',
      items: {
        type: 'object',
        required: ['name', 'title', 'description', 'inputSchema', 'outputSchema', 'annotations', 'scope', 'api_key_only'],
        properties: {
          name: { type: 'string' },
          title: { type: 'string' },
          description: { type: 'string' },
          inputSchema: jsonSchema,
          outputSchema: jsonSchema,
          annotations: { type: 'object', additionalProperties: true, description: 'MCP tool annotations (hints).' },
          scope: {
            anyOf: [{ const: 'any' }, { type: 'array', items: { type: 'string' } }],
            description: 'any (any valid credential), or the scopes of which one is needed.',
          },
          api_key_only: { type: 'boolean', description: 'Whether an OAuth token is refused (api_key_scope_required).' },
        },
      },
    },
  },
};

/** Public, unbilled machine-readable documentation, generated from the route declarations. */
export function docsRoutes(allRoutes: () => RouteDef[]): RouteDef[] {
  const changelog = readChangelog(CHANGELOG_FILE);
  let openApiCache: Record<string, unknown> | null = null;
  const openApi = (baseUrl: string) => {
    openApiCache ??= buildOpenApi(allRoutes(), { baseUrl, version: API_VERSION });
    return openApiCache;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/docs/endpoints.json',
      tag: 'docs',
      summary: 'Every route: method, path, scope, billing, request and response shapes.',
      auth: 'none',
      response: {
        type: 'object',
        required: ['success', 'version', 'endpoints'],
        properties: { success: { const: true }, version: { type: 'string' }, endpoints: { type: 'array', items: endpoint } },
      },
      handler: () => ({ success: true, version: API_VERSION, endpoints: allRoutes().map(describeEndpoint) }),
    }),
    defineRoute({
      method: 'GET',
      path: '/docs/schema.json',
      tag: 'docs',
      summary: 'OpenAPI 3.1 document generated from the route schemas.',
      auth: 'none',
      response: openApiResponse,
      handler: ({ services }) => openApi(services.config.baseUrl),
    }),
    defineRoute({
      method: 'GET',
      path: '/public/docs/schema',
      tag: 'docs',
      summary: 'The same OpenAPI 3.1 document as /docs/schema.json.',
      auth: 'none',
      response: openApiResponse,
      handler: ({ services }) => openApi(services.config.baseUrl),
    }),
    defineRoute({
      method: 'GET',
      path: '/public/docs/mcp',
      tag: 'docs',
      summary:
        'The MCP connector: its URL, transport, authentication, and every tool with its description, scope, annotations, input and output schemas, exactly as tools/list publishes them.',
      auth: 'none',
      response: mcpDocsResponse,
      handler: ({ services }) => ({
        success: true,
        server: { name: CONNECTOR_NAME, version: CONNECTOR_VERSION },
        url: `${services.config.baseUrl}/mcp`,
        transport: 'streamable-http (stateless, JSON responses)',
        authentication: {
          api_key: 'Authorization: Bearer <API key as issued (prx_<id>_<secret>)>',
          oauth: `${services.config.baseUrl}/.well-known/oauth-protected-resource/mcp`,
        },
        tools: allTools().map((tool) => ({
          ...describeTool(tool),
          scope: tool.auth === 'any' ? 'any' : tool.auth.anyOf,
          api_key_only: tool.apiKeyOnly === true,
        })),
      }),
    }),
    defineRoute({
      method: 'GET',
      path: '/public/docs/changelog',
      tag: 'docs',
      summary: 'The dated changelog (CHANGELOG.md), newest first, as entries and as Markdown.',
      auth: 'none',
      response: {
        type: 'object',
        required: ['success', 'entries', 'markdown'],
        properties: {
          success: { const: true },
          entries: {
            type: 'array',
            items: {
              type: 'object',
              required: ['date', 'title', 'changes'],
              properties: {
                date: { type: 'string', format: 'date' },
                title: { type: 'string' },
                changes: { type: 'array', items: { type: 'string' } },
              },
            },
          },
          markdown: { type: 'string' },
        },
      },
      handler: () => ({ success: true, entries: changelog.entries, markdown: changelog.markdown }),
    }),
  ];
}
