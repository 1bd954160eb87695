import { invalidField } from '../../errors.js';
import { defineTool, type ToolContext } from '../tool.js';
import { DELEGATE_ARGUMENT, modeResultSchema, pickArgs, requireArg } from './schema-tools.js';
import { ensureSessionProject, sessionProjectId } from './session-project.js';

type Args = Record<string, unknown> & { mode?: string; project_id?: string; delegate_user_id?: string };
const pick = pickArgs;
const need = requireArg;
const uuid = { type: 'string', format: 'uuid' } as const;

/**
 * The project an action is about: `project_id`, else the agent session's current project. Adding
 * targets with a session that has none makes the session's project, as a connector draft does;
 * any other mode without a project is refused, saying how to get one.
 */
async function projectOf(args: Args, ctx: ToolContext): Promise<string> {
  if (typeof args.project_id === 'string') return args.project_id;
  if (args.mode === 'add_targets') return ensureSessionProject(ctx, 'Adding targets', args.delegate_user_id);
  const bound = sessionProjectId(ctx);
  if (bound) return bound;
  throw invalidField(
    'body',
    '/project_id',
    `is required in mode ${args.mode}: pass a project id (project_read lists the account's projects), or the agent_session_id of a session that has a project (agent_session mode=start or switch_project with a project_id binds one; project_action mode=add_targets or send_communication mode=draft with an agent_session_id makes one)`,
  );
}

const MODES = [
  'list',
  'status',
  'targets',
  'recipient_emails',
  'metrics',
  'send_readiness',
  'add_targets',
  'remove_targets',
  'retry_failed_professional_sends',
  'rename',
  'update_engagement_mode',
  'update_templates',
  'generate_templates',
  'generate_messages',
  'update_message',
  'activate',
] as const;

const TEMPLATE_FIELDS = [
  'email_subject_template',
  'outreach_message_prompt',
  'engagement_meta_prompt',
  'engagement_prompt',
  'referral_intro_prompt',
  'referral_forward_note_prompt',
] as const;

/** `project_read`: the account's projects, or one with its targets. */
export const projectReadTool = defineTool<Args>({
  name: 'project_read',
  title: 'Read projects',
  description:
    'Read outreach projects: without project_id, the account’s projects (status, include_archived, include_searches for search-only shells, limit, offset); with project_id, that project with its targets (drafts, review state, delivery status) and its search-results cache. Free.',
  auth: { anyOf: ['communications'] },
  kind: 'read',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    properties: {
      project_id: { ...uuid, description: 'One project, with its targets; without it, the list of projects.' },
      status: { type: 'string', maxLength: 60, description: 'List: only projects with this status.' },
      include_archived: { type: 'boolean', description: 'List: include archived projects (default false).' },
      include_searches: {
        type: 'boolean',
        description: "List: include search-only shells (an agent session's searches without a project; default false).",
      },
      limit: { type: 'integer', minimum: 1, maximum: 100, description: 'List: projects a page, 1-100 (default 20).' },
      offset: { type: 'integer', minimum: 0, maximum: 100_000, description: 'List: projects to skip (default 0).' },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success'],
    properties: {
      success: { const: true },
      projects: { type: 'array', items: { type: 'object', additionalProperties: true } },
      pagination: { type: 'object', additionalProperties: true },
      project: { type: 'object', additionalProperties: true },
    },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    if (args.project_id) {
      const res = (await ctx.route('GET /api/v1/projects/:projectId', {
        params: { projectId: args.project_id },
        query: {
          include_targets: true,
          include_search_results: true,
          targets_limit: (args.limit as number | undefined) ?? 50,
          ...pick(args, ['delegate_user_id']),
        },
      })) as Record<string, unknown>;
      return { success: true, project: res.project as Record<string, unknown> };
    }
    const res = (await ctx.route('GET /api/v1/projects', {
      query: pick(args, ['status', 'include_archived', 'include_searches', 'limit', 'offset', 'delegate_user_id']),
    })) as Record<string, unknown>;
    return {
      success: true,
      projects: res.projects as unknown as Record<string, unknown>,
      pagination: res.pagination as Record<string, unknown>,
    };
  },
});

/** `project_action`: every project operation of the connector, each over its REST route. */
export const projectActionTool = defineTool<Args>({
  name: 'project_action',
  title: 'Work on a project',
  description: [
    `Modes: ${MODES.join(', ')}.`,
    'list and status read; targets lists the shortlist; recipient_emails shows each target’s email options; add_targets/remove_targets take target_user_ids (remove_all only to clear the shortlist);',
    'rename (title), update_engagement_mode (quick_text or schedule_live), update_templates (the six template fields), generate_templates (template_type, user_input, message), generate_messages (drafts, never sent), update_message (target_user_id, message, subject for email, review_action save or approve: approve only after the user approved), send_readiness, activate (queues approved drafts; daily caps pace the professional network), retry_failed_professional_sends, metrics.',
    'send_readiness and activate leave out people you already messaged live outside the project (already_contacted_target_ids; include_already_contacted=true sends anyway) and email drafts without a recipient_email you set with update_message (no_recipient_email_target_ids: review them with recipient_emails first).',
    'project_id names the project; without it, the agent session’s project (agent_session_id). add_targets with a session that has no project makes one for it. Free.',
  ].join(' '),
  auth: { anyOf: ['communications'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: { enum: [...MODES] },
      project_id: uuid,
      title: { type: 'string', minLength: 1, maxLength: 200 },
      engagement_mode: { enum: ['quick_text', 'schedule_live'] },
      target_user_ids: { type: 'array', maxItems: 500, items: uuid },
      target_user_id: uuid,
      remove_all: { type: 'boolean' },
      persist_target: {
        type: 'boolean',
        description:
          'generate_messages with target_user_id: add the person to the project first (default true); false drafts for them without storing anything.',
      },
      ...Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, { type: ['string', 'null'], maxLength: 20_000 }])),
      clear_personalization: { type: 'boolean' },
      include_already_contacted: {
        type: 'boolean',
        description:
          'activate: also send to targets you already reached live outside this project (send_readiness lists them in already_contacted_target_ids); default false skips them.',
      },
      template_type: { type: 'string', maxLength: 60 },
      user_input: { type: 'string', maxLength: 5000 },
      message: { type: 'string', maxLength: 20_000 },
      subject: { type: ['string', 'null'], maxLength: 300, description: 'update_message: the email subject of the draft.' },
      message_source: { enum: ['ai_generated', 'user_edited'] },
      review_action: { enum: ['save', 'approve'] },
      contact_channel: { type: 'string', maxLength: 60 },
      recipient_email: { type: 'string', maxLength: 320 },
      limit: { type: 'integer', minimum: 1, maximum: 100 },
      offset: { type: 'integer', minimum: 0, maximum: 100_000 },
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: modeResultSchema(MODES, 'docs/projects.md'),
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: true },
  run: async (args, ctx) => {
    const mode = args.mode as (typeof MODES)[number];
    const delegate = pick(args, ['delegate_user_id']);
    const result = async (): Promise<unknown> => {
      if (mode === 'list') return ctx.route('GET /api/v1/projects', { query: { ...pick(args, ['limit', 'offset']), ...delegate } });
      const projectId = await projectOf(args, ctx);
      const params = { projectId };
      switch (mode) {
        case 'status':
          return ctx.route('GET /api/v1/projects/:projectId', { params, query: delegate });
        case 'targets':
          return ctx.route('GET /api/v1/projects/:projectId/targets', {
            params,
            query: { ...pick(args, ['limit', 'offset']), ...delegate },
          });
        case 'recipient_emails': {
          const list = (await ctx.route('GET /api/v1/projects/:projectId/targets', {
            params,
            query: { limit: (args.limit as number | undefined) ?? 25, ...delegate },
          })) as {
            targets: { target_user_id: string; name: string | null; recipient_email: string | null }[];
          };
          const targets = [];
          for (const t of list.targets) {
            const caps = (await ctx.route('POST /api/v1/communications/capabilities', {
              body: { target_user_id: t.target_user_id, channels: ['email_send'], ...delegate },
            })) as { channels: Record<string, unknown>[] };
            const email = caps.channels[0]!;
            targets.push({
              target_user_id: t.target_user_id,
              name: t.name,
              recipient_email: t.recipient_email ?? email.recipient_email ?? null,
              can_send: email.can_send,
              reason: email.reason,
              recipient_email_options: email.recipient_email_options,
            });
          }
          return { project_id: projectId, targets };
        }
        case 'metrics':
          return ctx.route('GET /api/v1/projects/:projectId/metrics', { params, query: delegate });
        case 'send_readiness':
          return ctx.route('GET /api/v1/projects/:projectId/send-readiness', { params, query: delegate });
        case 'add_targets':
          return ctx.route('POST /api/v1/projects/:projectId/targets', {
            params,
            body: { ...pick(args, ['target_user_ids', 'target_user_id']), ...delegate },
          });
        case 'remove_targets':
          return ctx.route('DELETE /api/v1/projects/:projectId/targets', {
            params,
            body: { ...pick(args, ['target_user_ids', 'target_user_id', 'remove_all']), ...delegate },
          });
        case 'retry_failed_professional_sends':
          return ctx.route('POST /api/v1/projects/:projectId/retry-failed-professional-sends', { params, body: delegate });
        case 'rename':
          need(args, 'title');
          return ctx.route('PATCH /api/v1/projects/:projectId', { params, body: { title: args.title, ...delegate } });
        case 'update_engagement_mode':
          need(args, 'engagement_mode');
          return ctx.route('PATCH /api/v1/projects/:projectId', { params, body: { engagement_mode: args.engagement_mode, ...delegate } });
        case 'update_templates':
          return ctx.route('PUT /api/v1/projects/:projectId/templates', {
            params,
            body: { ...pick(args, [...TEMPLATE_FIELDS, 'clear_personalization']), ...delegate },
          });
        case 'generate_templates':
          return ctx.route('POST /api/v1/projects/:projectId/templates/generate', {
            params,
            body: {
              ...pick(args, [
                'template_type',
                'user_input',
                'message',
                ...TEMPLATE_FIELDS.filter((f) => f !== 'engagement_meta_prompt' && f !== 'engagement_prompt'),
              ]),
              ...delegate,
            },
          });
        case 'generate_messages':
          return ctx.route('POST /api/v1/projects/:projectId/messages/generate', {
            params,
            body: { ...pick(args, ['target_user_id', 'persist_target']), ...delegate },
          });
        case 'update_message':
          need(args, 'target_user_id');
          return ctx.route('PUT /api/v1/projects/:projectId/target-users/:targetUserId/message', {
            params: { projectId, targetUserId: args.target_user_id as string },
            body: {
              ...pick(args, ['message', 'subject', 'message_source', 'review_action', 'contact_channel', 'recipient_email']),
              ...delegate,
            },
          });
        case 'activate':
          return ctx.route('POST /api/v1/projects/:projectId/activate', {
            params,
            body: { ...pick(args, ['include_already_contacted']), ...delegate },
          });
      }
      return null;
    };
    return { success: true, mode, result: (await result()) as Record<string, unknown> };
  },
});
