import { AppError } from '../../errors.js';
import type { ToolContext } from '../tool.js';

/**
 * The project a connector call works on when it names none: the agent session's current project
 * (when it is still the account's), else null.
 */
export function sessionProjectId(ctx: ToolContext): string | null {
  const id = ctx.session?.projectId ?? null;
  if (!id || ctx.services.projects.get(id)?.ownerUserId !== ctx.actor.ownerUserId) return null;
  return id;
}

/** 409 `mcp_session_project_required`, saying the three ways to a project (the contract's wording). */
export const sessionProjectRequired = (what: string): AppError =>
  new AppError(
    409,
    'mcp_session_project_required',
    `${what} needs a project: pass an existing project_id (project_read lists the account's projects), or start an agent session (agent_session mode=start) and pass its agent_session_id, and a project is made for it; later calls reuse that agent_session_id (a session's first send_communication mode=draft makes it too).`,
  );

/**
 * The session's project, made when the session has none: created through the projects route
 * (delegate, scope and limits as REST), bound to the session, and titled after the session's
 * label. The title is made up, so it is marked as such: it names the workspace and never goes
 * into a message (docs/projects.md, "Templates and drafts"). Without a session, 409
 * `mcp_session_project_required`.
 */
export async function ensureSessionProject(ctx: ToolContext, what: string, delegateUserId: string | undefined): Promise<string> {
  const existing = sessionProjectId(ctx);
  if (existing) return existing;
  if (!ctx.session) throw sessionProjectRequired(what);
  const made = (await ctx.route('POST /api/v1/projects', {
    body: {
      title: ctx.session.label ? `Drafts: ${ctx.session.label}` : `Drafts of ${new Date(ctx.now).toISOString().slice(0, 10)}`,
      ...(delegateUserId ? { delegate_user_id: delegateUserId } : {}),
    },
  })) as { project: { id: string } };
  const projectId = made.project.id;
  ctx.services.projects.bindSession(projectId, ctx.session.sessionId, ctx.now);
  ctx.services.projects.markTitleAuto(projectId);
  ctx.services.agentSessions.touch(ctx.session.sessionId, ctx.now, { projectId });
  return projectId;
}
