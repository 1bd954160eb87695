import crypto from 'node:crypto';
import zlib from 'node:zlib';
import { allScopes, type Scope } from './catalog.js';

/**
 * How stored sources are kept (docs/indexer.md, "Stored sources"): raw DEFLATE of the document's
 * JSON with a preset dictionary, so even a short document does not spell out what documents of
 * its index share. The dictionary is the index's own, trained when it was created from sample
 * documents (layout 6), or else made of the mapping's field names (layout 5). Sources written by
 * layout 4 are JSON text; all read back alike.
 */
const dictionaries = new WeakMap<Scope, Buffer>();

/** DEFLATE's window: a preset dictionary's last 32 KiB are what it can refer to. */
const WINDOW = 32 * 1024;

/** The dictionary of field names of an index: `"name":` for every field name of its mapping. */
export function fieldNameDictionary(root: Scope): Buffer {
  let dict = dictionaries.get(root);
  if (!dict) {
    const names = new Set<string>();
    for (const scope of allScopes(root)) {
      for (const field of scope.fields.values()) for (const part of field.sourcePath.split('.')) names.add(part);
      for (const nested of scope.nested.keys()) names.add(nested.split('.').pop() as string);
    }
    // DEFLATE finds matches nearest the end of the dictionary cheapest: shorter names last.
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
 * DEFLATE prefers, cut to the window less the field names, which end it (the nearest, cheapest
 * matches). Values that documents share (enumerations, common titles, places, skills, date
 * prefixes, the order of keys) are then found in the dictionary instead of spelled out.
 */
export function trainSourceDictionary(root: Scope, samples: readonly Record<string, unknown>[]): Buffer {
  const names = fieldNameDictionary(root);
  const text = Buffer.from(samples.map((s) => JSON.stringify(s)).join(''), 'utf8');
  const room = Math.max(0, WINDOW - names.length);
  return Buffer.concat([text.subarray(Math.max(0, text.length - room)), names]);
}

/** Gives a root scope its index's trained dictionary, if any (from the index catalog). */
export function withDictionary(root: Scope, dictionary: Uint8Array | null | undefined): Scope {
  if (dictionary) root.sourceDictionary = Buffer.from(dictionary);
  return root;
}

/** A short digest naming a dictionary (prepared batches carry it; null: the field names). */
export function dictionaryKey(root: Scope): string | null {
  const dict = root.sourceDictionary;
  return dict ? crypto.createHash('sha256').update(dict).digest('hex').slice(0, 32) : null;
}

/** Compresses a document's JSON for the docs table. */
export function encodeSource(root: Scope, json: string): Buffer {
  return zlib.deflateRawSync(json, { level: 6, dictionary: sourceDictionary(root) });
}

/** Reads a stored source back: a DEFLATE blob (layout 5) or JSON text (layout 4). */
export function decodeSource<T = Record<string, unknown>>(root: Scope, stored: string | Uint8Array): T {
  if (typeof stored === 'string') return JSON.parse(stored) as T;
  return JSON.parse(zlib.inflateRawSync(stored, { dictionary: sourceDictionary(root) }).toString('utf8')) as T;
}
