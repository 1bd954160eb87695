import { DELIVERIES, SIGNAL_TYPES } from '../../signals/model.js';
import { defineTool, type PointerRename } from '../tool.js';
import { DELEGATE_ARGUMENT, modeResultSchema, pickArgs, requireArg } from './schema-tools.js';

type Args = Record<string, unknown> & { mode?: string; watcher_id?: string };
const uuid = { type: 'string', format: 'uuid' } as const;

const MODES = ['types', 'create', 'list', 'status', 'update', 'pause', 'resume', 'delete', 'poll', 'feed'] as const;

/** What each signal type reports, for agents choosing types (also docs/signals.md). */
const TYPE_HELP: Record<(typeof SIGNAL_TYPES)[number], string> = {
  liked_my_post: 'someone commented on or reposted your posts, or they drew new reactions (no cohort needed)',
  competitor_engagement: 'people engaging with posts by the cohort companies (your competitors) or their employees',
  role_change: 'a cohort person changed title or company, or someone joined or left a cohort company',
  jobs: 'a cohort company published a new job posting',
  employee_post: 'an employee of a cohort company posted',
  company_growth: 'a cohort company’s headcount grew by at least min_growth_pct (default 5%)',
  hiring_spike: 'a cohort company opened at least min_new_jobs postings in one snapshot (default 3)',
  warm_intro: 'a cohort person connected with one of your first-degree connections (ask for an introduction)',
  follow_up: 'a project target has not replied follow_up_after_days after your message (default 3; project cohort)',
  posts: 'a cohort person (or cohort company page) posted',
};

/**
 * The REST body nests the cohort and the options; the tool takes them at its top level. A
 * problem the route finds is said of the argument ("/cohort is required" named no argument of
 * the tool, and an argument `cohort` is refused as unrecognised).
 */
const POINTERS: readonly PointerRename[] = [
  ...(['project_id', 'person_ids', 'company_ids', 'search_id'] as const).map((a) => ({ from: `/cohort/${a}`, to: `/${a}` })),
  ...(['min_growth_pct', 'min_new_jobs', 'follow_up_after_days'] as const).map((a) => ({ from: `/options/${a}`, to: `/${a}` })),
  { from: '/cohort', to: '', message: (m) => `the cohort (project_id, person_ids, company_ids or search_id) ${m}` },
  { from: '/options', to: '', message: (m) => `the options (min_growth_pct, min_new_jobs, follow_up_after_days) ${m}` },
];

/** `watch_signals`: signal watchers over the indexer's change set, each mode over its REST route. */
export const watchSignalsTool = defineTool<Args>({
  name: 'watch_signals',
  title: 'Watch signals',
  description: [
    `Modes: ${MODES.join(', ')}.`,
    `types lists the signal types (${SIGNAL_TYPES.join(', ')}).`,
    'create takes signal_types, a cohort (project_id for a project’s targets, person_ids, company_ids, or search_id of a recorded people search) and deliveries',
    `(${DELIVERIES.join(', ')}; default connector: read them here with poll). Signals come from what each new data snapshot changed, never from re-running searches.`,
    'poll returns the watcher’s new signals since the last poll; feed pages through all of them (watcher_id or project_id, after cursor). list, status, update, pause, resume, delete manage watchers. Free.',
  ].join(' '),
  auth: { anyOf: ['communications'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: { enum: [...MODES], description: 'The operation (see the tool description).' },
      watcher_id: {
        ...uuid,
        description: 'status, update, pause, resume, delete, poll (required): the watcher, from create or list; feed: only its signals.',
      },
      name: {
        type: 'string',
        minLength: 1,
        maxLength: 200,
        description: 'create, update: a label (up to 200 characters; default the types).',
      },
      signal_types: {
        type: 'array',
        minItems: 1,
        maxItems: SIGNAL_TYPES.length,
        items: { enum: [...SIGNAL_TYPES] },
        description: 'create (required), update: the signal types to watch, each once (mode types describes them).',
      },
      project_id: {
        ...uuid,
        description:
          "create: alone, watch this project's targets; beside another cohort, the project whose feed gets the signals (project_feed). list, feed: only this project's watchers or signals.",
      },
      person_ids: { type: 'array', maxItems: 1000, items: uuid, description: 'create: a cohort of people (person ids, up to 1,000).' },
      company_ids: { type: 'array', maxItems: 200, items: uuid, description: 'create: a cohort of companies (company ids, up to 200).' },
      search_id: {
        type: 'string',
        maxLength: 100,
        description: 'create: a cohort of the people of a recorded people_search (its search_id; up to 1,000 people, frozen now).',
      },
      deliveries: {
        type: 'array',
        minItems: 1,
        maxItems: DELIVERIES.length,
        items: { enum: [...DELIVERIES] },
        description: `create, update: where signals go (${DELIVERIES.join(', ')}); default connector (read them with poll).`,
      },
      email_to: {
        type: 'string',
        maxLength: 320,
        description: "create, update: where email_digest mails go (default the account's email).",
      },
      webhook_url: {
        type: 'string',
        maxLength: 2000,
        format: 'http-url',
        description: 'create, update: the http(s) URL agent_webhook posts signals to (up to 2,000 characters).',
      },
      webhook_secret: {
        type: 'string',
        minLength: 16,
        maxLength: 200,
        description: 'create, update: the webhook signing secret (16-200 characters); one is made when none is given.',
      },
      min_growth_pct: {
        type: 'number',
        minimum: 0,
        maximum: 1000,
        description: 'create, update: company_growth fires at this headcount growth, in percent (0-1000, default 5).',
      },
      min_new_jobs: {
        type: 'integer',
        minimum: 1,
        maximum: 1000,
        description: 'create, update: hiring_spike fires at this many new postings at one company in one run (1-1000, default 3).',
      },
      follow_up_after_days: {
        type: 'integer',
        minimum: 1,
        maximum: 365,
        description: 'create, update: follow_up fires this many days after your delivered message without a reply (1-365, default 3).',
      },
      signal_type: { enum: [...SIGNAL_TYPES], description: 'feed: only signals of this type.' },
      after: { type: 'integer', minimum: 0, description: 'feed: the next_cursor of the previous page (default 0, from the oldest).' },
      limit: {
        type: 'integer',
        minimum: 1,
        maximum: 100,
        description: 'list: watchers a page, 1-100 (default 20); poll and feed: signals, 1-100 (default 50).',
      },
      offset: { type: 'integer', minimum: 0, maximum: 100_000, description: 'list: watchers to skip (default 0).' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: modeResultSchema(MODES, 'docs/signals.md'),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  run: async (args, ctx) => {
    const mode = args.mode as (typeof MODES)[number];
    const delegate = pickArgs(args, ['delegate_user_id']);
    const options = pickArgs(args, ['min_growth_pct', 'min_new_jobs', 'follow_up_after_days']);
    const opts = Object.keys(options).length ? { options } : {};
    const watcher = () => {
      requireArg(args, 'watcher_id');
      return { watcherId: args.watcher_id as string };
    };
    const result = async (): Promise<unknown> => {
      switch (mode) {
        case 'types':
          return { signal_types: SIGNAL_TYPES.map((t) => ({ signal_type: t, description: TYPE_HELP[t] })), deliveries: DELIVERIES };
        case 'create': {
          requireArg(args, 'signal_types');
          const cohort = pickArgs(args, ['person_ids', 'company_ids', 'search_id']);
          // A project_id with people-or-company types and no other cohort means "watch this project's targets".
          const projectCohort = args.project_id !== undefined && Object.keys(cohort).length === 0;
          return ctx.route(
            'POST /api/v1/signals/watchers',
            {
              body: {
                ...pickArgs(args, ['name', 'signal_types', 'deliveries', 'email_to', 'webhook_url', 'webhook_secret']),
                ...(projectCohort ? { cohort: { project_id: args.project_id } } : { cohort, ...pickArgs(args, ['project_id']) }),
                ...opts,
                ...delegate,
              },
            },
            { pointers: POINTERS },
          );
        }
        case 'list':
          return ctx.route('GET /api/v1/signals/watchers', {
            query: { ...pickArgs(args, ['project_id', 'limit', 'offset']), ...delegate },
          });
        case 'status':
          return ctx.route('GET /api/v1/signals/watchers/:watcherId', { params: watcher(), query: delegate });
        case 'update':
          return ctx.route(
            'PATCH /api/v1/signals/watchers/:watcherId',
            {
              params: watcher(),
              body: {
                ...pickArgs(args, ['name', 'signal_types', 'deliveries', 'email_to', 'webhook_url', 'webhook_secret']),
                ...opts,
                ...delegate,
              },
            },
            { pointers: POINTERS },
          );
        case 'pause':
        case 'resume':
          return ctx.route('PATCH /api/v1/signals/watchers/:watcherId', {
            params: watcher(),
            body: { status: mode === 'pause' ? 'paused' : 'active', ...delegate },
          });
        case 'delete':
          return ctx.route('DELETE /api/v1/signals/watchers/:watcherId', { params: watcher(), query: delegate });
        case 'poll':
          return ctx.route('POST /api/v1/signals/watchers/:watcherId/poll', {
            params: watcher(),
            body: { ...pickArgs(args, ['limit']), ...delegate },
          });
        case 'feed':
          return ctx.route('GET /api/v1/signals', {
            query: { ...pickArgs(args, ['watcher_id', 'project_id', 'signal_type', 'after', 'limit']), ...delegate },
          });
      }
      return null;
    };
    return { success: true, mode, result: (await result()) as Record<string, unknown> };
  },
});
