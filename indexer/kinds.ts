import path from 'node:path';
import { RECORD_KINDS, type RecordKind } from '../mappings/record-schemas.js';

/** Load order: documents that others are enriched from come first. */
export const LOAD_ORDER: RecordKind[] = ['companies', 'profiles', 'jobs', 'posts', 'connections'];

const SINGULAR: Record<string, RecordKind> = {
  company: 'companies',
  profile: 'profiles',
  person: 'profiles',
  people: 'profiles',
  job: 'jobs',
  post: 'posts',
  connection: 'connections',
  edge: 'connections',
  edges: 'connections',
};

/** The record kind a file holds, from its name (`profiles.jsonl.gz`, `company-2026.ndjson`), or null. */
export function kindFromFileName(file: string): RecordKind | null {
  const base = path
    .basename(file)
    .toLowerCase()
    .replace(/\.gz$/, '')
    .replace(/\.(jsonl|ndjson|json)$/, '');
  for (const kind of RECORD_KINDS) if (base.startsWith(kind)) return kind;
  const first = base.split(/[^a-z]+/)[0] ?? '';
  return SINGULAR[first] ?? null;
}

export function isRecordKind(value: string): value is RecordKind {
  return (RECORD_KINDS as readonly string[]).includes(value);
}
