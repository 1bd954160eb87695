import { activateProject, projectMetrics, retryFailedProfessionalSends, sendReadiness } from '../../commands/projects/delivery.js';
import { TEMPLATE_TYPES } from '../../commands/projects/drafting.js';
import { generateMessages, generateTemplates, type MessageBody, putMessage, putTemplates } from '../../commands/projects/drafts.js';
import { AppError } from '../../errors.js';
import { SEARCH_ENGINE_ERRORS } from '../../http/error-schema.js';
import { defineRoute } from '../../http/route.js';
import { TEMPLATE_FIELDS } from '../../projects/record.js';
import {
  AUTH,
  actingResponse,
  messageBody,
  messageResponse,
  PROJECT_ERRORS,
  PROJECT_WRITE_ERRORS,
  project,
  projectParams,
  projectResponse,
  targetSchema,
  templateValue,
  text,
  unsavedDraftSchema,
  uuid,
} from './schemas.js';

type P = { projectId: string };

/** A project's outreach: metrics, templates, drafts, readiness, activation and tracked links (docs/projects.md). */

/** What saving or approving a target's draft may answer, by either of its ids. */
const MESSAGE_ERRORS = [
  ...PROJECT_WRITE_ERRORS,
  'target_not_found',
  'invalid_channel',
  'message_already_queued',
  'email_subject_required',
  ...SEARCH_ENGINE_ERRORS,
] as const;
export const projectOutreachRoutes = [
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
    errors: PROJECT_WRITE_ERRORS,
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
    errors: PROJECT_WRITE_ERRORS,
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
          persist_target: {
            type: 'boolean',
            description:
              'Add target_user_id to the project first (default true). false drafts for them without adding them: a person not yet a target gets the draft in the answer only (persisted: false), nothing stored.',
          },
        },
      },
    },
    errors: [...PROJECT_WRITE_ERRORS, 'owner_not_a_target', 'target_not_found', 'project_target_limit', ...SEARCH_ENGINE_ERRORS],
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
        targets: { type: 'array', items: { anyOf: [targetSchema, unsavedDraftSchema] } },
        next_step: {
          type: 'string',
          description:
            'Present when the project has no pitch and its outreach template leaves the pitch out: how to give the drafts one before approving them.',
        },
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
    errors: MESSAGE_ERRORS,
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
    errors: MESSAGE_ERRORS,
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
            'no_email_subject_count',
            'already_contacted_count',
            'stale_target_ids',
            'not_previewed_target_ids',
            'already_contacted_target_ids',
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
            no_email_subject_count: {
              type: 'integer',
              description: 'Drafts that would go out by email without a subject: not ready until one is saved.',
            },
            already_contacted_count: {
              type: 'integer',
              description:
                'Targets the sender already reached live outside this project’s activation (a direct send, another project): not ready; activation skips them unless include_already_contacted.',
            },
            stale_target_ids: { type: 'array', items: { type: 'string' } },
            not_previewed_target_ids: { type: 'array', items: { type: 'string' } },
            already_contacted_target_ids: { type: 'array', items: { type: 'string' } },
            no_recipient_email_count: {
              type: 'integer',
              description:
                'Connector only: email drafts without a recipient_email set on the draft (reviewed): not ready until one is set with update_message.',
            },
            no_recipient_email_target_ids: { type: 'array', items: { type: 'string' }, description: 'Connector only: those targets.' },
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
    handler: ({ params, actor, services, surface }) =>
      sendReadiness(services, actor!, params.projectId, { connector: surface === 'connector' }),
  }),
  defineRoute<{ include_already_contacted?: boolean }, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/activate',
    tag: 'projects',
    summary:
      'Queues every approved, fresh, included draft as a live communication (never a target twice); daily caps pace the professional network.',
    auth: AUTH,
    request: {
      params: projectParams,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: {
          include_already_contacted: {
            type: 'boolean',
            description:
              'Also send the approved drafts of targets the sender already reached live outside this project (default false: they are skipped as already_contacted).',
          },
        },
      },
    },
    errors: [...PROJECT_WRITE_ERRORS, 'no_eligible_targets', ...SEARCH_ENGINE_ERRORS],
    response: actingResponse({
      project_id: uuid,
      message: { type: 'string' },
      queued_count: { type: 'integer' },
      skipped: { type: 'object', additionalProperties: { type: 'integer' }, description: 'Targets not queued, by reason.' },
      already_contacted_target_ids: {
        type: 'array',
        items: { type: 'string' },
        description: 'Targets skipped because the sender already reached them outside this project.',
      },
      recipient_email_required_target_ids: {
        type: 'array',
        items: { type: 'string' },
        description: 'Email drafts skipped for want of a recipient_email set on the draft: a connector rule, so always empty on REST.',
      },
      project,
    }),
    handler: ({ params, body, actor, services, now, surface }) =>
      activateProject(services, actor!, params.projectId, now, {
        connector: surface === 'connector',
        includeAlreadyContacted: body.include_already_contacted === true,
      }),
  }),
  defineRoute<Record<string, never>, Record<string, never>, P>({
    method: 'POST',
    path: '/api/v1/projects/:projectId/retry-failed-professional-sends',
    tag: 'projects',
    summary:
      'Queues again the targets whose professional-network send failed (each retry sends once). A Proxima extension behind the connector mode of the same name.',
    auth: AUTH,
    request: { params: projectParams, body: { type: 'object', additionalProperties: false, properties: {} } },
    errors: [...PROJECT_WRITE_ERRORS, ...SEARCH_ENGINE_ERRORS],
    response: actingResponse({
      project_id: uuid,
      retried_count: { type: 'integer' },
      queued_count: { type: 'integer' },
      message: { type: 'string' },
      project,
    }),
    handler: ({ params, actor, services, now, surface }) =>
      retryFailedProfessionalSends(services, actor!, params.projectId, now, { connector: surface === 'connector' }),
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
