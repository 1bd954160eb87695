import { presentAgentSession, resolveAgentSession } from '../../commands/agent-sessions.js';
import { ownProject } from '../../commands/projects/projects.js';
import { invalidField } from '../../errors.js';
import { matching } from '../../http/validation.js';
import { defineTool } from '../tool.js';

const PROJECT_ID = {
  type: 'string',
  minLength: 1,
  maxLength: 200,
  ...matching('^[A-Za-z0-9_.:-]+$', 'must be a project id: letters, digits, "_", ".", ":" and "-" only'),
} as const;

const sessionSchema = {
  type: 'object',
  required: [
    'agent_session_id',
    'label',
    'project_id',
    'acting_user_id',
    'recent_searches',
    'bound_count',
    'created_at',
    'last_used_at',
    'expires_at',
    'status',
  ],
  properties: {
    agent_session_id: { type: 'string' },
    label: { type: ['string', 'null'] },
    project_id: { type: ['string', 'null'] },
    acting_user_id: { type: 'string' },
    recent_searches: {
      type: 'array',
      items: {
        type: 'object',
        required: ['tool', 'search_id', 'summary', 'at'],
        properties: { tool: { type: 'string' }, search_id: { type: 'string' }, summary: { type: 'string' }, at: { type: 'string' } },
      },
    },
    bound_count: { type: 'integer', description: 'How many times the session was bound into a conversation.' },
    created_at: { type: 'string' },
    last_used_at: { type: 'string' },
    expires_at: { type: 'string', description: 'When it expires if unused (7 days after its last use).' },
    status: { enum: ['open', 'closed', 'expired'] },
  },
} as const;

interface Args {
  mode: 'start' | 'bind' | 'list' | 'status' | 'switch_project' | 'close';
  agent_session_id?: string;
  project_id?: string | null;
  label?: string;
}

/**
 * `agent_session`: an agent's working context across calls of the stateless connector: its
 * current project and its recent searches. Free; scope any. docs/mcp.md, "agent_session".
 */
export const agentSessionTool = defineTool<Args>({
  name: 'agent_session',
  title: 'Agent session',
  description: [
    "Keep a working context across calls: mode=start opens a session (optionally with a label and project_id) and returns agent_session_id; pass agent_session_id to any other tool and the session remembers that tool's searches (recent_searches, last 20).",
    "mode=bind re-attaches a known session in a new conversation and returns its state; mode=status reads it; mode=list shows the account's open sessions; mode=switch_project sets the current project (project_id, or null to clear); mode=close ends it.",
    'Sessions expire 7 days after their last use. A bad, closed or expired id gives invalid_agent_session (retryable=false): start a new one. Free.',
  ].join(' '),
  auth: { anyOf: ['search', 'communications'] },
  kind: 'action',
  inputSchema: {
    type: 'object',
    additionalProperties: false,
    required: ['mode'],
    properties: {
      mode: {
        enum: ['start', 'bind', 'list', 'status', 'switch_project', 'close'],
        description: 'start a session, bind (re-attach) one, list the open ones, read its status, switch_project, or close it.',
      },
      agent_session_id: { type: 'string', minLength: 1, maxLength: 100, description: 'bind, status, switch_project, close: the session.' },
      project_id: {
        anyOf: [PROJECT_ID, { type: 'null' }],
        description: 'start, switch_project: the project the agent works on (a project id of the account; null clears it).',
      },
      label: { type: 'string', minLength: 1, maxLength: 200, description: 'start: a name for the session.' },
    },
  },
  outputSchema: {
    type: 'object',
    required: ['success', 'mode'],
    properties: {
      success: { const: true },
      mode: { type: 'string' },
      session: sessionSchema,
      sessions: { type: 'array', items: sessionSchema },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    const { services, actor, now } = ctx;
    const store = services.agentSessions;
    // A session's project is a project of the account (project_not_found otherwise).
    if (typeof args.project_id === 'string' && (args.mode === 'start' || args.mode === 'switch_project'))
      ownProject(services, actor, args.project_id);
    // start and list name no session: one sent would be silently ignored (a client meaning bind).
    if ((args.mode === 'start' || args.mode === 'list') && args.agent_session_id !== undefined)
      throw invalidField(
        'body',
        '/agent_session_id',
        `is not read with mode=${args.mode}: ${args.mode === 'start' ? 'start opens a new session; use mode=bind to re-attach this one' : 'list shows every open session'}`,
      );
    if (args.mode === 'start') {
      const session = store.start({
        ownerUserId: actor.ownerUserId,
        actingUserId: actor.actingUserId,
        label: args.label ?? null,
        projectId: args.project_id ?? null,
        now,
      });
      return { success: true, mode: args.mode, session: presentAgentSession(session, now) };
    }
    if (args.mode === 'list') {
      return { success: true, mode: args.mode, sessions: store.listOpen(actor.ownerUserId, now).map((s) => presentAgentSession(s, now)) };
    }
    if (!args.agent_session_id) throw invalidField('body', '/agent_session_id', `is required with mode=${args.mode}`);
    const session = resolveAgentSession(services, actor, args.agent_session_id, now);
    if (args.mode === 'switch_project') {
      if (args.project_id === undefined) throw invalidField('body', '/project_id', 'is required with mode=switch_project (null clears it)');
      store.touch(session.sessionId, now, { projectId: args.project_id });
    } else if (args.mode === 'close') {
      store.close(session.sessionId, now);
    } else {
      store.touch(session.sessionId, now, { bound: args.mode === 'bind' });
    }
    return { success: true, mode: args.mode, session: presentAgentSession(store.get(session.sessionId)!, now) };
  },
});
