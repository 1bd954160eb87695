import { peopleSearchRoutes } from '../../routes/people-search/routes.js';
import { defineTool } from '../tool.js';
import { DELEGATE_ARGUMENT, findRoute } from './schema-tools.js';

const ROUTE = findRoute(peopleSearchRoutes, 'GET', '/api/v1/search/people/:search_id');

/** `replay_search_result`: `GET /api/v1/search/people/:search_id`, the recorded page at zero credits. */
export const replaySearchResultTool = defineTool<{ search_id: string; delegate_user_id?: string }>({
  name: 'replay_search_result',
  title: 'Replay a recorded search result',
  description: [
    'Return a recorded people search page again (its rows and figures as returned, marked replayed), for free (zero credits): pass the search_id that people_search returned. It has no next_page: to go on, call people_search again with the next offset.',
    'Use it to re-read results later in a conversation instead of searching again. Recorded pages are kept 30 days; an unknown or expired id gives search_not_found.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'read',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['search_id'],
    properties: {
      search_id: { type: 'string', minLength: 1, maxLength: 200, description: 'search_id of a people_search result.' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: { type: 'object', ...ROUTE.response },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  run: async (args, ctx) =>
    (await ctx.route('GET /api/v1/search/people/:search_id', {
      params: { search_id: args.search_id },
      query: args.delegate_user_id ? { delegate_user_id: args.delegate_user_id } : {},
    })) as Record<string, unknown>,
});
