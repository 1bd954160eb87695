import { INVITE_NOTE_MAX } from '../../../communications/channels.js';
import { AppError } from '../../../errors.js';
import { recordSchema } from '../../../routes/communications/record-schema.js';
import { createBody, historyBody, identityProperties } from '../../../routes/communications/request-schemas.js';
import { capabilitiesResponse } from '../../../routes/communications/schemas.js';
import { defineTool, type ToolContext } from '../../tool.js';
import { DELEGATE_ARGUMENT, pickArgs, requireArg } from '../schema-tools.js';
import { ensureSessionProject } from '../session-project.js';

const MODES = ['precheck', 'history', 'draft', 'send', 'status', 'cancel'] as const;
type Mode = (typeof MODES)[number];

/**
 * An invite note of at most 200 characters, links counted at full length (the connector rule):
 * a longer note is cut at the last word boundary that fits.
 */
export function fitInviteNote(note: string): { note: string; truncated: boolean } {
  const text = note.trim();
  // Characters are code points: an emoji is one, and a cut never splits its surrogate pair.
  const chars = Array.from(text);
  if (chars.length <= INVITE_NOTE_MAX) return { note: text, truncated: false };
  const head = chars.slice(0, INVITE_NOTE_MAX + 1).join('');
  const cut = head.search(/\s\S*$/);
  const out = (cut > 0 ? head.slice(0, cut) : chars.slice(0, INVITE_NOTE_MAX).join('')).replace(/[\s,;:–-]+$/, '');
  return { note: out, truncated: true };
}

const create = createBody.properties;

/**
 * A connector draft is a project draft: the person becomes a target of the project and the
 * message its draft (saved, never sent). The project is `project_id`, else the agent session's
 * current project, else a new project bound to the session; with neither a project nor a
 * session, 409 `mcp_session_project_required`.
 */
async function projectDraft(
  args: Args,
  body: Record<string, unknown>,
  ctx: ToolContext,
  truncated: boolean | undefined,
): Promise<Record<string, unknown>> {
  const delegate = args.delegate_user_id ? { delegate_user_id: args.delegate_user_id } : {};
  const projectId =
    (args.project_id as string | undefined) ?? (await ensureSessionProject(ctx, 'A connector draft', args.delegate_user_id));
  // The routes' names for the tool's `channel`: a problem with it is said of `channel`.
  const channelPointers = [
    { from: '/channels/0', to: '/channel' },
    { from: '/channels', to: '/channel' },
    { from: '/contact_channel', to: '/channel' },
  ];
  const caps = (await ctx.route(
    'POST /api/v1/communications/capabilities',
    { body: { ...pick(args, [...Object.keys(identityProperties)]), channels: [args.channel], ...delegate } },
    { pointers: channelPointers },
  )) as { resolved_target: { user_id: string | null } };
  const userId = caps.resolved_target.user_id;
  if (!userId)
    throw new AppError(404, 'target_not_found', 'No person matches the identity given; a project draft needs a person on the service.', {});
  await ctx.route('POST /api/v1/projects/:projectId/targets', { params: { projectId }, body: { target_user_id: userId, ...delegate } });
  const saved = (await ctx.route(
    'PUT /api/v1/projects/:projectId/target-users/:targetUserId/message',
    {
      params: { projectId, targetUserId: userId },
      body: {
        message: body.message,
        // An email draft keeps its subject: approving it needs one (docs/projects.md).
        ...(typeof body.subject === 'string' ? { subject: body.subject } : {}),
        contact_channel: args.channel,
        review_action: 'save',
        ...(args.recipient_email ? { recipient_email: args.recipient_email } : {}),
        ...delegate,
      },
    },
    { pointers: channelPointers },
  )) as { target: Record<string, unknown> };
  return {
    success: true,
    mode: 'draft',
    project_id: projectId,
    target: saved.target,
    ...(truncated !== undefined ? { note_truncated: truncated } : {}),
    next_step:
      'The draft is saved in the project and will not be sent; approve it with project_action mode=update_message, then mode=activate.',
  };
}
const history = historyBody.properties;

interface Args {
  mode: Mode;
  channel?: string;
  channels?: string[];
  communication_id?: string;
  reason?: string;
  wait_ms?: number;
  wait_until?: 'terminal' | 'first_progress';
  dry_run?: boolean;
  message?: string;
  history_channel?: string;
  limit?: number;
  offset?: number;
  history_fresh?: boolean;
  delegate_user_id?: string;
  [k: string]: unknown;
}

const IDENTITY = Object.keys(identityProperties);
const CREATE_FIELDS = [
  'channel',
  ...IDENTITY,
  'connector_user_id',
  'message',
  'subject',
  'idempotency_key',
  'context',
  'wait_ms',
  'wait_until',
  'webhook_url',
  'webhook_secret',
  'delegate_user_id',
];

const pick = pickArgs;

/**
 * `send_communication`: the sender's whole flow in one tool (modes precheck, history, draft,
 * send, status, cancel), over the communications routes. Live sends need `dry_run: false`.
 */
export const sendCommunicationTool = defineTool<Args>({
  name: 'send_communication',
  title: 'Send a communication',
  description: [
    'Reach a person through one of seven channels: service_direct_message, service_invite, service_referral_request (needs connector_user_id), email_send (needs subject), professional_send_message, microblog_send_message, photo_send_message.',
    'Modes: precheck (which channels can reach the person, email options with their quality, candidate connectors), history (prior correspondence), draft (saved, never sent), send (a dry run unless dry_run=false; a live send is queued and dispatched), status (by communication_id, optionally waiting with wait_ms), cancel (a queued or in-progress send).',
    'Identify the person with target_user_id, a professional/microblog/photo profile URL or username, or recipient_email.',
    `A live email_send needs a recipient_email you reviewed (from precheck), else recipient_email_required. Invite notes hold ${INVITE_NOTE_MAX} characters counting links in full; longer notes are cut at a word boundary (note_truncated).`,
    'Not credit-billed.',
  ].join(' '),
  auth: { anyOf: ['communications'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: { enum: [...MODES], description: 'What to do.' },
      channel: create.channel,
      channels: {
        type: 'array',
        maxItems: 7,
        items: { type: 'string', maxLength: 60 },
        description: 'precheck: channels to check (default all).',
      },
      ...identityProperties,
      connector_user_id: create.connector_user_id,
      message: {
        type: 'string',
        maxLength: create.message.maxLength,
        description: 'The message (invite notes are cut to 200 characters at a word boundary).',
      },
      subject: create.subject,
      dry_run: { type: 'boolean', description: 'send: false for a live send (default true: a dry run).' },
      idempotency_key: create.idempotency_key,
      context: create.context,
      wait_ms: create.wait_ms,
      wait_until: create.wait_until,
      webhook_url: create.webhook_url,
      webhook_secret: create.webhook_secret,
      communication_id: { type: 'string', format: 'uuid', description: 'status, cancel: the communication.' },
      project_id: {
        type: 'string',
        format: 'uuid',
        description: 'draft: the project to keep the draft in (default: the agent session’s project).',
      },
      reason: { type: 'string', maxLength: 500, description: 'cancel: why.' },
      history_channel: history.history_channel,
      history_fresh: history.history_fresh,
      limit: history.limit,
      offset: history.offset,
      delegate_user_id: DELEGATE_ARGUMENT,
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { enum: [...MODES] },
      communication: recordSchema,
      capabilities: capabilitiesResponse,
      history: { type: 'object', additionalProperties: true, description: 'As POST /api/v1/communications/history.' },
      note_truncated: { type: 'boolean', description: 'service_invite: the note was cut to fit 200 characters.' },
      project_id: { type: 'string', description: 'draft: the project holding the draft.' },
      target: { type: 'object', additionalProperties: true, description: 'draft: the project target with its draft.' },
      next_step: { type: 'string', description: 'What to do next.' },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
  run: async (args, ctx) => {
    const need = (field: string) => requireArg(args, field);
    switch (args.mode) {
      case 'precheck': {
        const capabilities = (await ctx.route('POST /api/v1/communications/capabilities', {
          body: pick(args, [...IDENTITY, 'channels', 'delegate_user_id']),
        })) as Record<string, unknown>;
        return {
          success: true,
          mode: args.mode,
          capabilities,
          next_step: 'Pick a channel with can_send=true; for email_send pass one of recipient_email_options as recipient_email.',
        };
      }
      case 'history': {
        const h = await ctx.route('POST /api/v1/communications/history', {
          body: pick(args, [...IDENTITY, 'history_channel', 'history_fresh', 'limit', 'offset', 'delegate_user_id']),
        });
        return { success: true, mode: args.mode, history: h as Record<string, unknown> };
      }
      case 'status': {
        need('communication_id');
        const communication = await ctx.route('GET /api/v1/communications/:communicationId', {
          params: { communicationId: args.communication_id! },
          query: pick(args, ['wait_ms', 'wait_until', 'delegate_user_id']),
        });
        return { success: true, mode: args.mode, communication: communication as Record<string, unknown> };
      }
      case 'cancel': {
        need('communication_id');
        const communication = await ctx.route('POST /api/v1/communications/:communicationId/cancel', {
          params: { communicationId: args.communication_id! },
          body: pick(args, ['reason', 'delegate_user_id']),
        });
        return { success: true, mode: args.mode, communication: communication as Record<string, unknown> };
      }
      default: {
        need('channel');
        const body = pick(args, CREATE_FIELDS);
        let truncated: boolean | undefined;
        if (args.channel === 'service_invite' && typeof args.message === 'string') {
          const fitted = fitInviteNote(args.message);
          body.message = fitted.note;
          truncated = fitted.truncated;
        }
        const live = args.mode === 'send' && args.dry_run === false;
        if (args.mode === 'draft') return projectDraft(args, body, ctx, truncated);
        body.dry_run = !live;
        if (live && args.channel === 'email_send' && !args.recipient_email)
          throw new AppError(
            400,
            'recipient_email_required',
            'A live email_send needs recipient_email: run mode=precheck, review recipient_email_options, and pass the address to use.',
          );
        const communication = (await ctx.route('POST /api/v1/communications', { body })) as Record<string, unknown>;
        return {
          success: true,
          mode: args.mode,
          communication,
          ...(truncated !== undefined ? { note_truncated: truncated } : {}),
          next_step: live
            ? `Follow it with mode=status and communication_id=${communication.id as string} (wait_ms waits for the outcome).`
            : 'This was a dry run; send again with dry_run=false to deliver it.',
        };
      }
    }
  },
});
