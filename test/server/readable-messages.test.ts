import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { redactUrl } from '../../server/communications/webhooks.js';
import { ValidationFailed } from '../../server/errors.js';
import { startTestApp } from '../helpers/test-app.js';

// An auditor's two cosmetic findings: a validation message ending in "..", and a hidden webhook
// query shown as "?%E2%80%A6".

test('a problem written as a sentence ends the summary with one full stop', async () => {
  const err = new ValidationFailed([{ in: 'body', pointer: '/a', message: 'is wrong. Send b.' }]);
  assert.is(err.message, 'The request is invalid: body/a is wrong. Send b.');
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const res = await app.call('POST', '/api/v1/search/posts/preview', {
      key: apiKey,
      body: { filters: { posts: { action_types: ['like'] } } },
    });
    assert.is(res.status, 400);
    const message = res.body.message as string;
    assert.match(message, /number of reactions\.$/);
    assert.not.match(message, /\.\.$/);
  } finally {
    await app.close();
  }
});

test('a webhook URL hides its query as a readable ?…, its credentials as ***', () => {
  assert.is(redactUrl('https://hooks.example.com/x?token=abc'), 'https://hooks.example.com/x?…');
  assert.is(redactUrl('https://user:pw@hooks.example.com/x?token=abc#frag'), 'https://***@hooks.example.com/x?…#frag');
  assert.is(redactUrl('https://hooks.example.com/x'), 'https://hooks.example.com/x');
  assert.is(redactUrl('not a url'), '(invalid url)');
});

test.run();
