import crypto from 'node:crypto';
import type { Db } from './database.js';

/** Sessions unused this long expire (an agent's working context, not a login). */
export const AGENT_SESSION_IDLE_MS = 7 * 86_400_000;
/** Searches a session remembers, newest first. */
export const AGENT_SESSION_RECENT_SEARCHES = 20;

export interface RecentSearch {
  tool: string;
  search_id: string;
  summary: string;
  at: string;
}

export interface AgentSession {
  sessionId: string;
  ownerUserId: string;
  actingUserId: string;
  label: string | null;
  projectId: string | null;
  recentSearches: RecentSearch[];
  boundCount: number;
  createdAt: number;
  lastUsedAt: number;
  closedAt: number | null;
}

interface Row {
  session_id: string;
  owner_user_id: string;
  acting_user_id: string;
  label: string | null;
  project_id: string | null;
  recent_searches: string;
  bound_count: number;
  created_at: number;
  last_used_at: number;
  closed_at: number | null;
}

const toSession = (r: Row): AgentSession => ({
  sessionId: r.session_id,
  ownerUserId: r.owner_user_id,
  actingUserId: r.acting_user_id,
  label: r.label,
  projectId: r.project_id,
  recentSearches: JSON.parse(r.recent_searches) as RecentSearch[],
  boundCount: r.bound_count,
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  closedAt: r.closed_at,
});

/** Agent sessions of the connector (table `agent_sessions`, migration 11). docs/mcp.md, "agent_session". */
export class AgentSessionStore {
  constructor(private readonly db: Db) {}

  start(input: { ownerUserId: string; actingUserId: string; label: string | null; projectId: string | null; now: number }): AgentSession {
    const sessionId = `as_${crypto.randomUUID()}`;
    this.db
      .prepare(
        `INSERT INTO agent_sessions (session_id, owner_user_id, acting_user_id, label, project_id, created_at, last_used_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(sessionId, input.ownerUserId, input.actingUserId, input.label, input.projectId, input.now, input.now);
    return this.get(sessionId) as AgentSession;
  }

  get(sessionId: string): AgentSession | null {
    const row = this.db.prepare('SELECT * FROM agent_sessions WHERE session_id = ?').get(sessionId) as Row | undefined;
    return row ? toSession(row) : null;
  }

  /** The owner's sessions that are open and not expired, most recently used first. */
  listOpen(ownerUserId: string, now: number): AgentSession[] {
    return (
      this.db
        .prepare(
          'SELECT * FROM agent_sessions WHERE owner_user_id = ? AND closed_at IS NULL AND last_used_at > ? ORDER BY last_used_at DESC LIMIT 100',
        )
        .all(ownerUserId, now - AGENT_SESSION_IDLE_MS) as Row[]
    ).map(toSession);
  }

  touch(sessionId: string, now: number, changes: { projectId?: string | null; bound?: boolean } = {}): void {
    this.db
      .prepare(
        `UPDATE agent_sessions SET last_used_at = @now,
           project_id = CASE WHEN @setProject THEN @projectId ELSE project_id END,
           bound_count = bound_count + @bound
         WHERE session_id = @sessionId`,
      )
      .run({
        sessionId,
        now,
        setProject: changes.projectId !== undefined ? 1 : 0,
        projectId: changes.projectId ?? null,
        bound: changes.bound ? 1 : 0,
      });
  }

  /** Remembers a search (newest first, the last 20), in one statement-level transaction. */
  recordSearch(sessionId: string, search: RecentSearch, now: number): void {
    const record = this.db.transaction(() => {
      const row = this.db.prepare('SELECT recent_searches FROM agent_sessions WHERE session_id = ?').get(sessionId) as
        | { recent_searches: string }
        | undefined;
      if (!row) return;
      const list = [search, ...(JSON.parse(row.recent_searches) as RecentSearch[])].slice(0, AGENT_SESSION_RECENT_SEARCHES);
      this.db
        .prepare('UPDATE agent_sessions SET recent_searches = ?, last_used_at = ? WHERE session_id = ?')
        .run(JSON.stringify(list), now, sessionId);
    });
    record();
  }

  close(sessionId: string, now: number): void {
    this.db.prepare('UPDATE agent_sessions SET closed_at = ?, last_used_at = ? WHERE session_id = ?').run(now, now, sessionId);
  }
}
