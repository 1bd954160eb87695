import { advancedFiltersSchema } from '../../../query-planner/advanced-filters.js';
import { companyFiltersSchema } from '../../../query-planner/company-filters.js';
import { jobFiltersSchema } from '../../../query-planner/job-filters.js';
import { COMPANY_SEARCH_LIMITS, JOB_SEARCH_LIMITS, PEOPLE_SEARCH_LIMITS, POST_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import { postFiltersSchema } from '../../../query-planner/post-filters.js';
import { presentRateCard } from '../../routes/credits/presenter.js';
import { defineTool, type ToolDef } from '../tool.js';
import { COMPANY_BATCH_MAX } from './company-search-batch.js';
import { JOBS_WHERE_MAX } from './jobs-search.js';
import { LOOKUP_BATCH_MAX } from './people-lookup-batch.js';
import { CONNECTOR_KEYWORD_LIMITS } from './people-search.js';

/** Field names and one-line descriptions of a filter schema, from the schema itself. */
function fields(schema: { properties: Record<string, unknown> }): Record<string, string> {
  return Object.fromEntries(
    Object.entries(schema.properties).map(([name, s]) => [name, String((s as { description?: string }).description ?? '')]),
  );
}

/**
 * `search_capabilities`: what each search understands and costs, generated from the real
 * definitions (filter schemas, limits, the rate card, the registered tools), and what the caller
 * may call. Free.
 */
export function searchCapabilitiesTool(tools: () => readonly ToolDef[]) {
  return defineTool<Record<string, never>>({
    name: 'search_capabilities',
    title: 'What the searches understand and cost',
    description: [
      'Describe the search tools before using them: the filter fields each search accepts (people AdvancedFilters, company, job and post filters), the connector limits (page sizes, keyword list sizes, batch sizes), the credit price of every operation, and the tools and scopes this credential may use.',
      'Free; call it first when unsure which tool or filter fits a request.',
    ].join(' '),
    auth: 'any',
    kind: 'read',
    inputSchema: { type: 'object', additionalProperties: false, properties: {} },
    outputSchema: {
      type: 'object',
      required: ['success', 'caller', 'tools', 'filters', 'limits', 'rate_card'],
      properties: {
        success: { const: true },
        caller: {
          type: 'object',
          required: ['authenticated_with', 'scopes'],
          properties: { authenticated_with: { enum: ['api_key', 'oauth'] }, scopes: { type: 'array', items: { type: 'string' } } },
        },
        tools: {
          type: 'array',
          items: {
            type: 'object',
            required: ['name', 'title', 'scope', 'available'],
            properties: {
              name: { type: 'string' },
              title: { type: 'string' },
              scope: { anyOf: [{ const: 'any' }, { type: 'array', items: { type: 'string' } }] },
              available: { type: 'boolean', description: 'Whether this credential may call it.' },
            },
          },
        },
        filters: {
          type: 'object',
          additionalProperties: { type: 'object', additionalProperties: { type: 'string' } },
          description: 'Per search: filter field name -> description.',
        },
        limits: { type: 'object', additionalProperties: true, description: 'Per search: its limits.' },
        rate_card: { type: 'object', additionalProperties: true, description: 'Prices in credits (as GET /api/v1/credits shows).' },
      },
    },
    annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
    run: async (_args, ctx) => ({
      success: true,
      caller: { authenticated_with: ctx.actor.via, scopes: ctx.actor.scopes },
      tools: tools().map((t) => ({
        name: t.name,
        title: t.title,
        scope: t.auth === 'any' ? 'any' : t.auth.anyOf,
        available:
          !(t.apiKeyOnly && ctx.actor.via === 'oauth') && (t.auth === 'any' || t.auth.anyOf.some((s) => ctx.actor.scopes.includes(s))),
      })),
      filters: {
        people: fields(advancedFiltersSchema),
        companies: fields(companyFiltersSchema),
        jobs: fields(jobFiltersSchema),
        posts: fields(postFiltersSchema as unknown as { properties: Record<string, unknown> }),
      },
      limits: {
        people: { ...PEOPLE_SEARCH_LIMITS, connector_keyword_lists: CONNECTOR_KEYWORD_LIMITS, lookup_batch: LOOKUP_BATCH_MAX },
        companies: { ...COMPANY_SEARCH_LIMITS, batch: COMPANY_BATCH_MAX, pages: 'final (no offset)' },
        jobs: { ...JOB_SEARCH_LIMITS, where_values: JOBS_WHERE_MAX, pages: 'final (no offset)' },
        posts: POST_SEARCH_LIMITS,
      },
      rate_card: presentRateCard(),
    }),
  });
}
