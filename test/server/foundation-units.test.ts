import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { apiKeyMatches, generateApiKey, hashApiKey, parseApiKey } from '../../server/auth/api-key.js';
import { ConfigError, loadConfig } from '../../server/config.js';
import { parseChangelog } from '../../server/routes/docs/changelog.js';
import { migrate, openStore } from '../../server/store/database.js';
import { MIGRATIONS } from '../../server/store/migrations/index.js';

test('config: defaults', () => {
  const c = loadConfig({});
  assert.is(c.port, 8080);
  assert.is(c.host, '127.0.0.1');
  assert.is(c.dataDir, path.resolve('./data'));
  assert.is(c.baseUrl, 'http://127.0.0.1:8080');
  assert.is(c.searchEngine, 'embedded');
  assert.is(c.opensearchUrl, null);
  assert.is(c.logLevel, 'info');
});

test('config: every problem is reported at once', () => {
  try {
    loadConfig({
      PORT: 'eighty',
      SEARCH_ENGINE: 'opensearch',
      LOG_LEVEL: 'loud',
      BASE_URL: 'ftp://x',
      BODY_LIMIT_BYTES: '5',
      EMAIL_ENRICHMENT_URL: 'vendor.example',
      EMAIL_ENRICHMENT_PROVIDER: 'sandbox',
    });
    assert.unreachable('should throw');
  } catch (err) {
    assert.instance(err, ConfigError);
    const problems = (err as ConfigError).problems.join('\n');
    for (const name of [
      'PORT',
      'OPENSEARCH_URL is required',
      'LOG_LEVEL',
      'BASE_URL',
      'BODY_LIMIT_BYTES',
      'EMAIL_ENRICHMENT_URL',
      'EMAIL_ENRICHMENT_PROVIDER',
    ]) {
      assert.ok(problems.includes(name), `${name} not reported in:\n${problems}`);
    }
  }
  const os = loadConfig({ SEARCH_ENGINE: 'opensearch', OPENSEARCH_URL: 'http://localhost:9200', BASE_URL: 'https://api.example.com/' });
  assert.is(os.searchEngine, 'opensearch');
  assert.is(os.baseUrl, 'https://api.example.com');
});

test('api keys: recognisable prefix, high-entropy secret, hash-only comparison', () => {
  const a = generateApiKey();
  const b = generateApiKey();
  assert.match(a.apiKey, /^prx_[0-9A-Za-z]{10}_[0-9A-Za-z]{40}$/);
  assert.is.not(a.apiKey, b.apiKey);
  assert.equal(parseApiKey(a.apiKey), { keyPrefix: a.keyPrefix });
  assert.is(parseApiKey('prx_short_secret'), null);
  assert.ok(apiKeyMatches(a.apiKey, a.hash));
  assert.not.ok(apiKeyMatches(b.apiKey, a.hash));
  assert.equal(hashApiKey(a.apiKey), a.hash);
});

test('migrations: applied once, in order; a newer store is refused', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-mig-'));
  try {
    const db = openStore(dir);
    assert.equal(migrate(db, MIGRATIONS), [], 'a second run applies nothing');
    assert.is(db.pragma('journal_mode', { simple: true }), 'wal');
    assert.ok(Number(db.pragma('busy_timeout', { simple: true })) >= 1000);
    const extra = { version: 999, name: 'future', sql: 'CREATE TABLE future (x INTEGER)' };
    assert.equal(migrate(db, [...MIGRATIONS, extra]), [999]);
    assert.throws(() => migrate(db, MIGRATIONS), /does not know \(999\)/);
    db.close();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test('changelog: dated sections with wrapped bullets', () => {
  const entries = parseChangelog('# Changelog\n\n## 2026-02-01 — Second\n- b one\n  continued\n- b two\n\n## 2026-01-01 First\n- a\n');
  assert.equal(entries, [
    { date: '2026-02-01', title: 'Second', changes: ['b one continued', 'b two'] },
    { date: '2026-01-01', title: 'First', changes: ['a'] },
  ]);
});

test.run();
