import { activateProject, projectMetrics, retryFailedProfessionalSends, sendReadiness } from '../../commands/projects/delivery.js';
import { TEMPLATE_TYPES } from '../../commands/projects/drafting.js';
import { generateMessages, generateTemplates, type MessageBody, putMessage, putTemplates } from '../../commands/projects/drafts.js';
import { archiveProject, createProject, listProjects, readProject, updateProject } from '../../commands/projects/projects.js';
import { addTargets, listTargets, removeTargets } from '../../commands/projects/targets.js';
import { AppError } from '../../errors.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { ENGAGEMENT_MODES, TEMPLATE_FIELDS } from '../../projects/record.js';
import {
  AUTH,
  actingResponse,
  messageBody,
  messageResponse,
  PROJECT_ERRORS,
  pagination,
  project,
  projectParams,
  projectResponse,
  scheduleUrl,
  targetSchema,
  templateValue,
  text,
  uuid,
} from './schemas.js';

type P = { projectId: string };

/** Projects (outreach workspaces), scope `communications` (docs/projects.md). */
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
    errors: PROJECT_ERRORS,
    response: projectResponse,
    handler: ({ params, body, actor, services, now }) => updateProject(services, actor!, params.projectId, body, now),
  }),
  defineRoute<{ archived: boolean }, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/archive',
    tag: 'projects',
    summary: 'Archives a project (archived=false restores it). Archived projects are hidden unless include_archived.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: { type: 'object', additionalProperties: false, properties: { archived: { type: 'boolean', default: true } } },
    },
    errors: PROJECT_ERRORS,
    response: projectResponse,
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
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
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
    errors: PROJECT_ERRORS,
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
  defineRoute<Record<string, never>, Record<string, never>, P>({
    method: 'GET',
    path: '/api/v1/projects/:projectId/metrics',
    tag: 'projects',
    summary: 'Outreach metrics: targets, messages sent, responses and rates, schedule-link clicks, status counts.',
    auth: AUTH,
    request: { params: projectParams },
    errors: PROJECT_ERRORS,
    response: {
      type: 'object',
      required: [
        'success',
        'project_id',
        'total_targets',
        'messages_sent',
        'responses',
        'response_rate',
        'target_response_rate',
        'schedule_link_clicks',
        'schedule_link_click_rate',
        'outreach_status_counts',
        'recipient_status_counts',
      ],
      properties: {
        success: { const: true },
        project_id: uuid,
        total_targets: { type: 'integer' },
        messages_sent: { type: 'integer' },
        responses: { type: 'integer' },
        response_rate: { type: ['number', 'null'] },
        target_response_rate: { type: ['number', 'null'] },
        schedule_link_clicks: { type: 'integer' },
        schedule_link_click_rate: { type: ['number', 'null'] },
        outreach_status_counts: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Targets by the status of their communication (not_queued when none).',
        },
        recipient_status_counts: {
          type: 'object',
          additionalProperties: { type: 'integer' },
          description: 'Targets by where they stand: no_draft, drafted, approved, queued, contacted, responded, failed, cancelled.',
        },
      },
    },
    handler: ({ params, actor, services }) => projectMetrics(services, actor!, params.projectId),
  }),
  defineRoute<
    Partial<Record<(typeof TEMPLATE_FIELDS)[number], string | null>> & { clear_personalization?: boolean },
    Record<string, never>,
    P
  >({
    method: 'PUT',
    path: '/api/v1/projects/:projectId/templates',
    tag: 'projects',
    summary: 'Sets template fields (null clears one); clear_personalization clears generated drafts for regeneration.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { ...Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, templateValue])), clear_personalization: { type: 'boolean' } },
      },
    },
    errors: PROJECT_ERRORS,
    response: projectResponse,
    handler: ({ params, body, actor, services, now }) => putTemplates(services, actor!, params.projectId, body, now),
  }),
  defineRoute<Record<string, string> & { template_type?: (typeof TEMPLATE_TYPES)[number] }, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/templates/generate',
    tag: 'projects',
    summary:
      'Generates one template field (template_type; never inferred from other fields). Copy supplied for that very field is saved as given.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          template_type: { enum: [...TEMPLATE_TYPES], default: 'outreach_message_prompt' },
          email_subject_template: text(20_000, 'Saved as given when template_type is this field.'),
          outreach_message_prompt: text(20_000, 'Saved as given when template_type is this field.'),
          referral_intro_prompt: text(20_000, 'Saved as given when template_type is this field.'),
          referral_forward_note_prompt: text(20_000, 'Saved as given when template_type is this field.'),
          user_input: text(5000, 'What to say; leads the generated text.'),
          message: text(20_000, 'Required for generalize_message_to_template: the message to turn into a template.'),
        },
      },
    },
    errors: PROJECT_ERRORS,
    response: {
      type: 'object',
      required: ['success', 'project', 'generated_field'],
      properties: { success: { const: true }, project, generated_field: { type: 'string' } },
    },
    handler: ({ params, body, actor, services, now }) => generateTemplates(services, actor!, params.projectId, body, now),
  }),
  defineRoute<{ target_ids?: string[]; target_user_id?: string; persist_target?: boolean }, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/messages/generate',
    tag: 'projects',
    summary: 'Generates a personalised draft per target needing one (no draft, or a stale generated one). Drafts only: never sends.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          target_ids: {
            type: 'array',
            maxItems: 500,
            items: uuid,
            description: 'Assignment target row ids; omit for every target needing a draft.',
          },
          target_user_id: uuid,
          persist_target: { type: 'boolean', description: 'Add target_user_id to the project first (default true).' },
        },
      },
    },
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: {
      type: 'object',
      required: ['success', 'generated_count', 'drafting_provider', 'model_rewritten_count', 'targets'],
      properties: {
        success: { const: true },
        generated_count: { type: 'integer' },
        drafting_provider: {
          enum: ['template', 'openai_compatible'],
          description: 'template: deterministic; openai_compatible: DRAFTING_LLM_URL rewrites each draft.',
        },
        model_rewritten_count: { type: 'integer', description: 'Drafts the model rewrote (the others kept the template text).' },
        targets: { type: 'array', items: targetSchema },
      },
    },
    handler: ({ params, body, actor, services, now }) => generateMessages(services, actor!, params.projectId, body, now),
  }),
  defineRoute<MessageBody, Record<string, never>, P & { targetUserId: string }>({
    method: 'PUT',
    path: '/api/v1/projects/:projectId/target-users/:targetUserId/message',
    tag: 'projects',
    summary: 'Saves or approves the draft of a target, by user id. Saving never sends.',
    auth: AUTH,
    request: {
      params: { type: 'object', required: ['projectId', 'targetUserId'], properties: { projectId: uuid, targetUserId: uuid } },
      body: messageBody,
    },
    errors: [...PROJECT_ERRORS, 'target_not_found', 'invalid_channel', ...SEARCH_ENGINE_ERRORS],
    response: messageResponse('target_user_id'),
    handler: ({ params, body, actor, services, now }) =>
      putMessage(services, actor!, params.projectId, { targetUserId: params.targetUserId }, body, now),
  }),
  defineRoute<MessageBody, Record<string, never>, P & { targetId: string }>({
    method: 'PUT',
    path: '/api/v1/projects/:projectId/targets/:targetId/message',
    tag: 'projects',
    summary: 'Saves or approves the draft of a target, by assignment target id. Saving never sends.',
    auth: AUTH,
    request: {
      params: { type: 'object', required: ['projectId', 'targetId'], properties: { projectId: uuid, targetId: uuid } },
      body: messageBody,
    },
    errors: [...PROJECT_ERRORS, 'target_not_found', 'invalid_channel', ...SEARCH_ENGINE_ERRORS],
    response: messageResponse('assignment_target_id'),
    handler: ({ params, body, actor, services, now }) =>
      putMessage(services, actor!, params.projectId, { targetId: params.targetId }, body, now),
  }),
  defineRoute<Record<string, never>, Record<string, never>, P>({
    method: 'GET',
    path: '/api/v1/projects/:projectId/send-readiness',
    tag: 'projects',
    summary: 'Which included targets are ready to send: previewed, not previewed, edited and stale drafts, and delivery channels.',
    auth: AUTH,
    request: { params: projectParams },
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: actingResponse(
      {
        project_id: uuid,
        summary: {
          type: 'object',
          required: [
            'total_targets',
            'ready_count',
            'previewed_count',
            'not_previewed_count',
            'edited_count',
            'stale_count',
            'no_draft_count',
            'already_queued_count',
            'no_channel_count',
            'stale_target_ids',
            'not_previewed_target_ids',
            'delivery_channels',
          ],
          properties: {
            total_targets: { type: 'integer' },
            ready_count: { type: 'integer' },
            previewed_count: { type: 'integer' },
            not_previewed_count: { type: 'integer' },
            edited_count: { type: 'integer' },
            stale_count: { type: 'integer' },
            no_draft_count: { type: 'integer' },
            already_queued_count: { type: 'integer' },
            no_channel_count: { type: 'integer' },
            stale_target_ids: { type: 'array', items: { type: 'string' } },
            not_previewed_target_ids: { type: 'array', items: { type: 'string' } },
            delivery_channels: {
              type: 'object',
              additionalProperties: { type: 'integer' },
              description: 'Drafted targets per delivery channel.',
            },
          },
        },
      },
      ['uuid'],
    ),
    handler: ({ params, actor, services }) => sendReadiness(services, actor!, params.projectId),
  }),
  defineRoute<Record<string, never>, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/activate',
    tag: 'projects',
    summary:
      'Queues every approved, fresh, included draft as a live communication (never a target twice); daily caps pace the professional network.',
    auth: AUTH,
    request: { params: projectParams, body: { type: 'object', additionalProperties: false, properties: {} } },
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: actingResponse({
      project_id: uuid,
      message: { type: 'string' },
      queued_count: { type: 'integer' },
      skipped: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Targets not queued, by reason.' },
      project,
    }),
    handler: ({ params, actor, services, now }) => activateProject(services, actor!, params.projectId, now),
  }),
  defineRoute<Record<string, never>, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/retry-failed-professional-sends',
    tag: 'projects',
    summary:
      'Queues again the targets whose professional-network send failed (each retry sends once). A Proxima extension behind the connector mode of the same name.',
    auth: AUTH,
    request: { params: projectParams, body: { type: 'object', additionalProperties: false, properties: {} } },
    errors: [...PROJECT_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: actingResponse({
      project_id: uuid,
      retried_count: { type: 'integer' },
      queued_count: { type: 'integer' },
      message: { type: 'string' },
      project,
    }),
    handler: ({ params, actor, services, now }) => retryFailedProfessionalSends(services, actor!, params.projectId, now),
  }),
  defineRoute<Record<string, never>, Record<string, never>, { token: string }>({
    method: 'GET',
    path: '/l/:token',
    tag: 'projects',
    summary: 'A tracked schedule link from an outreach message: counts the click and redirects to the sender’s scheduling page. Public.',
    auth: 'none',
    request: {
      params: {
        type: 'object',
        required: ['token'],
        properties: { token: { type: 'string', maxLength: 40, description: 'As in the link.' } },
      },
    },
    errors: ['not_found'],
    response: { type: 'string', description: 'A redirect; the body says where to.' },
    responseContentType: 'text/plain',
    successStatus: 302,
    handler: ({ params, services }, ctx) => {
      const url = /^[A-Za-z0-9_-]{8,40}$/.test(params.token) ? services.projects.click(params.token, services.clock()) : null;
      if (!url) throw new AppError(404, 'not_found', 'This link is not known (it may have been mistyped).');
      ctx.status = 302;
      ctx.set('Location', url);
      ctx.set('Cache-Control', 'no-store');
      ctx.type = 'text/plain';
      ctx.body = `Redirecting to ${url}\n`;
      return undefined;
    },
  }),
];
