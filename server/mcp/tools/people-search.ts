import { searchRequest, searchResponse } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';

/**
 * `people_search`: the full people search of `POST /api/v1/search/people`, same command, same
 * price, same rows. (Exemplar; the connector's stricter limits and `next_page` come with it.)
 */
export const peopleSearchTool = defineTool<Record<string, unknown>>({
  name: 'people_search',
  title: 'Search people',
  description:
    "Find people in the professional corpus from a natural-language description and/or typed filters, ranked with the caller's social graph. Costs the people_search price per call.",
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: searchRequest,
  outputSchema: searchResponse,
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (input, ctx) => (await ctx.route('POST /api/v1/search/people', { body: input })) as Record<string, unknown>,
});
