/** A scratch directory with an embedded engine, a store and a graph, and `run` to index files into them. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { silentProgress } from '../../indexer/progress.js';
import { runIndex } from '../../indexer/run-index.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { openStore } from '../../server/store/database.js';
import { GraphStore } from '../../server/store/graph.js';

export const tempDir = () => fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-indexer-'));

export function workspace(dir = tempDir()) {
  const engine = new EmbeddedEngine(dir);
  const db = openStore(dir);
  const graph = new GraphStore(db);
  const run = (files: string[], extra: Partial<Parameters<typeof runIndex>[0]> = {}) =>
    runIndex({
      files,
      swap: false,
      resume: false,
      batchSize: 50,
      rejectsFile: path.join(dir, 'rejects.jsonl'),
      checkpointDir: path.join(dir, 'indexer'),
      engine,
      graph,
      progress: silentProgress,
      ...extra,
    });
  const cleanup = async () => {
    await engine.close();
    db.close();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  return { dir, engine, graph, run, cleanup };
}

/** The entries of a rejects file, in its order. */
export const readRejects = (file: string) =>
  fs
    .readFileSync(file, 'utf8')
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as { file: string; line: number; kind: string; reason: string; record: string });
