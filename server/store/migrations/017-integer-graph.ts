import type { Migration } from './index.js';

/**
 * The social graph keyed by integers (issue 17 §2, docs/data-model.md "Graph"). Each person of
 * the graph gets a small integer (`graph_people.pid`, its rowid), and an edge row holds two of
 * them and a source number (1 service, 2 professional): about 29 bytes a row on disk against 146
 * with two uuid strings and the source's name, so a snapshot's connections touch a few pages
 * instead of spreading over a table seven times larger.
 *
 * A connections load stages its rows in a temporary table of its own connection and merges them
 * into `graph_links` in key order (GraphStore.beginLoad, indexer/connection-sink.ts).
 *
 * The old table's rows are copied over, people numbered in id order.
 */
export const integerGraph: Migration = {
  version: 17,
  name: 'integer-graph',
  sql: `
CREATE TABLE graph_people (
  pid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE
);
CREATE TABLE graph_links (
  a INTEGER NOT NULL,
  b INTEGER NOT NULL,
  source INTEGER NOT NULL CHECK (source IN (1, 2)),
  connected_at INTEGER NOT NULL,
  removed_at INTEGER,
  PRIMARY KEY (a, b, source)
) WITHOUT ROWID;
INSERT INTO graph_people (id) SELECT user_id FROM graph_edges UNION SELECT other_id FROM graph_edges ORDER BY 1;
INSERT INTO graph_links (a, b, source, connected_at, removed_at)
  SELECT pa.pid, pb.pid, CASE e.source WHEN 'service' THEN 1 ELSE 2 END, e.connected_at, e.removed_at
  FROM graph_edges e JOIN graph_people pa ON pa.id = e.user_id JOIN graph_people pb ON pb.id = e.other_id
  ORDER BY 1, 2, 3;
DROP TABLE graph_edges;
`,
};
