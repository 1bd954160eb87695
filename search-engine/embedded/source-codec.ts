import zlib from 'node:zlib';
import { allScopes, type Scope } from './catalog.js';

/**
 * How stored sources are kept (docs/indexer.md, "Stored sources"): raw DEFLATE of the document's
 * JSON with a preset dictionary made of the index's own field names, so even a short document
 * does not spell its keys out. A profile's 4.2 KB of JSON (its cached chunks repeat its text)
 * takes about 1 KB. Sources written by layout 4 are JSON text; both read back alike.
 */
const dictionaries = new WeakMap<Scope, Buffer>();

/** The preset dictionary of an index: `"name":` for every field name of its mapping. */
export function sourceDictionary(root: Scope): Buffer {
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

/** Compresses a document's JSON for the docs table. */
export function encodeSource(root: Scope, json: string): Buffer {
  return zlib.deflateRawSync(json, { level: 6, dictionary: sourceDictionary(root) });
}

/** Reads a stored source back: a DEFLATE blob (layout 5) or JSON text (layout 4). */
export function decodeSource<T = Record<string, unknown>>(root: Scope, stored: string | Uint8Array): T {
  if (typeof stored === 'string') return JSON.parse(stored) as T;
  return JSON.parse(zlib.inflateRawSync(stored, { dictionary: sourceDictionary(root) }).toString('utf8')) as T;
}
