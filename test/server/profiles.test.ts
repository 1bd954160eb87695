import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { company, indexSnapshots, post, profile, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

async function withCorpus(fn: (app: TestApp, ids: { ada: string; bare: string }) => Promise<void>) {
  const app = await startTestApp();
  try {
    const ada = profile(1, {
      display_name: 'Ada Lovelace',
      professional_username: 'ada',
      professional_url: 'https://professional.example/in/ada',
      service_url: 'https://proxima.example/p/ada',
      picture_url: 'https://img.example/ada.jpg',
      bio: 'Writes the first programs.',
      location: { raw: 'London, United Kingdom', city: 'London', country: 'United Kingdom', country_code: 'GB', regions: ['EMEA'] },
      last_active_at: '2026-11-01T00:00:00Z',
    });
    const bare = profile(2, { display_name: 'Bare Person', headline: null, experiences: [], education: [], skills: [], languages: [] });
    const files = [
      writeSnapshot(app.dataDir, 'companies.jsonl', [company(2)]),
      writeSnapshot(app.dataDir, 'profiles.jsonl', [ada, bare]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [
        post(1, ada.id, { text: 'Older note on engines', posted_at: '2026-01-01T00:00:00Z' }),
        post(2, ada.id, { text: 'Newest thoughts on analytical engines', posted_at: '2026-10-01T00:00:00Z' }),
        post(3, bare.id, { text: 'Not Ada' }),
      ]),
    ];
    await indexSnapshots(app, files);
    await fn(app, { ada: ada.id, bare: bare.id });
  } finally {
    await app.close();
  }
}

test('GET /profiles/:id returns exactly the snapshot fields, billed as a profile read', () =>
  withCorpus(async (app, { ada, bare }) => {
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    const res = await app.call('GET', `/api/v1/profiles/${ada}`, { key: apiKey });
    assert.is(res.status, 200);
    assert.equal(res.body, {
      id: ada,
      name: 'Ada Lovelace',
      username: 'ada',
      picture: 'https://img.example/ada.jpg',
      bio: 'Writes the first programs.',
      location: 'London, United Kingdom',
      professional_url: 'https://professional.example/in/ada',
      service_url: 'https://proxima.example/p/ada',
      created_at: '2025-01-01T00:00:00Z',
      last_active: '2026-11-01T00:00:00Z',
    });
    assert.is(res.headers.get('x-service-credits-used'), '0.01');
    const sparse = await app.call('GET', `/api/v1/profiles/${bare}`, { key: apiKey });
    assert.equal(
      [sparse.body.username, sparse.body.picture, sparse.body.bio, sparse.body.location, sparse.body.last_active],
      [null, null, null, null, null],
    );
  }));

test('chunks: cached about/experience/education/skills/languages plus recent own posts, newest first', () =>
  withCorpus(async (app, { ada }) => {
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    const res = await app.call('GET', `/api/v1/profiles/${ada}/chunks?posts_limit=1`, { key: apiKey });
    assert.is(res.status, 200);
    assert.is(res.body.user_id, ada);
    const chunks = res.body.chunks as { type: string; text: string }[];
    assert.equal(
      chunks.map((c) => c.type),
      ['about', 'experience', 'education', 'skills', 'languages', 'post'],
    );
    assert.match(chunks[0]!.text, /Ada Lovelace — Engineer number 1\nBased in London/);
    assert.match(chunks[1]!.text, /Software Engineer at Company 2 \(2020-01 – present\)/);
    assert.is(chunks[5]!.text, 'Newest thoughts on analytical engines');
    const none = await app.call('GET', `/api/v1/profiles/${ada}/chunks?posts_limit=0`, { key: apiKey });
    assert.not.ok((none.body.chunks as { type: string }[]).some((c) => c.type === 'post'));
    assert.is(res.headers.get('x-service-credits-used'), '0.02');
  }));

test('text: base is the profile alone; full adds company signals and posts', () =>
  withCorpus(async (app, { ada }) => {
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    const base = (await app.call('GET', `/api/v1/profiles/${ada}/text`, { key: apiKey })).body.text as Record<string, any>;
    assert.is(base.mode, 'base');
    assert.not.match(base.text, /Post \(/);
    assert.is(base.char_count, base.text.length);
    const full = (await app.call('GET', `/api/v1/profiles/${ada}/text?mode=full&posts_limit=5`, { key: apiKey })).body.text as Record<
      string,
      any
    >;
    assert.match(full.text, /Current company Company 2: industry Fintech, 20 employees, funding stage series a, privately held\./);
    assert.match(full.text, /Post \(2026-10-01\): Newest thoughts/);
    assert.match(full.text, /Post \(2026-01-01\): Older note/);
    assert.not.match(full.text, /Not Ada/);
  }));

test('unknown id is 404 and not billed; malformed id and bad query are 400; scope is enforced', () =>
  withCorpus(async (app, { ada }) => {
    const { apiKey } = app.account({ scopes: ['profiles-read'] });
    const missing = await app.call('GET', '/api/v1/profiles/00000000-0000-4000-8000-000000000000', { key: apiKey });
    assert.is(missing.status, 404);
    assert.is(missing.body.error, 'not_found');
    assert.is(missing.headers.get('x-service-credits-used'), '0');
    const malformed = await app.call('GET', '/api/v1/profiles/not-a-uuid/chunks', { key: apiKey });
    assert.is(malformed.status, 400);
    assert.equal((malformed.body.errors as { in: string; pointer: string }[])[0], {
      in: 'path',
      pointer: '/id',
      message: 'must match format "uuid"',
    });
    for (const qs of ['mode=everything', 'posts_limit=500', 'posts_limit=-1']) {
      const bad = await app.call('GET', `/api/v1/profiles/${ada}/text?${qs}`, { key: apiKey });
      assert.is(bad.status, 400, qs);
    }
    // An unknown parameter on a GET (a cache-buster) is ignored.
    assert.is((await app.call('GET', `/api/v1/profiles/${ada}/text?colour=red`, { key: apiKey })).status, 200);
    const searchOnly = app.account({ scopes: ['search'] });
    const forbidden = await app.call('GET', `/api/v1/profiles/${ada}`, { key: searchOnly.apiKey });
    assert.is(forbidden.status, 403);
    assert.equal(forbidden.body.required_scopes, ['profiles-read']);
  }));

test('with no corpus loaded the profile routes say so (503 search_index_missing)', async () => {
  const app = await startTestApp();
  try {
    const { apiKey } = app.account();
    const res = await app.call('GET', '/api/v1/profiles/00000000-0000-4000-8000-000000000000', { key: apiKey });
    assert.is(res.status, 503);
    assert.is(res.body.error, 'search_index_missing');
  } finally {
    await app.close();
  }
});

test.run();
