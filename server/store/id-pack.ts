/** How a packed id list is encoded: its first byte. */
const UUIDS = 1;
const JSON_TEXT = 2;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const UUID_BYTES = 16;

/**
 * Packs ids into bytes: 16 bytes an id when every one is a lowercase canonical UUID (the form of
 * every corpus id; as JSON each takes 39), otherwise the list's JSON text, so any id round-trips.
 */
export function packIds(ids: readonly string[]): Buffer {
  if (!ids.every((id) => UUID.test(id))) return Buffer.concat([Buffer.of(JSON_TEXT), Buffer.from(JSON.stringify(ids))]);
  const out = Buffer.alloc(1 + ids.length * UUID_BYTES);
  out[0] = UUIDS;
  ids.forEach((id, i) => {
    out.write(id.replaceAll('-', ''), 1 + i * UUID_BYTES, 'hex');
  });
  return out;
}

/** The ids {@link packIds} packed, in their order. */
export function unpackIds(packed: Buffer): string[] {
  if (packed[0] === JSON_TEXT) return JSON.parse(packed.toString('utf8', 1)) as string[];
  if (packed[0] !== UUIDS) throw new Error(`unknown id list encoding ${packed[0]}`);
  const ids: string[] = [];
  for (let at = 1; at < packed.length; at += UUID_BYTES) {
    const hex = packed.toString('hex', at, at + UUID_BYTES);
    ids.push(`${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`);
  }
  return ids;
}
