import { POST_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import type { JsonSchema } from '../../http/route.js';
import { postRoutes } from '../../routes/posts/routes.js';
import { defineTool } from '../tool.js';
import { postCriterion, requireCriterion } from './criteria.js';
import { postLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { connectorDescriptions, DELEGATE_ARGUMENT, enforceLimits, findRoute, NEXT_PAGE_SCHEMA, reshape, tighten } from './schema-tools.js';

const ROUTE = findRoute(postRoutes, 'POST', '/api/v1/search/posts/preview');
const L = POST_SEARCH_LIMITS;

let input = connectorDescriptions(reshape(ROUTE.request!.body!, { add: { delegate_user_id: DELEGATE_ARGUMENT } }));
input = reshape(input, {
  add: {
    filters: {
      ...enforceLimits((input.properties as Record<string, JsonSchema>).filters as JsonSchema, {
        listValues: L.listValues,
        valueChars: L.valueChars,
        idValues: L.idValues,
      }),
      description:
        'Post criteria under filters.posts (authors, companies, dates, action types, mentions, topics, engagement): eligibility filters.',
    },
  },
});
input = tighten(input, ['query'], { maxLength: L.queryChars });
input = tighten(input, ['preview_limit'], { minimum: L.previewLimit.min, maximum: L.previewLimit.max });
input = tighten(input, ['offset'], { minimum: L.offset.min, maximum: L.offset.max });

/** `posts_search`: `POST /api/v1/search/posts/preview`, continued by `next_page.request`. */
export const postsSearchTool = defineTool<Record<string, unknown> & { preview_limit?: number; offset?: number }>({
  name: 'posts_search',
  title: 'Search posts',
  description: [
    'Find posts and activity (posts, reposts, comments) from a query such as "posts about layoffs by Acme last week": its topic words must all appear in the post, and what it states (a window, reposts or comments, company posts, by a company) becomes filters, with receipts. Filter by author, company, date, action type or engagement; sort by relevance, recency or engagement.',
    'Each post names its author (a person id usable with people tools) or company.',
    'Costs the post search price per call (search_capabilities). preview_limit 1-50 (default 10); continue with next_page.request exactly as returned.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: input,
  outputSchema: reshape(ROUTE.response, { add: { next_page: NEXT_PAGE_SCHEMA } }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    requireCriterion(postCriterion(args), 'posts_search', 'a query or filters.posts (an author, mentions, topics, a date window...)');
    rejectOverLimit([...textLimitProblems(args, ['query']), ...postLimitProblems(args, new Date(ctx.now))]);
    const body = (await ctx.route('POST /api/v1/search/posts/preview', { body: args })) as Record<string, unknown> & {
      results: unknown[];
      offset: number;
      has_more: boolean;
    };
    const next = body.offset + body.results.length;
    const more = body.has_more && body.results.length > 0 && next <= L.offset.max;
    return { ...body, next_page: more ? { request: { ...args, offset: next } } : null };
  },
});
