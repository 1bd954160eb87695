import type Database from 'better-sqlite3';
import { SearchEngineError } from '../errors.js';
import { LAYOUT_VERSION, READABLE_LAYOUTS } from './tables.js';

/**
 * What every call reads of an index's catalog row: the columns that can change (`multi_valued`)
 * or that tell one index from a later one of the same name (`prefix`, unique per creation).
 */
export interface IndexHead {
  name: string;
  prefix: string;
  multi_valued: string;
  layout: number;
}

/**
 * What is read once per index: its mapping and its trained source dictionary (layout 6 and
 * later), both written when the index is created and never changed.
 */
export interface IndexBody {
  spec: string;
  /** The index's trained source dictionary, if it has one. */
  source_dictionary: Buffer | null;
}

/**
 * The engine's index catalog, as one connection reads it. Every read of the engine resolves its
 * index name here, on the main thread and again on the read worker, so the lookups are prepared
 * once and read only the small columns: the mapping's JSON and a 128 KiB source dictionary used
 * to be copied out on each call (70-340 µs a call, measured on the bench indices). Callers
 * cache what they build from a body by `prefix`.
 */
export class IndexCatalog {
  private statements: {
    head: Database.Statement;
    alias: Database.Statement;
    body: Database.Statement;
  } | null = null;

  constructor(private readonly db: Database.Database) {}

  /** Prepared on first use: a read-only connection may open before the tables are made. */
  private get st() {
    this.statements ??= {
      head: this.db.prepare('SELECT name, prefix, multi_valued, layout FROM engine_indices WHERE name = ?'),
      alias: this.db.prepare(
        'SELECT i.name, i.prefix, i.multi_valued, i.layout FROM engine_aliases a JOIN engine_indices i ON i.name = a.idx WHERE a.alias = ?',
      ),
      body: this.db.prepare('SELECT spec, source_dictionary FROM engine_indices WHERE name = ? AND prefix = ?'),
    };
    return this.statements;
  }

  /** The catalog row of an index by its own name. */
  head(name: string): IndexHead | undefined {
    return this.st.head.get(name) as IndexHead | undefined;
  }

  /**
   * The catalog row of an index, or of the one index an alias points at (when allowed).
   * Throws `index_not_found` when there is none, and refuses an index of another table layout.
   */
  resolve(name: string, allowAlias: boolean): IndexHead {
    let head = this.head(name);
    if (!head && allowAlias) {
      const targets = this.st.alias.all(name) as IndexHead[];
      if (targets.length === 1) head = targets[0];
    }
    if (!head) throw new SearchEngineError('index_not_found', `no index or alias "${name}"`);
    if (!READABLE_LAYOUTS.includes(head.layout)) {
      throw new SearchEngineError(
        'engine_error',
        `index "${head.name}" was built with table layout ${head.layout}; this build reads layouts ${READABLE_LAYOUTS.slice(0, -1).join(', ')} and ${READABLE_LAYOUTS.at(-1)} (it writes ${LAYOUT_VERSION}): rebuild it with \`proxima index --swap\``,
      );
    }
    return head;
  }

  /** The mapping and source dictionary of the index a head names (gone if it was deleted since). */
  body(head: IndexHead): IndexBody {
    const body = this.st.body.get(head.name, head.prefix) as IndexBody | undefined;
    if (!body) throw new SearchEngineError('index_not_found', `index "${head.name}" was deleted`);
    return body;
  }
}
