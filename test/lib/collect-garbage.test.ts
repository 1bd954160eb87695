import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { collectGarbage } from '../../lib/collect-garbage.js';

test('collectGarbage runs a full collection without any command-line flag', async () => {
  assert.is((globalThis as { gc?: unknown }).gc, undefined, 'the test runs without --expose-gc');
  let ref: WeakRef<object> | undefined;
  (() => {
    ref = new WeakRef({ garbage: new Array(100_000).fill('x') });
  })();
  // A weak reference holds its target until the job that made it ends.
  await new Promise((resolve) => setImmediate(resolve));
  assert.ok(ref!.deref() !== undefined, 'nothing has collected it yet');
  // Reading it holds it for this job too.
  await new Promise((resolve) => setImmediate(resolve));
  assert.is(collectGarbage(), true);
  assert.is(ref!.deref(), undefined);
  assert.is(collectGarbage(), true, 'and again');
});

test.run();
