import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

let cached: string | null = null;

/**
 * The directory holding proxima's package.json. Sources run from the package itself and the
 * compiled build from dist/ (one level deeper), so files read at runtime (CHANGELOG.md,
 * fixtures/data, the native budget extension) resolve from here, never from the module's own
 * location.
 */
export function packageRoot(): string {
  if (cached !== null) return cached;
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (;;) {
    if (fs.existsSync(path.join(dir, 'package.json'))) {
      cached = dir;
      return dir;
    }
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(import.meta.url)}`);
    dir = up;
  }
}

/** A path inside the package, given relative to its root (e.g. `CHANGELOG.md`). */
export const fromPackageRoot = (...parts: string[]): string => path.join(packageRoot(), ...parts);
