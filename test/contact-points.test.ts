import path from 'node:path';
import { Ajv2020 } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../fixtures/generator/index.js';
import { INDICES } from '../mappings/indices.js';
import { EMAIL_QUALITIES, type ProfileEmail, RECORD_SCHEMAS } from '../mappings/record-schemas.js';
import { EmbeddedEngine } from '../search-engine/embedded/engine.js';
import { type Corpus, readCorpus } from './fixtures/corpus-reader.js';
import { indexSnapshots } from './helpers/snapshots.js';
import { startTestApp, type TestApp } from './helpers/test-app.js';

const N = 1200;
const AS_OF = '2026-11-01';
let app: TestApp;
let corpus: Corpus;
let key: string;

test.before(async () => {
  app = await startTestApp();
  const summary = await generateCorpus({ profiles: N, seed: 11, outDir: path.join(app.dataDir, 'corpus'), gzip: false, asOf: AS_OF });
  corpus = readCorpus(path.join(app.dataDir, 'corpus'));
  const loaded = await indexSnapshots(
    app,
    Object.values(summary.files).map((f) => f.path),
  );
  assert.is(loaded.rejected, 0);
  key = app.account({ scopes: 'all' }).apiKey;
});

test.after(() => app.close());

/** Everything private of a profile, as it could appear in a response. */
function secretsOf(p: Corpus['profiles'][number]): string[] {
  return [
    ...p.emails.map((e) => e.address),
    ...p.phone_numbers.flatMap((n) => [n.number, n.number.slice(1)]),
    ...[p.microblog_username, p.photo_username].filter((h): h is string => h !== null),
  ];
}

function assertNoSecrets(label: string, text: string, secrets: string[]) {
  const lower = text.toLowerCase();
  for (const s of secrets) assert.not.ok(lower.includes(s.toLowerCase()), `${label} contains private value ${s}`);
}

test('generated contact points: plausible shares, the demo persona has them all, records validate', () => {
  const people = corpus.profiles;
  const share = (pred: (p: (typeof people)[number]) => boolean) => people.filter(pred).length / people.length;
  const none = share((p) => p.emails.length === 0);
  assert.ok(none > 0.25 && none < 0.45, `share without email ${none}`);
  assert.ok(share((p) => p.emails.length >= 2) > 0.1, 'some people have several addresses');
  assert.ok(people.every((p) => p.emails.length <= 3));
  const emails = people.flatMap((p) => p.emails);
  const count = (q: string) => emails.filter((e) => e.quality === q).length / emails.length;
  for (const q of EMAIL_QUALITIES) assert.ok(count(q) > 0.02, `quality ${q}: ${count(q)}`);
  assert.ok(count('verified') + count('validated') > 0.45, 'most addresses are verified or validated');
  // Stale addresses at a past employer (not the current company's domain), bounced or last seen long ago.
  const stale = people.filter((p) => {
    const current = corpus.companies.find((c) => c.id === p.current_company_id)?.domain;
    return p.emails.some((e) => e.kind === 'work' && !e.address.endsWith(`@${current}`));
  });
  assert.ok(stale.length / N > 0.03, `people with an old employer's address ${stale.length}`);
  const phones = share((p) => p.phone_numbers.length > 0);
  assert.ok(phones > 0.3 && phones < 0.5, `phone share ${phones}`);
  const microblog = share((p) => p.microblog_username !== null);
  const photo = share((p) => p.photo_username !== null);
  assert.ok(microblog > 0.22 && microblog < 0.38, `microblog share ${microblog}`);
  assert.ok(photo > 0.13 && photo < 0.27, `photo share ${photo}`);
  // Reserved or company domains only.
  const domains = new Set(corpus.companies.map((c) => c.domain));
  for (const e of emails) {
    const domain = e.address.split('@')[1]!;
    assert.ok(domains.has(domain) || ['example.com', 'example.net', 'mail.example'].includes(domain), e.address);
  }

  const demo = people[0]!;
  const work = demo.emails.filter((e) => e.kind === 'work');
  const personal = demo.emails.filter((e) => e.kind === 'personal');
  const employer = corpus.companies.find((c) => c.id === demo.current_company_id)!;
  assert.is(work.length, 1);
  assert.is(work[0]!.quality, 'verified');
  assert.ok(work[0]!.address.endsWith(`@${employer.domain ?? ''}`) || work[0]!.address.endsWith('.example'));
  assert.equal(
    personal.map((e) => e.quality),
    ['validated'],
  );
  assert.ok(demo.phone_numbers.length >= 1 && demo.microblog_username && demo.photo_username);

  const ajv = new Ajv2020({ strict: false });
  (addFormats as unknown as (a: Ajv2020) => void)(ajv);
  const validate = ajv.compile(RECORD_SCHEMAS.profiles);
  for (const p of people) {
    const id = p.id;
    if (!validate(p)) assert.unreachable(`${id}: ${ajv.errorsText(validate.errors)}`);
  }
  const bad = (extra: Record<string, unknown>) => validate({ ...demo, ...extra });
  assert.not.ok(bad({ emails: [{ address: 'not an address', quality: 'verified' }] }));
  assert.not.ok(bad({ emails: [{ address: 'a@example.com', quality: 'great' }] }));
  assert.not.ok(bad({ phone_numbers: [{ number: '415-555-0100' }] }));
  assert.ok(bad({ emails: [{ address: 'a@example.com', quality: 'guessed' }], phone_numbers: [{ number: '+14155550100' }] }));
});

test('no profile, chunk, text or people-search response carries the private contact points', async () => {
  const demo = corpus.profiles[0]!;
  const secrets = secretsOf(demo);
  assert.ok(secrets.length >= 5);
  // They are in the index (so every presenter must leave them out).
  const [doc] = await app.services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, [demo.id]);
  assert.equal((doc!.emails as ProfileEmail[]).length, demo.emails.length);
  const raw = JSON.stringify(doc).toLowerCase();
  for (const s of secrets.filter((x) => !/^\d+$/.test(x))) assert.ok(raw.includes(s.toLowerCase()), `indexed document lacks ${s}`);

  const reads = [
    `/api/v1/profiles/${demo.id}`,
    `/api/v1/profiles/${demo.id}/chunks?posts_limit=50`,
    `/api/v1/profiles/${demo.id}/text?mode=base`,
    `/api/v1/profiles/${demo.id}/text?mode=full&posts_limit=50`,
  ];
  for (const url of reads) {
    const res = await app.call('GET', url, { key });
    assert.is(res.status, 200, url);
    assertNoSecrets(url, res.text, secrets);
  }

  const evidence = { evidence_format: 'both', include_evidence_text: true, evidence_text_mode: 'full', relationship_detail: 'summary' };
  const lookup = await app.call('POST', '/api/v1/search/people', {
    key,
    body: { professional_username: demo.professional_username, ...evidence },
  });
  assert.is(lookup.status, 200);
  assert.is((lookup.body.users as { id: string }[])[0]?.id, demo.id);
  assertNoSecrets('lookup', lookup.text, secrets);

  const search = await app.call('POST', '/api/v1/search/people', {
    key,
    body: { description: `${demo.current_title} in San Francisco`, limit: 25, ...evidence },
  });
  assert.is(search.status, 200);
  assert.ok((search.body.users as unknown[]).length > 0, 'the search finds people');
  assertNoSecrets('search', search.text, secrets);
  for (const row of search.body.users as { id: string }[]) {
    const person = corpus.profiles.find((p) => p.id === row.id)!;
    assertNoSecrets(`search row ${row.id}`, JSON.stringify(row), secretsOf(person));
  }
  const searchId = search.body.search_id as string;
  const replay = await app.call('GET', `/api/v1/search/people/${searchId}`, { key });
  assert.is(replay.status, 200);
  assertNoSecrets('replay', replay.text, secrets);
  const enrich = await app.call('POST', '/api/v1/search/people/enrich', {
    key,
    body: { search_id: searchId, include_evidence_text: true, evidence_text_mode: 'full' },
  });
  assert.is(enrich.status, 200);
  assert.match(enrich.text, /evidence_text/);
  assertNoSecrets('enrich', enrich.text, secrets);
});

test('a term query on emails.address (and the other contact fields) finds the person in the embedded engine', async () => {
  assert.ok(app.services.engine instanceof EmbeddedEngine);
  const demo = corpus.profiles[0]!;
  const find = async (field: string, value: string) => {
    const res = await app.services.engine.search(INDICES.profiles.alias, {
      query: { bool: { filter: [{ term: { [field]: value } }] } },
      size: 10,
      track_total_hits: true,
      _source: ['id'],
    });
    return res.hits.map((h) => h.id);
  };
  for (const e of demo.emails) {
    assert.ok((await find('emails.address', e.address.toLowerCase())).includes(demo.id), e.address);
    // A lowercase keyword: the query is normalised the same way.
    assert.ok((await find('emails.address', e.address.toUpperCase())).includes(demo.id), e.address);
  }
  assert.ok((await find('phone_numbers.number', demo.phone_numbers[0]!.number)).includes(demo.id));
  assert.ok((await find('microblog_username', demo.microblog_username!.toUpperCase())).includes(demo.id));
  assert.ok((await find('photo_username', demo.photo_username!)).includes(demo.id));
  assert.ok((await find('emails.quality', 'verified')).length > 0);
  assert.equal(await find('emails.address', 'nobody@example.invalid'), []);
  // Another person's address finds them too (object arrays are flattened, as in OpenSearch).
  const other = corpus.profiles.find((p, i) => i > 0 && p.emails.length >= 2)!;
  assert.ok((await find('emails.address', other.emails[1]!.address)).includes(other.id));
});

test.run();
