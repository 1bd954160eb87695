import fs from 'node:fs';
import path from 'node:path';

/** File names the indexer reads when it is given a directory: JSONL or NDJSON, gzipped or not. */
const SNAPSHOT_FILE = /\.(jsonl|ndjson)(\.gz)?$/i;

/** Whether `name` looks like a snapshot file (`profiles.jsonl.gz`, `company-2026.ndjson`). */
export function isSnapshotFileName(name: string): boolean {
  return SNAPSHOT_FILE.test(name);
}

/** A directory argument that holds no snapshot file. */
export class NoSnapshotFiles extends Error {
  constructor(readonly dir: string) {
    super(`no snapshot files (*.jsonl, *.ndjson, optionally .gz) in directory ${dir}`);
    this.name = 'NoSnapshotFiles';
  }
}

/**
 * Replaces each directory in `paths` by the snapshot files directly inside it (sorted by name,
 * not recursing; other files such as `manifest.json` are left out; an entry with a snapshot's
 * name that is not a regular file is kept, for planning to refuse) and keeps file arguments as
 * given. A file named twice (directly and through its directory) is read once. Paths that do not
 * exist are passed through for the caller to report.
 */
export function expandSnapshotPaths(paths: string[]): string[] {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (file: string) => {
    // A file named twice, through `..` or through a symbolic link, is loaded once.
    let key = path.resolve(file);
    try {
      key = fs.realpathSync(file);
    } catch {
      // Missing or unreadable: planFiles says so.
    }
    if (seen.has(key)) return;
    seen.add(key);
    out.push(file);
  };
  for (const p of paths) {
    if (!fs.statSync(p, { throwIfNoEntry: false })?.isDirectory()) {
      add(p);
      continue;
    }
    const files = fs
      .readdirSync(p, { withFileTypes: true })
      // A symlink counts as what it points to (statSync follows it). A subdirectory is passed
      // over (no recursion); anything else with a snapshot's name (a pipe, a dangling link) is
      // kept, so that planning refuses it by name rather than the run skipping it unsaid.
      .filter((e) => isSnapshotFileName(e.name) && !fs.statSync(path.join(p, e.name), { throwIfNoEntry: false })?.isDirectory())
      .map((e) => e.name)
      .sort();
    if (files.length === 0) throw new NoSnapshotFiles(p);
    for (const name of files) add(path.join(p, name));
  }
  return out;
}
