/**
 * A snapshot load of connections into the graph (GraphStore.beginLoad): edges are staged in a
 * temporary heap and merged into `graph_links` in key order (docs/data-model.md, "Graph").
 */
import type { ConnectionLoad, EdgeColumns } from '../../indexer/connection-sink.js';
import type { ConnectionEdge } from '../../mappings/record-schemas.js';
import type { Db } from './database.js';
import { SOURCE_NAME } from './graph-sources.js';

/** New connections are reported to a merge's caller this many at a time. */
const REPORT_CHUNK = 10_000;
/** Ids a load remembers with their numbers before it forgets them (about 150 MB; forgetting costs a lookup). */
const LOAD_ID_MEMORY = 2_000_000;

/** Databases with a connections load open (its staging heap is a temporary table of the connection). */
const loading = new WeakSet<Db>();

/** What a load needs of its GraphStore: people's numbers, and a new graph version when it merges. */
export interface GraphHooks {
  /** The number of a person of the graph, given one if they have none yet. */
  numberOf(id: string): number;
  bumpVersion(): void;
}

/**
 * Starts a snapshot load of connections (indexer/connection-sink.ts). Staged edges go to a
 * temporary heap of this connection (in files, not memory), one row per edge in snapshot order;
 * a merge sorts both directions of every row by key and writes them into `graph_links` in that
 * order, so each page of the graph is written about once however large the load, and stamps
 * the users it saw from an in-memory bitmap of their numbers.
 *
 * Both write in transactions that take the store's write lock when they begin (`BEGIN
 * IMMEDIATE`): a server sharing the store writes between them (credits, search history), and a
 * transaction that read first and wrote later would fail on its stale snapshot (SQLITE_BUSY_SNAPSHOT)
 * where this one waits its turn.
 */
export function openConnectionLoad(db: Db, graph: GraphHooks): ConnectionLoad {
  if (loading.has(db)) throw new Error('a connections load is already open on this database');
  // Temporary tables and the merge's sort spill to files: a load of any size stays in bounded memory.
  db.pragma('temp_store = FILE');
  // A merge writes the whole of its pages to the WAL; it is cut back to 64 MiB after each checkpoint.
  db.pragma('journal_size_limit = 67108864');
  db.exec(`DROP TABLE IF EXISTS temp.graph_load; CREATE TEMP TABLE graph_load (
    seq INTEGER PRIMARY KEY,
    a INTEGER NOT NULL,
    b INTEGER NOT NULL,
    source INTEGER NOT NULL,
    connected_at INTEGER NOT NULL,
    removed_at INTEGER
  )`);
  loading.add(db);
  const insert = db.prepare('INSERT INTO graph_load (a, b, source, connected_at, removed_at) VALUES (?, ?, ?, ?, ?)');
  const numbers = new Map<string, number>();
  /** Per person number, bit 1: stamp the service source, bit 2: the professional one (the bits are the source numbers). */
  let toStamp = new Uint8Array(1024);
  /** The sync time stamped (one per snapshot file; the newest if loads of several share a merge). */
  let stampAt = 0;
  let staged = 0;
  const numberOf = (id: string): number => {
    let pid = numbers.get(id);
    if (pid !== undefined) return pid;
    pid = graph.numberOf(id);
    if (numbers.size >= LOAD_ID_MEMORY) numbers.clear();
    numbers.set(id, pid);
    return pid;
  };
  const mark = (pid: number, bit: number) => {
    if (pid >= toStamp.length) {
      const grown = new Uint8Array(Math.max(pid + 1, toStamp.length * 2));
      grown.set(toStamp);
      toStamp = grown;
    }
    toStamp[pid]! |= bit;
  };
  let open = true;
  const done = () => {
    if (!open) return;
    open = false;
    loading.delete(db);
    db.exec('DROP TABLE IF EXISTS temp.graph_load');
  };
  return {
    get staged() {
      return staged;
    },
    stage(edges: EdgeColumns, syncedAt?: number) {
      if (!open) throw new Error('this connections load is closed');
      const n = edges.a.length;
      db.transaction(() => {
        // Snapshots list a person's edges together: the last first person's number is reused without a lookup.
        let lastId = '';
        let lastPid = 0;
        for (let i = 0; i < n; i++) {
          const userA = edges.a[i]!;
          const userB = edges.b[i]!;
          const a = userA === lastId ? lastPid : numberOf(userA);
          const b = userB === lastId ? lastPid : numberOf(userB);
          if (userA !== lastId) {
            lastId = userA;
            lastPid = a;
          }
          const source = edges.source[i]!;
          insert.run(a, b, source, edges.connectedAt[i]!, edges.removedAt[i] ?? null);
          if (syncedAt === undefined) continue;
          mark(a, source);
          mark(b, source);
        }
      }).immediate();
      if (syncedAt !== undefined && n) stampAt = Math.max(stampAt, syncedAt);
      staged += n;
    },
    merge(report?: (newEdges: ConnectionEdge[]) => void): number {
      if (!open) throw new Error('this connections load is closed');
      const merged = staged;
      db.transaction(() => {
        if (report) reportNew(db, report);
        graph.bumpVersion();
        // Both directions of every staged edge, in key order; on one key the later row (by seq) replaces the earlier.
        db.exec(`INSERT OR REPLACE INTO graph_links (a, b, source, connected_at, removed_at)
          SELECT a, b, source, connected_at, removed_at FROM (
            SELECT seq, a, b, source, connected_at, removed_at FROM temp.graph_load
            UNION ALL
            SELECT seq, b AS a, a AS b, source, connected_at, removed_at FROM temp.graph_load)
          ORDER BY a, b, source, seq`);
        db.exec('DELETE FROM temp.graph_load');
        stampAll(db, toStamp, stampAt);
      }).immediate();
      toStamp = new Uint8Array(1024);
      stampAt = 0;
      staged = 0;
      return merged;
    },
    close: done,
  };
}

/**
 * Stamps synced at `syncedAt` every person whose number has bit 1 (service) or 2 (professional)
 * set in `bits`, through a temporary table joined to their ids.
 */
function stampAll(db: Db, bits: Uint8Array, syncedAt: number): void {
  db.exec('DROP TABLE IF EXISTS temp.graph_stamp; CREATE TEMP TABLE graph_stamp (pid INTEGER NOT NULL, source INTEGER NOT NULL)');
  const add = db.prepare('INSERT INTO temp.graph_stamp (pid, source) VALUES (?, ?)');
  for (let pid = 0; pid < bits.length; pid++) {
    const b = bits[pid]!;
    if (b & 1) add.run(pid, 1);
    if (b & 2) add.run(pid, 2);
  }
  db.prepare(
    `INSERT INTO connection_sync (user_id, source, status, synced_at, detail)
       SELECT p.id, CASE s.source WHEN 1 THEN 'service' ELSE 'professional' END, 'synced', ?, NULL
       FROM temp.graph_stamp s JOIN graph_people p ON p.pid = s.pid WHERE true
     ON CONFLICT (user_id, source) DO UPDATE SET status = 'synced', synced_at = excluded.synced_at, detail = NULL
       WHERE connection_sync.status <> 'synced' OR connection_sync.synced_at IS NULL OR connection_sync.synced_at < excluded.synced_at`,
  ).run(syncedAt);
  db.exec('DROP TABLE temp.graph_stamp');
}

/**
 * Reports the staged connections the graph does not hold as current yet: current rows, one per
 * pair of people (its first in snapshot order), in snapshot order.
 */
function reportNew(db: Db, report: (newEdges: ConnectionEdge[]) => void): void {
  // Written to a table first and read back a chunk at a time: the report writes to the same
  // connection, which cannot write while a statement of it is still being stepped through.
  db.exec(`DROP TABLE IF EXISTS temp.graph_new;
    CREATE TEMP TABLE graph_new AS
    SELECT pa.id AS a_id, pb.id AS b_id, f.source, f.connected_at FROM (
       SELECT min(seq) AS seq, a, b, source, connected_at FROM temp.graph_load WHERE removed_at IS NULL GROUP BY min(a, b), max(a, b)
     ) f
     JOIN graph_people pa ON pa.pid = f.a JOIN graph_people pb ON pb.pid = f.b
     WHERE NOT EXISTS (SELECT 1 FROM graph_links g WHERE g.a = f.a AND g.b = f.b AND g.removed_at IS NULL)
     ORDER BY f.seq`);
  const page = db.prepare('SELECT rowid, a_id, b_id, source, connected_at FROM temp.graph_new WHERE rowid > ? ORDER BY rowid LIMIT ?');
  for (let after = 0; ; ) {
    const rows = page.all(after, REPORT_CHUNK) as { rowid: number; a_id: string; b_id: string; source: number; connected_at: number }[];
    if (!rows.length) break;
    after = rows.at(-1)!.rowid;
    report(
      rows.map((r) => ({ userA: r.a_id, userB: r.b_id, source: SOURCE_NAME[r.source]!, connectedAt: r.connected_at, removedAt: null })),
    );
  }
  db.exec('DROP TABLE temp.graph_new');
}
