import crypto from 'node:crypto';
import { type Db, prepared } from '../store/database.js';
import {
  DRAFT_COLUMNS,
  type DraftPatch,
  type EngagementMode,
  type Project,
  type ProjectTarget,
  SEARCH_CACHE_SIZE,
  type SearchCacheEntry,
  TEMPLATE_FIELDS,
  type TemplateField,
  toProject,
  toTarget,
} from './record.js';

/**
 * Repository of projects, their targets and drafts, tracked links and search cache
 * (docs/projects.md). Shapes and row mapping live in record.ts.
 */
export class ProjectStore {
  constructor(private readonly db: Db) {}

  create(input: {
    ownerUserId: string;
    actingUserId: string;
    kind?: Project['kind'];
    title: string;
    /** The title was made up by Proxima, not given by a person (never put into a message). */
    titleIsAuto?: boolean;
    description?: string | null;
    pitch?: string | null;
    engagementMode?: EngagementMode;
    agentSessionId?: string | null;
    now: number;
  }): Project {
    const id = crypto.randomUUID();
    prepared(
      this.db,
      `INSERT INTO projects (project_id, owner_user_id, acting_user_id, kind, title, title_is_auto, description, pitch, engagement_mode, agent_session_id, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ).run(
      id,
      input.ownerUserId,
      input.actingUserId,
      input.kind ?? 'project',
      input.title,
      input.titleIsAuto ? 1 : 0,
      input.description ?? null,
      input.pitch ?? null,
      input.engagementMode ?? 'quick_text',
      input.agentSessionId ?? null,
      input.now,
      input.now,
    );
    return this.get(id)!;
  }

  get(projectId: string): Project | null {
    const r = prepared(this.db, 'SELECT * FROM projects WHERE project_id = ?').get(projectId) as Record<string, unknown> | undefined;
    return r ? toProject(r) : null;
  }

  list(
    ownerUserId: string,
    opts: { status: string | null; includeArchived: boolean; includeSearches: boolean; limit: number; offset: number },
  ): { total: number; items: Project[] } {
    const where = `owner_user_id = @owner AND (@status IS NULL OR status = @status) AND (@archived = 1 OR archived_at IS NULL) AND (@searches = 1 OR kind = 'project')`;
    const args = {
      owner: ownerUserId,
      status: opts.status,
      archived: opts.includeArchived ? 1 : 0,
      searches: opts.includeSearches ? 1 : 0,
    };
    const total = prepared(this.db, `SELECT count(*) FROM projects WHERE ${where}`).pluck().get(args) as number;
    const rows = prepared(
      this.db,
      `SELECT * FROM projects WHERE ${where} ORDER BY updated_at DESC, project_id LIMIT @limit OFFSET @offset`,
    ).all({
      ...args,
      limit: opts.limit,
      offset: opts.offset,
    }) as Record<string, unknown>[];
    return { total, items: rows.map(toProject) };
  }

  update(
    projectId: string,
    patch: Partial<{
      title: string;
      description: string | null;
      pitch: string | null;
      status: string;
      allowDiscovery: boolean;
      engagementMode: EngagementMode;
      activatedAt: number;
      archivedAt: number | null;
      scheduleUrl: string | null;
      searchResults: unknown;
    }>,
    now: number,
  ): Project {
    const columns: Record<string, string> = {
      title: 'title',
      description: 'description',
      pitch: 'pitch',
      status: 'status',
      allowDiscovery: 'allow_discovery',
      engagementMode: 'engagement_mode',
      activatedAt: 'activated_at',
      archivedAt: 'archived_at',
      scheduleUrl: 'schedule_url',
      searchResults: 'search_results_json',
    };
    const sets = ['updated_at = ?'];
    const values: unknown[] = [now];
    // A title given by a person is theirs: it is no longer the one Proxima made up.
    if (patch.title !== undefined) sets.push('title_is_auto = 0');
    for (const [k, v] of Object.entries(patch)) {
      if (v === undefined) continue;
      sets.push(`${columns[k]} = ?`);
      values.push(k === 'allowDiscovery' ? (v ? 1 : 0) : k === 'searchResults' ? JSON.stringify(v) : v);
    }
    prepared(this.db, `UPDATE projects SET ${sets.join(', ')} WHERE project_id = ?`).run(...values, projectId);
    return this.get(projectId)!;
  }

  /**
   * The search-only shell of an agent session (`kind = 'search'`): made at the session's first
   * search when it has no project, and found again for its later searches.
   */
  searchShell(input: { ownerUserId: string; actingUserId: string; sessionId: string; title: string; now: number }): Project {
    const row = prepared(
      this.db,
      `SELECT project_id FROM projects WHERE kind = 'search' AND owner_user_id = ? AND agent_session_id = ? ORDER BY created_at LIMIT 1`,
    )
      .pluck()
      .get(input.ownerUserId, input.sessionId) as string | undefined;
    if (row) return this.get(row)!;
    return this.create({ ...input, kind: 'search', titleIsAuto: true, agentSessionId: input.sessionId });
  }

  /** Puts a search first in a project's search-results cache, keeping the newest SEARCH_CACHE_SIZE. */
  recordSearch(projectId: string, entry: SearchCacheEntry, now: number): void {
    this.db.transaction(() => {
      const current = this.get(projectId)?.searchResults as { searches?: SearchCacheEntry[] } | null | undefined;
      const searches = [entry, ...(current?.searches ?? []).filter((e) => e.search_id !== entry.search_id)].slice(0, SEARCH_CACHE_SIZE);
      prepared(this.db, 'UPDATE projects SET search_results_json = ?, updated_at = ? WHERE project_id = ?').run(
        JSON.stringify({ searches }),
        now,
        projectId,
      );
    })();
  }

  /** Binds a project to the agent session that made it. */
  bindSession(projectId: string, sessionId: string, now: number): void {
    prepared(this.db, 'UPDATE projects SET agent_session_id = ?, updated_at = ? WHERE project_id = ?').run(sessionId, now, projectId);
  }

  /**
   * The included targets for `targetUserId` with nothing sent yet, in the account's projects
   * (not archived, not search shells) that send as `actingUserId`.
   */
  unsentTargetsOf(ownerUserId: string, actingUserId: string, targetUserId: string): ProjectTarget[] {
    const rows = prepared(
      this.db,
      `SELECT t.* FROM project_targets t JOIN projects p ON p.project_id = t.project_id
         WHERE p.owner_user_id = ? AND p.acting_user_id = ? AND p.kind = 'project' AND p.archived_at IS NULL
           AND t.target_user_id = ? AND t.is_included = 1 AND t.communication_id IS NULL`,
    ).all(ownerUserId, actingUserId, targetUserId) as Record<string, unknown>[];
    return rows.map(toTarget);
  }

  /** Marks a project's title as made up by Proxima (a connector project named after its session). */
  markTitleAuto(projectId: string): void {
    prepared(this.db, 'UPDATE projects SET title_is_auto = 1 WHERE project_id = ?').run(projectId);
  }

  /** Sets template fields (undefined leaves one as it is); any change moves the template version. */
  setTemplates(projectId: string, templates: Partial<Record<TemplateField, string | null>>, now: number): Project {
    const entries = Object.entries(templates).filter(([k, v]) => v !== undefined && (TEMPLATE_FIELDS as readonly string[]).includes(k));
    if (entries.length) {
      prepared(
        this.db,
        `UPDATE projects SET ${entries.map(([k]) => `${k} = ?`).join(', ')}, template_version = template_version + 1, updated_at = ? WHERE project_id = ?`,
      ).run(...entries.map(([, v]) => v), now, projectId);
    }
    return this.get(projectId)!;
  }

  /** Adds (or re-includes) targets; returns each with whether it was new to the shortlist. */
  addTargets(projectId: string, userIds: readonly string[], now: number): { target: ProjectTarget; added: boolean }[] {
    return this.db.transaction(() =>
      userIds.map((userId) => {
        const existing = this.targetByUser(projectId, userId);
        if (existing?.isIncluded) return { target: existing, added: false };
        if (existing) {
          prepared(this.db, 'UPDATE project_targets SET is_included = 1, removed_at = NULL WHERE target_id = ?').run(existing.targetId);
          return { target: this.target(existing.targetId)!, added: true };
        }
        const id = crypto.randomUUID();
        prepared(
          this.db,
          'INSERT INTO project_targets (target_id, project_id, target_user_id, is_included, added_at) VALUES (?, ?, ?, 1, ?)',
        ).run(id, projectId, userId, now);
        return { target: this.target(id)!, added: true };
      }),
    )();
  }

  /** Soft removal: `is_included` cleared; returns the targets that were included. */
  removeTargets(
    projectId: string,
    userIds: readonly string[] | 'all',
    now: number,
  ): { userId: string; removed: boolean; reason: string | null }[] {
    // The whole shortlist in one statement: a project of 20,000 targets is cleared in tens of
    // milliseconds, not a second of row-by-row reads and writes that would hold the event loop.
    if (userIds === 'all')
      return (
        prepared(
          this.db,
          `UPDATE project_targets SET is_included = 0, removed_at = ? WHERE project_id = ? AND is_included = 1 RETURNING target_user_id, added_at, rowid AS r`,
        ).all(now, projectId) as { target_user_id: string; added_at: number; r: number }[]
      )
        .sort((a, b) => a.added_at - b.added_at || a.r - b.r)
        .map((row) => ({ userId: row.target_user_id, removed: true, reason: null }));
    return this.db.transaction(() => {
      const list = userIds;
      return list.map((userId) => {
        const t = this.targetByUser(projectId, userId);
        if (!t) return { userId, removed: false, reason: 'not_a_target' };
        if (!t.isIncluded) return { userId, removed: false, reason: 'already_removed' };
        prepared(this.db, 'UPDATE project_targets SET is_included = 0, removed_at = ? WHERE target_id = ?').run(now, t.targetId);
        return { userId, removed: true, reason: null };
      });
    })();
  }

  target(targetId: string): ProjectTarget | null {
    const r = prepared(this.db, 'SELECT * FROM project_targets WHERE target_id = ?').get(targetId) as Record<string, unknown> | undefined;
    return r ? toTarget(r) : null;
  }

  targetByUser(projectId: string, userId: string): ProjectTarget | null {
    const r = prepared(this.db, 'SELECT * FROM project_targets WHERE project_id = ? AND target_user_id = ?').get(projectId, userId) as
      | Record<string, unknown>
      | undefined;
    return r ? toTarget(r) : null;
  }

  /** The ids of a project's included targets, in shortlist order (a light read of a whole shortlist). */
  includedTargetIds(projectId: string, excludeUserId: string): string[] {
    return prepared(
      this.db,
      `SELECT target_id FROM project_targets WHERE project_id = ? AND is_included = 1 AND target_user_id IS NOT ? ORDER BY added_at, rowid`,
    )
      .pluck()
      .all(projectId, excludeUserId) as string[];
  }

  targets(projectId: string, opts: { includedOnly: boolean; limit: number; offset: number; excludeUserId?: string }): ProjectTarget[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM project_targets WHERE project_id = @project AND (@included = 0 OR is_included = 1) AND target_user_id IS NOT @exclude
        ORDER BY added_at, rowid LIMIT @limit OFFSET @offset`,
    ).all({
      project: projectId,
      included: opts.includedOnly ? 1 : 0,
      exclude: opts.excludeUserId ?? null,
      limit: opts.limit,
      offset: opts.offset,
    }) as Record<string, unknown>[];
    return rows.map(toTarget);
  }

  countTargets(projectId: string, opts: { includedOnly: boolean; excludeUserId?: string }): number {
    return prepared(
      this.db,
      `SELECT count(*) FROM project_targets WHERE project_id = @project AND (@included = 0 OR is_included = 1) AND target_user_id IS NOT @exclude`,
    )
      .pluck()
      .get({ project: projectId, included: opts.includedOnly ? 1 : 0, exclude: opts.excludeUserId ?? null }) as number;
  }

  updateDraft(targetId: string, patch: DraftPatch): ProjectTarget {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined) as [keyof DraftPatch, unknown][];
    if (entries.length)
      prepared(this.db, `UPDATE project_targets SET ${entries.map(([k]) => `${DRAFT_COLUMNS[k]} = ?`).join(', ')} WHERE target_id = ?`).run(
        ...entries.map(([, v]) => v),
        targetId,
      );
    return this.target(targetId)!;
  }

  /**
   * Records that `communicationId` carries a target's draft, unless the target already names that
   * communication (a concurrent activation recorded it first). True when this call recorded it.
   */
  recordQueued(targetId: string, communicationId: string, now: number, channel: string): boolean {
    return (
      prepared(
        this.db,
        `UPDATE project_targets SET communication_id = ?, queued_at = ?, contact_channel = ?
           WHERE target_id = ? AND communication_id IS NOT ?`,
      ).run(communicationId, now, channel, targetId, communicationId).changes === 1
    );
  }

  /**
   * Records a send made outside the project (a direct send to the target's person) on a target with
   * nothing sent yet, leaving its chosen channel as it is: the draft still goes by that channel if it
   * is sent after all (the outside send failed, or `include_already_contacted`).
   */
  recordOutsideSend(targetId: string, communicationId: string, now: number): boolean {
    return (
      prepared(
        this.db,
        'UPDATE project_targets SET communication_id = ?, queued_at = ? WHERE target_id = ? AND communication_id IS NOT ?',
      ).run(communicationId, now, targetId, communicationId).changes === 1
    );
  }

  /** The tracked link of a target to `url`, made on first use (one per target and URL). */
  linkFor(projectId: string, targetId: string, url: string, now: number): string {
    prepared(
      this.db,
      'INSERT INTO project_links (token, project_id, target_id, url, created_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (target_id, url) DO NOTHING',
    ).run(crypto.randomBytes(12).toString('base64url'), projectId, targetId, url, now);
    return prepared(this.db, 'SELECT token FROM project_links WHERE target_id = ? AND url = ?').pluck().get(targetId, url) as string;
  }

  /**
   * Records a click on a tracked link and returns where it leads, or null for an unknown token:
   * the project's scheduling page as it is now (a link sent before `schedule_url` changed leads to
   * the new page), or the page the link was made for when the project no longer has one.
   */
  click(token: string, now: number): string | null {
    const row = prepared(
      this.db,
      'UPDATE project_links SET clicks = clicks + 1, first_clicked_at = coalesce(first_clicked_at, ?) WHERE token = ? RETURNING url, project_id',
    ).get(now, token) as { url: string; project_id: string } | undefined;
    if (!row) return null;
    const current = prepared(this.db, 'SELECT schedule_url FROM projects WHERE project_id = ?').pluck().get(row.project_id) as
      | string
      | null
      | undefined;
    return current ?? row.url;
  }

  /** Targets of a project who clicked their tracked link at least once. */
  clickedTargets(projectId: string): Set<string> {
    return new Set(
      prepared(this.db, 'SELECT DISTINCT target_id FROM project_links WHERE project_id = ? AND first_clicked_at IS NOT NULL')
        .pluck()
        .all(projectId) as string[],
    );
  }

  /** Clears generated (not hand-edited) drafts so they are generated again (`clear_personalization`). */
  clearGeneratedDrafts(projectId: string): number {
    return prepared(
      this.db,
      `UPDATE project_targets SET draft_message = NULL, draft_subject = NULL, message_source = NULL, review_status = 'none', draft_template_version = NULL,
         draft_target_fingerprint = NULL, draft_updated_at = NULL
       WHERE project_id = ? AND message_source = 'ai_generated' AND communication_id IS NULL`,
    ).run(projectId).changes;
  }
}
