/** Company search shows what each place of the request resolved to, as people search does (issue 12 §3). */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cityLocation, indexSnapshots, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const C = (n: number) => tid(0xc0, n);
type Row = Record<string, unknown>;

const co = (n: number, name: string, extra: Record<string, unknown>) => ({
  id: C(n),
  name,
  status: 'active',
  is_public: false,
  industry: 'Software',
  categories: ['software', 'saas'],
  ...extra,
});

async function withCompanies(fn: (app: TestApp, key: string) => Promise<void>): Promise<void> {
  const app = await startTestApp();
  try {
    const summary = await indexSnapshots(app, [
      writeSnapshot(app.dataDir, 'companies.jsonl', [
        co(1, 'Rhone Soft', { headquarters: cityLocation('Lyon', 'FR'), employee_count: 50 }),
        co(2, 'Yankee Soft', { headquarters: cityLocation('Boston', 'US'), employee_count: 40 }),
        co(3, 'Thames Soft', { headquarters: cityLocation('London', 'GB'), employee_count: 30 }),
      ]),
    ]);
    assert.is(summary.rejected, 0);
    await fn(app, app.account().apiKey);
  } finally {
    await app.close();
  }
}

const search = (app: TestApp, key: string, body: Record<string, unknown>) =>
  app.call('POST', '/api/v1/companies/search/preview', { key, body });
const places = (body: Row) => (body.annotationPayload as { places: Row[] }).places;

test('company search: places of the text are shown with what they resolved to (Lyon is in France, "the US" is the United States)', () =>
  withCompanies(async (app, key) => {
    const res = await search(app, key, { query: 'software companies in Lyon or the US' });
    assert.is(res.status, 200, res.text);
    assert.equal(
      (res.body.companies as Row[]).map((c) => c.id),
      [C(1), C(2)],
    );
    assert.equal(places(res.body), [
      { input: 'Lyon', kind: 'city', name: 'Lyon, France', operator: 'include' },
      { input: 'US', kind: 'country', name: 'United States', operator: 'include' },
    ]);
  }));

test('company search: supplied location filters are shown resolved too; an unknown place is shown unresolved', () =>
  withCompanies(async (app, key) => {
    const res = await search(app, key, { filters: { locations: { include: ['lyon', 'Atlantis Prime'], exclude: ['UK'] } } });
    assert.is(res.status, 200, res.text);
    assert.equal(places(res.body), [
      { input: 'lyon', kind: 'city', name: 'Lyon, France', operator: 'include' },
      { input: 'Atlantis Prime', kind: null, name: null, operator: 'include' },
      { input: 'UK', kind: 'country', name: 'United Kingdom', operator: 'exclude' },
    ]);
    const none = await search(app, key, { query: 'saas' });
    assert.equal(places(none.body), []);
  }));

test.run();
