import * as assert from 'uvu/assert';
import { SearchEngineError } from '../../search-engine/errors.js';

/** The SearchEngineError a call fails with (the assertion fails if it succeeds or fails otherwise). */
export async function engineFailure(p: Promise<unknown>): Promise<SearchEngineError> {
  try {
    await p;
  } catch (err) {
    assert.instance(err, SearchEngineError);
    return err as SearchEngineError;
  }
  return assert.unreachable('expected the call to fail') as never;
}
