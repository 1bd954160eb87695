/**
 * Issue 11: a SQLite failure in a search, count or multi-get reaches callers as the port's error
 * type (SearchEngineError `engine_error`, the SqliteError as its cause), so the server maps it by
 * class. SQLITE_INTERRUPT, how a time budget stops a statement, passes through unchanged.
 */
import Database from 'better-sqlite3';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { runMget } from '../../search-engine/embedded/mget.js';
import { runCount, runSearch } from '../../search-engine/embedded/search.js';
import { translateSqliteErrors } from '../../search-engine/embedded/sqlite-errors.js';
import { SearchEngineError } from '../../search-engine/errors.js';

function engineError(fn: () => unknown): SearchEngineError {
  try {
    fn();
  } catch (err) {
    assert.instance(err, SearchEngineError);
    assert.is((err as SearchEngineError).code, 'engine_error');
    assert.instance((err as SearchEngineError).cause, Database.SqliteError);
    return err as SearchEngineError;
  }
  throw new Error('expected an engine_error');
}

test('search, count and mget on tables SQLite cannot read fail with engine_error', () => {
  const db = new Database(':memory:');
  const root = buildCatalog(PROFILES, 'ix_never_created', 'ascii'); // no table of this index exists
  const err = engineError(() => runSearch(db, root, new Set(), { query: { match: { headline: 'engineer' } } }));
  assert.match(err.message, /no such table/);
  engineError(() => runSearch(db, root, new Set(), { query: { term: { function: 'sales' } }, sort: [{ id: 'asc' }] }));
  engineError(() => runCount(db, root, new Set(), { range: { years_experience: { gte: 3 } } }));
  engineError(() => runMget(db, root, ['p1']));
  db.close();
});

test('SQLITE_INTERRUPT and errors that are not SQLite errors pass through unchanged', () => {
  const interrupted = new Database.SqliteError('interrupted', 'SQLITE_INTERRUPT');
  const other = new TypeError('not SQLite');
  for (const thrown of [interrupted, other]) {
    try {
      translateSqliteErrors(() => {
        throw thrown;
      });
      assert.unreachable('should throw');
    } catch (err) {
      assert.is(err, thrown);
    }
  }
});

test.run();
