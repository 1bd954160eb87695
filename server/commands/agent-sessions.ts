import type { Actor } from '../auth/actor.js';
import { AppError } from '../errors.js';
import type { Services } from '../services.js';
import { AGENT_SESSION_IDLE_MS, type AgentSession } from '../store/agent-sessions.js';

/** `invalid_agent_session`: the id names no open session of this account. Never retryable. */
export const invalidAgentSession = (sessionId: string, why: string): AppError =>
  new AppError(
    404,
    'invalid_agent_session',
    `agent_session_id ${sessionId} ${why}. Start a new session with agent_session mode=start, or list open ones with mode=list.`,
    { agent_session_id: sessionId, retryable: false },
  );

/**
 * The open session `sessionId` of the caller's account, or `invalid_agent_session`: unknown,
 * another account's (reported as unknown: ids are not probed), closed, or unused for 7 days.
 */
export function resolveAgentSession(services: Services, actor: Actor, sessionId: string, now: number): AgentSession {
  const session = services.agentSessions.get(sessionId);
  if (!session || session.ownerUserId !== actor.ownerUserId) throw invalidAgentSession(sessionId, 'is not a session of this account');
  if (session.closedAt !== null) throw invalidAgentSession(sessionId, 'was closed');
  if (now - session.lastUsedAt > AGENT_SESSION_IDLE_MS) throw invalidAgentSession(sessionId, 'expired after 7 days without use');
  return session;
}

/** A session as tools show it. */
export function presentAgentSession(s: AgentSession, now: number) {
  return {
    agent_session_id: s.sessionId,
    label: s.label,
    project_id: s.projectId,
    acting_user_id: s.actingUserId,
    recent_searches: s.recentSearches,
    bound_count: s.boundCount,
    created_at: new Date(s.createdAt).toISOString(),
    last_used_at: new Date(s.lastUsedAt).toISOString(),
    expires_at: new Date(s.lastUsedAt + AGENT_SESSION_IDLE_MS).toISOString(),
    status: s.closedAt !== null ? 'closed' : now - s.lastUsedAt > AGENT_SESSION_IDLE_MS ? 'expired' : 'open',
  };
}
