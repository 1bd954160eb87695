import fs from 'node:fs';
import path from 'node:path';
import { ConfigError } from '../config.js';

const codeOf = (err: unknown): string => String((err as NodeJS.ErrnoException).code ?? 'error');

/**
 * Makes `DATA_DIR` (and the directories above it that are missing), or says in one line why it
 * cannot be used: a file in the way, a path under a file, a file system that refuses. Each level
 * is made on its own: Node 20's recursive `mkdir` spins forever under `/proc`.
 */
export function prepareDataDir(dataDir: string): void {
  const missing: string[] = [];
  let at = path.resolve(dataDir);
  for (;;) {
    let stat: fs.Stats | null = null;
    try {
      stat = fs.statSync(at);
    } catch (err) {
      if (codeOf(err) !== 'ENOENT') throw new ConfigError([`DATA_DIR ${dataDir} cannot be used: ${at} gives ${codeOf(err)}`]);
    }
    if (stat) {
      if (!stat.isDirectory()) throw new ConfigError([`DATA_DIR must be a directory: ${at} is a file; choose another path`]);
      break;
    }
    missing.unshift(at);
    const up = path.dirname(at);
    if (up === at) break;
    at = up;
  }
  if (!missing.length) {
    try {
      fs.accessSync(at, fs.constants.W_OK | fs.constants.X_OK);
    } catch (err) {
      throw new ConfigError([`DATA_DIR ${dataDir} cannot be written (${codeOf(err)}); choose a writable directory`]);
    }
  }
  for (const dir of missing) {
    try {
      fs.mkdirSync(dir);
    } catch (err) {
      if (codeOf(err) === 'EEXIST' && fs.statSync(dir).isDirectory()) continue;
      throw new ConfigError([`DATA_DIR ${dataDir} cannot be created: making ${dir} gives ${codeOf(err)}; choose a writable path`]);
    }
  }
}
