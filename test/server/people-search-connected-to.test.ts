import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { personReference } from '../../server/commands/search/people/people-lookup.js';
import { connectMcp } from '../helpers/mcp-client.js';
import { connection, indexSnapshots, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);

const edge = (a: number, b: number) => connection(P(a), P(b));

/** 1 (username "annable") is connected to 2 and 3; 4 ("loner") has no connections. */
async function withApp(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const files = [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        profile(1, { display_name: 'Ann Able', current_title: 'Software Engineer', professional_username: 'annable' }),
        profile(2, { display_name: 'Ben Bold', current_title: 'Product Manager' }),
        profile(3, { display_name: 'Cy Cole', current_title: 'Designer' }),
        profile(4, { display_name: 'Di Dunn', current_title: 'Designer', professional_username: 'loner' }),
      ]),
      writeSnapshot(app.dataDir, 'connections.jsonl', [edge(1, 2), edge(1, 3)]),
    ];
    await indexSnapshots(app, files);
    const { apiKey } = app.account();
    await fn(app, apiKey);
  } finally {
    await app.close();
  }
}

const usedCredits = async (app: TestApp, key: string) =>
  Number((await app.call('GET', '/api/v1/credits/status', { key })).headers.get('x-service-credits-used'));

const FOREIGN = [
  'https://evil.example/in/x',
  'evil.example/in/x',
  'ftp://professional.example/in/x',
  'https://professional.example/company/acme',
  'https://professional.example/in/%E0%A4%A',
  'Jordan Ellis',
];

test('personReference: ids, usernames and network profile URLs name people; other hosts, schemes and text do not', () => {
  assert.equal(personReference(P(1)), { kind: 'id', id: P(1) });
  assert.equal(personReference('annable'), { kind: 'username', username: 'annable' });
  assert.equal(personReference('https://www.linkedin.com/in/AnnAble/'), { kind: 'username', username: 'annable' });
  for (const v of FOREIGN) assert.is(personReference(v).kind, 'invalid', v);
  const evil = personReference('https://evil.example/in/x');
  assert.match(evil.kind === 'invalid' ? evil.problem : '', 'another host (evil.example)');
  const ftp = personReference('ftp://professional.example/in/x');
  assert.match(ftp.kind === 'invalid' ? ftp.problem : '', 'the ftp: scheme');
});

test('connected_to and exclude_connected_to naming another host, scheme or no person: 400 before any charge', () =>
  withApp(async (app, key) => {
    for (const field of ['connected_to', 'exclude_connected_to'])
      for (const value of FOREIGN)
        for (const path of ['/api/v1/search/people/preview', '/api/v1/search/people']) {
          const res = await app.call('POST', path, {
            key,
            body: { filters: { [field]: [P(1), value] }, network_filter_mode: field === 'connected_to' ? 'connected_to' : 'ignore' },
          });
          assert.is(res.status, 400, `${field} ${value}: ${res.text}`);
          assert.is(res.body.error, 'validation_failed');
          assert.match(res.text, `/filters/${field}`);
          assert.match(res.text, JSON.stringify(value).slice(1, -1));
        }
    assert.is(await usedCredits(app, key), 0);
  }));

test('connected_to resolving nobody is an inconclusive zero (connected_to_unresolved), not "no known connections"', () =>
  withApp(async (app, key) => {
    for (const value of ['https://professional.example/in/nobody-here', 'nobody-here', tid(0xa0, 77)]) {
      const res = await app.call('POST', '/api/v1/search/people/preview', {
        key,
        body: { filters: { connected_to: [value] }, network_filter_mode: 'connected_to' },
      });
      assert.is(res.status, 200, res.text);
      assert.equal(res.body.users, []);
      const reason = res.body.no_results_reason as { code: string; conclusive: boolean; message: string };
      assert.is(reason.code, 'connected_to_unresolved', value);
      assert.is(reason.conclusive, false);
      assert.match(reason.message, value);
      assert.ok((res.body.degradations as { code: string }[]).some((d) => d.code === 'connected_to_unresolved'));
    }
    // A resolved person with no connections is a conclusive zero...
    const loner = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { connected_to: ['loner'] }, network_filter_mode: 'connected_to' },
    });
    assert.equal(loner.body.users, []);
    assert.is((loner.body.no_results_reason as { conclusive: boolean }).conclusive, true);
    // ...but not beside one who could not be resolved (they might have the connections wanted).
    const both = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { connected_to: ['loner', 'nobody-here'] }, network_filter_mode: 'connected_to' },
    });
    assert.equal(both.body.users, []);
    assert.equal(both.body.no_results_reason, {
      code: 'connected_to_unresolved',
      message: both.body.no_results_reason && (both.body.no_results_reason as { message: string }).message,
      conclusive: false,
    });
    // Whoever resolves still applies; a non-zero answer carries the degradation, no reason.
    const some = await app.call('POST', '/api/v1/search/people/preview', {
      key,
      body: { filters: { connected_to: ['annable', 'nobody-here'] }, network_filter_mode: 'connected_to', limit: 25 },
    });
    assert.equal(new Set((some.body.users as { id: string }[]).map((u) => u.id)), new Set([P(2), P(3)]));
    assert.not.ok(some.body.no_results_reason);
    assert.ok((some.body.degradations as { code: string }[]).some((d) => d.code === 'connected_to_unresolved'));
  }));

test('the connector people_search refuses another host in filters.connected_to, uncharged', () =>
  withApp(async (app, key) => {
    const mcp = await connectMcp(app.url, { apiKey: key });
    try {
      const result = await mcp.call('people_search', {
        filters: { connected_to: ['https://evil.example/in/x'] },
        network_filter_mode: 'connected_to',
      });
      assert.ok(result.isError, JSON.stringify(result));
      assert.match(JSON.stringify(result.content), 'evil.example');
    } finally {
      await mcp.close();
    }
    assert.is(await usedCredits(app, key), 0);
  }));

test.run();
