/**
 * Dynamic client registration refuses what the consent page could not show honestly, and every
 * unknown path under /oauth answers the service's JSON error body (docs/oauth.md).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { startTestApp } from '../helpers/test-app.js';

test('control, bidirectional and lone-surrogate characters are refused in redirect URIs and shown metadata', async () => {
  const app = await startTestApp();
  try {
    const register = async (body: string) => {
      const res = await fetch(`${app.url}/oauth/register`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body });
      return { status: res.status, body: (await res.json()) as Record<string, string> };
    };
    for (const uri of [
      'http://127.0.0.1/\\u202e\\u0000',
      'https://app.example/cb\\u202egnp.exe',
      'https://app.example/\\ud800',
      'https://app.example/a\\nb',
    ]) {
      const res = await register(`{"redirect_uris":["${uri}"]}`);
      assert.is(res.status, 400, uri);
      assert.is(res.body.error, 'invalid_redirect_uri', uri);
    }
    // Invisible format characters too; a ZWJ outside an emoji sequence is one.
    for (const name of [
      '\\ud800',
      'Acme\\u202e',
      'Acme\\u0007',
      'Acme\\u2066x',
      'Ac\\u200bme',
      'Ac\\ufeffme',
      'Ac\\u00adme',
      'Ac\\u2060me',
      'Ac\\u200dme',
    ]) {
      const res = await register(`{"redirect_uris":["https://app.example/cb"],"client_name":"${name}"}`);
      assert.is(res.status, 400, name);
      assert.is(res.body.error, 'invalid_client_metadata', name);
    }
    // The refused character is named by its code point, never echoed.
    const rtl = await register('{"redirect_uris":["https://app.example/cb\\u202egnp.exe"]}');
    assert.match(rtl.body.error_description ?? '', 'redirect_uris[0] (U+202E)');
    assert.not.match(JSON.stringify(rtl.body), /\u202e|gnp\.exe/);
    // A name in any script, with emoji joined by ZWJ, is a name.
    const ok = await register('{"redirect_uris":["https://app.example/cb"],"client_name":"Zoë’s app 👩\\u200d💻 عربي"}');
    assert.is(ok.status, 201, JSON.stringify(ok.body));
  } finally {
    await app.close();
  }
});

test('an unknown path under /oauth answers 404 with the JSON error body', async () => {
  const app = await startTestApp();
  try {
    for (const path of ['/oauth/token/revocation', '/oauth/token/introspection', '/oauth/nothing']) {
      const res = await fetch(`${app.url}${path}`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: 'token=x',
      });
      assert.is(res.status, 404, path);
      assert.match(res.headers.get('content-type') ?? '', /application\/json/, path);
      const body = (await res.json()) as Record<string, unknown>;
      assert.equal([body.success, body.error], [false, 'not_found'], path);
    }
  } finally {
    await app.close();
  }
});

test.run();
