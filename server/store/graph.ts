import type { Db } from './database.js';

export type ConnectionSource = 'service' | 'professional';

/** One connection as loaded from a snapshot. */
export interface ConnectionEdge {
  userA: string;
  userB: string;
  source: ConnectionSource;
  connectedAt: number;
  removedAt: number | null;
}

/** Repository for the social graph. */
export class GraphStore {
  private readonly upsertStmt;

  constructor(private readonly db: Db) {
    this.upsertStmt = db.prepare(
      `INSERT INTO graph_edges (user_id, other_id, source, connected_at, removed_at) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (user_id, other_id, source) DO UPDATE SET connected_at = excluded.connected_at, removed_at = excluded.removed_at`,
    );
  }

  /** Writes edges in both directions, in one transaction. */
  upsertEdges(edges: ConnectionEdge[]): void {
    this.db.transaction(() => {
      for (const e of edges) {
        this.upsertStmt.run(e.userA, e.userB, e.source, e.connectedAt, e.removedAt);
        this.upsertStmt.run(e.userB, e.userA, e.source, e.connectedAt, e.removedAt);
      }
    })();
  }

  /** Current first-degree connections of a user, per source. */
  firstDegree(userId: string, sources: readonly ConnectionSource[] = ['service', 'professional']): Map<string, Set<ConnectionSource>> {
    const rows = this.db
      .prepare(
        `SELECT other_id, source FROM graph_edges WHERE user_id = ? AND removed_at IS NULL AND source IN (SELECT value FROM json_each(?))`,
      )
      .all(userId, JSON.stringify(sources)) as { other_id: string; source: ConnectionSource }[];
    const out = new Map<string, Set<ConnectionSource>>();
    for (const r of rows) {
      const set = out.get(r.other_id) ?? new Set<ConnectionSource>();
      set.add(r.source);
      out.set(r.other_id, set);
    }
    return out;
  }

  /** Number of stored (directed) edge rows; each connection counts twice. */
  edgeRows(): number {
    return (this.db.prepare('SELECT count(*) AS n FROM graph_edges').get() as { n: number }).n;
  }
}
