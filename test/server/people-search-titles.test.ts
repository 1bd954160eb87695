/**
 * Job-title matching and ranking through the people-search routes: titles fold plurals and
 * nothing else (`proxima_title`), match reasons name what matched, and in `boost` mode people of
 * the same title rank by degree whatever the length of the rest of their profiles.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { company, indexSnapshots, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const P = (n: number) => tid(0xa0, n);
const ME = 100;
const LONG_BIO = Array.from({ length: 40 }, (_, i) => `Shipped project ${i} with the platform team and wrote about it.`).join(' ');

/** A person whose only position is their current title. */
const person = (n: number, title: string, extra: Record<string, unknown> = {}) =>
  profile(n, {
    current_title: title,
    headline: `${title} at Company ${(n % 5) + 1}`,
    experiences: [
      { company_id: tid(0xc0, (n % 5) + 1), company_name: `Company ${(n % 5) + 1}`, title, start: '2020-01', end: null, is_current: true },
    ],
    ...extra,
  });

const edge = (a: number, b: number) => ({
  user_a: P(a),
  user_b: P(b),
  source: 'service',
  connected_at: '2025-06-01T00:00:00Z',
  removed_at: null,
});

async function withCorpus(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const profiles = [
      person(ME, 'Founder'),
      person(1, 'Accountant'),
      person(2, 'Account Executive', {
        experiences: [
          {
            company_id: tid(0xc0, 1),
            company_name: 'Company 1',
            title: 'Account Executive',
            start: '2022-01',
            end: null,
            is_current: true,
          },
          { company_id: tid(0xc0, 2), company_name: 'Company 2', title: 'Accountant', start: '2015-01', end: '2021-12', is_current: false },
        ],
      }),
      person(3, 'Software Developer'),
      person(4, 'Software Development Manager'),
      person(5, 'Senior Software Engineer'),
      person(6, 'Engineering Manager'),
      person(7, 'Sales Manager'),
      person(8, 'Activities Coordinator'),
      person(9, 'Activity Coordinator'),
      // Same title and headline shape; 10 and 11 are first degree with long bios, 14 second
      // degree, 12 and 13 strangers without a bio.
      person(10, 'Software Engineer', { bio: LONG_BIO }),
      person(11, 'Software Engineer', { bio: LONG_BIO }),
      person(12, 'Software Engineer', { bio: null }),
      person(13, 'Software Engineer', { bio: null }),
      person(14, 'Software Engineer', { bio: LONG_BIO.slice(0, 400) }),
      // Other titles, so that a title's words are rare enough to score.
      ...Array.from({ length: 16 }, (_, i) => person(20 + i, i % 2 ? 'Product Manager' : 'Data Analyst')),
    ];
    const files = [
      writeSnapshot(
        app.dataDir,
        'companies.jsonl',
        [1, 2, 3, 4, 5].map((n) => company(n)),
      ),
      writeSnapshot(app.dataDir, 'profiles.jsonl', profiles),
      writeSnapshot(app.dataDir, 'connections.jsonl', [edge(ME, 10), edge(ME, 11), edge(10, 14)]),
    ];
    const summary = await indexSnapshots(app, files);
    assert.is(summary.rejected, 0);
    const { apiKey } = app.account({ personId: P(ME), name: 'Me Myself' });
    await fn(app, apiKey);
  } finally {
    await app.close();
  }
}

type Row = Record<string, unknown>;

async function search(app: TestApp, key: string, body: Record<string, unknown>): Promise<Row[]> {
  const res = await app.call('POST', '/api/v1/search/people', { key, body: { limit: 50, ...body } });
  assert.is(res.status, 200, res.text);
  return res.body.users as Row[];
}
const titled = (app: TestApp, key: string, title: string, more: Record<string, unknown> = {}) =>
  search(app, key, { filters: { job_titles: { include: [title], ...more } }, network_filter_mode: 'ignore' });
const idsOf = (rows: Row[]) => rows.map((r) => r.id as string).sort();
const people = (...ns: number[]) => ns.map(P).sort();

test('a title filter folds plurals, not derivations', () =>
  withCorpus(async (app, key) => {
    assert.equal(idsOf(await titled(app, key, 'Accountant')), people(1));
    // A software developer is also written an engineer (title-forms.ts), never a development manager.
    assert.equal(idsOf(await titled(app, key, 'Software Developer')), people(3, 5, 10, 11, 12, 13, 14));
    assert.equal(idsOf(await titled(app, key, 'Engineer')), people(5, 10, 11, 12, 13, 14));
    assert.equal(idsOf(await titled(app, key, 'Engineers')), people(5, 10, 11, 12, 13, 14));
    assert.equal(idsOf(await titled(app, key, 'engineer')), people(5, 10, 11, 12, 13, 14));
    assert.equal(idsOf(await titled(app, key, 'Sales Managers')), people(7));
    assert.equal(idsOf(await titled(app, key, 'Activities Coordinator')), people(8, 9));
    assert.equal(idsOf(await titled(app, key, 'Activity Coordinator')), people(8, 9));
  }));

test('match reasons name the title that matched: a past title only when past titles are searched', () =>
  withCorpus(async (app, key) => {
    const current = await titled(app, key, 'Accountants');
    assert.equal(current[0]?.match_reasons, ['Current title "Accountant" matches "Accountants"']);
    const past = await titled(app, key, 'Accountant', { current_only: false });
    assert.equal(idsOf(past), people(1, 2));
    const reasons = past.find((r) => r.id === P(2))?.match_reasons as string[];
    assert.ok(reasons.includes('Past title "Accountant" at Company 2 matches "Accountant"'), reasons.join('; '));
    // "Software Engineer" is not in "Senior Manager, Software Engineering"-like titles, so no reason claims it.
    const engineers = await titled(app, key, 'Engineer');
    for (const row of engineers) assert.match((row.match_reasons as string[])[0] ?? '', /^Current title ".*Engineer" matches "Engineer"$/);
  }));

test('boost mode: same title, first degree above second above the rest, whatever the bios', () =>
  withCorpus(async (app, key) => {
    const rows = await search(app, key, { filters: { job_titles: { include: ['Software Engineer'] } } });
    const exact = rows.filter((r) => r.current_title === 'Software Engineer');
    assert.equal(
      exact.map((r) => r.connection_degree),
      ['1st', '1st', '2nd', '3rd+', '3rd+'],
    );
    assert.equal(
      exact
        .slice(0, 2)
        .map((r) => r.id as string)
        .sort(),
      people(10, 11),
    );
    assert.is(exact[2]?.id, P(14));
    // Ignoring the graph, equal titles score alike: the page is in id order.
    const ignored = (await titled(app, key, 'Software Engineer')).filter((r) => r.current_title === 'Software Engineer');
    assert.equal(
      ignored.map((r) => r.id),
      people(10, 11, 12, 13, 14),
    );
  }));

test.run();
