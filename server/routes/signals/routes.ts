import {
  createWatcher,
  deleteWatcher,
  listSignals,
  listWatchers,
  pollWatcher,
  readWatcher,
  updateWatcher,
  type WatcherBody,
} from '../../commands/signals/watchers.js';
import { defineRoute } from '../../http/route.js';
import { matching, NOT_BLANK_PATTERN } from '../../http/validation.js';
import { DELIVERIES, SIGNAL_TYPES, WATCHER_STATUSES } from '../../signals/model.js';
import { AUTH, actingResponse, pagination, uuid } from '../projects/schemas.js';

const nullable = { type: ['string', 'null'] } as const;
const WATCHER_ERRORS = ['watcher_not_found'] as const;

const signalTypes = { type: 'array', minItems: 1, maxItems: SIGNAL_TYPES.length, items: { enum: [...SIGNAL_TYPES] } } as const;
const deliveries = {
  type: 'array',
  minItems: 1,
  maxItems: DELIVERIES.length,
  items: { enum: [...DELIVERIES] },
  description: 'project_feed, email_digest, connector (the watch_signals poll), agent_webhook. Default connector.',
} as const;
const options = {
  type: 'object',
  additionalProperties: false,
  properties: {
    min_growth_pct: { type: 'number', minimum: 0, maximum: 1000, description: 'company_growth: headcount growth that counts (default 5).' },
    min_new_jobs: { type: 'integer', minimum: 1, maximum: 1000, description: 'hiring_spike: new postings in one snapshot (default 3).' },
    follow_up_after_days: { type: 'integer', minimum: 1, maximum: 365, description: 'follow_up: days without a reply (default 3).' },
  },
} as const;
const webhookUrl = {
  type: 'string',
  maxLength: 2000,
  format: 'http-url',
  description: 'agent_webhook: each run’s signals are POSTed here, signed.',
} as const;
const webhookSecret = {
  type: 'string',
  minLength: 16,
  maxLength: 200,
  pattern: NOT_BLANK_PATTERN,
  description: 'Signs agent_webhook deliveries (HMAC-SHA256); made and shown once when absent. Not blank.',
} as const;
const emailTo = {
  type: 'string',
  maxLength: 320,
  ...matching('^[^\\s@]+@[^\\s@]+$', 'must be an email address (name@example.com), without spaces'),
  description: 'email_digest: where digests go (default: the account email).',
} as const;

const watcher = {
  type: 'object',
  required: ['watcher_id', 'name', 'status', 'signal_types', 'cohort', 'deliveries', 'options', 'created_at'],
  properties: {
    watcher_id: uuid,
    name: { type: 'string' },
    status: { enum: ['active', 'paused'] },
    signal_types: { type: 'array', items: { enum: [...SIGNAL_TYPES] } },
    cohort: {
      type: 'object',
      properties: {
        source: { enum: ['project', 'people', 'companies', 'search'] },
        project_id: nullable,
        person_ids: { type: 'array', items: { type: 'string' } },
        person_count: { type: 'integer' },
        company_ids: { type: 'array', items: { type: 'string' } },
        company_count: { type: 'integer' },
      },
    },
    deliveries: { type: 'array', items: { enum: [...DELIVERIES] } },
    project_id: nullable,
    email_to: nullable,
    webhook_url: nullable,
    options: { type: 'object' },
    last_run_seq: { type: 'integer', description: 'The finish order of the last snapshot run evaluated.' },
    connector_cursor: { type: 'integer' },
    owner_user_id: { type: 'string' },
    acting_user_id: { type: 'string' },
    created_at: { type: 'string' },
    updated_at: { type: 'string' },
    recent_deliveries: { type: 'array', items: { type: 'object' } },
    recent_runs: { type: 'array', items: { type: 'object' } },
  },
} as const;
const signal = {
  type: 'object',
  required: ['signal_id', 'cursor', 'watcher_id', 'signal_type', 'summary', 'data', 'created_at'],
  properties: {
    signal_id: uuid,
    cursor: { type: 'integer' },
    watcher_id: uuid,
    project_id: nullable,
    run_id: { type: ['integer', 'null'] },
    signal_type: { enum: [...SIGNAL_TYPES] },
    person_id: nullable,
    company_id: nullable,
    summary: { type: 'string' },
    data: { type: 'object' },
    created_at: { type: 'string' },
  },
} as const;
const watcherParams = {
  type: 'object',
  required: ['watcherId'],
  properties: { watcherId: { ...uuid, description: 'Watcher id.' } },
} as const;
type W = { watcherId: string };

/** Signal watchers and their feed (docs/signals.md), scope `communications`. Proxima extensions. */
export const signalRoutes = [
  defineRoute<WatcherBody>({
    method: 'POST',
    path: '/api/v1/signals/watchers',
    tag: 'signals',
    summary: 'Creates a signal watcher: signal types, a cohort (project, people, companies or a recorded search) and deliveries.',
    auth: AUTH,
    request: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['signal_types'],
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          signal_types: signalTypes,
          cohort: {
            type: 'object',
            additionalProperties: false,
            properties: {
              project_id: { ...uuid, description: 'Watch the project’s current targets (and where they work).' },
              person_ids: { type: 'array', maxItems: 1000, items: { type: 'string', format: 'uuid' } },
              company_ids: { type: 'array', maxItems: 200, items: { type: 'string', format: 'uuid' } },
              search_id: { type: 'string', maxLength: 100, description: 'A recorded people search: its people, frozen now.' },
            },
          },
          deliveries,
          project_id: { ...uuid, description: 'The project whose feed receives the signals (project_feed).' },
          email_to: emailTo,
          webhook_url: webhookUrl,
          webhook_secret: webhookSecret,
          options,
        },
      },
    },
    errors: ['project_not_found', 'search_not_found', 'watcher_limit_reached'],
    response: actingResponse({ watcher, webhook_secret: { type: 'string' } }, ['webhook_secret']),
    handler: ({ body, actor, services }) => createWatcher(services, actor!, body),
  }),
  defineRoute<Record<string, never>, { project_id?: string; limit: number; offset: number }>({
    method: 'GET',
    path: '/api/v1/signals/watchers',
    tag: 'signals',
    summary: 'The account’s signal watchers, newest first.',
    auth: AUTH,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          project_id: uuid,
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
        },
      },
    },
    response: actingResponse({ watchers: { type: 'array', items: watcher }, pagination }),
    handler: ({ query, actor, services }) => listWatchers(services, actor!, query),
  }),
  defineRoute<Record<string, never>, Record<string, never>, W>({
    method: 'GET',
    path: '/api/v1/signals/watchers/:watcherId',
    tag: 'signals',
    summary: 'One watcher with its recent deliveries and the latest snapshot runs.',
    auth: AUTH,
    request: { params: watcherParams },
    errors: [...WATCHER_ERRORS],
    response: actingResponse({ watcher }),
    handler: ({ params, actor, services }) => readWatcher(services, actor!, params.watcherId),
  }),
  defineRoute<Parameters<typeof updateWatcher>[3], Record<string, never>, W>({
    method: 'PATCH',
    path: '/api/v1/signals/watchers/:watcherId',
    tag: 'signals',
    summary: 'Renames, pauses or resumes a watcher, or changes its types, deliveries, addresses or thresholds.',
    auth: AUTH,
    request: {
      params: watcherParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          name: { type: 'string', minLength: 1, maxLength: 200 },
          status: { enum: [...WATCHER_STATUSES] },
          signal_types: signalTypes,
          deliveries,
          email_to: emailTo,
          webhook_url: webhookUrl,
          webhook_secret: webhookSecret,
          options,
        },
      },
    },
    errors: [...WATCHER_ERRORS, 'project_not_found'],
    response: actingResponse({ watcher, webhook_secret: { type: 'string' } }, ['webhook_secret']),
    handler: ({ params, body, actor, services }) => updateWatcher(services, actor!, params.watcherId, body),
  }),
  defineRoute<Record<string, never>, Record<string, never>, W>({
    method: 'DELETE',
    path: '/api/v1/signals/watchers/:watcherId',
    tag: 'signals',
    summary: 'Deletes a watcher: it stops, its pending deliveries are dropped and its signals leave the feeds.',
    auth: AUTH,
    request: { params: watcherParams },
    errors: [...WATCHER_ERRORS],
    response: actingResponse({ watcher_id: uuid, deleted: { const: true } }),
    handler: ({ params, actor, services }) => deleteWatcher(services, actor!, params.watcherId),
  }),
  defineRoute<{ limit?: number }, Record<string, never>, W>({
    method: 'POST',
    path: '/api/v1/signals/watchers/:watcherId/poll',
    tag: 'signals',
    summary: 'The connector stream: signals this watcher raised since the last poll (the cursor moves past them).',
    auth: AUTH,
    request: {
      params: watcherParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { limit: { type: 'integer', minimum: 1, maximum: 100 } },
      },
    },
    errors: [...WATCHER_ERRORS],
    response: actingResponse({
      watcher_id: uuid,
      signals: { type: 'array', items: signal },
      cursor: { type: 'integer' },
      has_more: { type: 'boolean' },
    }),
    handler: ({ params, body, actor, services }) => pollWatcher(services, actor!, params.watcherId, body?.limit ?? 50),
  }),
  defineRoute<Record<string, never>, { watcher_id?: string; project_id?: string; signal_type?: string; after: number; limit: number }>({
    method: 'GET',
    path: '/api/v1/signals',
    tag: 'signals',
    summary: 'Signals of the account’s watchers, oldest first after a cursor; project_id gives that project’s feed.',
    auth: AUTH,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          watcher_id: uuid,
          project_id: uuid,
          signal_type: { enum: [...SIGNAL_TYPES] },
          after: { type: 'integer', minimum: 0, default: 0, description: 'The next_cursor of the previous page.' },
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
        },
      },
    },
    errors: [...WATCHER_ERRORS, 'project_not_found'],
    response: actingResponse({
      signals: { type: 'array', items: signal },
      next_cursor: { type: 'integer' },
      has_more: { type: 'boolean' },
    }),
    handler: ({ query, actor, services }) => listSignals(services, actor!, query),
  }),
];
