import type { ConnectionLoad, ConnectionSink } from '../../indexer/connection-sink.js';
import type { ConnectionEdge, ConnectionSource } from '../../mappings/record-schemas.js';
import { type Db, prepared } from './database.js';
import { openConnectionLoad } from './graph-load.js';
import { SOURCE_NAME, SOURCE_NUMBER } from './graph-sources.js';

export type SyncStatus = 'synced' | 'syncing' | 'stale' | 'failed' | 'not_synced';

/** Where a user's connections from one source stand. Only `synced` sources can be checked. */
export interface SyncState {
  status: SyncStatus;
  syncedAt: number | null;
  detail: string | null;
}

/** How old a source's data may be before it counts as unchecked (`stale`), unless configured. */
export const DEFAULT_CONNECTION_FRESHNESS_DAYS = 30;
const DAY_MS = 86_400_000;

/** Options of a GraphStore: the clock and the freshness window that sync times are judged by. */
export interface GraphStoreOptions {
  /** Epoch milliseconds now; default Date.now. */
  clock?: () => number;
  /** A synced source whose sync time is older than this many days reads as `stale`; default 30. */
  freshnessDays?: number;
}

export type { ConnectionEdge };

const sourceNumbers = (sources: readonly ConnectionSource[]) => JSON.stringify(sources.map((s) => SOURCE_NUMBER[s]));

/**
 * Repository for the social graph. People are numbered (`graph_people`) and each connection is
 * two integer-keyed rows of `graph_links`, one per direction, so "who is connected to X" is one
 * primary-key range read (docs/data-model.md, "Graph").
 */
export class GraphStore implements ConnectionSink {
  private readonly upsertStmt;

  /** Identifies the underlying database (caches of derived data are kept per database). */
  get cacheKey(): object {
    return this.db;
  }

  private readonly clock: () => number;
  private readonly freshnessMs: number;

  constructor(
    private readonly db: Db,
    opts: GraphStoreOptions = {},
  ) {
    this.clock = opts.clock ?? Date.now;
    this.freshnessMs = (opts.freshnessDays ?? DEFAULT_CONNECTION_FRESHNESS_DAYS) * DAY_MS;
    this.upsertStmt = prepared(
      db,
      `INSERT INTO graph_links (a, b, source, connected_at, removed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (a, b, source) DO UPDATE SET connected_at = excluded.connected_at, removed_at = excluded.removed_at`,
    );
  }

  /** The number of a person of the graph, if they have one. */
  private pidOf(id: string): number | undefined {
    return prepared(this.db, 'SELECT pid FROM graph_people WHERE id = ?').pluck().get(id) as number | undefined;
  }

  /** The number of a person of the graph, given one if they have none yet. */
  private numberOf(id: string): number {
    return this.pidOf(id) ?? Number(prepared(this.db, 'INSERT INTO graph_people (id) VALUES (?) RETURNING pid').pluck().get(id));
  }

  /** Stamps `userId`'s `source` synced at `syncedAt`, unless a newer stamp is recorded. */
  private stamp(userId: string, source: ConnectionSource, syncedAt: number): void {
    prepared(
      this.db,
      `INSERT INTO connection_sync (user_id, source, status, synced_at, detail) VALUES (?, ?, 'synced', ?, NULL)
         ON CONFLICT (user_id, source) DO UPDATE SET status = 'synced', synced_at = excluded.synced_at, detail = NULL
         WHERE connection_sync.status <> 'synced' OR connection_sync.synced_at IS NULL OR connection_sync.synced_at < excluded.synced_at`,
    ).run(userId, source, syncedAt);
  }

  /**
   * Writes edges in both directions, in one transaction, visible at once (an accepted invite, a
   * sync). With `syncedAt`, both ends of every edge also get that source stamped `synced` at
   * that time, in the same transaction. A newer stamp is never replaced by an older one.
   * Snapshot loads go through {@link beginLoad} instead.
   */
  upsertEdges(edges: ConnectionEdge[], syncedAt?: number): void {
    this.db.transaction(() => {
      this.bumpVersion();
      for (const e of edges) {
        const a = this.numberOf(e.userA);
        const b = this.numberOf(e.userB);
        const source = SOURCE_NUMBER[e.source];
        this.upsertStmt.run(a, b, source, e.connectedAt, e.removedAt);
        this.upsertStmt.run(b, a, source, e.connectedAt, e.removedAt);
        if (syncedAt === undefined) continue;
        this.stamp(e.userA, e.source, syncedAt);
        this.stamp(e.userB, e.source, syncedAt);
      }
    })();
  }

  /**
   * Starts a snapshot load of connections (indexer/connection-sink.ts; graph-load.ts says how a
   * load stages and merges).
   */
  beginLoad(): ConnectionLoad {
    return openConnectionLoad(this.db, { numberOf: (id) => this.numberOf(id), bumpVersion: () => this.bumpVersion() });
  }

  /** Current first-degree connections of a user, per source. */
  firstDegree(userId: string, sources: readonly ConnectionSource[] = ['service', 'professional']): Map<string, Set<ConnectionSource>> {
    const rows = prepared(
      this.db,
      `SELECT p.id AS other_id, l.source FROM graph_links l JOIN graph_people p ON p.pid = l.b
         WHERE l.a = (SELECT pid FROM graph_people WHERE id = ?) AND l.removed_at IS NULL AND l.source IN (SELECT value FROM json_each(?))`,
    ).all(userId, sourceNumbers(sources)) as { other_id: string; source: number }[];
    return bySource(rows);
  }

  /**
   * Second-degree people of a user: connected to one of their current first-degree connections
   * (any source), neither the user nor a first-degree connection themselves. Strongest first
   * (most mutual connections), then by id. One primary-key range read per first-degree
   * connection, counted in memory by number, then the numbers read back as ids.
   */
  secondDegree(userId: string): { id: string; mutual: number }[] {
    const me = this.pidOf(userId);
    if (me === undefined) return [];
    const current = prepared(this.db, 'SELECT DISTINCT b FROM graph_links WHERE a = ? AND removed_at IS NULL').pluck();
    const first = new Set(current.all(me) as number[]);
    const counts = new Map<number, number>();
    for (const via of first)
      for (const other of current.all(via) as number[]) {
        if (other === me || first.has(other)) continue;
        counts.set(other, (counts.get(other) ?? 0) + 1);
      }
    // One statement reads every id back: point reads one by one cost 5x more on a large graph
    // (2.8 s against 0.55 s for 197,221 people of the 1M corpus).
    const ids = new Map(
      prepared(this.db, 'SELECT pid, id FROM graph_people WHERE pid IN (SELECT value FROM json_each(?))')
        .raw()
        .all(JSON.stringify([...counts.keys()])) as [number, string][],
    );
    return [...counts]
      .map(([pid, mutual]) => ({ id: ids.get(pid) as string, mutual }))
      .sort((x, y) => y.mutual - x.mutual || (x.id < y.id ? -1 : x.id > y.id ? 1 : 0));
  }

  /**
   * Moves everything the graph holds under `from` to `to` (an account-only user becoming a corpus
   * person: UserStore.adoptPerson, in the caller's transaction). `from`'s connections (accepted
   * invites) become `to`'s; where `to` already has the same connection, the two are one: connected
   * since the earlier time, and removed only if both were. A connection between the two ids, one
   * person now, is dropped. `to`'s sync stamps are kept; `from`'s fill the sources `to` has none for.
   */
  renamePerson(from: string, to: string): void {
    if (from === to) return;
    this.db.transaction(() => {
      this.bumpVersion();
      prepared(
        this.db,
        `INSERT INTO connection_sync (user_id, source, status, synced_at, detail)
           SELECT ?, source, status, synced_at, detail FROM connection_sync WHERE user_id = ?
           ON CONFLICT (user_id, source) DO NOTHING`,
      ).run(to, from);
      prepared(this.db, 'DELETE FROM connection_sync WHERE user_id = ?').run(from);
      const old = this.pidOf(from);
      if (old === undefined) return;
      const target = this.pidOf(to);
      if (target === undefined) {
        // Numbers stay: the person keeps theirs under the new id.
        prepared(this.db, 'UPDATE graph_people SET id = ? WHERE pid = ?').run(to, old);
        return;
      }
      const merge = prepared(
        this.db,
        `INSERT INTO graph_links (a, b, source, connected_at, removed_at) VALUES (?, ?, ?, ?, ?)
           ON CONFLICT (a, b, source) DO UPDATE SET
             connected_at = min(graph_links.connected_at, excluded.connected_at),
             removed_at = CASE WHEN graph_links.removed_at IS NULL OR excluded.removed_at IS NULL THEN NULL
                               ELSE max(graph_links.removed_at, excluded.removed_at) END`,
      );
      const drop = prepared(this.db, 'DELETE FROM graph_links WHERE a = ? AND b = ? AND source = ?');
      // Every edge is stored in both directions, so `from`'s own rows name every row that points at it.
      const rows = prepared(this.db, 'SELECT b, source, connected_at, removed_at FROM graph_links WHERE a = ?').raw().all(old) as [
        number,
        number,
        number,
        number | null,
      ][];
      for (const [other, source, connectedAt, removedAt] of rows) {
        drop.run(old, other, source);
        drop.run(other, old, source);
        if (other === target) continue;
        merge.run(target, other, source, connectedAt, removedAt);
        merge.run(other, target, source, connectedAt, removedAt);
      }
      prepared(this.db, 'DELETE FROM graph_people WHERE pid = ?').run(old);
    })();
  }

  /** The graph's version: changes whenever an edge or a sync status is written. */
  version(): number {
    return (prepared(this.db, 'SELECT version FROM graph_version WHERE id = 1').pluck().get() as number | undefined) ?? 0;
  }

  private bumpVersion(): void {
    prepared(this.db, 'UPDATE graph_version SET version = version + 1 WHERE id = 1').run();
  }

  /** Mutual current connections of two users (any source), by id. */
  mutualConnections(userId: string, otherId: string, limit: number): string[] {
    return prepared(
      this.db,
      `SELECT DISTINCT p.id FROM graph_links x
         JOIN graph_links y ON y.a = (SELECT pid FROM graph_people WHERE id = ?) AND y.b = x.b AND y.removed_at IS NULL
         JOIN graph_people p ON p.pid = x.b
         WHERE x.a = (SELECT pid FROM graph_people WHERE id = ?) AND x.removed_at IS NULL ORDER BY p.id LIMIT ?`,
    )
      .pluck()
      .all(otherId, userId, limit) as string[];
  }

  /**
   * Sync status of each source for a user, as of the store's clock. A recorded status (stamped by
   * the indexer when a snapshot brings the user's connections from that source, or set when a
   * sync runs or fails) wins, and a `synced` one whose sync time is older than the freshness
   * window reads as `stale`. Without one, the service graph is synced (it is ours: no edges means
   * no connections) and the professional network counts as synced once any of the user's edges
   * were stored (edges written without a stamp, as before sync times were recorded).
   */
  syncStatus(userId: string): Record<ConnectionSource, SyncState> {
    const explicit = prepared(this.db, 'SELECT source, status, synced_at, detail FROM connection_sync WHERE user_id = ?').all(userId) as {
      source: ConnectionSource;
      status: SyncStatus;
      synced_at: number | null;
      detail: string | null;
    }[];
    const out = {} as Record<ConnectionSource, SyncState>;
    for (const source of ['service', 'professional'] as const) {
      const row = explicit.find((r) => r.source === source);
      if (row) {
        out[source] = this.judged({ status: row.status, syncedAt: row.synced_at, detail: row.detail });
        continue;
      }
      const hasEdges =
        source === 'service' ||
        prepared(this.db, 'SELECT 1 FROM graph_links WHERE a = (SELECT pid FROM graph_people WHERE id = ?) AND source = ? LIMIT 1').get(
          userId,
          SOURCE_NUMBER[source],
        ) !== undefined;
      out[source] = { status: hasEdges ? 'synced' : 'not_synced', syncedAt: null, detail: null };
    }
    return out;
  }

  /** A stored state as of now: `synced` data older than the freshness window is `stale`. */
  private judged(state: SyncState): SyncState {
    if (state.status !== 'synced' || state.syncedAt === null) return state;
    const age = this.clock() - state.syncedAt;
    if (age <= this.freshnessMs) return state;
    const days = Math.floor(age / DAY_MS);
    return {
      status: 'stale',
      syncedAt: state.syncedAt,
      detail: `last synced ${days} days ago, older than the ${Math.round(this.freshnessMs / DAY_MS)}-day freshness window`,
    };
  }

  /** Records the outcome of a sync of one source for a user. */
  setSyncStatus(userId: string, source: ConnectionSource, state: SyncState): void {
    this.bumpVersion();
    prepared(
      this.db,
      `INSERT INTO connection_sync (user_id, source, status, synced_at, detail) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (user_id, source) DO UPDATE SET status = excluded.status, synced_at = excluded.synced_at, detail = excluded.detail`,
    ).run(userId, source, state.status, state.syncedAt, state.detail);
  }

  /** Which of `candidates` are current first-degree connections of `userId`, per source. */
  checkFirstDegree(
    userId: string,
    candidates: readonly string[],
    sources: readonly ConnectionSource[],
  ): Map<string, Set<ConnectionSource>> {
    const me = this.pidOf(userId);
    if (me === undefined) return new Map();
    const rows = prepared(
      this.db,
      `SELECT p.id AS other_id, l.source FROM graph_people p JOIN graph_links l ON l.a = ? AND l.b = p.pid
         WHERE p.id IN (SELECT value FROM json_each(?)) AND l.removed_at IS NULL AND l.source IN (SELECT value FROM json_each(?))`,
    ).all(me, JSON.stringify(candidates), sourceNumbers(sources)) as { other_id: string; source: number }[];
    return bySource(rows);
  }

  /** Every person with current connections and how many they have (rows over every source), most first, then by id. */
  byDegree(): { id: string; n: number }[] {
    return prepared(
      this.db,
      `SELECT p.id, c.n FROM (SELECT a, count(*) AS n FROM graph_links WHERE removed_at IS NULL GROUP BY a) c
         JOIN graph_people p ON p.pid = c.a ORDER BY c.n DESC, p.id`,
    ).all() as { id: string; n: number }[];
  }

  /** Number of stored (directed) edge rows; each connection counts twice. */
  edgeRows(): number {
    return (prepared(this.db, 'SELECT count(*) AS n FROM graph_links').get() as { n: number }).n;
  }
}

/** Rows of (other person, source number) as each person's set of sources. */
function bySource(rows: { other_id: string; source: number }[]): Map<string, Set<ConnectionSource>> {
  const out = new Map<string, Set<ConnectionSource>>();
  for (const r of rows) {
    const set = out.get(r.other_id) ?? new Set<ConnectionSource>();
    set.add(SOURCE_NAME[r.source]!);
    out.set(r.other_id, set);
  }
  return out;
}
