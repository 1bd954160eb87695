import type { RouteRequest } from './route.js';

/** The face a route is called through: the REST router, or an MCP tool over the route. */
export type Surface = RouteRequest['surface'];

/**
 * The operations a message may send its reader to, as each face names them: REST a route, the
 * connector a tool and its argument. Messages and presenters shared by both faces name another
 * operation only through {@link operationName}, with the surface their route was called on, so
 * a connector answer never names a REST path (docs/mcp.md, "Results and errors").
 */
const OPERATIONS = {
  stored_people_searches: {
    rest: 'full searches (POST /api/v1/search/people or /api/v2/search/people/query)',
    connector: 'people_search results',
  },
  people_search: { rest: 'POST /api/v1/search/people', connector: 'people_search' },
  people_search_filters: {
    rest: 'as filters to POST /api/v1/search/people or /preview',
    connector: 'as the filters argument of people_search (or discover_employers)',
  },
  company_search: { rest: 'POST /api/v1/companies/search/preview', connector: 'company_search' },
  job_search: { rest: 'POST /api/v1/search/jobs/preview or /with-people', connector: 'jobs_search' },
  post_search: { rest: 'POST /api/v1/search/posts/preview or /with-people', connector: 'posts_search' },
  watcher_create: { rest: 'POST /api/v1/signals/watchers', connector: 'watch_signals mode=create' },
} as const satisfies Record<string, Record<Surface, string>>;

/** An operation a message names. */
export type OperationName = keyof typeof OPERATIONS;

/** How `surface` names an operation: a REST route, or a connector tool. */
export function operationName(operation: OperationName, surface: Surface): string {
  return OPERATIONS[operation][surface];
}
