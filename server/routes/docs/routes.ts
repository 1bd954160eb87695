import { buildOpenApi, describeEndpoint } from '../../http/openapi.js';
import { defineRoute, type RouteDef } from '../../http/route.js';
import { readChangelog } from './changelog.js';

export const API_VERSION = 'v1';
const CHANGELOG_FILE = new URL('../../../CHANGELOG.md', import.meta.url);

const openApiResponse = { type: 'object', required: ['openapi', 'info', 'paths', 'components'] };

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
        properties: { success: { const: true }, version: { type: 'string' }, endpoints: { type: 'array', items: { type: 'object' } } },
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
