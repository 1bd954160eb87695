import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { suite } from 'uvu';
import * as assert from 'uvu/assert';
import { createApiKey } from '../../server/commands/create-api-key.js';
import { launchBrowser } from '../helpers/browser.js';
import { loadConnectorCorpus } from '../helpers/connector-corpus.js';
import { authorize } from '../helpers/oauth-flow.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

interface Ctx {
  app: TestApp;
  browser: Awaited<ReturnType<typeof launchBrowser>>;
}
const s = suite<Ctx>('the /account settings page in headless Chromium');

s.before(async (ctx) => {
  ctx.app = await startTestApp();
  await loadConnectorCorpus(ctx.app);
  ctx.browser = await launchBrowser();
});
s.after(async (ctx) => {
  await ctx.browser?.close();
  await ctx.app?.close();
});

async function signIn(ctx: Ctx, apiKey: string): Promise<Page> {
  const page = await ctx.browser.browser.newPage();
  await page.goto(`${ctx.app.url}/account`);
  await page.fill('input[name=api_key]', apiKey);
  await Promise.all([page.waitForLoadState(), page.click('button[type=submit]')]);
  return page;
}

/**
 * Counts the pixels of a PNG that are "bar blue" (the chart's fill), by drawing it on a canvas in
 * a blank page: the test looks at the screenshot, not at the markup.
 */
async function bluePixels(ctx: Ctx, png: Buffer): Promise<number> {
  const page = await ctx.browser.browser.newPage();
  try {
    return await page.evaluate(async (b64) => {
      const img = new Image();
      img.src = `data:image/png;base64,${b64}`;
      await img.decode();
      const canvas = document.createElement('canvas');
      canvas.width = img.width;
      canvas.height = img.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(img, 0, 0);
      const data = g.getImageData(0, 0, img.width, img.height).data;
      let n = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i]! < 90 && data[i + 1]! > 80 && data[i + 1]! < 140 && data[i + 2]! > 190) n++;
      return n;
    }, png.toString('base64'));
  } finally {
    await page.close();
  }
}

s('sign in with a key; a bad key shows an error and opens no session', async (ctx) => {
  const page = await signIn(ctx, 'prx_0000000000_0000000000000000000000000000000000000000');
  assert.match((await page.textContent('main')) ?? '', 'Sign-in failed');
  const { apiKey } = ctx.app.account({ name: 'Ada <b>Admin</b>' });
  const ok = await signIn(ctx, apiKey);
  assert.match((await ok.textContent('main')) ?? '', 'Ada <b>Admin</b>', 'the name shows as text');
  await page.close();
  await ok.close();
});

s('create a key with chosen scopes (secret shown once, works with exactly those scopes), then revoke it', async (ctx) => {
  const { apiKey } = ctx.app.account();
  const page = await signIn(ctx, apiKey);
  await page.fill('input[name=name]', '<img src=x onerror=alert(1)>');
  await page.check('input[name=scopes][value=profiles-read]');
  await page.check('input[name=scopes][value=enrich]');
  await Promise.all([page.waitForLoadState(), page.click('form[action="/account/keys"] button[type=submit]')]);
  const secret = ((await page.textContent('.secret')) ?? '').trim();
  assert.match(secret, /^prx_[0-9A-Za-z]{10}_[0-9A-Za-z]{40}$/);
  assert.match((await page.textContent('#keys')) ?? '', '<img src=x onerror=alert(1)>', 'the key name shows as text');
  assert.is(await page.locator('#keys img').count(), 0, 'no element was injected');

  const credits = await ctx.app.call('GET', '/api/v1/credits', { key: secret });
  assert.equal((credits.body.current_api_key as { scopes: string[] }).scopes, ['profiles-read', 'enrich']);
  assert.is((await ctx.app.call('POST', '/api/v1/search/people', { key: secret, body: { description: 'x' } })).status, 403);

  await page.goto(`${ctx.app.url}/account`);
  assert.is(await page.locator('.secret').count(), 0, 'the secret is never shown again');
  const prefix = secret.slice(0, 14);
  const row = page.locator('#keys tr', { hasText: prefix });
  await Promise.all([page.waitForLoadState(), row.locator('button', { hasText: 'Revoke' }).click()]);
  assert.match((await page.locator('#keys tr', { hasText: prefix }).textContent()) ?? '', 'revoked');
  assert.is((await ctx.app.call('GET', '/api/v1/credits/status', { key: secret })).status, 401);
  await page.close();
});

s('a session opened with a narrow key can make no wider key and revoke no wider one', async (ctx) => {
  const full = ctx.app.account();
  const narrow = ctx.app.services.apiKeys.listForUser(full.userId).length; // the full key
  const { apiKey: narrowKey } = createApiKey(ctx.app.services, { userId: full.userId, scopes: ['search', 'profiles-read'] });
  const page = await signIn(ctx, narrowKey);
  assert.equal(await page.locator('input[name=scopes]').evaluateAll((boxes) => boxes.map((b) => (b as HTMLInputElement).value)), [
    'search',
    'profiles-read',
  ]);
  assert.match((await page.textContent('#scopes-not-held')) ?? '', 'messages-read');
  // A form sent by hand with the page's own session and CSRF token.
  const csrf = await page.locator('form[action="/account/keys"] input[name=csrf]').inputValue();
  const cookie = `proxima_account=${(await page.context().cookies()).find((c) => c.name === 'proxima_account')!.value}`;
  const post = (url: string, form: Record<string, string>) =>
    fetch(ctx.app.url + url, {
      method: 'POST',
      redirect: 'manual',
      headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ csrf, ...form }),
    });
  const wider = await post('/account/keys', { name: 'wider', scopes: 'messages-read' });
  assert.is(wider.status, 403);
  assert.match(await wider.text(), 'lacks messages-read');
  assert.is(ctx.app.services.apiKeys.listForUser(full.userId).length, narrow + 1, 'no key was made');
  const revoke = await post(`/account/keys/${full.keyId}/revoke`, {});
  assert.is(revoke.status, 403);
  assert.is((await ctx.app.call('GET', '/api/v1/credits/status', { key: full.apiKey })).status, 200, 'the full key still works');
  // Within its scopes it works as before.
  assert.is((await post('/account/keys', { name: 'same', scopes: 'search' })).status, 200);
  await page.close();
});

s('security: a POST without the CSRF token is refused; framing and script are forbidden', async (ctx) => {
  const { apiKey } = ctx.app.account();
  const page = await signIn(ctx, apiKey);
  const cookies = await page.context().cookies();
  const session = cookies.find((c) => c.name === 'proxima_account')!;
  assert.ok(session.httpOnly);
  assert.is(session.sameSite, 'Strict');
  const res = await fetch(`${ctx.app.url}/account/keys`, {
    method: 'POST',
    headers: { cookie: `proxima_account=${session.value}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ name: 'sneaky', scopes: 'search' }),
  });
  assert.is(res.status, 403);
  assert.is(res.headers.get('x-frame-options'), 'DENY');
  assert.match(res.headers.get('content-security-policy') ?? '', "frame-ancestors 'none'");
  assert.match(res.headers.get('content-security-policy') ?? '', "default-src 'none'");
  await page.close();
});

s('connected OAuth apps are listed and can be disconnected, which cuts their token', async (ctx) => {
  const { apiKey } = ctx.app.account();
  const flow = await authorize(ctx.app.url, { apiKey, scope: 'search' });
  const token = flow.tokens!.access_token;
  const page = await signIn(ctx, apiKey);
  assert.match((await page.textContent('#clients')) ?? '', 'Test agent');
  await Promise.all([page.waitForLoadState(), page.locator('#clients button', { hasText: 'Disconnect' }).click()]);
  assert.match((await page.textContent('#clients')) ?? '', 'No app is connected');
  const mcp = await fetch(`${ctx.app.url}/mcp`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.is(mcp.status, 401);
  await page.close();
});

s('the usage chart: bars drawn for an account that spent credits (seen in a screenshot), none for one that did not', async (ctx) => {
  const spender = ctx.app.account();
  for (const q of ['engineers', 'product managers', 'people in London'])
    assert.is((await ctx.app.call('POST', '/api/v1/search/people', { key: spender.apiKey, body: { description: q } })).status, 200);
  const idle = ctx.app.account();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-chart-'));
  const counts: number[] = [];
  for (const [name, key] of [
    ['spender', spender.apiKey],
    ['idle', idle.apiKey],
  ] as const) {
    const page = await signIn(ctx, key);
    const png = await page.locator('#usage-chart').screenshot({ path: path.join(dir, `${name}.png`) });
    counts.push(await bluePixels(ctx, png));
    if (name === 'spender') assert.match((await page.textContent('#usage-summary')) ?? '', '0.75 credits used');
    await page.close();
  }
  assert.ok(counts[0]! > 50, `bars are drawn: ${counts[0]} bar pixels`);
  assert.is(counts[1], 0, 'no bars without usage');
  fs.rmSync(dir, { recursive: true, force: true });
});

s.run();
