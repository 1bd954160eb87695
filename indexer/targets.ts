import { INDICES, physicalIndexName } from '../mappings/indices.js';
import type { DocumentKind } from '../mappings/record-schemas.js';
import { dictionaryBytes } from '../search-engine/embedded/source-codec.js';
import type { SearchEngine } from '../search-engine/port.js';
import { readLines } from './read-lines.js';
import { type Lookups, toDocument } from './transform/documents.js';
import { checkLine } from './validate.js';

/** Where one file's documents go, and what to do when it is loaded. */
export interface LoadTarget {
  kind: DocumentKind;
  alias: string;
  /** The index written to: a new physical index (swap, first load) or the live alias. */
  index: string;
  /** Swap the alias to `index` once the load is verified. */
  swapWhenDone: boolean;
  /** The index started empty: load settings apply and the count can be verified. */
  freshLoad: boolean;
}

/**
 * Chooses where to write. `--swap` (or a first load, when the alias does not exist yet) fills a
 * new physical index that the alias is pointed at afterwards; otherwise upserts go to the alias.
 * A new index is only named here: the caller records it in the checkpoint, then creates it with
 * `createTargetIndex`, so a killed run never leaves an index its checkpoint does not list.
 */
export async function resolveTarget(
  engine: SearchEngine,
  kind: DocumentKind,
  swap: boolean,
  resumeIndex: string | undefined,
): Promise<LoadTarget> {
  const def = INDICES[kind];
  const live = await engine.getAlias(def.alias);
  if (!swap && live.length > 0) return { kind, alias: def.alias, index: def.alias, swapWhenDone: false, freshLoad: false };
  return { kind, alias: def.alias, index: resumeIndex ?? physicalIndexName(kind), swapWhenDone: true, freshLoad: true };
}

/**
 * Creates a target's new index. Resuming continues the index the interrupted run created; a new
 * run always starts empty. `samples` (documents built from the snapshot's first records, asked
 * for only when the index is created) let the engine train its source dictionary
 * (docs/indexer.md, "Stored sources").
 */
export async function createTargetIndex(
  engine: SearchEngine,
  target: LoadTarget,
  samples: () => Promise<Record<string, unknown>[]> = async () => [],
): Promise<void> {
  if (await engine.indexExists(target.index)) return;
  const def = INDICES[target.kind];
  await engine.createIndex(target.index, { settings: def.settings, mappings: def.mappings }, { sourceSamples: await samples() });
}

/**
 * Documents sampled for a source dictionary: a snapshot's first valid records, until their JSON
 * fills the largest dictionary the embedded engine makes (128 KiB for Zstandard: about 45
 * profiles, 300 posts), and at most this many.
 */
const SAMPLE_DOCUMENTS = 1_000;
const SAMPLE_BYTES = dictionaryBytes('zstd');

/**
 * Documents built from the first valid records of a snapshot file (without the facts and names
 * they copy from other indices), as samples of what the index will hold.
 */
export async function sampleDocuments(file: string, kind: DocumentKind): Promise<Record<string, unknown>[]> {
  const none: Lookups = { companies: new Map(), companyNames: new Map(), authorNames: new Map() };
  const out: Record<string, unknown>[] = [];
  let bytes = 0;
  for await (const { text, long, notUtf8 } of readLines(file).lines) {
    if (long || notUtf8) continue;
    const checked = checkLine(kind, text);
    if (checked.ok && !checked.deleted) {
      const doc = toDocument(kind, checked.record, none);
      out.push(doc);
      bytes += Buffer.byteLength(JSON.stringify(doc));
    }
    if (out.length >= SAMPLE_DOCUMENTS || bytes >= SAMPLE_BYTES) break;
  }
  return out;
}

/** Raised when a swap is refused; the live alias is left as it was. */
export class SwapRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SwapRefused';
  }
}

/**
 * Verifies the new index holds exactly the documents written, then points the alias at it in
 * one atomic call and drops the indices it replaced; a refused swap drops the new index. `beforeSwap` is told which those are before
 * the alias moves, so that a checkpoint can record them. `explainShortfall`, asked only when the
 * index holds fewer documents than written, says why if it can (repeated-ids.ts).
 */
export async function verifyAndSwap(
  engine: SearchEngine,
  target: LoadTarget,
  expectedDocs: number | { min: number; max: number },
  beforeSwap: (previous: string[]) => void = () => {},
  explainShortfall: () => Promise<string | null> = async () => null,
): Promise<{ previous: string[] }> {
  await engine.refresh(target.index);
  const actual = await engine.count(target.index);
  const { min, max } = typeof expectedDocs === 'number' ? { min: expectedDocs, max: expectedDocs } : expectedDocs;
  if (actual < min || actual > max) {
    const why = actual < min ? await explainShortfall() : null;
    // The same inputs would be refused again: the new index is dropped, not left for a resume.
    await engine.deleteIndex(target.index);
    throw new SwapRefused(
      `${target.kind}: the new index ${target.index} holds ${actual} documents but ${min === max ? min : `${min} to ${max}`} should remain of what was written${why ? `. ${why}` : ''}; alias ${target.alias} left unchanged; the new index ${target.index} was dropped`,
    );
  }
  const previous = (await engine.getAlias(target.alias)).filter((i) => i !== target.index);
  beforeSwap(previous);
  await engine.swapAlias(target.alias, target.index);
  await dropRetired(engine, previous);
  return { previous };
}

/** Deletes the indices a swap replaced, skipping any already gone (a resumed run may repeat this). */
export async function dropRetired(engine: SearchEngine, indices: readonly string[]): Promise<void> {
  for (const old of indices) if (await engine.indexExists(old)) await engine.deleteIndex(old);
}
