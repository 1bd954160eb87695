/**
 * One id per person (issue 12 part 1): an account that is a corpus person has the person's id as
 * its user id, an account that is not gets a uuid and a minimal profile of its own, and an id
 * taken from any search row works in every route that takes a user id.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../fixtures/generator/index.js';
import { INDICES } from '../../mappings/indices.js';
import { SCOPES } from '../../server/auth/scopes.js';
import { ADMIN_COMMANDS } from '../../server/cli/admin-commands.js';
import { publishAccountProfiles, retractAccountProfile } from '../../server/commands/account-profiles.js';
import { CommandError, createAccount } from '../../server/commands/create-account.js';
import { createApiKey } from '../../server/commands/create-api-key.js';
import { ensureDemoAccount } from '../../server/commands/ensure-demo-account.js';
import { indexSnapshots } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

type Row = Record<string, unknown>;

async function withGeneratedCorpus(fn: (app: TestApp, demoProfileId: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const summary = await generateCorpus({ profiles: 600, seed: 5, outDir: path.join(app.dataDir, 'corpus'), gzip: false });
    assert.is(
      (
        await indexSnapshots(
          app,
          Object.values(summary.files).map((f) => f.path),
        )
      ).rejected,
      0,
    );
    await fn(app, summary.demoProfileId);
  } finally {
    await app.close();
  }
}

const ok = (res: { status: number; text: string }, what: string) => assert.is(res.status, 200, `${what}: ${res.text}`);

test('an id taken from a search row works as profile id, delegate_user_id, target_user_id and connected_to', () =>
  withGeneratedCorpus(async (app, demoProfileId) => {
    const owner = app.account({ personId: demoProfileId, name: 'Owner' });
    assert.is(owner.userId, demoProfileId, 'the account of a corpus person has the person id');

    // The owner's own id reads their profile.
    const me = await app.call('GET', `/api/v1/profiles/${owner.userId}`, { key: owner.apiKey });
    ok(me, 'own profile');

    // A person taken from a search row.
    const search = await app.call('POST', '/api/v1/search/people', {
      key: owner.apiKey,
      body: { query: 'engineers', filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', limit: 10 },
    });
    ok(search, 'search');
    const rows = search.body.users as Row[];
    assert.ok(rows.length > 0, 'the owner has first-degree engineers');
    const person = rows[0]!.user_id as string;
    const searchId = search.body.search_id as string;

    ok(await app.call('GET', `/api/v1/profiles/${person}`, { key: owner.apiKey }), 'profile of a row');
    // Any spelling of the id (upper case, a urn:uuid: prefix) is the same id, in a path and in a body.
    const shouted = await app.call('GET', `/api/v1/profiles/${person.toUpperCase()}`, { key: owner.apiKey });
    ok(shouted, 'profile by an upper-case id');
    assert.is(shouted.body.id, person);
    const urn = await app.call('POST', '/api/v1/search/people/enrich', {
      key: owner.apiKey,
      body: { search_id: searchId, target_user_id: `urn:uuid:${person.toUpperCase()}` },
    });
    ok(urn, 'enrich with a urn:uuid: target_user_id');
    assert.not.match(urn.text, /urn:uuid/i, 'answered with the canonical id');
    ok(
      await app.call('POST', '/api/v1/search/people/enrich', { key: owner.apiKey, body: { search_id: searchId, target_user_id: person } }),
      'enrich with target_user_id',
    );

    // That person's account, made a delegate: delegate_user_id is the same id.
    const delegate = createAccount(app.services, { tier: 'free', personId: person, name: 'Delegate' });
    assert.is(delegate.userId, person);
    app.services.delegates.add(owner.userId, person, app.clock.now(), true);
    const asDelegate = await app.call('POST', '/api/v1/search/people/preview', {
      key: owner.apiKey,
      body: { query: 'engineers', filters: { connection_degrees: ['1st'] }, network_filter_mode: 'filter', delegate_user_id: person },
    });
    ok(asDelegate, 'delegate_user_id from a search row');
    const delegateRows = asDelegate.body.users as Row[];
    const theirs = app.services.graph.firstDegree(person);
    assert.ok(delegateRows.length > 0, "the delegate's own first-degree people");
    for (const r of delegateRows) assert.ok(theirs.has(r.user_id as string), "rows are the delegate's connections");

    // connected_to takes the same id.
    const connected = await app.call('POST', '/api/v1/search/people/preview', {
      key: owner.apiKey,
      body: { query: 'people', filters: { connected_to: [person] }, network_filter_mode: 'connected_to' },
    });
    ok(connected, 'connected_to');
    const connectedRows = connected.body.users as Row[];
    assert.ok(connectedRows.length > 0);
    for (const r of connectedRows) assert.ok(theirs.has(r.user_id as string), 'connected to the row person');
  }));

test('an account with no corpus person has a uuid and a minimal profile in the people index', () =>
  withGeneratedCorpus(async (app, demoProfileId) => {
    const owner = app.account({ personId: demoProfileId, name: 'Owner' });
    const solo = createAccount(app.services, { tier: 'pro', name: 'Quintessa Vandermolen' });
    assert.not.ok(solo.corpusPerson);
    assert.match(solo.userId, /^[0-9a-f-]{36}$/);

    // Readable by id before it is published (from the store) and after (from the index).
    const before = await app.call('GET', `/api/v1/profiles/${solo.userId}`, { key: owner.apiKey });
    ok(before, 'minimal profile before publishing');
    assert.is(before.body.name, 'Quintessa Vandermolen');
    assert.is(await publishAccountProfiles(app.services), 1);
    assert.is(await publishAccountProfiles(app.services), 0, 'published once');
    const after = await app.call('GET', `/api/v1/profiles/${solo.userId}`, { key: owner.apiKey });
    ok(after, 'minimal profile after publishing');
    assert.is(after.body.id, solo.userId);

    // In the people index under its id (people search has no name search; its rows come from this index).
    const indexed = await app.services.engine.search(INDICES.profiles.alias, { query: { term: { id: solo.userId } }, size: 1 });
    assert.is(indexed.hits[0]?.id, solo.userId);
    // As a connected_to id it resolves (a known person with no connections yet), not "unresolved".
    const connected = await app.call('POST', '/api/v1/search/people/preview', {
      key: owner.apiKey,
      body: { query: 'engineers', filters: { connected_to: [solo.userId] }, network_filter_mode: 'connected_to' },
    });
    ok(connected, 'connected_to an account-only id');
    assert.not.match(connected.text, /unresolved/);
    assert.equal(connected.body.users, []);

    // Its own key and its id as a delegate work too.
    const key = createApiKey(app.services, { userId: solo.userId, scopes: [...SCOPES] }).apiKey;
    ok(await app.call('GET', `/api/v1/profiles/${demoProfileId}`, { key }), 'account-only user reads a profile');
    app.services.delegates.add(owner.userId, solo.userId, app.clock.now(), true);
    ok(
      await app.call('POST', '/api/v1/search/people/preview', {
        key: owner.apiKey,
        body: { query: 'engineers', delegate_user_id: solo.userId },
      }),
      'account-only delegate',
    );
  }));

test('a demo owner made before the corpus existed becomes its persona: same key, the persona id', () =>
  withGeneratedCorpus(async (app, demoProfileId) => {
    const before = ensureDemoAccount(app.services);
    assert.ok(before?.created);
    const key = before.created ? before.apiKey : '';
    assert.is(await publishAccountProfiles(app.services), 1, 'the account-only demo owner was published');
    const later = ensureDemoAccount(app.services, { profileId: demoProfileId, name: 'Persona' });
    assert.is(later?.userId, demoProfileId);
    assert.is(later?.replacedUserId, before.userId);
    // Its account-only profile goes: the persona is the one profile of that person.
    await retractAccountProfile(app.services, before.userId);
    assert.equal(await app.services.engine.mget(INDICES.profiles.alias, [before.userId]), [null]);
    const credits = await app.call('GET', '/api/v1/credits', { key });
    ok(credits, 'the saved key still works');
    assert.is(credits.body.owner_user_id, demoProfileId);
    assert.is(app.services.users.get(before.userId), null, 'the account-only id is gone');
  }));

test('a demo owner that accepted invites before it became the persona keeps those connections under the persona id', () =>
  withGeneratedCorpus(async (app, demoProfileId) => {
    const before = ensureDemoAccount(app.services)!;
    const graph = app.services.graph;
    const solo = createAccount(app.services, { tier: 'free', name: 'Solo Account' });
    const [known] = [...graph.firstDegree(demoProfileId, ['service']).keys()];
    assert.ok(known, 'the persona has service connections in the corpus');
    const at = Date.parse('2026-01-01T00:00:00Z');
    // Invites the account-only owner accepted: another account, a person the persona already
    // knows (earlier, and once removed), and the persona itself.
    graph.upsertEdges(
      [
        { userA: before.userId, userB: solo.userId, source: 'service', connectedAt: at, removedAt: null },
        { userA: before.userId, userB: known, source: 'service', connectedAt: at - 1000, removedAt: at },
        { userA: before.userId, userB: demoProfileId, source: 'service', connectedAt: at, removedAt: null },
      ],
      at,
    );
    const knownBefore = graph.firstDegree(demoProfileId).get(known)!;
    const version = graph.version();
    const later = ensureDemoAccount(app.services, { profileId: demoProfileId, name: 'Persona' });
    assert.is(later?.userId, demoProfileId);
    assert.ok(graph.version() > version, 'cached networks are invalidated');

    const mine = graph.firstDegree(demoProfileId);
    assert.equal(mine.get(solo.userId), new Set(['service']), 'the accepted invite is the persona’s');
    // The owner's connection to that person was removed, the persona's is current: one person, one current connection.
    assert.equal(mine.get(known), knownBefore, 'the persona’s own connections stay as they were');
    assert.not.ok(mine.has(demoProfileId), 'no connection to oneself');
    assert.equal([...graph.firstDegree(solo.userId).keys()], [demoProfileId], 'the other side follows');
    assert.is(graph.firstDegree(before.userId).size, 0, 'nothing is left under the old id');
    assert.is(graph.syncStatus(demoProfileId).service.status, 'synced');
  }));

test('a person can have only one account', () =>
  withGeneratedCorpus(async (app, demoProfileId) => {
    app.account({ personId: demoProfileId });
    assert.throws(() => createAccount(app.services, { tier: 'free', personId: demoProfileId }), /already has an account/);
    // The CLI checks that a --profile id is a person of the loaded corpus.
    const create = ADMIN_COMMANDS['accounts create']!;
    try {
      await create(app.services, ['--tier', 'pro', '--profile', '0d5e6f70-8192-4a3b-8c4d-5e6f708192a3']);
      assert.unreachable('an id that is no person of the corpus is refused');
    } catch (err) {
      assert.instance(err, CommandError);
      assert.match((err as Error).message, /no person .* in the people index/);
    }
  }));

test.run();
