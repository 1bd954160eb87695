import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { EnrichmentUnavailable, HttpEnrichmentProvider, SandboxEnrichmentProvider } from '../../../server/contacts/enrichment.js';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { startReceiver } from '../../helpers/http-receiver.js';
import { startTestApp } from '../../helpers/test-app.js';

type Row = Record<string, unknown>;
const ROUTE = '/api/v1/contacts/delegate-resolve';
const CONTACTS = [
  { row_id: 'a', name: 'Bill Hartley', emails: ['w.hartley@company1.example'], phone_numbers: ['(415) 555-2671'] },
  { row_id: 'b', name: 'Maria Lopez', job_titles: ['Software Engineer'] },
  { row_id: 'c', name: 'Zebedee Quartermaine' },
];

test('delegate-resolve: the delegate’s network decides, known emails are free, billing follows the contract, evidence is hashed', async () => {
  const app = await startTestApp();
  try {
    // The delegate (100) knows the Maria Lopez at company 3.
    await loadContactsCorpus(app, { delegateKnows: 3 });
    const { apiKey: key } = app.account({ scopes: ['contacts-delegate-resolve'] });
    const { apiKey: noScope } = app.account({ scopes: ['contacts-read', 'contacts-write', 'search'] });
    const used = async () => (await app.call('GET', '/api/v1/credits/status', { key })).body.used as number;
    const call = (body: unknown, k = key) => app.call('POST', ROUTE, { key: k, body });

    assert.is((await call({ delegate: { user_id: P(100) }, contacts: CONTACTS }, noScope)).status, 403);
    const two = await call({ delegate: { user_id: P(100), professional_username: 'x' }, contacts: CONTACTS });
    assert.equal([two.status, two.body.error], [400, 'validation_failed']);
    assert.is((await call({ delegate: { user_id: P(100) }, contacts: Array(101).fill({ name: 'A B' }) })).status, 400);

    // Dry run: 0.01 per requested contact; nothing kept even when asked.
    const before = await used();
    const dry = await call({ delegate: { user_id: P(100) }, contacts: CONTACTS, options: { dry_run: true, persist_evidence: true } });
    assert.is(dry.status, 200, dry.text);
    assert.equal(
      [dry.body.dry_run, dry.body.persisted_evidence_count, dry.body.audit_run_id, (dry.body.billing as Row).total_credits_charged],
      [true, 0, null, 0.03],
    );
    assert.is(Math.round(((await used()) - before) * 1000) / 1000, 0.03);

    // Live: 0.10 per resolved row; the known email is projected at no cost.
    const live = await call({
      delegate: { professional_url: 'https://www.linkedin.com/in/person100' },
      contacts: CONTACTS,
      options: { include_email: true, persist_evidence: true, include_score_breakdown: true },
    });
    assert.is(live.status, 200, live.text);
    // person100's profile has no professional username: the delegate is not found, every row costs 0.
    assert.equal(
      [(live.body.delegate as Row).found, (live.body.billing as Row).total_credits_charged, (live.body.summary as Row).unresolved],
      [false, 0, 3],
    );
    assert.equal((live.body.results as Row[])[0]!.warnings, ['delegate_not_found']);

    // A malformed escape in a URL is no username, in the delegate and in a row: not a 500.
    const escaped = await call({
      delegate: { professional_url: 'https://www.linkedin.com/in/%ZZ' },
      contacts: [{ ...CONTACTS[0], professional_url: 'https://www.linkedin.com/in/%E2%82' }],
      options: { dry_run: true },
    });
    assert.is(escaped.status, 200, escaped.text);
    assert.is((escaped.body.delegate as Row).found, false);

    const ok = await call({
      delegate: { user_id: P(100) },
      contacts: CONTACTS,
      options: { include_email: true, persist_evidence: true, include_score_breakdown: true },
    });
    assert.is(ok.status, 200, ok.text);
    const results = ok.body.results as Row[];
    assert.equal(
      results.map((r) => [r.row_id, r.status, r.selected_candidate_user_id]),
      [
        ['a', 'resolved', P(1)],
        ['b', 'resolved', P(3)],
        ['c', 'unresolved', null],
      ],
    );
    // The network is the delegate's, and the evidence says so: never "of yours" about someone
    // else's connections (tester, 2026-11-29).
    const network = (results[1]!.evidence as Row[]).find((e) => e.field === 'network');
    assert.ok(network, 'the evidence says the delegate knows her');
    assert.match(network!.detail as string, /^a first-degree connection of the delegate /);
    assert.not.match(JSON.stringify(results), /of yours/);
    assert.equal(results[0]!.email_resolution, {
      status: 'known',
      email: 'w.hartley@company1.example',
      quality: 'verified',
      source: 'profile',
      credits_charged: 0,
    });
    assert.is((results[0]!.selected_profile as Row).email, 'w.hartley@company1.example');
    assert.ok('score_breakdown' in (results[0]!.candidates as Row[])[0]!);
    assert.equal(ok.body.billing, {
      charged: true,
      billable_preview_count: 0,
      billable_resolve_count: 2,
      billable_email_enrichment_count: 0,
      preview_credits_charged: 0,
      resolve_credits_charged: 0.2,
      email_enrichment_credits_charged: 0,
      total_credits_charged: 0.2,
      total_micro_credits_charged: 200_000,
    });
    assert.is(ok.body.persisted_evidence_count, 3);
    const kept = app.services.db
      .prepare('SELECT email_hashes_json, phone_hashes_json FROM contact_evidence WHERE audit_run_id = ? AND position = 0')
      .get(ok.body.audit_run_id) as { email_hashes_json: string; phone_hashes_json: string };
    const hashes = [...JSON.parse(kept.email_hashes_json), ...JSON.parse(kept.phone_hashes_json)] as string[];
    assert.equal(hashes.length, 2);
    assert.ok(
      hashes.every((h) => /^[0-9a-f]{64}$/.test(h)),
      'emails and phones are kept as keyed hashes only',
    );
    assert.not.ok(JSON.stringify(kept).includes('hartley') || JSON.stringify(kept).includes('4155552671'));

    // The known email is projected by default (contract: "a cached or known email is projected by
    // default"); `include_email: false` leaves it out (auditor, 2026-11-30).
    const byDefault = await call({ delegate: { user_id: P(100) }, contacts: [CONTACTS[0]], options: { dry_run: true } });
    const firstRow = (byDefault.body.results as Row[])[0]!;
    assert.equal(
      [(firstRow.email_resolution as Row).status, (firstRow.selected_profile as Row).email],
      ['known', 'w.hartley@company1.example'],
    );
    const without = await call({
      delegate: { user_id: P(100) },
      contacts: [CONTACTS[0]],
      options: { dry_run: true, include_email: false },
    });
    const bare = (without.body.results as Row[])[0]!;
    assert.equal([(bare.email_resolution as Row).status, (bare.selected_profile as Row).email ?? null], ['not_requested', null]);

    // Enrichment: the provider is asked for Maria (no known email); a find costs 0.04.
    const expected = await new SandboxEnrichmentProvider().find({
      userId: P(3),
      firstName: 'Maria',
      lastName: 'Lopez',
      company: 'Company 3',
    });
    const enriched = await call({ delegate: { user_id: P(100) }, contacts: [CONTACTS[1]], options: { include_email_enrichment: true } });
    const resolution = (enriched.body.results as Row[])[0]!.email_resolution as Row;
    assert.is(resolution.status, expected.email ? 'enriched' : 'not_found');
    assert.is((enriched.body.billing as Row).email_enrichment_credits_charged, expected.email ? 0.04 : 0);
  } finally {
    await app.close();
  }
});

test('delegate-resolve with the HTTP enrichment adapter: a real vendor endpoint, retries, no-finds and failures cost nothing', async () => {
  let maria2Calls = 0;
  const vendor = await startReceiver((req) => {
    const ref = (JSON.parse(req.body) as { reference: string }).reference;
    if (ref === P(2))
      return ++maria2Calls === 1
        ? { status: 503 }
        : { status: 200, body: { email: 'Maria.Lopez@company2.example', quality: 'verified', cost_usd: 0.012 } };
    if (ref === P(3)) return { status: 404 };
    return { status: 400, body: { error: 'bad request' } };
  });
  const app = await startTestApp({
    env: {
      EMAIL_ENRICHMENT_URL: `${vendor.url}/v1/find`,
      EMAIL_ENRICHMENT_API_KEY: 'vendor-secret',
      EMAIL_ENRICHMENT_PROVIDER: 'acme_emails',
    },
  });
  try {
    await loadContactsCorpus(app, { delegateKnows: 3 });
    const { apiKey: key } = app.account({ scopes: ['contacts-delegate-resolve'] });
    const contacts = [
      { row_id: 'm2', name: 'Maria Lopez', organization_names: ['Company 2'] },
      { row_id: 'm3', name: 'Maria Lopez', organization_names: ['Company 3'] },
      { row_id: 'w', name: 'Bill Hartley', emails: ['w.hartley@company1.example'] },
    ];
    const res = await app.call('POST', ROUTE, {
      key,
      body: { delegate: { user_id: P(100) }, contacts, options: { include_email_enrichment: true, force_email_enrichment: true } },
    });
    assert.is(res.status, 200, res.text);
    const results = res.body.results as Row[];
    assert.equal(
      results.map((r) => [r.row_id, r.status, (r.email_resolution as Row).status, (r.email_resolution as Row).source, r.warnings]),
      [
        ['m2', 'resolved', 'enriched', 'acme_emails', []],
        ['m3', 'resolved', 'not_found', 'acme_emails', []],
        ['w', 'resolved', 'provider_unavailable', 'acme_emails', ['email_enrichment_unavailable']],
      ],
    );
    assert.equal((results[0]!.email_resolution as Row).email, 'maria.lopez@company2.example');
    assert.equal((results[0]!.email_resolution as Row).provider_cost_usd, 0.012);
    const billing = res.body.billing as Row;
    assert.equal(
      [billing.billable_email_enrichment_count, billing.email_enrichment_credits_charged, billing.total_credits_charged],
      [1, 0.04, 0.34],
    );
    // Four requests: Maria 2 twice (a 503, then the answer), with one idempotency key; the others once.
    assert.is(vendor.received.length, 4);
    const m2 = vendor.received.filter((r) => r.body.includes(P(2)));
    assert.equal([m2.length, new Set(m2.map((r) => r.headers['idempotency-key'])).size], [2, 1]);
    assert.ok(vendor.received.every((r) => r.headers.authorization === 'Bearer vendor-secret' && r.path === '/v1/find'));
    assert.equal(JSON.parse(m2[0]!.body), { reference: P(2), first_name: 'Maria', last_name: 'Lopez', company: 'Company 2' });

    const wrongName = await app.call('POST', ROUTE, {
      key,
      body: { delegate: { user_id: P(100) }, contacts, options: { include_email_enrichment: true, email_enrichment_provider: 'sandbox' } },
    });
    assert.equal([wrongName.status, wrongName.body.error], [400, 'validation_failed']);
  } finally {
    await app.close();
    await vendor.close();
  }
});

test('the HTTP enrichment adapter reads answers strictly and retries only what can succeed later', async () => {
  const answers: { status: number; body?: unknown }[] = [];
  const vendor = await startReceiver(() => answers.shift() ?? { status: 500 });
  const provider = new HttpEnrichmentProvider({ url: vendor.url, apiKey: null, name: 'v', timeoutMs: 5000 }, 10);
  const q = { userId: P(1), firstName: 'A', lastName: 'B', company: 'C' };
  const outcome = async (...next: { status: number; body?: unknown }[]) => {
    answers.splice(0, answers.length, ...next);
    try {
      return await provider.find(q);
    } catch (err) {
      assert.instance(err, EnrichmentUnavailable);
      return (err as Error).message;
    }
  };
  try {
    assert.equal(await outcome({ status: 200, body: { email: null, cost_usd: 0.001 } }), {
      email: null,
      quality: null,
      costUsd: 0.001,
      provider: 'v',
    });
    assert.equal(await outcome({ status: 429 }, { status: 502 }, { status: 200, body: { email: 'a@b.co', quality: 'guessed' } }), {
      email: 'a@b.co',
      quality: 'guessed',
      costUsd: 0,
      provider: 'v',
    });
    assert.match(
      String(await outcome({ status: 500 }, { status: 500 }, { status: 500 }, { status: 200 })),
      /did not answer in time \(HTTP 500\)/,
    );
    assert.match(String(await outcome({ status: 401 })), /answered HTTP 401/);
    assert.match(String(await outcome({ status: 200, body: { email: 'not an address', quality: 'verified' } })), /not an address/);
    assert.match(String(await outcome({ status: 200, body: { email: 'a@b.co', quality: 'certain' } })), /quality outside/);
    assert.match(String(await outcome({ status: 200, body: { email: 'a@b.co', quality: 'verified', cost_usd: -1 } })), /cost_usd/);
    answers.length = 0;
    const before = vendor.received.length;
    await outcome({ status: 401 });
    assert.is(vendor.received.length - before, 1, 'a refusal is not retried');
  } finally {
    await vendor.close();
  }
});

test('delegate-resolve: a call the credits cannot cover is refused whole and costs nothing', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app);
    const { apiKey: key } = app.account({ tier: 'free', scopes: ['contacts-delegate-resolve'] });
    const res = await app.call('POST', ROUTE, {
      key,
      body: { delegate: { user_id: P(100) }, contacts: Array.from({ length: 60 }, (_, i) => ({ name: `Person ${i}` })) },
    });
    assert.equal([res.status, res.body.error], [402, 'credits_exhausted']);
    assert.is((await app.call('GET', '/api/v1/credits/status', { key })).body.used, 0);
  } finally {
    await app.close();
  }
});

test.run();
