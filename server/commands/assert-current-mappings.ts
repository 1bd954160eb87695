import path from 'node:path';
import { INDICES, MAPPING_VERSION } from '../../mappings/indices.js';
import type { SearchEngine } from '../../search-engine/port.js';

/** Indices of an older mapping are live: the server must not start on them (the message says why and how to rebuild). */
export class StaleIndexError extends Error {
  readonly code = 'stale_index';
}

/** The mapping version in a physical index name (`<alias>-v<version>-<stamp>-<random>`), or null. */
export function mappingVersionOf(alias: string, index: string): number | null {
  const m = new RegExp(`^${alias.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-v(\\d+)-`).exec(index);
  return m ? Number(m[1]) : null;
}

/**
 * Refuses to serve indices built by an older mapping (mappings/indices.ts, MAPPING_VERSION):
 * their fields keep the analysis they were created with, so a search would silently keep the old
 * behaviour (before version 2, "Accountant" matched "Account Executive"). Indices under other
 * names (made by hand or by tests) are not judged. The message says how to rebuild.
 */
export async function assertCurrentMappings(engine: SearchEngine, dataDir: string): Promise<void> {
  const stale: string[] = [];
  for (const def of Object.values(INDICES)) {
    for (const index of await engine.getAlias(def.alias)) {
      const version = mappingVersionOf(def.alias, index);
      if (version !== null && version < MAPPING_VERSION) stale.push(`${def.alias} -> ${index} (mapping v${version})`);
    }
  }
  if (stale.length === 0) return;
  const sample = path.join(dataDir, 'sample-corpus');
  throw new StaleIndexError(
    [
      `The search indices were built by an older mapping than this build's (v${MAPPING_VERSION}): ${stale.join(', ')}.`,
      'Version 2 analyzes job titles with proxima_title (plurals only); an older index would keep matching "Accountant" to "Account Executive" (docs/search-engine.md, "Index names and aliases").',
      `Rebuild them from their snapshots with \`proxima index --swap PATH...\` (the sample corpus: \`proxima index --swap ${sample}/*.jsonl.gz\`); with the embedded engine, starting on an empty DATA_DIR also works (OpenSearch keeps its indices in the cluster: rebuild them there).`,
    ].join('\n'),
  );
}
