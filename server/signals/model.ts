/**
 * Signal watchers' shapes (docs/signals.md): the signal types and deliveries a watcher can ask
 * for, a watcher and a signal as stored, and how every face presents a signal.
 */
/** The signal types a watcher can ask for (docs/signals.md). */
export const SIGNAL_TYPES = [
  'liked_my_post',
  'competitor_engagement',
  'role_change',
  'jobs',
  'employee_post',
  'company_growth',
  'hiring_spike',
  'warm_intro',
  'follow_up',
  'posts',
] as const;
export type SignalType = (typeof SIGNAL_TYPES)[number];

/** Where a watcher's signals go. */
export const DELIVERIES = ['project_feed', 'email_digest', 'connector', 'agent_webhook'] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const WATCHER_STATUSES = ['active', 'paused'] as const;

/** Thresholds a watcher may tune; the defaults are documented in docs/signals.md. */
export interface WatcherOptions {
  min_growth_pct: number;
  min_new_jobs: number;
  follow_up_after_days: number;
}
export const DEFAULT_OPTIONS: WatcherOptions = { min_growth_pct: 5, min_new_jobs: 3, follow_up_after_days: 3 };

/** At most this many signals per watcher and run; the rest are counted, not kept. */
export const MAX_SIGNALS_PER_RUN = 500;

export interface Watcher {
  watcherId: string;
  ownerUserId: string;
  actingUserId: string;
  name: string;
  signalTypes: SignalType[];
  projectId: string | null;
  personIds: string[];
  companyIds: string[];
  cohortSource: 'project' | 'people' | 'companies' | 'search';
  deliveries: Delivery[];
  emailTo: string | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  options: WatcherOptions;
  status: 'active' | 'paused' | 'deleted';
  /** The finish order (`complete_seq`) of the last snapshot run evaluated. */
  lastRunSeq: number;
  connectorCursor: number;
  createdAt: number;
  updatedAt: number;
}

export interface Signal {
  seq: number;
  signalId: string;
  watcherId: string;
  projectId: string | null;
  runId: number | null;
  type: SignalType;
  personId: string | null;
  companyId: string | null;
  summary: string;
  data: Record<string, unknown>;
  createdAt: number;
}

/** A `signal_watchers` row as a watcher. */
export const toWatcher = (r: Record<string, unknown>): Watcher => ({
  watcherId: r.watcher_id as string,
  ownerUserId: r.owner_user_id as string,
  actingUserId: r.acting_user_id as string,
  name: r.name as string,
  signalTypes: JSON.parse(r.signal_types_json as string),
  projectId: r.project_id as string | null,
  personIds: JSON.parse(r.person_ids_json as string),
  companyIds: JSON.parse(r.company_ids_json as string),
  cohortSource: r.cohort_source as Watcher['cohortSource'],
  deliveries: JSON.parse(r.deliveries_json as string),
  emailTo: r.email_to as string | null,
  webhookUrl: r.webhook_url as string | null,
  webhookSecret: r.webhook_secret as string | null,
  options: { ...DEFAULT_OPTIONS, ...JSON.parse(r.options_json as string) },
  status: r.status as Watcher['status'],
  lastRunSeq: r.last_run_seq as number,
  connectorCursor: r.connector_cursor as number,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

/** A `signals` row as a signal. */
export const toSignal = (r: Record<string, unknown>): Signal => ({
  seq: r.seq as number,
  signalId: r.signal_id as string,
  watcherId: r.watcher_id as string,
  projectId: r.project_id as string | null,
  runId: r.run_id as number | null,
  type: r.signal_type as SignalType,
  personId: r.person_id as string | null,
  companyId: r.company_id as string | null,
  summary: r.summary as string,
  data: JSON.parse(r.data_json as string),
  createdAt: r.created_at as number,
});

/** The JSON body POSTed to an agent webhook for one run's signals (docs/signals.md, "Agent webhook"). */
export function webhookPayload(w: Watcher, runId: number, signals: Signal[]): string {
  return JSON.stringify({
    id: `sigdel_${w.watcherId}_${runId}`,
    type: 'signals.batch',
    created_at: new Date().toISOString(),
    watcher_id: w.watcherId,
    run_id: runId,
    signals: signals.map(presentSignal),
  });
}

/** A signal as every face shows it. */
export function presentSignal(s: Signal): Record<string, unknown> {
  return {
    signal_id: s.signalId,
    cursor: s.seq,
    watcher_id: s.watcherId,
    project_id: s.projectId,
    run_id: s.runId,
    signal_type: s.type,
    person_id: s.personId,
    company_id: s.companyId,
    summary: s.summary,
    data: s.data,
    created_at: new Date(s.createdAt).toISOString(),
  };
}
