import type { CommunicationService } from '../communications/service.js';
import type { ProjectStore } from '../projects/store.js';
import { type Db, prepared } from '../store/database.js';
import type { GraphStore } from '../store/graph.js';
import type { SignalType, Watcher } from './model.js';

interface ChangeRow {
  change_id: number;
  change_type: string;
  person_id: string | null;
  company_id: string | null;
  target_id: string | null;
  target_company_id: string | null;
  data_json: string;
}

/** A signal a run raises for a watcher, before it is deduplicated and named. */
export interface Candidate {
  type: SignalType;
  key: string;
  personId: string | null;
  companyId: string | null;
  /** Builds the sentence once names are known. */
  summary: (name: (id: string | null) => string) => string;
  data: Record<string, unknown>;
}

/** What evaluating a run for a watcher reads. */
export interface CandidateSources {
  db: Db;
  clock: () => number;
  graph: GraphStore;
  projects: ProjectStore;
  communications: CommunicationService;
}

/**
 * Reads one finished run's change set for one watcher and turns what concerns its cohort into
 * signal candidates (docs/signals.md, "Signal types"). Never re-runs a search.
 */
export class SignalCandidates {
  constructor(private readonly deps: CandidateSources) {}

  /** The people and companies a watcher follows now (a project's cohort follows its current targets). */
  private cohort(w: Watcher): { people: Set<string>; companies: Set<string> } {
    const people = new Set(w.personIds);
    if (w.cohortSource === 'project' && w.projectId) {
      const p = this.deps.projects.get(w.projectId);
      if (p)
        for (const t of this.deps.projects.targets(p.projectId, {
          includedOnly: true,
          limit: 100_000,
          offset: 0,
          excludeUserId: p.ownerUserId,
        }))
          people.add(t.targetUserId);
    }
    const companies = new Set(w.companyIds);
    // Company signals of a people cohort are about where those people work now.
    if (people.size) {
      const rows = prepared(
        this.deps.db,
        `SELECT json_extract(state_json, '$.c') AS company FROM entity_state WHERE kind = 'profiles' AND entity_id IN (SELECT value FROM json_each(?))`,
      ).all(JSON.stringify([...people])) as { company: string | null }[];
      for (const r of rows) if (r.company) companies.add(r.company);
    }
    return { people, companies };
  }

  private changesBy(
    runId: number,
    column: 'person_id' | 'company_id' | 'target_id' | 'target_company_id',
    ids: Iterable<string>,
    types: string[],
  ): ChangeRow[] {
    const list = [...ids];
    if (!list.length) return [];
    return prepared(
      this.deps.db,
      `SELECT * FROM snapshot_changes WHERE run_id = ? AND ${column} IS NOT NULL AND ${column} IN (SELECT value FROM json_each(?))
         AND change_type IN (SELECT value FROM json_each(?)) ORDER BY change_id`,
    ).all(runId, JSON.stringify(list), JSON.stringify(types)) as ChangeRow[];
  }

  /** Every candidate the run raises for the watcher, in change order (follow-ups last). */
  of(w: Watcher, runId: number): Candidate[] {
    const { people, companies } = this.cohort(w);
    const out: Candidate[] = [];
    const types = new Set(w.signalTypes);
    const me = w.actingUserId;
    const unique = <T extends ChangeRow>(rows: T[]) => [...new Map(rows.map((r) => [r.change_id, r])).values()];
    // biome-ignore lint/suspicious/noExplicitAny: JSON that change-store.ts writes per change type, read by that shape
    const data = (r: ChangeRow) => JSON.parse(r.data_json) as Record<string, any>;
    const role = (t: string | null, c: string | null) => [t, c].filter(Boolean).join(' at ') || 'no listed role';

    if (types.has('role_change'))
      for (const r of unique([
        ...this.changesBy(runId, 'person_id', people, ['role_change']),
        ...this.changesBy(runId, 'company_id', companies, ['role_change']),
        ...this.changesBy(runId, 'target_company_id', companies, ['role_change']),
      ])) {
        const d = data(r);
        out.push({
          type: 'role_change',
          key: `role_change:${r.person_id}:${d.to.title ?? ''}:${d.to.company_id ?? d.to.company_name ?? ''}`,
          personId: r.person_id,
          companyId: r.company_id,
          summary: (name) =>
            `${name(r.person_id)} changed role: ${role(d.from.title, d.from.company_name)} → ${role(d.to.title, d.to.company_name)}`,
          data: d,
        });
      }
    if (types.has('posts'))
      for (const r of unique([
        ...this.changesBy(runId, 'person_id', people, ['new_post']),
        ...this.changesBy(runId, 'company_id', companies, ['new_post']).filter((c) => c.person_id === null),
      ])) {
        const d = data(r);
        out.push({
          type: 'posts',
          key: `posts:${d.post_id}`,
          personId: r.person_id,
          companyId: r.company_id,
          summary: (name) => `${name(r.person_id ?? r.company_id)} posted${d.text ? `: “${String(d.text).slice(0, 120)}”` : ''}`,
          data: d,
        });
      }
    if (types.has('employee_post'))
      for (const r of this.changesBy(runId, 'company_id', companies, ['new_post']).filter((c) => c.person_id !== null)) {
        const d = data(r);
        out.push({
          type: 'employee_post',
          key: `employee_post:${d.post_id}`,
          personId: r.person_id,
          companyId: r.company_id,
          summary: (name) => `${name(r.person_id)} (${name(r.company_id)}) posted${d.text ? `: “${String(d.text).slice(0, 120)}”` : ''}`,
          data: d,
        });
      }
    const jobs = types.has('jobs') || types.has('hiring_spike') ? this.changesBy(runId, 'company_id', companies, ['new_job']) : [];
    if (types.has('jobs'))
      for (const r of jobs) {
        const d = data(r);
        out.push({
          type: 'jobs',
          key: `jobs:${d.job_id}`,
          personId: null,
          companyId: r.company_id,
          summary: (name) => `${name(r.company_id)} posted a job: ${d.title ?? 'untitled'}`,
          data: d,
        });
      }
    if (types.has('hiring_spike')) {
      const byCompany = new Map<string, ChangeRow[]>();
      for (const r of jobs) byCompany.set(r.company_id!, [...(byCompany.get(r.company_id!) ?? []), r]);
      for (const [company, rows] of byCompany)
        if (rows.length >= w.options.min_new_jobs)
          out.push({
            type: 'hiring_spike',
            key: `hiring_spike:${company}:${runId}`,
            personId: null,
            companyId: company,
            summary: (name) => `${name(company)} opened ${rows.length} new jobs`,
            data: { new_jobs: rows.length, threshold: w.options.min_new_jobs, job_ids: rows.slice(0, 50).map((r) => data(r).job_id) },
          });
    }
    if (types.has('company_growth'))
      for (const r of this.changesBy(runId, 'company_id', companies, ['headcount_change'])) {
        const d = data(r);
        if (typeof d.change_pct !== 'number' || d.change_pct < w.options.min_growth_pct) continue;
        out.push({
          type: 'company_growth',
          key: `company_growth:${r.company_id}:${d.to}`,
          personId: null,
          companyId: r.company_id,
          summary: (name) => `${name(r.company_id)} grew from ${d.from} to ${d.to} employees (+${d.change_pct}%)`,
          data: { ...d, threshold_pct: w.options.min_growth_pct },
        });
      }
    if (types.has('liked_my_post'))
      for (const r of this.changesBy(runId, 'target_id', [me], ['engagement', 'reactions'])) {
        const d = data(r);
        out.push(
          r.change_type === 'reactions'
            ? {
                type: 'liked_my_post',
                key: `liked_my_post:${d.post_id}:${d.to}`,
                personId: null,
                companyId: null,
                summary: () => `Your post got ${d.new_reactions} new reaction${d.new_reactions === 1 ? '' : 's'} (${d.to} in all)`,
                data: d,
              }
            : {
                type: 'liked_my_post',
                key: `liked_my_post:${d.post_id}`,
                personId: r.person_id,
                companyId: r.company_id,
                summary: (name) =>
                  `${name(r.person_id ?? r.company_id)} ${d.action_type === 'repost' ? 'reposted' : 'commented on'} your post`,
                data: d,
              },
        );
      }
    if (types.has('competitor_engagement'))
      for (const r of this.changesBy(runId, 'target_company_id', w.companyIds, ['engagement'])) {
        const d = data(r);
        if (r.person_id === null || r.person_id === me) continue;
        out.push({
          type: 'competitor_engagement',
          key: `competitor_engagement:${d.post_id}`,
          personId: r.person_id,
          companyId: r.target_company_id,
          summary: (name) =>
            `${name(r.person_id)} ${d.action_type === 'repost' ? 'reposted' : 'commented on'} a post by ${name(d.target_author_id)}${d.target_author_id !== r.target_company_id ? ` (${name(r.target_company_id)})` : ''}`,
          data: d,
        });
      }
    if (types.has('warm_intro')) {
      const mine = this.deps.graph.firstDegree(me);
      for (const r of this.changesBy(runId, 'person_id', people, ['new_connection'])) {
        if (!r.target_id || r.target_id === me || !mine.has(r.target_id) || mine.has(r.person_id!)) continue;
        out.push({
          type: 'warm_intro',
          key: `warm_intro:${r.person_id}:${r.target_id}`,
          personId: r.person_id,
          companyId: null,
          summary: (name) =>
            `${name(r.target_id)}, one of your connections, is now connected to ${name(r.person_id)}: ask for an introduction`,
          data: { ...data(r), connector_user_id: r.target_id },
        });
      }
    }
    if (types.has('follow_up') && w.projectId) out.push(...this.followUps(w));
    return out;
  }

  /** Project targets sent a message `follow_up_after_days` ago or more who have not answered. */
  private followUps(w: Watcher): Candidate[] {
    const { projects, communications, clock } = this.deps;
    const p = projects.get(w.projectId!);
    if (!p) return [];
    const due = clock() - w.options.follow_up_after_days * 86_400_000;
    const out: Candidate[] = [];
    for (const t of projects.targets(p.projectId, { includedOnly: true, limit: 100_000, offset: 0, excludeUserId: p.ownerUserId })) {
      const c = t.communicationId ? communications.store.get(t.communicationId) : null;
      if (c?.status !== 'completed') continue;
      const sentAt = c.dispatchedAt ?? c.createdAt;
      if (sentAt > due) continue;
      const since = sentAt;
      const answered =
        communications.replies.has(c.id) ||
        communications.inbox
          .messagesBetween(p.actingUserId, t.targetUserId)
          .some((m) => m.senderUserId === t.targetUserId && m.createdAt >= since);
      if (answered) continue;
      const days = Math.floor((clock() - sentAt) / 86_400_000);
      out.push({
        type: 'follow_up',
        key: `follow_up:${t.targetId}:${c.id}`,
        personId: t.targetUserId,
        companyId: null,
        summary: (name) =>
          `No reply from ${name(t.targetUserId)} ${days} day${days === 1 ? '' : 's'} after your ${c.channel.replace(/_/g, ' ')}: follow up`,
        data: {
          target_id: t.targetId,
          communication_id: c.id,
          channel: c.channel,
          sent_at: new Date(sentAt).toISOString(),
          days_since: days,
        },
      });
    }
    return out;
  }
}
