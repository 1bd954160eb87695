/**
 * OpenSearch client errors as the adapter reports them (search-engine/opensearch/errors.ts): by
 * class and status, and without the request they failed on, which may hold private fields.
 */
import { inspect } from 'node:util';
import { errors } from '@opensearch-project/opensearch';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { translate } from '../../search-engine/opensearch/errors.js';

test("a failed bulk's error keeps no part of the documents it carried", () => {
  const body = '{"index":{"_id":"p1"}}\n{"emails":["ana.private@example.com"],"phone_numbers":["+14155550123"]}\n';
  const raw = new errors.ResponseError({
    body: { error: { type: 'es_rejected_execution_exception' } },
    statusCode: 429,
    headers: {},
    warnings: null,
    meta: { request: { params: { method: 'POST', path: '/_bulk', body }, options: {}, id: 1 } },
  } as never);
  const err = translate(raw, 'bulk');
  assert.is(err.code, 'engine_unavailable');
  assert.match(err.message, /overloaded or failing during bulk \(429\)/);
  const printed = inspect(err, { depth: 10 });
  assert.not.match(printed, /ana\.private@example\.com/);
  assert.not.match(printed, /4155550123/);
  assert.match(printed, /ResponseError 429/);
});

test.run();
