import crypto from 'node:crypto';
import type { Actor } from '../../auth/actor.js';
import type { Services } from '../../services.js';
import { purgeExpiredExports, saveExport } from '../bulk-export.js';
import { type ExportFormat, renderExportOffThread } from '../render-export.js';
import { targetReplied } from './delivery.js';
import { ownProject } from './projects.js';
import { presentTargets } from './targets.js';

/** Rows a project spreadsheet export holds at most (the contract's connector rules). */
export const PROJECT_EXPORT_MAX_ROWS = 500;

export const PROJECT_EXPORT_COLUMNS = [
  'target_user_id',
  'name',
  'headline',
  'current_title',
  'current_company',
  'contact_channel',
  'recipient_email',
  'draft_subject',
  'draft_message',
  'review_action',
  'draft_state',
  'delivery_status',
  'replied',
  'schedule_link_clicked',
  'added_at',
] as const;

/**
 * A project's spreadsheet: its included targets (up to 500, in shortlist order) with their
 * drafts, review state, delivery status, whether they replied and clicked their schedule link.
 * CSV or XLSX behind the same signed, expiring link as search exports. Free: it is the account's
 * own workspace (docs/projects.md, "Exports").
 */
export async function runProjectExport(
  services: Services,
  actor: Actor,
  input: { projectId: string; format: ExportFormat; maxRows: number },
): Promise<{ exportId: string; rowCount: number; bytes: number; expiresAt: number; url: string; columns: string[] }> {
  const now = services.clock();
  const p = ownProject(services, actor, input.projectId);
  purgeExpiredExports(services, now);
  const limit = Math.min(input.maxRows, PROJECT_EXPORT_MAX_ROWS);
  const targets = services.projects.targets(p.projectId, { includedOnly: true, limit, offset: 0, excludeUserId: p.ownerUserId });
  const clicked = services.projects.clickedTargets(p.projectId);
  const rows = await presentTargets(services, p, targets);
  for (const [i, t] of targets.entries()) {
    const row = rows[i]!;
    const c = t.communicationId ? services.communications.store.get(t.communicationId) : null;
    row.replied = c?.status === 'completed' ? targetReplied(services, p.actingUserId, t.targetUserId, c) : false;
    row.schedule_link_clicked = clicked.has(t.targetId);
  }
  const data = await renderExportOffThread(input.format, 'Targets', PROJECT_EXPORT_COLUMNS, rows);
  const saved = saveExport(services, actor, {
    exportId: `ex_${crypto.randomUUID()}`,
    format: input.format,
    data,
    rowCount: rows.length,
    now,
  });
  return { ...saved, columns: [...PROJECT_EXPORT_COLUMNS] };
}
