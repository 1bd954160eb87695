import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { noLookups, toDocument } from '../../indexer/transform/documents.js';
import { INDICES } from '../../mappings/indices.js';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { codecOfLayout, withSourceEncoding } from '../../search-engine/embedded/source-codec.js';
import { foldingOfLayout, LAYOUT_VERSION } from '../../search-engine/embedded/tables.js';
import type { IndexSpec } from '../../search-engine/port.js';
import { profile } from './snapshots.js';

// Profiles for the embedded engine's write-path tests (prepared batches, keyword deletes).

export const spec = { settings: INDICES.profiles.settings, mappings: INDICES.profiles.mappings } as IndexSpec;
/** A catalog as a new index's: this build's codec, the field-name dictionary. */
export const root = withSourceEncoding(buildCatalog(spec, 'test', foldingOfLayout(LAYOUT_VERSION)), codecOfLayout(LAYOUT_VERSION), null);

/** Varied profiles: several experiences, missing fields, a multi-valued keyword and a repeated display name. */
export function docs(n: number): Record<string, unknown>[] {
  return Array.from({ length: n }, (_, i) =>
    toDocument(
      'profiles',
      profile(i + 1, {
        display_name: i % 7 === 0 ? 'Same Name' : `First${i + 1} Last${i + 1}`,
        skills: i % 3 === 0 ? ['Go'] : ['TypeScript', 'SQL', `Skill ${i % 4}`],
        years_experience: i % 4 === 0 ? undefined : i % 15,
        location: i % 2 ? { city: 'Berlin', country: 'Germany', country_code: 'DE' } : { city: 'London', country_code: 'GB' },
        experiences: [
          { company_name: `Company ${i % 5}`, title: i % 2 ? 'Staff Engineer' : 'Designer', start: '2019-01', end: null, is_current: true },
          ...(i % 3 ? [{ company_name: 'Old Corp', title: 'Intern', start: '2015-06', end: '2016-01', is_current: false }] : []),
        ],
      }),
      noLookups(),
    ),
  );
}

export async function withEngine(fn: (engine: EmbeddedEngine, dir: string) => Promise<void>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-prepared-'));
  const engine = new EmbeddedEngine(dir);
  try {
    await fn(engine, dir);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
