/**
 * Where each document of an index lives while a bulk load runs without the index on document ids
 * (docs/search-engine.md, "Bulk loads"). Ids arrive in random order, so a b-tree on them takes
 * each insert on a random page: at 1M documents a batch of 1,000 dirtied about 840 of its 16 KiB
 * pages, written to the WAL at every commit (53 µs a document against 10 without the index,
 * measured alone). The load drops that index, finds ids here instead, and builds the index once
 * at its end, in key order.
 *
 * Keys are 31-bit hashes of the ids (small integers in V8: about 50 bytes an entry, not the
 * id's string); a hash found is confirmed by reading the candidate's id by row id, so a collision
 * costs a read, never a wrong answer. Changes made inside a transaction are undone by
 * {@link rollback} when it fails, and kept by {@link commit}.
 */
export class IdDirectory {
  private readonly slots = new Map<number, number | number[]>();
  /** Changes since the last commit: `[1 = added | 0 = removed, hash, rowid]` each. */
  private readonly log: number[] = [];
  private entries = 0;

  /** @param idAt the id of the document at a row id (undefined when there is none). */
  constructor(private readonly idAt: (rowid: number) => string | undefined) {}

  /** Documents listed. */
  get size(): number {
    return this.entries;
  }

  /** The row id of the document with this id, or undefined. */
  find(id: string): number | undefined {
    const slot = this.slots.get(idHash(id));
    if (slot === undefined) return undefined;
    if (typeof slot === 'number') return this.idAt(slot) === id ? slot : undefined;
    return slot.find((rowid) => this.idAt(rowid) === id);
  }

  add(id: string, rowid: number): void {
    const h = idHash(id);
    this.put(h, rowid);
    this.log.push(1, h, rowid);
  }

  remove(id: string, rowid: number): void {
    const h = idHash(id);
    if (this.take(h, rowid)) this.log.push(0, h, rowid);
  }

  /** Keeps the changes made since the last commit or rollback. */
  commit(): void {
    this.log.length = 0;
  }

  /** Undoes the changes made since the last commit (their transaction rolled back). */
  rollback(): void {
    for (let i = this.log.length - 3; i >= 0; i -= 3) {
      const [added, h, rowid] = [this.log[i]!, this.log[i + 1]!, this.log[i + 2]!];
      if (added) this.take(h, rowid);
      else this.put(h, rowid);
    }
    this.log.length = 0;
  }

  private put(h: number, rowid: number): void {
    const slot = this.slots.get(h);
    if (slot === undefined) this.slots.set(h, rowid);
    else if (typeof slot === 'number') this.slots.set(h, [slot, rowid]);
    else slot.push(rowid);
    this.entries++;
  }

  private take(h: number, rowid: number): boolean {
    const slot = this.slots.get(h);
    if (slot === rowid) this.slots.delete(h);
    else if (Array.isArray(slot) && slot.includes(rowid)) {
      const rest = slot.filter((r) => r !== rowid);
      this.slots.set(h, rest.length === 1 ? rest[0]! : rest);
    } else return false;
    this.entries--;
    return true;
  }
}

/** FNV-1a over the id's UTF-16 code units, folded to 31 bits (a V8 small integer). */
export function idHash(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  return h >>> 1;
}
