/**
 * HTTP fuzz test (issue 11): every route of `allRoutes()` on a small generated corpus, a few
 * thousand requests from a fixed seed, with malformed JSON, every schema property mutated,
 * Object.prototype names as keys and values, odd headers and encodings, bad path ids and API
 * keys, and valid-ish requests so handlers do real work. Fails on any 5xx, printing each cause
 * with a shrunk reproduction, its X-Request-Id and the server's log line; and fails when a
 * response breaks the error contract of docs/errors.md (JSON, `{success: false, error, message}`
 * on >= 400, an X-Request-Id on every response).
 *
 * FUZZ_SEED=<n> runs another seed; FUZZ_REPORT=<file> also writes every failure as JSON.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../fixtures/generator/index.js';
import { authenticateApiKey } from '../../server/auth/authenticate.js';
import { WINDOW_MS } from '../../server/billing/rate-card.js';
import { runBulkExport } from '../../server/commands/bulk-export.js';
import { createApiKey } from '../../server/commands/create-api-key.js';
import { addDelegate } from '../../server/commands/manage-delegates.js';
import { revokeApiKey } from '../../server/commands/revoke-api-key.js';
import { CHANNELS } from '../../server/communications/channels.js';
import { callbackToken } from '../../server/communications/signing.js';
import type { JsonSchema } from '../../server/http/route.js';
import { allRoutes } from '../../server/routes/index.js';
import { type FuzzKeys, routeCases } from '../helpers/fuzz-cases.js';
import { contractProblems, type FuzzCase, runPool, sendCase } from '../helpers/fuzz-http.js';
import { Rng } from '../helpers/fuzz-random.js';
import { causeKey, findLog, formatRepro, groupBy, type Outcome, shrink, smallest } from '../helpers/fuzz-report.js';
import type { FieldPath, GenContext } from '../helpers/fuzz-schema.js';
import { indexSnapshots } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const SEED = Number(process.env.FUZZ_SEED ?? 20_260_601);
const PROFILES = 300;
const CONCURRENCY = 4;
const SHRINK_BUDGET_PER_CAUSE = 25;

type Row = Record<string, unknown>;
const readJsonl = (file: string): Row[] =>
  fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Row);
const uniq = <T>(xs: T[]): T[] => [...new Set(xs.filter((x) => x !== null && x !== undefined && x !== ''))];

/** Names, places and ids of the generated corpus, for valid-ish requests. */
function vocabulary(files: Record<string, { path: string }>) {
  const profiles = readJsonl(files.profiles!.path);
  const companies = readJsonl(files.companies!.path);
  const posts = readJsonl(files.posts!.path);
  const loc = (p: Row) => (p.location ?? {}) as Row;
  const experiences = profiles.flatMap((p) => (p.experiences as Row[]) ?? []);
  return {
    profileIds: profiles.map((p) => p.id as string),
    usernames: uniq(profiles.map((p) => p.professional_username as string)),
    urls: uniq(profiles.map((p) => p.professional_url as string)),
    titles: uniq([...profiles.map((p) => p.current_title as string), ...experiences.map((e) => e.title as string)]),
    skills: uniq(profiles.flatMap((p) => (p.skills as string[]) ?? [])),
    schools: uniq(profiles.flatMap((p) => ((p.education as Row[]) ?? []).map((e) => e.school as string))),
    degrees: uniq(profiles.flatMap((p) => ((p.education as Row[]) ?? []).map((e) => e.degree as string))),
    languages: uniq(profiles.flatMap((p) => ((p.languages as Row[]) ?? []).map((l) => l.name as string))),
    places: uniq([
      ...profiles.flatMap(
        (p) => [loc(p).city, loc(p).country, loc(p).metro, loc(p).region, ...((loc(p).regions as string[]) ?? [])] as string[],
      ),
      'Bay Area',
      'Europe',
      'Remote',
    ]),
    companyIds: companies.map((c) => c.id as string),
    companyNames: uniq(companies.map((c) => c.name as string)),
    domains: uniq(companies.map((c) => c.domain as string)),
    industries: uniq(companies.map((c) => c.industry as string)),
    categories: uniq(companies.flatMap((c) => (c.categories as string[]) ?? [])),
    postIds: posts.map((p) => p.id as string),
    topics: uniq(posts.flatMap((p) => (p.topics as string[]) ?? [])),
  };
}
type Vocabulary = ReturnType<typeof vocabulary>;

/** What earlier responses returned: stored search ids, cohorts, people. */
interface Pools {
  peopleSearchIds: string[];
  companySearchIds: string[];
  cohortRefs: string[];
  userIds: string[];
  /** A real bulk export's download link parts, so the download route can succeed. */
  exportLink: { file: string; expires: string; signature: string };
  /** Real communications and inbox items (made before fuzzing), so their routes can succeed. */
  comms: {
    ids: string[];
    filename: string;
    conversationId: string;
    inviteId: string;
    introductionId: string;
    callbackToken: string;
    projectId: string;
    targetUserId: string;
    targetId: string;
    linkToken: string;
    watcherIds: string[];
    contactRunIds: string[];
    entityIds: string[];
  };
}

function harvest(pools: Pools, route: string, text: string): void {
  let body: Row;
  try {
    body = JSON.parse(text) as Row;
  } catch {
    return;
  }
  const id = body.search_id;
  if (typeof id === 'string') {
    if (route.includes('/companies/')) pools.companySearchIds.push(id);
    else if (route.includes('/search/people')) pools.peopleSearchIds.push(id);
  }
  for (const ref of (body.cohort_refs as string[] | undefined) ?? []) pools.cohortRefs.push(ref);
  const binding = body.people_search_binding as Row | undefined;
  if (typeof binding?.cohort_ref === 'string') pools.cohortRefs.push(binding.cohort_ref);
  for (const u of ((body.users ?? body.people) as Row[] | undefined) ?? []) if (typeof u.id === 'string') pools.userIds.push(u.id);
}

const FUZZ_RELAY_SECRET = 'fuzz-relay-secret-0123456789';

/** Path values of the communications and inbox routes: the real ones, and some that name nothing. */
const COMMS_PATH_VALUES: Record<string, (c: Pools['comms']) => string[]> = {
  communicationId: (c) => [...c.ids, 'c0000000-0000-4000-8000-0000000000cc'],
  filename: (c) => [c.filename, 'nothing.png', '..%2Fstore.sqlite'],
  conversationId: (c) => [c.conversationId, 'cv_nothing'],
  inviteId: (c) => [c.inviteId, 'inv_nothing'],
  introductionId: (c) => [c.introductionId, 'intro_nothing'],
  projectId: (c) => [c.projectId, 'c0000000-0000-4000-8000-0000000000cc'],
  targetUserId: (c) => [c.targetUserId, 'c0000000-0000-4000-8000-0000000000cc'],
  targetId: (c) => [c.targetId, 'c0000000-0000-4000-8000-0000000000cc'],
  token: (c) => [c.linkToken, 'nothing-here-at-all'],
  watcherId: (c) => [...c.watcherIds, 'c0000000-0000-4000-8000-0000000000cc'],
  runId: (c) => [...c.contactRunIds, 'c0000000-0000-4000-8000-0000000000cc'],
  entityId: (c) => [...c.entityIds, 'c0000000-0000-4000-8000-0000000000cc'],
  action: () => ['ignore', 'restore', 'needs-review', 'not-a-match', 'fly-away'],
};

/**
 * Communications for the fuzzed routes: a direct message and a sandbox send (with a screenshot)
 * from the owner to a connection; an invite to the owner from a peer account, and a referral
 * request from that peer that the owner is asked to forward.
 */
async function makeCommunications(
  app: TestApp,
  key: string,
  peer: { userId: string; apiKey: string },
  owner: string,
): Promise<Pools['comms']> {
  const friend = [...app.services.graph.firstDegree(owner).keys()].sort()[0]!;
  const send = async (k: string, body: Row) => {
    const res = await app.call('POST', '/api/v1/communications', { key: k, body: { dry_run: false, wait_ms: 10_000, ...body } });
    assert.is(res.body.status, 'completed', res.text);
    return res.body;
  };
  const dm = await send(key, { channel: 'service_direct_message', target_user_id: friend, message: 'Hello from the fuzz setup' });
  const pro = await send(key, { channel: 'professional_send_message', target_user_id: friend, message: 'Hello on the network' });
  const invite = await send(peer.apiKey, { channel: 'service_invite', target_user_id: owner, message: 'Connect?' });
  app.services.graph.upsertEdges([{ userA: peer.userId, userB: owner, source: 'service', connectedAt: app.clock.now(), removedAt: null }]);
  const referral = await send(peer.apiKey, {
    channel: 'service_referral_request',
    target_user_id: friend,
    connector_user_id: owner,
    message: 'Introduce me?',
  });
  // Drafts, so cancel has something to cancel.
  const drafts: string[] = [];
  for (const n of [1, 2, 3]) {
    const res = await app.call('POST', '/api/v1/communications', {
      key,
      body: { channel: 'service_direct_message', target_user_id: friend, message: `Draft ${n}`, mode: 'draft' },
    });
    drafts.push(res.body.id as string);
  }
  // A project with one target and its draft, for the project routes.
  const project = (
    (
      await app.call('POST', '/api/v1/projects', {
        key,
        body: { title: 'Fuzz project', pitch: 'A pitch.', schedule_url: 'https://cal.example/fuzz' },
      })
    ).body.project as Row
  ).id as string;
  await app.call('PUT', `/api/v1/projects/${project}/templates`, {
    key,
    body: { outreach_message_prompt: 'Hi {{first_name}}: {{schedule_link}}' },
  });
  await app.call('POST', `/api/v1/projects/${project}/targets`, { key, body: { target_user_id: friend } });
  const generated = await app.call('POST', `/api/v1/projects/${project}/messages/generate`, { key, body: {} });
  const linkToken = /\/l\/([A-Za-z0-9_-]+)/.exec((generated.body.targets as Row[])[0]!.draft_message as string)![1]!;
  // Approved and activated once, so activation has an eligible target (one already queued).
  await app.call('PUT', `/api/v1/projects/${project}/target-users/${friend}/message`, { key, body: { review_action: 'approve' } });
  await app.call('POST', `/api/v1/projects/${project}/activate`, { key, body: {} });
  // A second target, never queued, whose draft the message routes may change (a queued one's is
  // 409 message_already_queued).
  const other = [...app.services.graph.firstDegree(owner).keys()].sort()[1]!;
  const added = await app.call('POST', `/api/v1/projects/${project}/targets`, { key, body: { target_user_id: other } });
  const otherTargetId = ((added.body.added_targets as Row[])[0] as Row).assignment_target_id as string;
  // Signal watchers (several: a fuzzed DELETE may remove one).
  const watcherIds: string[] = [];
  for (let i = 0; i < 8; i++) {
    const w = await app.call('POST', '/api/v1/signals/watchers', {
      key,
      body: { signal_types: ['liked_my_post', 'follow_up'], cohort: { project_id: project }, deliveries: ['project_feed', 'connector'] },
    });
    watcherIds.push((w.body.watcher as Row).watcher_id as string);
  }
  // Reconciliation runs (several: a fuzzed finalize closes one).
  const contactRunIds: string[] = [];
  for (let i = 0; i < 6; i++) {
    const r = await app.call('POST', '/api/v1/contacts/reconciliation/runs', { key, body: {} });
    contactRunIds.push((r.body.run as Row).run_id as string);
  }
  // Review entities, from one applied batch of the last run.
  const applied = await app.call('POST', `/api/v1/contacts/reconciliation/runs/${contactRunIds.at(-1)}/batches`, {
    key,
    body: { rows: [{ name: 'First1 Last1' }, { name: 'Nobody Here' }, { emails: ['x@y.example'] }], user_confirmed: true },
  });
  const entityIds = (applied.body.rows as Row[]).map((r) => r.entity_id as string);
  return {
    entityIds,
    contactRunIds,
    watcherIds,
    projectId: project,
    targetUserId: other,
    targetId: otherTargetId,
    linkToken,
    ids: [dm.id as string, pro.id as string, ...drafts],
    filename: (pro.artifacts as Row[])[0]!.filename as string,
    conversationId: (dm.result as Row).conversation_id as string,
    inviteId: (invite.result as Row).invite_id as string,
    introductionId: (referral.result as Row).introduction_id as string,
    callbackToken: callbackToken(FUZZ_RELAY_SECRET, pro.id as string),
  };
}

/** Realistic values by property name: corpus names, stored ids, natural-language queries. */
function makeHint(v: Vocabulary, pools: Pools, rng: Rng, delegateIds: string[]): GenContext['hint'] {
  const nl = () => {
    const t = rng.pick(v.titles);
    return [
      `${t}s in ${rng.pick(v.places)}`,
      `senior ${t} in ${rng.pick(v.places)} with ${rng.int(1, 12)}+ years`,
      `${rng.pick(v.industries)} companies in ${rng.pick(v.places)} with 50-200 employees founded after 2010`,
      `remote ${t} jobs posted in the last 14 days`,
      `people who worked at ${rng.pick(v.companyNames)}`,
      `${rng.pick(v.skills)} experts who studied at ${rng.pick(v.schools)}`,
      'hiring',
      `posts about ${rng.pick(v.topics.length ? v.topics : v.skills)}`,
      `${t} at ${rng.pick(v.companyNames)} speaking ${rng.pick(v.languages)}`,
      rng.pick(v.skills),
    ];
  };
  const some = <T>(xs: T[]) => (xs.length ? xs : undefined);
  return (path: FieldPath, s: JsonSchema) => {
    const admitsString = s.type === 'string' || (Array.isArray(s.type) && s.type.includes('string'));
    if (!admitsString || Array.isArray(s.enum)) return undefined;
    const names = path.filter((p) => p !== '*');
    const last = names.at(-1) ?? '';
    const parent = names.at(-2) ?? '';
    const group = ['include', 'exclude'].includes(last) ? parent : last;
    switch (group) {
      case 'query':
      case 'description':
        return nl();
      case 'keywords':
      case 'skills':
      case 'additional_context_keywords_core':
      case 'additional_context_keywords_supporting':
        return v.skills;
      case 'job_titles':
      case 'titles':
        return v.titles;
      case 'locations':
        return v.places;
      case 'industries':
        return v.industries;
      case 'categories':
        return v.categories;
      case 'names':
        return v.companyNames;
      case 'domains':
        return v.domains;
      case 'ids':
        return v.companyIds;
      case 'schools':
        return v.schools;
      case 'degrees':
        return v.degrees;
      case 'name':
        return parent === 'languages' ? v.languages : undefined;
      case 'proficiency':
        return ['Native or bilingual proficiency', 'Professional working proficiency', 'Elementary proficiency'];
      case 'connected_to':
      case 'exclude_connected_to':
        return [...v.profileIds.slice(0, 20), ...v.usernames.slice(0, 5)];
      case 'cohort_refs':
        return some(pools.cohortRefs);
      case 'search_id':
        return parent === '' ? some(pools.peopleSearchIds) : some(pools.companySearchIds);
      case 'expires':
        return [pools.exportLink.expires];
      case 'signature':
        return [pools.exportLink.signature];
      case 'target_user_id':
        return some(pools.userIds);
      case 'candidate_user_id':
        return v.profileIds.slice(0, 20);
      case 'user_confirmed':
        return [true];
      case 'author_user_ids':
        return v.profileIds;
      case 'target_post_ids':
        return v.postIds;
      case 'mentions':
      case 'topics':
        return some(v.topics);
      case 'professional_username':
        return v.usernames;
      case 'professional_profile_url':
      case 'professional_url':
        return v.urls;
      case 'delegate_user_id':
        return delegateIds;
      case 'channel':
        return parent === '' ? [...CHANNELS] : undefined;
      case 'token':
        return [pools.comms.callbackToken];
      case 'start_date':
      case 'end_date':
        return ['2026-05-01', '2026-05-31', '2026-05-15T10:00:00Z', '2025-01-01'];
      default:
        return undefined;
    }
  };
}

/** Server-level requests Node's client refuses to build: the app never sees them. */
function nodeLevelCases(maxHeaderSize: number): FuzzCase[] {
  const raw = (category: string, rawRequest: string): FuzzCase => ({
    route: '(node)',
    category,
    method: 'RAW',
    path: '',
    headers: [],
    rawRequest,
  });
  return [
    raw('header-over-node-limit', `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(maxHeaderSize + 100)}\r\n\r\n`),
    raw('invalid-header-name', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'),
    raw('nul-in-header-value', 'GET /healthz HTTP/1.1\r\nHost: x\r\nX-Request-Id: a\u0000b\r\n\r\n'),
    raw(
      'duplicate-content-length',
      'POST /api/v2/search/people/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}',
    ),
    raw(
      'content-length-and-chunked',
      'POST /api/v2/search/people/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ),
    raw('bad-http-version', 'GET /healthz HTTP/9.9\r\nHost: x\r\n\r\n'),
    raw('non-ascii-path', 'GET /h\u00e9alth HTTP/1.1\r\nHost: x\r\n\r\n'),
    raw(
      'bad-chunk-size',
      'POST /api/v2/search/people/query HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\nZZ\r\n{}\r\n0\r\n\r\n',
    ),
  ];
}

interface FuzzRun {
  /** Wall-clock seconds by phase: setup (app, corpus, index), generating cases, sending them, shrinking. */
  phases: Record<string, number>;
  outcomes: Outcome[];
  routes: string[];
  seconds: number;
  report: (o: Outcome) => string;
  shrunk: Map<string, Outcome>;
}

/** Builds the app and corpus, sends every case, shrinks each 5xx cause; closes the app. */
async function fuzzEveryRoute(): Promise<FuzzRun> {
  const started = performance.now();
  const app: TestApp = await startTestApp({ env: { RELAY_SECRET: FUZZ_RELAY_SECRET } });
  // A fresh keep-alive pool per batch: generating the next batch can outlast the server's
  // keep-alive timeout, and reusing a socket the server is closing is a client-side race.
  let agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
  try {
    const corpus = await generateCorpus({ profiles: PROFILES, seed: 11, outDir: path.join(app.dataDir, 'corpus'), gzip: false });
    const indexed = await indexSnapshots(
      app,
      Object.values(corpus.files).map((f) => f.path),
    );
    assert.is(indexed.rejected, 0);
    const v = vocabulary(corpus.files);

    const main = app.account({ tier: 'pro', personId: corpus.demoProfileId, name: 'Fuzz Owner' });
    const delegate = app.account({ tier: 'pro', personId: v.profileIds[1]!, name: 'Fuzz Delegate' });
    addDelegate(app.services, main.userId, delegate.userId);
    const stranger = app.account({ tier: 'pro' });
    const revoked = createApiKey(app.services, { userId: main.userId, scopes: ['search'] });
    revokeApiKey(app.services, revoked.record.keyId);
    const keys: FuzzKeys = {
      valid: main.apiKey,
      noScope: app.account({ scopes: ['group-context-read'] }).apiKey,
      revoked: revoked.apiKey,
      free: app.account({ tier: 'free' }).apiKey,
    };
    const keyNames = new Map(Object.entries(keys).map(([name, key]) => [key, `<${name} key>`]));

    const made = await runBulkExport(
      app.services,
      authenticateApiKey(app.services, main.apiKey, app.clock.now()),
      { text: 'engineers', filters: null, networkMode: 'boost', maxRows: 5 },
      'fuzz-export',
    );
    const link = new URL(made.url);
    const exportLink = {
      file: link.pathname.split('/').pop()!,
      expires: link.searchParams.get('expires')!,
      signature: link.searchParams.get('signature')!,
    };
    const comms = await makeCommunications(app, main.apiKey, app.account({ tier: 'pro', name: 'Fuzz Peer' }), corpus.demoProfileId!);
    const pools: Pools = { peopleSearchIds: [], companySearchIds: [], cohortRefs: [], userIds: [], exportLink, comms };
    const root = new Rng(SEED);
    const outcomes: Outcome[] = [];
    const routes = allRoutes();
    const maxHeaderSize = http.maxHeaderSize;

    const send = async (c: FuzzCase): Promise<Outcome> => {
      const r = await sendCase(app.url, agent, c);
      const problems = contractProblems(c, r);
      const log = r.status >= 500 || problems.length ? findLog(app.logs, r.headers['x-request-id'], r.status) : undefined;
      if (r.status >= 200 && r.status < 300) harvest(pools, c.route, r.text);
      return { c, r, log, problems };
    };

    const phases: Record<string, number> = { setup: (performance.now() - started) / 1000, generate: 0, send: 0, shrink: 0 };
    const timed = <T>(phase: string, fn: () => T): T => {
      const t = performance.now();
      const out = fn();
      phases[phase]! += (performance.now() - t) / 1000;
      return out;
    };
    const batch = async (cases: FuzzCase[], concurrency = CONCURRENCY) => {
      agent.destroy();
      agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
      const t = performance.now();
      const out = await runPool(cases, concurrency, send);
      phases.send! += (performance.now() - t) / 1000;
      return out;
    };

    const contextFor = (def: (typeof routes)[number], rng: Rng) => ({
      def,
      rng,
      keys,
      bodyLimit: app.services.config.bodyLimitBytes,
      maxHeaderSize,
      nonDelegateUserId: stranger.userId,
      gen: {
        rng,
        // Valid-ish delegate ids: an authorised delegate, and the owner themself.
        hint: makeHint(v, pools, rng, [delegate.userId, main.userId]),
        optionalChance: 0.35,
        words: [...v.titles.slice(0, 30), ...v.skills.slice(0, 30), 'engineer', 'fintech'],
      },
      pathValues: (param: string) =>
        COMMS_PATH_VALUES[param]?.(pools.comms) ??
        (param === 'export_file'
          ? [pools.exportLink.file, 'ex_00000000-0000-4000-8000-000000000000.csv']
          : param === 'search_id'
            ? [...pools.peopleSearchIds.slice(0, 2), ...pools.companySearchIds.slice(0, 1), 'c0000000-0000-4000-8000-000000000000', 'abc']
            : [corpus.demoProfileId, rng.pick(v.profileIds), 'a0000000-0000-4000-8000-0000000000ff', v.companyIds[0]!]),
    });

    // Valid-ish requests first, route by route, so later routes (enrich, replay, company
    // search ids in people filters) get ids that exist.
    for (const def of routes) {
      const rng = root.fork(`valid ${def.method} ${def.path}`);
      const many = def.request?.body ? 25 : Object.keys((def.request?.query?.properties as object) ?? {}).length ? 12 : 3;
      const cases = timed('generate', () =>
        routeCases(contextFor(def, rng), { valid: many, oddTopLevel: 0, oddNested: 0, openObject: 0 }, 'valid'),
      );
      outcomes.push(...(await batch(cases)));
    }
    for (const def of routes) {
      // The credit pool must not run dry halfway: valid keys should reach the handlers.
      const status = app.services.credits.status(main.userId, 'pro', app.clock.now());
      if (status.remainingMicro !== null && status.remainingMicro < 300 * 1_000_000) app.clock.advance(WINDOW_MS + 60_000);
      const rng = root.fork(`hostile ${def.method} ${def.path}`);
      const cases = timed('generate', () =>
        routeCases(contextFor(def, rng), { valid: 0, oddTopLevel: 6, oddNested: 2, openObject: 6 }, 'hostile'),
      );
      outcomes.push(...(await batch(cases)));
    }
    outcomes.push(...(await batch(nodeLevelCases(maxHeaderSize), 1)));

    // One shrunk reproduction per 5xx cause.
    const shrinkStarted = performance.now();
    const shrunk = new Map<string, Outcome>();
    let retry = 0;
    for (const [cause, list] of groupBy(
      outcomes.filter((o) => o.r.status >= 500),
      causeKey,
    )) {
      const first = smallest(list);
      shrunk.set(
        cause,
        await shrink(
          first,
          async (candidate) => {
            const headers = candidate.headers.map(([k, val]): [string, string] => [
              k,
              k.toLowerCase() === 'x-request-id' ? `fz-shrink-${++retry}` : val,
            ]);
            const o = await send({ ...candidate, headers });
            return o.r.status >= 500 && causeKey(o) === cause ? o : null;
          },
          SHRINK_BUDGET_PER_CAUSE,
        ),
      );
    }
    phases.shrink = (performance.now() - shrinkStarted) / 1000;
    return {
      phases,
      outcomes,
      routes: routes.map((r) => `${r.method} ${r.path}`),
      seconds: (performance.now() - started) / 1000,
      report: (o) => formatRepro(o, { baseUrl: app.url, keyNames }),
      shrunk,
    };
  } finally {
    agent.destroy();
    await app.close();
  }
}

let pending: Promise<FuzzRun> | undefined;
const fuzzRun = () => {
  pending ??= fuzzEveryRoute();
  return pending;
};

const ACTIVATE = 'POST /api/v1/projects/:projectId/activate';

/** A refusal only the handler can make, after it read the state (the route's precondition): the handler ran. */
function handlerRefused(o: Outcome): boolean {
  if (o.r.status !== 409) return false;
  try {
    return (JSON.parse(o.r.text) as { error?: string }).error === 'no_eligible_targets';
  } catch {
    return false;
  }
}

test('fuzz: every route is exercised, within the time budget', async () => {
  const run = await fuzzRun();
  const perRoute = groupBy(run.outcomes, (o) => o.c.route);
  const statuses = groupBy(run.outcomes, (o) => String(o.r.status));
  console.log(
    `fuzz: seed ${SEED}, ${run.outcomes.length} requests over ${run.routes.length} routes in ${run.seconds.toFixed(1)} s; statuses ${statuses
      .map(([s, l]) => `${s}×${l.length}`)
      .join(' ')}`,
  );
  const kind = (o: Outcome) =>
    o.c.category.startsWith('body:/') ? `body:${o.c.category.split(':').slice(2, 3)}` : o.c.category.split(':')[0]!;
  const slowest = groupBy(run.outcomes, kind)
    .map(([k, l]) => [k, l.reduce((sum, o) => sum + o.r.ms, 0), l.length] as const)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 8);
  console.log(
    `fuzz: wall time by phase ${Object.entries(run.phases)
      .map(([k, v]) => `${k} ${v.toFixed(1)}s`)
      .join(', ')}`,
  );
  const slowCases = [...run.outcomes].sort((a, b) => b.r.ms - a.r.ms).slice(0, 3);
  console.log(`fuzz: slowest ${slowCases.map((o) => `${o.c.route} ${o.c.category} ${Math.round(o.r.ms)}ms`).join('; ')}`);
  console.log(`fuzz: time by kind ${slowest.map(([k, ms, n]) => `${k} ${(ms / 1000).toFixed(1)}s/${n}`).join(', ')}`);
  for (const route of run.routes) {
    const mine = run.outcomes.filter((o) => o.c.route === route);
    assert.ok(mine.length >= 50, `${route} got only ${mine.length} requests`);
    if (route.startsWith('POST ') || route.includes(':'))
      assert.ok(
        mine.some((o) => o.r.status === 200 || o.r.status === 302 || (route === ACTIVATE && handlerRefused(o))),
        `${route}: no valid-ish request succeeded, so the handler never ran (${perRoute.length} routes)`,
      );
  }
  if (process.env.FUZZ_REPORT) {
    const failing = run.outcomes.filter((o) => o.r.status >= 500 || o.problems.length);
    fs.writeFileSync(
      process.env.FUZZ_REPORT,
      JSON.stringify(
        failing.map((o) => ({
          cause: o.r.status >= 500 ? causeKey(o) : o.problems,
          ...o,
          c: { ...o.c, body: String(o.c.body ?? '').slice(0, 2000), json: undefined },
        })),
        null,
        1,
      ),
    );
  }
});

test('fuzz: no request gets a 5xx', async () => {
  const run = await fuzzRun();
  const failures = run.outcomes.filter((o) => o.r.status >= 500);
  const groups = groupBy(failures, causeKey);
  if (groups.length) {
    const text = groups.map(([cause, list], i) => {
      const routes = [...new Set(list.map((o) => o.c.route))];
      const kinds = [...new Set(list.map((o) => o.c.category.replace(/:[^:]*$/, '')))].slice(0, 12);
      return [
        `\n#${i + 1} ${cause}`,
        `  ${list.length} requests on ${routes.length} route(s): ${routes.join(', ')}`,
        `  case kinds: ${kinds.join(', ')}${kinds.length === 12 ? ', …' : ''}`,
        '  minimal reproduction:',
        run.report(run.shrunk.get(cause) ?? smallest(list)),
      ].join('\n');
    });
    console.log(`\n${failures.length} responses with a 5xx status, ${groups.length} distinct causes:${text.join('\n')}\n`);
  }
  assert.equal(
    groups.map(([cause, list]) => `${list.length}× ${cause}`),
    [],
    `${failures.length} requests got a 5xx (${groups.length} causes; reproductions printed above)`,
  );
});

test('fuzz: every response has an X-Request-Id, a JSON body and the error shape', async () => {
  const run = await fuzzRun();
  const failures = run.outcomes.filter((o) => o.problems.length > 0);
  const groups = groupBy(failures, (o) => `${o.problems.map((p) => p.replace(/ \(.*$/, '')).join('; ')} [${o.r.status}]`);
  if (groups.length) {
    const text = groups.map(([key, list]) => {
      const routes = [...new Set(list.map((o) => o.c.route))];
      const kinds = [...new Set(list.map((o) => o.c.category))].slice(0, 8);
      return [
        `\n${list.length}× ${key}`,
        `  on ${routes.length} route(s): ${routes.join(', ')}`,
        `  case kinds: ${kinds.join(', ')}`,
        run.report(smallest(list)),
      ].join('\n');
    });
    console.log(`\n${failures.length} responses break the error contract, ${groups.length} groups:${text.join('\n')}\n`);
  }
  assert.equal(
    groups.map(([key, list]) => `${list.length}× ${key}`),
    [],
    `${failures.length} responses break the error contract (details printed above)`,
  );
});

test.run();
