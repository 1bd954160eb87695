import type Database from 'better-sqlite3';
import type { IndexSpec } from '../port.js';
import { buildCatalog, type Scope } from './catalog.js';
import type { IndexCatalog } from './index-meta.js';
import { codecOfLayout, withSourceEncoding } from './source-codec.js';
import { ensureSortIndexes, foldingOfLayout } from './tables.js';
import { IndexWriter } from './writer.js';

/** An index as the engine's writer connection holds it open: its catalog, writer and state. */
export interface OpenIndex {
  name: string;
  spec: IndexSpec;
  root: Scope;
  writer: IndexWriter;
  multiValued: Set<string>;
  /** `multiValued` as the catalog row held it when last read or written here. */
  multiValuedJson: string;
  /**
   * Set between beginBulkLoad and endBulkLoad (a new index, not yet live): documents are
   * inserted as new, and only an id found in the index again takes the replace path.
   */
  fresh: boolean;
}

/**
 * The indexes the engine has opened, by physical name, each built once from its catalog row and
 * kept while its row names the same prefix. The fields found multi-valued are shared with the
 * catalog row both ways: read when an index resolves, merged in when a batch saves them.
 */
export class OpenIndexes {
  private readonly open = new Map<string, OpenIndex>();

  constructor(
    private readonly db: Database.Database,
    private readonly catalog: IndexCatalog,
    /** Documents a bulk load's id directory lists at most (id-locator.ts, DIRECTORY_MAX). */
    private readonly loadDirectoryMax: number | undefined,
  ) {}

  /** Resolves an index or (when allowed) an alias to an open index. */
  resolve(name: string, allowAlias: boolean): OpenIndex {
    const head = this.catalog.resolve(name, allowAlias);
    const physical = head.name;
    const cached = this.open.get(physical);
    // The same name with another prefix is a later index (deleted and made again by another process).
    if (cached?.root.prefix === head.prefix) {
      absorbMultiValued(cached, head.multi_valued);
      return cached;
    }
    const body = this.catalog.body(head);
    const spec = JSON.parse(body.spec) as IndexSpec;
    const root = withSourceEncoding(
      buildCatalog(spec, head.prefix, foldingOfLayout(head.layout)),
      codecOfLayout(head.layout),
      body.source_dictionary,
    );
    ensureSortIndexes(this.db, root); // indices built before these existed gain them on first use
    const multiValued = new Set(JSON.parse(head.multi_valued) as string[]);
    const index: OpenIndex = {
      name: physical,
      spec,
      root,
      writer: new IndexWriter(this.db, root, multiValued, this.loadDirectoryMax),
      multiValued,
      multiValuedJson: head.multi_valued,
      fresh: false,
    };
    this.open.set(physical, index);
    return index;
  }

  /** Forgets an index (it was deleted). */
  forget(name: string): void {
    this.open.delete(name);
  }

  /** Writes an open index's multi-valued fields to its catalog row. */
  saveMultiValued(target: OpenIndex): void {
    // Within the batch's write transaction: fields another process found multi-valued since this
    // one last read the row are merged in, never overwritten.
    const stored = this.catalog.head(target.name)?.multi_valued;
    if (stored !== undefined) absorbMultiValued(target, stored);
    target.multiValuedJson = JSON.stringify([...target.multiValued]);
    this.db.prepare('UPDATE engine_indices SET multi_valued = ? WHERE name = ?').run(target.multiValuedJson, target.name);
  }
}

/**
 * Adds the fields the catalog row lists as multi-valued (`stored`, its JSON) to an open index's
 * set, in place (its writer holds the set): another process (the indexer) may have found some,
 * and a field that became multi-valued stays so.
 */
function absorbMultiValued(target: OpenIndex, stored: string): void {
  if (stored === target.multiValuedJson) return;
  for (const field of JSON.parse(stored) as string[]) target.multiValued.add(field);
  target.multiValuedJson = stored;
}
