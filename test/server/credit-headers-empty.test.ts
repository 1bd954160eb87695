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

test('every credit header is sent, never empty, before any usage', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const res = await app.call('GET', '/api/v1/credits/status', { key: apiKey });
    assert.is(res.status, 200);
    for (const name of CREDIT_HEADERS) assert.is.not(res.headers.get(name), '', `${name} is empty`);
    // No usage yet: the body's reset_at is null, yet the contract's six headers are all sent;
    // Reset-At is the end of a window that would start now (an auditor found it missing).
    for (const name of CREDIT_HEADERS) assert.ok(res.headers.get(name), `${name} is present`);
    assert.is(res.body.reset_at, null);
    const asOf = Date.parse(res.body.as_of as string);
    assert.is(Date.parse(res.headers.get('x-service-credits-reset-at')!), asOf + 30 * 86_400_000);
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
  assert.is(headers['X-Service-Credits-Reset-At'], new Date(30 * 86_400_000).toISOString());
});

test.run();
