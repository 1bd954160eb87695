import { COMPANY_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import type { JsonSchema } from '../../http/route.js';
import { companyRoutes } from '../../routes/companies/routes.js';
import { defineTool } from '../tool.js';
import { companyCriterion, requireCriterion } from './criteria.js';
import { companyLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { connectorDescriptions, DELEGATE_ARGUMENT, enforceLimits, findRoute, reshape, tighten } from './schema-tools.js';

const ROUTE = findRoute(companyRoutes, 'POST', '/api/v1/companies/search/preview');
const L = COMPANY_SEARCH_LIMITS;

/** The company search arguments of the connector: the REST body with its limits enforced. No offset: pages are final. */
export function companySearchInput(): JsonSchema {
  let s = connectorDescriptions(reshape(ROUTE.request!.body!, { add: { delegate_user_id: DELEGATE_ARGUMENT } }));
  const filters = (s.properties as Record<string, JsonSchema>).filters as JsonSchema;
  s = reshape(s, {
    add: { filters: enforceLimits(filters, { listValues: L.listValues, valueChars: L.valueChars, byName: { names: L.names } }) },
  });
  s = tighten(s, ['query'], { maxLength: L.queryChars });
  s = tighten(s, ['description'], { maxLength: L.queryChars });
  s = tighten(s, ['preview_limit'], { minimum: L.previewLimit.min, maximum: L.previewLimit.max });
  return tighten(s, ['evidence_post_limit'], { minimum: L.evidencePosts.min, maximum: L.evidencePosts.max });
}

export const COMPANY_SEARCH_OUTPUT = ROUTE.response;

/** What a company search may be given to say what it looks for. */
export const COMPANY_CRITERIA = 'a query (or description) or filters';

/** `company_search`: `POST /api/v1/companies/search/preview`; a final page (no offset). */
export const companySearchTool = defineTool<Record<string, unknown>>({
  name: 'company_search',
  title: 'Search companies',
  description: [
    "Find companies from a natural-language description (e.g. 'Series B climate software companies in Germany founded after 2018') or typed CompanyFilters (industry, place, size, founding year, funding, stage, type, status).",
    'Returns one final page of up to preview_limit companies (1-50, default 10): there is no offset; narrow the query for other companies.',
    'The search_id can be passed to people_search as filters.companies[].where.search_id to find people at these companies. Costs the company search price per call.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: companySearchInput(),
  outputSchema: COMPANY_SEARCH_OUTPUT,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    requireCriterion(companyCriterion(args), 'company_search', COMPANY_CRITERIA);
    rejectOverLimit([...textLimitProblems(args, ['query', 'description']), ...companyLimitProblems(args)]);
    return (await ctx.route('POST /api/v1/companies/search/preview', { body: args })) as Record<string, unknown>;
  },
});
