import { JOB_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import { sentenceValues, sentenceWarning } from '../../commands/search/sentence-values.js';
import { type ValidationProblem, validationFailed } from '../../errors.js';
import type { JsonSchema } from '../../http/route.js';
import { jobRoutes } from '../../routes/jobs/routes.js';
import { defineTool } from '../tool.js';
import { jobCriterion, requireCriterion } from './criteria.js';
import { jobLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { connectorWording, DELEGATE_ARGUMENT, enforceLimits, findRoute, refusedPastLimit, reshape } from './schema-tools.js';

const PREVIEW = findRoute(jobRoutes, 'POST', '/api/v1/search/jobs/preview');
const WITH_PEOPLE = findRoute(jobRoutes, 'POST', '/api/v1/search/jobs/with-people');
const L = JOB_SEARCH_LIMITS;
/** Values of `where.job_titles` and `where.locations` (the contract's connector rules). */
export const JOBS_WHERE_MAX = 8;

const body = PREVIEW.request!.body!.properties as Record<string, Record<string, unknown>>;
const whereList = (what: string) => ({
  type: 'array',
  minItems: 1,
  maxItems: JOBS_WHERE_MAX,
  items: { type: 'string', minLength: 1, maxLength: L.valueChars },
  description: `${what} (any of them; at most ${JOBS_WHERE_MAX}).`,
});

/**
 * Values without repeats, compared as a search compares them (case and surrounding spaces
 * ignored), each kept as first written: "CTO" and "cto " are one title, not two of the limit.
 */
function distinctValues(values: string[]): string[] {
  const seen = new Map<string, string>();
  for (const value of values) {
    const key = value.trim().toLowerCase();
    if (!seen.has(key)) seen.set(key, value);
  }
  return [...seen.values()];
}

/**
 * The connector's `warnings` on a job search (REST's job responses have none: docs/mcp.md,
 * "Connector rules"): a title or place value that reads as a sentence.
 */
const WARNINGS_SCHEMA = {
  type: 'array',
  description: 'Informational: a title or place value that reads as a sentence (send it as query instead). The search ran as sent.',
  items: {
    type: 'object',
    required: ['code', 'message'],
    properties: { code: { type: 'string' }, message: { type: 'string' } },
  },
} as const;

/** Title and place values of the arguments that read as sentences, as warnings. */
function sentenceWarnings(args: JobsArgs): { code: string; message: string }[] {
  const hiring = args.filters?.hiring as { titles?: { include?: string[] }; locations?: { include?: string[] } } | undefined;
  const locations = args.filters?.locations as { include?: string[] } | undefined;
  return sentenceValues([
    { field: 'where.job_titles', kind: 'title', values: args.where?.job_titles },
    { field: 'where.locations', kind: 'place', values: args.where?.locations },
    { field: 'filters.hiring.titles.include', kind: 'title', values: hiring?.titles?.include },
    { field: 'filters.hiring.locations.include', kind: 'place', values: hiring?.locations?.include },
    { field: 'filters.locations.include', kind: 'place', values: locations?.include },
  ]).map((found) => sentenceWarning(found, 'query'));
}

interface JobsArgs {
  query?: string;
  where?: { job_titles?: string[]; locations?: string[] };
  filters?: Record<string, unknown> & { hiring?: Record<string, unknown> };
  preview_limit?: number;
  with_people?: boolean;
  people_per_company?: number;
  delegate_user_id?: string;
}

/**
 * `jobs_search`: `POST /api/v1/search/jobs/preview` (or `/with-people`), with the connector's
 * `where` shortcut: `where.job_titles` and `where.locations` (8 values each) become
 * `filters.hiring.titles.include` and `filters.hiring.locations.include`. A final page: no offset.
 */
export const jobsSearchTool = defineTool<JobsArgs>({
  name: 'jobs_search',
  title: 'Search job postings',
  description: [
    "Find job postings from a natural-language query and/or where.job_titles and where.locations (at most 8 each) or full job filters; each posting shows the caller's 1st- and 2nd-degree people at the hiring company (warm paths in).",
    'with_people=true groups postings by company with up to people_per_company (1-10, default 3) people each, billed as one preview search.',
    'Returns one final page of up to preview_limit postings (1-25, default 10): no offset; narrow the query for others. Costs the job search price per call.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      query: { ...body.query, maxLength: L.queryChars, description: refusedPastLimit(String(body.query?.description ?? '')) },
      where: {
        type: 'object',
        additionalProperties: false,
        properties: { job_titles: whereList('Posting titles'), locations: whereList('Posting places') },
        description: 'Shortcut filters, merged into filters.hiring.',
      },
      filters: enforceLimits(body.filters as JsonSchema, { listValues: L.listValues, valueChars: L.valueChars }),
      preview_limit: {
        ...body.preview_limit,
        minimum: L.previewLimit.min,
        maximum: L.previewLimit.max,
        description: connectorWording(String(body.preview_limit?.description ?? '')),
      },
      with_people: { type: 'boolean', description: 'Group postings by hiring company with people there.' },
      people_per_company: {
        type: 'integer',
        minimum: L.peoplePerCompany.min,
        maximum: L.peoplePerCompany.max,
        description: 'People per company with with_people (1-10, default 3).',
      },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    anyOf: [PREVIEW.response, WITH_PEOPLE.response].map((r) => reshape(r as JsonSchema, { add: { warnings: WARNINGS_SCHEMA } })),
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    requireCriterion(
      jobCriterion(args as Record<string, unknown>),
      'jobs_search',
      'a query, where.job_titles or where.locations, or filters',
    );
    const { where, with_people, people_per_company, ...rest } = args;
    // The filters' own lists (and every other limit of job search) are refused past the limit.
    rejectOverLimit([...textLimitProblems(rest, ['query']), ...jobLimitProblems(rest)]);
    const filters = { ...(rest.filters ?? {}) };
    if (where?.job_titles || where?.locations) {
      const hiring = { ...(filters.hiring ?? {}) } as Record<string, { include?: string[] } | undefined>;
      // The shortcut's values join the filters' own; together they keep REST's limit, and the
      // connector refuses more rather than let REST drop the last of them.
      const problems: ValidationProblem[] = [];
      for (const [key, field] of [
        ['job_titles', 'titles'],
        ['locations', 'locations'],
      ] as const) {
        const values = where[key];
        if (!values) continue;
        const include = distinctValues([...(hiring[field]?.include ?? []), ...values]);
        if (include.length > JOB_SEARCH_LIMITS.listValues)
          problems.push({
            in: 'body',
            pointer: `/where/${key}`,
            message: `with filters.hiring.${field}.include makes ${include.length} values; at most ${JOB_SEARCH_LIMITS.listValues} in all`,
          });
        hiring[field] = { ...hiring[field], include };
      }
      if (problems.length) throw validationFailed(problems);
      filters.hiring = hiring;
    }
    const request = { ...rest, ...(Object.keys(filters).length > 0 ? { filters } : {}) };
    const warnings = sentenceWarnings(args);
    const withWarnings = (body: unknown) => ({ ...(body as Record<string, unknown>), warnings });
    if (with_people) {
      const withPeople = people_per_company === undefined ? request : { ...request, people_per_company };
      return withWarnings(await ctx.route('POST /api/v1/search/jobs/with-people', { body: withPeople }));
    }
    return withWarnings(await ctx.route('POST /api/v1/search/jobs/preview', { body: request }));
  },
});
