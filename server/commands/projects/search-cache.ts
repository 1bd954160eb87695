import type { Actor } from '../../auth/actor.js';
import type { Services } from '../../services.js';
import type { AgentSession } from '../../store/agent-sessions.js';

/**
 * Keeps a connector search in a project's search-results cache (docs/projects.md,
 * "Search-results cache"): the agent session's project when it has one, else the session's
 * search-only shell (made at its first search; listed with `include_searches`). The cache holds
 * what the search found (its search_id, total and first people), so an agent can come back to a
 * shortlist without paying for the search again (`replay_search_result`).
 */
export function cacheSearchResult(
  services: Services,
  actor: Actor,
  session: AgentSession,
  entry: { tool: string; summary: string; output: Record<string, unknown> },
  now: number,
): void {
  const output = entry.output;
  if (typeof output.search_id !== 'string') return;
  const rows = (output.users ?? output.people ?? output.results) as { id?: unknown; user_id?: unknown }[] | undefined;
  const userIds = (Array.isArray(rows) ? rows : [])
    .map((r) => r.user_id ?? r.id)
    .filter((id): id is string => typeof id === 'string')
    .slice(0, 25);
  let projectId = session.projectId;
  const project = projectId ? services.projects.get(projectId) : null;
  if (!project || project.ownerUserId !== actor.ownerUserId) {
    projectId = services.projects.searchShell({
      ownerUserId: actor.ownerUserId,
      actingUserId: actor.actingUserId,
      sessionId: session.sessionId,
      title: `Searches: ${session.label ?? entry.summary}`.slice(0, 200),
      now,
    }).projectId;
  }
  services.projects.recordSearch(
    projectId!,
    {
      search_id: output.search_id,
      tool: entry.tool,
      summary: entry.summary,
      total:
        typeof (output.pagination as { total?: unknown } | undefined)?.total === 'number'
          ? (output.pagination as { total: number }).total
          : typeof output.total === 'number'
            ? output.total
            : null,
      user_ids: userIds,
      searched_at: new Date(now).toISOString(),
    },
    now,
  );
}
