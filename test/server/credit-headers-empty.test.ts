import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { type CreditStatus, creditHeaders } from '../../server/billing/credits.js';
import { startTestApp } from '../helpers/test-app.js';

const CREDIT_HEADERS = [
  'x-service-credits-tier',
  'x-service-credits-limit',
  'x-service-credits-used',
  'x-service-credits-remaining',
  'x-service-credits-reset-at',
  'x-service-credits-window-days',
];

test('a credit header is omitted, never empty, when it has no value', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const res = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(res.status, 200);
    for (const name of CREDIT_HEADERS) assert.is.not(res.headers.get(name), '', `${name} is empty`);
    // No usage yet: nothing expires, so there is no reset time to send.
    assert.is(res.headers.get('x-service-credits-reset-at'), null);
    assert.is(res.headers.get('x-service-credits-used'), '0');
    assert.ok(res.headers.get('x-service-credits-limit'));
  } finally {
    await app.close();
  }
});

test('a status without a ceiling yields no Limit or Remaining header', () => {
  const status: CreditStatus = {
    tier: 'pro',
    limitMicro: null,
    usedMicro: 0,
    remainingMicro: null,
    windowStart: null,
    windowDays: 30,
    resetAt: null,
    asOf: 0,
  };
  const headers = creditHeaders(status);
  for (const [name, value] of Object.entries(headers)) assert.is.not(value, '', `${name} is empty`);
  assert.not.ok('X-Service-Credits-Limit' in headers);
  assert.not.ok('X-Service-Credits-Remaining' in headers);
  assert.not.ok('X-Service-Credits-Reset-At' in headers);
});

test.run();
