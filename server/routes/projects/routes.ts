import { archiveProject, createProject, listProjects, readProject, updateProject } from '../../commands/projects/projects.js';
import { addTargets, listTargets, removeTargets } from '../../commands/projects/targets.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { ENGAGEMENT_MODES } from '../../projects/record.js';
import {
  AUTH,
  actingResponse,
  archiveResponse,
  PROJECT_ERRORS,
  PROJECT_WRITE_ERRORS,
  pagination,
  project,
  projectParams,
  projectResponse,
  scheduleUrl,
  targetSchema,
  text,
  uuid,
} from './schemas.js';

type P = { projectId: string };

/**
 * Projects (outreach workspaces) and their targets, scope `communications` (docs/projects.md);
 * the outreach routes are in outreach-routes.ts.
 */
export const projectRoutes = [
  defineRoute<{
    title: string;
    description?: string;
    pitch?: string;
    engagement_mode?: 'quick_text' | 'schedule_live';
    schedule_url?: string;
  }>({
    method: 'POST',
    path: '/api/v1/projects',
    tag: 'projects',
    summary: 'Creates a project (a Proxima extension: the contract names no create route).',
    auth: AUTH,
    request: {
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['title'],
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          description: text(5000, 'What the outreach is about.'),
          pitch: text(5000, 'What is offered; drafts use it.'),
          engagement_mode: { enum: [...ENGAGEMENT_MODES] },
          schedule_url: scheduleUrl,
        },
      },
    },
    response: actingResponse({ project }),
    handler: ({ body, actor, services, now }) => createProject(services, actor!, body, now),
  }),
  defineRoute<
    Record<string, never>,
    { status?: string; limit: number; offset: number; include_archived?: boolean; include_searches?: boolean; current_project_id?: string }
  >({
    method: 'GET',
    path: '/api/v1/projects',
    tag: 'projects',
    summary:
      'The account’s projects, most recently updated first; current_project_id surfaces a session-bound project even when filters hide it.',
    auth: AUTH,
    request: {
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          status: text(60, 'Only projects with this status.'),
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 20 },
          offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
          include_archived: { type: 'boolean' },
          include_searches: { type: 'boolean', description: 'Include search-only shells.' },
          current_project_id: uuid,
        },
      },
    },
    response: actingResponse(
      {
        projects: { type: 'array', items: project },
        pagination,
        current_session_project_id: { type: 'string' },
        current_session_project: { anyOf: [project, { type: 'null' }] },
        current_session_project_included: { type: 'boolean' },
        current_session_project_reason: { enum: ['already_in_list', 'included_from_session_binding', 'not_found_or_inaccessible'] },
      },
      ['current_session_project_id', 'current_session_project', 'current_session_project_included', 'current_session_project_reason'],
    ),
    handler: ({ query, actor, services }) => listProjects(services, actor!, query),
  }),
  defineRoute<
    Record<string, never>,
    { include_targets?: boolean; include_search_results?: boolean; targets_limit: number; targets_offset: number },
    P
  >({
    method: 'GET',
    path: '/api/v1/projects/:projectId',
    tag: 'projects',
    summary: 'One project, optionally with its targets and its search-results cache.',
    auth: AUTH,
    request: {
      params: projectParams,
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          include_targets: { type: 'boolean' },
          include_search_results: { type: 'boolean' },
          targets_limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          targets_offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
        },
      },
    },
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: actingResponse({ project }),
    handler: ({ params, query, actor, services }) => readProject(services, actor!, params.projectId, query),
  }),
  defineRoute<
    {
      title?: string;
      description?: string | null;
      pitch?: string | null;
      status?: string;
      allow_discovery?: boolean;
      engagement_mode?: 'quick_text' | 'schedule_live';
    },
    Record<string, never>,
    P
  >({
    method: 'PATCH',
    path: '/api/v1/projects/:projectId',
    tag: 'projects',
    summary: 'Updates a project: title, description, pitch, a free-string status, allow_discovery, engagement_mode.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          title: { type: 'string', minLength: 1, maxLength: 200 },
          description: { type: ['string', 'null'], maxLength: 5000 },
          pitch: { type: ['string', 'null'], maxLength: 5000 },
          status: { type: 'string', minLength: 1, maxLength: 60 },
          allow_discovery: { type: 'boolean' },
          engagement_mode: { enum: [...ENGAGEMENT_MODES] },
          schedule_url: { ...scheduleUrl, type: ['string', 'null'] },
        },
      },
    },
    errors: PROJECT_WRITE_ERRORS,
    response: projectResponse,
    handler: ({ params, body, actor, services, now }) => updateProject(services, actor!, params.projectId, body, now),
  }),
  defineRoute<{ archived: boolean }, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/archive',
    tag: 'projects',
    summary:
      'Archives a project (archived=false restores it): hidden unless include_archived, read-only, its queued sends cancelled. Archiving again keeps the first archived_at.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: { type: 'object', additionalProperties: false, properties: { archived: { type: 'boolean', default: true } } },
    },
    errors: PROJECT_ERRORS,
    response: archiveResponse,
    handler: ({ params, body, actor, services, now }) => archiveProject(services, actor!, params.projectId, body.archived, now),
  }),
  defineRoute<Record<string, never>, { limit: number; offset: number; include_mutuals?: boolean }, P>({
    method: 'GET',
    path: '/api/v1/projects/:projectId/targets',
    tag: 'projects',
    summary: 'The active, included targets (never the owner), with their drafts and delivery status.',
    auth: AUTH,
    request: {
      params: projectParams,
      query: {
        type: 'object',
        additionalProperties: false,
        properties: {
          limit: { type: 'integer', minimum: 1, maximum: 100, default: 50 },
          offset: { type: 'integer', minimum: 0, maximum: 100_000, default: 0 },
          include_mutuals: { type: 'boolean' },
        },
      },
    },
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: actingResponse({ project_id: uuid, targets: { type: 'array', items: targetSchema }, pagination }, ['uuid']),
    handler: ({ params, query, actor, services }) => listTargets(services, actor!, params.projectId, query),
  }),
  defineRoute<{ target_user_ids?: string[]; target_user_id?: string }, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/targets',
    tag: 'projects',
    summary: 'Adds targets by user id (as search rows give them); a removed target is included again.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { target_user_ids: { type: 'array', maxItems: 500, items: uuid }, target_user_id: uuid },
      },
    },
    errors: [...PROJECT_WRITE_ERRORS, 'project_target_limit', ...SEARCH_ENGINE_ERRORS],
    response: actingResponse(
      {
        project_id: uuid,
        added_targets: {
          type: 'array',
          items: {
            type: 'object',
            required: ['target_user_id', 'added', 'reason'],
            properties: {
              target_user_id: { type: 'string' },
              assignment_target_id: { type: 'string' },
              added: { type: 'boolean' },
              reason: { enum: [null, 'already_a_target', 'user_not_found', 'owner_not_a_target'] },
            },
          },
        },
        total_targets: { type: 'integer' },
      },
      ['uuid'],
    ),
    handler: ({ params, body, actor, services, now }) => addTargets(services, actor!, params.projectId, body, now),
  }),
  defineRoute<{ target_user_ids?: string[]; target_user_id?: string; remove_all?: boolean }, Record<string, never>, P>({
    method: 'DELETE',
    path: '/api/v1/projects/:projectId/targets',
    tag: 'projects',
    summary: 'Soft-removes targets (is_included cleared); remove_all=true clears the shortlist and must be sent explicitly.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          target_user_ids: { type: 'array', maxItems: 500, items: uuid },
          target_user_id: uuid,
          remove_all: { type: 'boolean' },
        },
      },
    },
    errors: PROJECT_WRITE_ERRORS,
    response: actingResponse(
      {
        project_id: uuid,
        removed_count: { type: 'integer' },
        results: {
          type: 'array',
          items: {
            type: 'object',
            required: ['target_user_id', 'removed', 'reason'],
            properties: {
              target_user_id: { type: 'string' },
              removed: { type: 'boolean' },
              reason: { enum: [null, 'not_a_target', 'already_removed'] },
            },
          },
        },
      },
      ['uuid'],
    ),
    handler: ({ params, body, actor, services, now }) => removeTargets(services, actor!, params.projectId, body, now),
  }),
];
