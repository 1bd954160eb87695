/**
 * Live sends made outside a project's activation, as the project sees them (docs/projects.md,
 * "Sends made outside the project"): a direct send to one of its targets is recorded on the
 * target, and readiness and activation leave out people the sender already reached.
 */
import type { Communication } from '../../communications/record.js';
import type { Project, ProjectTarget } from '../../projects/record.js';
import type { Services } from '../../services.js';

/** Whether a communication is this target's own send from the project's activation. */
export function isProjectSend(p: Project, t: ProjectTarget, context: Record<string, unknown> | null): boolean {
  return context?.project_id === p.projectId && context?.assignment_target_id === t.targetId;
}

/**
 * Records a live send on every target for its recipient that has nothing sent yet, in the
 * account's projects sending as the same user: the project then shows the delivery, counts it
 * in its metrics and does not send that person its draft too. The activation that made the send
 * records it on its own target itself.
 */
export function recordSendOnTargets(services: Services, c: Communication, now: number): void {
  if (c.mode !== 'send' || !c.targetUserId) return;
  for (const t of services.projects.unsentTargetsOf(c.ownerUserId, c.actingUserId, c.targetUserId)) {
    if (c.context?.assignment_target_id === t.targetId) continue;
    services.projects.recordOutsideSend(t.targetId, c.id, now);
  }
}

/**
 * The targets whose person the project's sender has already reached live (a send queued, going
 * out or delivered; not failed or cancelled) other than by this target's own activation: target
 * id → that communication's id.
 */
export function contactedTargets(services: Services, p: Project, targets: readonly ProjectTarget[]): Map<string, string> {
  const sends = services.communications.store.liveSendsTo(
    p.ownerUserId,
    p.actingUserId,
    targets.map((t) => t.targetUserId),
  );
  const out = new Map<string, string>();
  for (const t of targets) {
    const other = (sends.get(t.targetUserId) ?? []).find((s) => !isProjectSend(p, t, s.context));
    if (other) out.set(t.targetId, other.id);
  }
  return out;
}

/**
 * Whether a target's communication is a send made outside the project (recorded on the target by
 * {@link recordSendOnTargets}) that failed or was cancelled: it reached no one, so the target is
 * as if nothing had been sent.
 */
export function deadOutsideSend(services: Services, p: Project, t: ProjectTarget): boolean {
  if (!t.communicationId) return false;
  const c = services.communications.store.get(t.communicationId);
  return !!c && !isProjectSend(p, t, c.context) && (c.status === 'failed' || c.status === 'cancelled');
}
