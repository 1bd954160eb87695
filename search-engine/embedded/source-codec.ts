import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { Compressor, Decompressor } from 'zstd-napi';
import { SearchEngineError } from '../errors.js';
import type { SourceCodec, SourceEncoding } from '../port.js';
import { allScopes, type Scope } from './catalog.js';

/**
 * How stored sources are kept (docs/indexer.md, "Stored sources"): the document's JSON compressed
 * with a preset dictionary, so even a short document does not spell out what documents of its
 * index share. The dictionary is the index's own, trained when it was created from sample
 * documents, or else made of the mapping's field names.
 *
 * - Layout 8 compresses with Zstandard and a dictionary of up to 128 KiB: about five times
 *   faster than DEFLATE, and sources 10% smaller (docs/performance.md, "Issue 17").
 * - Layouts 5-7 used raw DEFLATE (level 6), whose window is 32 KiB; layout 4 kept JSON text.
 *   All read back alike.
 */
const dictionaries = new WeakMap<Scope, Buffer>();

/** The longest dictionary each codec can use: DEFLATE's window; for Zstandard, what we chose. */
const DICTIONARY_BYTES: Record<SourceCodec, number> = { deflate: 32 * 1024, zstd: 128 * 1024 };

/** Zstandard's level: 4 with a 128 KiB dictionary keeps 1M-corpus profiles in 601 bytes, 26 µs each. */
const ZSTD_LEVEL = 4;

/** The codec an index of a table layout compresses its sources with. */
export const codecOfLayout = (layout: number): SourceCodec => (layout >= 8 ? 'zstd' : 'deflate');

/** The dictionary of field names of an index: `"name":` for every field name of its mapping. */
export function fieldNameDictionary(root: Scope): Buffer {
  let dict = dictionaries.get(root);
  if (!dict) {
    const names = new Set<string>();
    for (const scope of allScopes(root)) {
      for (const field of scope.fields.values()) for (const part of field.sourcePath.split('.')) names.add(part);
      for (const nested of scope.nested.keys()) names.add(nested.split('.').pop() as string);
    }
    // Both codecs find matches nearest the end of the dictionary cheapest: shorter names last.
    const ordered = [...names].sort((a, b) => b.length - a.length || (a < b ? -1 : 1));
    dict = Buffer.from(ordered.map((n) => `"${n}":`).join(''), 'utf8');
    dictionaries.set(root, dict);
  }
  return dict;
}

/** The preset dictionary an index's sources use: its own trained one, or its field names. */
export function sourceDictionary(root: Scope): Buffer {
  return root.sourceDictionary ?? fieldNameDictionary(root);
}

/**
 * Trains a preset dictionary from sample documents of an index: their JSON, most recent last as
 * both codecs prefer, cut to the codec's dictionary size less the field names, which end it (the
 * nearest, cheapest matches). Values that documents share (enumerations, common titles, places,
 * skills, date prefixes, the order of keys) are then found in the dictionary instead of spelled out.
 */
export function trainSourceDictionary(root: Scope, samples: readonly Record<string, unknown>[]): Buffer {
  const names = fieldNameDictionary(root);
  const text = Buffer.from(samples.map((s) => JSON.stringify(s)).join(''), 'utf8');
  const room = Math.max(0, DICTIONARY_BYTES[root.sourceCodec ?? 'deflate'] - names.length);
  return Buffer.concat([text.subarray(Math.max(0, text.length - room)), names]);
}

/** The bytes of sample documents a dictionary for this codec can use. */
export const dictionaryBytes = (codec: SourceCodec): number => DICTIONARY_BYTES[codec];

/** Gives a root scope its index's codec and trained dictionary, if any (from the index catalog). */
export function withSourceEncoding(root: Scope, codec: SourceCodec, dictionary: Uint8Array | null | undefined): Scope {
  root.sourceCodec = codec;
  if (dictionary) root.sourceDictionary = Buffer.from(dictionary);
  else delete root.sourceDictionary;
  return root;
}

/** The codec and trained dictionary a root scope's sources use, and how it folds letters. */
export function sourceEncoding(root: Scope): SourceEncoding {
  return { codec: root.sourceCodec ?? 'deflate', dictionary: root.sourceDictionary ?? null, folding: root.folding };
}

/**
 * Whether a root scope already compresses sources as `encoding` says. Its folding is fixed when
 * the catalog is built: a catalog of another folding is another catalog.
 */
export function hasSourceEncoding(root: Scope, encoding: SourceEncoding): boolean {
  if ((root.sourceCodec ?? 'deflate') !== encoding.codec || root.folding !== encoding.folding) return false;
  return encoding.dictionary ? root.sourceDictionary?.equals(encoding.dictionary) === true : !root.sourceDictionary;
}

/**
 * A short name of how an index stores what it is given: its codec, a digest of its trained
 * dictionary (or `names` for the field-name dictionary) and its folding. Prepared batches carry it.
 */
export function sourceEncodingKey(root: Scope): string {
  const dict = root.sourceDictionary;
  return `${root.sourceCodec ?? 'deflate'}:${dict ? dictionaryDigest(dict) : 'names'}:${root.folding}`;
}

/** Digests of dictionaries, by dictionary: a key is asked for every prepared batch, on both threads. */
const digests = new WeakMap<Buffer, string>();

function dictionaryDigest(dict: Buffer): string {
  let digest = digests.get(dict);
  if (!digest) {
    digest = crypto.createHash('sha256').update(dict).digest('hex').slice(0, 32);
    digests.set(dict, digest);
  }
  return digest;
}

/**
 * Zstandard contexts with a dictionary loaded, by dictionary: loading digests the dictionary
 * (its hash tables), which is most of the cost of compressing one short document.
 */
const compressors = new WeakMap<Buffer, Compressor>();
const decompressors = new WeakMap<Buffer, Decompressor>();

function compressorFor(dict: Buffer): Compressor {
  let c = compressors.get(dict);
  if (!c) {
    c = new Compressor();
    c.setParameters({ compressionLevel: ZSTD_LEVEL });
    c.loadDictionary(dict);
    compressors.set(dict, c);
  }
  return c;
}

function decompressorFor(dict: Buffer): Decompressor {
  let d = decompressors.get(dict);
  if (!d) {
    d = new Decompressor();
    d.loadDictionary(dict);
    decompressors.set(dict, d);
  }
  return d;
}

/** Compresses a document's JSON for the docs table. */
export function encodeSource(root: Scope, json: string): Buffer {
  const dict = sourceDictionary(root);
  if (root.sourceCodec === 'zstd') return compressorFor(dict).compress(Buffer.from(json, 'utf8'));
  return zlib.deflateRawSync(json, { level: 6, dictionary: dict });
}

/**
 * Whether stored bytes are a Zstandard frame: they begin with its magic number. No raw DEFLATE
 * stream can (the bytes would open a stored block whose two length fields disagree).
 */
const isZstd = (b: Uint8Array): boolean => b.length >= 4 && b[0] === 0x28 && b[1] === 0xb5 && b[2] === 0x2f && b[3] === 0xfd;

/** Reads a stored source back: Zstandard (layout 8), DEFLATE (layouts 5-7) or JSON text (layout 4). */
export function decodeSource<T = Record<string, unknown>>(root: Scope, stored: string | Uint8Array): T {
  return parseSourceText<T>(decodeSourceText(root, stored));
}

/**
 * A stored source's JSON text (what a read worker sends: a string crosses threads as one copy, an
 * object as a clone of every node). A source that cannot be decompressed fails as `engine_error`.
 */
export function decodeSourceText(root: Scope, stored: string | Uint8Array): string {
  if (typeof stored === 'string') return stored;
  const dict = sourceDictionary(root);
  try {
    const json = isZstd(stored) ? decompressorFor(dict).decompress(stored) : zlib.inflateRawSync(stored, { dictionary: dict });
    return json.toString('utf8');
  } catch (err) {
    throw new SearchEngineError('engine_error', `a stored document could not be read: ${(err as Error).message}`, err);
  }
}

/** Parses a source's JSON text (on whichever thread reads it); text that is not JSON fails as `engine_error`. */
export function parseSourceText<T = Record<string, unknown>>(text: string): T {
  try {
    return JSON.parse(text) as T;
  } catch (err) {
    throw new SearchEngineError('engine_error', `a stored document is not valid JSON: ${(err as Error).message}`, err);
  }
}
