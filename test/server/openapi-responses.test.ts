/**
 * Real responses validate against the PUBLISHED OpenAPI document (`/docs/schema.json`), not
 * against the route declarations: each operation's response schema for the status received is
 * compiled with Ajv (2020-12, the dialect of OpenAPI 3.1) and every route is called, for its
 * success and its typical errors (400, 401, 403, 404). The status must be one the operation
 * documents (the `default` response does not count), and the closed schemas refuse any field
 * they do not declare.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../fixtures/generator/index.js';
import { SearchEngineError } from '../../search-engine/errors.js';
import { authenticateApiKey } from '../../server/auth/authenticate.js';
import { runBulkExport } from '../../server/commands/bulk-export.js';
import { callbackToken } from '../../server/communications/signing.js';
import { indexSnapshots } from '../helpers/snapshots.js';
import { startTestApp, type TestApp, type TestResponse } from '../helpers/test-app.js';

const RELAY_SECRET = 'relay-secret-for-the-document-test';

type Operation = { responses: Record<string, { content?: Record<string, unknown> }>; security: unknown[]; requestBody?: unknown };
type OpenApi = { paths: Record<string, Record<string, Operation>> };

const pointer = (s: string): string => s.replace(/~/g, '~0').replace(/\//g, '~1');
const toOpenApiPath = (p: string): string => p.replace(/:(\w+)/g, '{$1}');

/** Validators of the published document's responses, by operation and status. */
class PublishedDocument {
  private readonly ajv = new Ajv2020({ strict: false, allErrors: true });
  private readonly cache = new Map<string, ValidateFunction>();
  /** `METHOD path status` of every validated response. */
  readonly seen = new Set<string>();

  constructor(readonly doc: OpenApi) {
    (addFormats as unknown as (a: Ajv2020) => void)(this.ajv);
    this.ajv.addSchema(doc as object, 'openapi.json');
  }

  /** The validator of one documented response; fails the test when the status is not documented. */
  validator(method: string, route: string, status: number): ValidateFunction {
    const opPath = toOpenApiPath(route);
    const op = this.doc.paths[opPath]?.[method.toLowerCase()];
    assert.ok(op, `${method} ${route} is not in the published document`);
    assert.ok(String(status) in op.responses, `${method} ${route} answered ${status}, which its operation does not document`);
    const ref = `openapi.json#/paths/${pointer(opPath)}/${method.toLowerCase()}/responses/${status}/content/application~1json/schema`;
    let v = this.cache.get(ref);
    if (!v) {
      v = this.ajv.getSchema(ref);
      assert.ok(v, `no JSON schema at ${ref}`);
      this.cache.set(ref, v);
    }
    return v;
  }

  /** Asserts a real response matches the published schema of its operation and status. */
  check(method: string, route: string, res: TestResponse, expectedStatus: number): void {
    assert.is(res.status, expectedStatus, `${method} ${route}: ${res.text.slice(0, 500)}`);
    // A documented non-JSON body (a CSV download): the content type is the one published.
    const documented = this.doc.paths[toOpenApiPath(route)]?.[method.toLowerCase()]?.responses[String(res.status)];
    // A documented redirect has no body to check: its Location is the answer.
    if (documented && !documented.content && res.status === 302) {
      assert.ok(res.headers.get('location'), `${method} ${route} 302 has no Location`);
      this.seen.add(`${method.toUpperCase()} ${toOpenApiPath(route)} ${res.status}`);
      return;
    }
    const content = documented?.content ?? {};
    const types = Object.keys(content);
    if (types.length && !('application/json' in content)) {
      // One of the published types; a media range (`*/*`: artifacts of several types) admits any type it covers.
      const actual = res.headers.get('content-type') ?? '';
      assert.ok(
        types.some((t) => actual.startsWith(t.split('*')[0]!)),
        `${method} ${route} ${res.status} is not ${types.join(' or ')}`,
      );
      this.seen.add(`${method.toUpperCase()} ${toOpenApiPath(route)} ${res.status}`);
      return;
    }
    const validate = this.validator(method, route, res.status);
    assert.ok(validate(res.body), `${method} ${route} ${res.status} breaks the published document: ${JSON.stringify(validate.errors)}`);
    this.seen.add(`${method.toUpperCase()} ${toOpenApiPath(route)} ${res.status}`);
  }
}

/** The fields the app's own response check refused (as `path: field`), to say which to declare. */
function undeclared(app: TestApp): string[] {
  const out = new Set<string>();
  for (const line of app.logs.filter((l) => l.level === 50)) {
    const message = (line.err as { message?: string } | undefined)?.message ?? '';
    const json = message.slice(message.indexOf('[{'));
    if (!json.startsWith('[{')) {
      out.add(message);
      continue;
    }
    for (const e of JSON.parse(json) as { instancePath: string; message: string; params: { additionalProperty?: string } }[])
      out.add(`${e.instancePath.replace(/\/\d+/g, '/*')}: ${e.params.additionalProperty ?? e.message}`);
  }
  return [...out];
}

/** Calls a route and checks the response against the published document. */
async function expect(
  app: TestApp,
  doc: PublishedDocument,
  method: string,
  route: string,
  url: string,
  status: number,
  opts: { key?: string; body?: unknown } = {},
): Promise<Record<string, unknown>> {
  const res = await app.call(method, url, opts);
  // A 500 here is usually the route's own response check (a field its schema lacks): name it.
  if (res.status === 500 && status !== 500) assert.unreachable(`${method} ${url} answered 500: ${undeclared(app).join('; ')}`);
  doc.check(method, route, res, status);
  return res.body;
}

test('every route answers, on success and typical errors, as the published OpenAPI document says', async () => {
  const app = await startTestApp({ env: { RELAY_SECRET } });
  try {
    const dir = path.join(app.dataDir, 'corpus');
    const summary = await generateCorpus({ profiles: 400, seed: 7, outDir: dir, gzip: false });
    const files = Object.values(summary.files).map((f) => f.path);
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const { apiKey: key } = app.account({ personId: summary.demoProfileId, name: 'Demo' });
    const { apiKey: readOnly } = app.account({ scopes: ['profiles-read'] });
    const docRes = await app.call('GET', '/docs/schema.json');
    const doc = new PublishedDocument(docRes.body as OpenApi);
    doc.check('GET', '/docs/schema.json', docRes, 200);
    const call = (method: string, route: string, status: number, opts: { key?: string; body?: unknown; url?: string } = {}) =>
      expect(app, doc, method, route, opts.url ?? route, status, opts);

    // Public routes.
    await call('GET', '/healthz', 200);
    await call('GET', '/readyz', 200);
    await call('GET', '/docs/endpoints.json', 200);
    await call('GET', '/public/docs/schema', 200);
    await call('GET', '/public/docs/changelog', 200);
    await call('GET', '/public/docs/mcp', 200);

    // A bulk export's download link (the connector's bulk_export makes it).
    const exporter = authenticateApiKey(app.services, key, app.clock.now());
    const made = await runBulkExport(
      app.services,
      exporter,
      { text: 'engineers', filters: null, networkMode: 'boost', maxRows: 5 },
      'export-1',
    );
    const link = new URL(made.url);
    await call('GET', '/exports/{export_file}', 200, { url: `${link.pathname}${link.search}` });
    await call('GET', '/exports/{export_file}', 403, { url: `${link.pathname}?expires=${Date.now() + 1000}&signature=forged` });
    const workbook = await runBulkExport(
      app.services,
      exporter,
      { text: 'engineers', filters: null, networkMode: 'boost', maxRows: 3, format: 'xlsx' },
      'export-2',
    );
    // A client gone before the answer: no file, no charge.
    const before = app.services.credits.status(exporter.ownerUserId, exporter.owner.tier, app.clock.now()).usedMicro;
    const gone = new AbortController();
    gone.abort();
    const abandoned = await runBulkExport(
      app.services,
      exporter,
      { text: 'engineers', filters: null, networkMode: 'boost', maxRows: 3 },
      'export-3',
      gone.signal,
    ).catch((err: Error) => err);
    assert.instance(abandoned, Error);
    assert.is(app.services.credits.status(exporter.ownerUserId, exporter.owner.tier, app.clock.now()).usedMicro, before);
    assert.is(fs.readdirSync(path.join(app.dataDir, 'exports')).filter((f) => f.endsWith('.csv')).length, 1);
    const xlsxLink = new URL(workbook.url);
    const xlsx = await fetch(`${app.url}${xlsxLink.pathname}${xlsxLink.search}`);
    doc.check('GET', '/exports/{export_file}', { status: xlsx.status, headers: xlsx.headers, body: {}, text: '' }, 200);
    assert.is(xlsx.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.is(
      Buffer.from(await xlsx.arrayBuffer())
        .subarray(0, 2)
        .toString(),
      'PK',
      'an XLSX file is a zip',
    );

    // Credits.
    await call('GET', '/api/v1/credits/status', 200, { key });
    await call('GET', '/api/v1/credits/status', 401);
    await call('GET', '/api/v1/credits', 200, { key, url: '/api/v1/credits?range=7d' });
    await call('GET', '/api/v1/credits', 400, { key, url: '/api/v1/credits?range=nope' });

    // People search: every option that adds a field.
    const peopleBody = {
      description: 'software engineers',
      limit: 5,
      relationship_detail: 'intro_paths',
      evidence_format: 'both',
      include_evidence_text: true,
    };
    const full = await call('POST', '/api/v1/search/people', 200, { key, body: peopleBody });
    await call('POST', '/api/v1/search/people', 200, { key, body: { description: 'engineers', count_only: true } });
    await call('POST', '/api/v1/search/people', 200, { key, body: { description: 'engineers', network_filter_mode: 'filter' } });
    await call('POST', '/api/v1/search/people', 200, { key, body: { professional_username: 'nobody-at-all-here' } });
    await call('POST', '/api/v1/search/people', 400, { key, body: { limit: 'ten' } });
    await call('POST', '/api/v1/search/people', 401, { body: peopleBody });
    await call('POST', '/api/v1/search/people', 403, { key: readOnly, body: peopleBody });
    await call('POST', '/api/v1/search/people', 404, { key, body: { filters: { cohort_refs: ['coh_unknown'] } } });
    await call('POST', '/api/v1/search/people/preview', 200, { key, body: { ...peopleBody, evidence_format: undefined } });
    const v2 = await call('POST', '/api/v2/search/people/query', 200, {
      key,
      body: { query: 'product managers in London', include_profile_text: true, relationship_detail: 'summary', limit: 5 },
    });
    await call('POST', '/api/v2/search/people/query', 400, { key, body: { query: ' ' } });
    const searchId = full.search_id as string;
    assert.type(searchId, 'string');
    const firstUser = (full.users as { user_id: string }[])[0]!.user_id;
    await call('POST', '/api/v1/search/people/enrich', 200, {
      key,
      body: { search_id: searchId, include_evidence_text: true, evidence_text_mode: 'full' },
    });
    await call('POST', '/api/v1/search/people/enrich', 404, { key, body: { search_id: 'no-such-search' } });
    const replay = '/api/v1/search/people/:search_id';
    await call('GET', replay, 200, { key, url: `/api/v1/search/people/${searchId}` });
    await call('GET', replay, 200, { key, url: `/api/v1/search/people/${v2.search_id as string}` });
    await call('GET', replay, 404, { key, url: '/api/v1/search/people/no-such-search' });

    // Companies, jobs, posts.
    const companies = '/api/v1/companies/search/preview';
    await call('POST', companies, 200, {
      key,
      body: { query: 'software companies in Europe founded after 2005', result_mode: 'detailed' },
    });
    await call('POST', companies, 200, { key, body: { query: 'companies like Nothingatall Inc' } });
    await call('POST', companies, 400, { key, body: { preview_limit: [] } });
    for (const route of ['/api/v1/search/jobs/preview', '/api/v1/search/jobs/with-people']) {
      await call('POST', route, 200, { key, body: { query: 'remote engineering jobs' } });
      await call('POST', route, 400, { key, body: { nonsense: true } });
    }
    for (const route of ['/api/v1/search/posts/preview', '/api/v1/search/posts/with-people']) {
      await call('POST', route, 200, { key, body: { query: 'hiring', with_companies: true } });
      await call('POST', route, 400, { key, body: { sort_by: 'nope' } });
    }

    // Profiles.
    for (const suffix of ['', '/chunks', '/text']) {
      const route = `/api/v1/profiles/:id${suffix}`;
      await call('GET', route, 200, { key, url: `/api/v1/profiles/${firstUser}${suffix}` });
      await call('GET', route, 404, { key, url: `/api/v1/profiles/00000000-0000-4000-8000-00000000dead${suffix}` });
      await call('GET', route, 401, { url: `/api/v1/profiles/${firstUser}${suffix}` });
    }
    await call('GET', '/api/v1/profiles/:id/text', 200, { key, url: `/api/v1/profiles/${firstUser}/text?mode=full` });
    await call('GET', '/api/v1/profiles/:id/text', 400, { key, url: `/api/v1/profiles/${firstUser}/text?mode=nope` });

    // More variants that add fields: a brief, supplied filters, lookups, evidence, a targeted enrich.
    await call('POST', '/api/v2/search/people/query', 200, {
      key,
      body: { query: 'We are hiring a Staff Engineer in Berlin with 8+ years of experience, reporting to the CTO.' },
    });
    await call('POST', '/api/v1/search/people', 200, {
      key,
      body: { filters: { job_titles: { include: ['engineer'] } }, include_evidence_json: true, fields: ['name', 'headline'] },
    });
    await call('POST', '/api/v2/search/people/query', 200, { key, body: { query: 'my 1st degree connections who are engineers' } });
    await call('POST', '/api/v1/search/people', 200, {
      key,
      body: { description: 'zzqx nonexistent words', network_filter_mode: 'filter' },
    });
    await call('POST', '/api/v1/search/people', 200, {
      key,
      body: { description: 'engineers', network_filter_mode: 'filter', count_only: true, relationship_detail: 'summary' },
    });
    await call('POST', '/api/v1/search/people/preview', 200, {
      key,
      body: { filters: { connected_to: [firstUser] }, network_filter_mode: 'connected_to' },
    });
    await call('POST', '/api/v1/search/people/enrich', 200, { key, body: { search_id: searchId, target_user_id: firstUser } });
    const companySearch = await call('POST', companies, 200, { key, body: { query: 'software companies', include_evidence_text: true } });
    await call('POST', companies, 200, { key, body: { filters: { search_id: companySearch.search_id as string } } });
    await call('POST', companies, 404, { key, body: { filters: { search_id: 'no-such-search' } } });
    await call('POST', '/api/v1/search/jobs/with-people', 200, { key, body: { query: 'jobs', people_per_company: 5, preview_limit: 25 } });
    await call('POST', '/api/v1/search/jobs/preview', 200, {
      key,
      body: { query: 'jobs posted in the last 14 days', filters: { companies: { include: ['Acme'] } } },
    });
    await call('POST', '/api/v1/search/posts/with-people', 200, { key, body: { query: 'the', people_limit: 100, preview_limit: 50 } });

    // Communications: every route, the recipient's side, and the relay callback (RELAY_SECRET is set).
    const comms = '/api/v1/communications';
    await call('POST', `${comms}/capabilities`, 200, { key, body: { target_user_id: firstUser } });
    await call('POST', `${comms}/capabilities`, 400, { key, body: { target_user_id: firstUser, channels: ['email'] } });
    const dm = await call('POST', comms, 200, {
      key,
      body: {
        channel: 'service_direct_message',
        target_user_id: firstUser,
        message: 'Hello',
        dry_run: false,
        wait_ms: 5000,
        webhook_url: 'http://127.0.0.1:9/hook',
        webhook_secret: '0123456789abcdef0',
      },
    });
    assert.is(dm.status, 'completed');
    const pro = await call('POST', comms, 200, {
      key,
      body: { channel: 'professional_send_message', target_user_id: firstUser, message: 'Hi there', dry_run: false, wait_ms: 5000 },
    });
    assert.is(pro.status, 'completed', JSON.stringify(pro.events));
    await call('POST', comms, 400, { key, body: { channel: 'email_send', target_user_id: firstUser, message: 'x' } });
    await call('POST', comms, 404, {
      key,
      body: { channel: 'service_direct_message', professional_username: 'nobody-at-all-here', message: 'x', dry_run: false },
    });
    const draft = await call('POST', comms, 200, {
      key,
      body: { channel: 'service_direct_message', target_user_id: firstUser, message: 'Later', mode: 'draft' },
    });
    await call('POST', `${comms}/:communicationId/cancel`, 200, { key, url: `${comms}/${draft.id}/cancel`, body: { reason: 'no' } });
    await call('POST', `${comms}/:communicationId/cancel`, 409, { key, url: `${comms}/${draft.id}/cancel`, body: {} });
    await call('GET', comms, 200, { key, url: `${comms}?limit=5` });
    await call('GET', `${comms}/:communicationId`, 200, { key, url: `${comms}/${dm.id}?wait_ms=10` });
    await call('GET', `${comms}/:communicationId`, 404, { key, url: `${comms}/00000000-0000-4000-8000-00000000dead` });
    await call('GET', `${comms}/:communicationId/events`, 200, { key, url: `${comms}/${dm.id}/events?after_sequence=1` });
    await call('GET', `${comms}/:communicationId/stream`, 200, { key, url: `${comms}/${dm.id}/stream` });
    const shot = (pro.artifacts as { filename: string }[])[0]!.filename;
    await call('GET', `${comms}/:communicationId/artifacts/:filename`, 200, { key, url: `${comms}/${pro.id}/artifacts/${shot}` });
    await call('GET', `${comms}/:communicationId/artifacts/:filename`, 404, { key, url: `${comms}/${pro.id}/artifacts/nothing.png` });
    await call('POST', `${comms}/history`, 200, { key, body: { target_user_id: firstUser } });
    await call('POST', `${comms}/history`, 200, { key, body: { professional_username: 'nobody-at-all-here' } });
    await call('POST', `${comms}/history`, 400, { key, body: {} });
    const outcome = JSON.stringify({ status: 'delivered' });
    const callback = await app.call('POST', `${comms}/${pro.id}/relay-callback?token=${callbackToken(RELAY_SECRET, pro.id as string)}`, {
      body: outcome,
    });
    doc.check('POST', `${comms}/:communicationId/relay-callback`, callback, 200);
    await call('POST', `${comms}/:communicationId/relay-callback`, 403, {
      url: `${comms}/${pro.id}/relay-callback?token=forged`,
      body: { status: 'delivered' },
    });
    const recipient = app.account({ personId: firstUser });
    const inbox = await call('GET', '/api/v1/inbox', 200, { key: recipient.apiKey });
    const conversationId = (inbox.conversations as { conversation_id: string }[])[0]!.conversation_id;
    await call('GET', '/api/v1/inbox/conversations/:conversationId', 200, {
      key: recipient.apiKey,
      url: `/api/v1/inbox/conversations/${conversationId}`,
    });
    await call('GET', '/api/v1/inbox/conversations/:conversationId', 404, { key, url: '/api/v1/inbox/conversations/cv_nothing' });
    const invitee = app.account({ name: 'Invitee' });
    const invite = await call('POST', comms, 200, {
      key,
      body: { channel: 'service_invite', target_user_id: invitee.userId, dry_run: false, wait_ms: 5000 },
    });
    await call('GET', '/api/v1/inbox/invites', 200, { key: invitee.apiKey });
    const inviteId = (invite.result as { invite_id: string }).invite_id;
    await call('POST', '/api/v1/inbox/invites/:inviteId', 200, {
      key: invitee.apiKey,
      url: `/api/v1/inbox/invites/${inviteId}`,
      body: { decision: 'accept' },
    });
    await call('POST', '/api/v1/inbox/invites/:inviteId', 409, {
      key: invitee.apiKey,
      url: `/api/v1/inbox/invites/${inviteId}`,
      body: { decision: 'accept' },
    });
    const connector = app.account({ name: 'Connector' });
    const far = app.account({ name: 'Far' });
    const now = app.clock.now();
    app.services.graph.upsertEdges([
      { userA: summary.demoProfileId!, userB: connector.userId, source: 'service', connectedAt: now, removedAt: null },
      { userA: connector.userId, userB: far.userId, source: 'service', connectedAt: now, removedAt: null },
    ]);
    const referral = await call('POST', comms, 200, {
      key,
      body: {
        channel: 'service_referral_request',
        target_user_id: far.userId,
        connector_user_id: connector.userId,
        message: 'Intro?',
        dry_run: false,
        wait_ms: 5000,
      },
    });
    await call('GET', '/api/v1/introductions', 200, { key: connector.apiKey });
    const introId = (referral.result as { introduction_id: string }).introduction_id;
    await call('POST', '/api/v1/introductions/:introductionId', 200, {
      key: connector.apiKey,
      url: `/api/v1/introductions/${introId}`,
      body: { decision: 'accept' },
    });
    await call('POST', '/api/v1/introductions/:introductionId', 404, {
      key,
      url: `/api/v1/introductions/${introId}`,
      body: { decision: 'accept' },
    });

    // Projects: the whole flow once, every route.
    const proj = await call('POST', '/api/v1/projects', 200, { key, body: { title: 'Document test', pitch: 'A pitch.' } });
    const projectId = (proj.project as { id: string }).id;
    const pr = (suffix: string) => `/api/v1/projects/:projectId${suffix}`;
    const pu = (suffix: string) => `/api/v1/projects/${projectId}${suffix}`;
    await call('GET', '/api/v1/projects', 200, { key, url: `/api/v1/projects?current_project_id=${projectId}&include_archived=true` });
    await call('GET', pr(''), 404, { key, url: '/api/v1/projects/00000000-0000-4000-8000-00000000dead' });
    await call('PATCH', pr(''), 200, { key, url: pu(''), body: { status: 'reviewing' } });
    await call('POST', pr('/targets'), 200, { key, url: pu('/targets'), body: { target_user_ids: [firstUser, invitee.userId] } });
    await call('DELETE', pr('/targets'), 200, { key, url: pu('/targets'), body: { target_user_id: invitee.userId } });
    await call('DELETE', pr('/targets'), 400, { key, url: pu('/targets'), body: {} });
    await call('GET', pr('/targets'), 200, { key, url: pu('/targets?include_mutuals=true') });
    await call('PUT', pr('/templates'), 200, { key, url: pu('/templates'), body: { email_subject_template: 'Hello {{first_name}}' } });
    await call('POST', pr('/templates/generate'), 200, {
      key,
      url: pu('/templates/generate'),
      body: { template_type: 'outreach_message_prompt' },
    });
    const generatedDrafts = await call('POST', pr('/messages/generate'), 200, { key, url: pu('/messages/generate'), body: {} });
    const targetRowId = (generatedDrafts.targets as { id: string }[])[0]!.id;
    await call('PUT', pr('/target-users/:targetUserId/message'), 200, {
      key,
      url: pu(`/target-users/${firstUser}/message`),
      body: { review_action: 'save' },
    });
    await call('PUT', pr('/targets/:targetId/message'), 200, {
      key,
      url: pu(`/targets/${targetRowId}/message`),
      body: { review_action: 'approve' },
    });
    await call('PUT', pr('/targets/:targetId/message'), 404, {
      key,
      url: pu('/targets/00000000-0000-4000-8000-00000000dead/message'),
      body: {},
    });
    await call('GET', pr('/send-readiness'), 200, { key, url: pu('/send-readiness') });
    // firstUser was messaged live above: activation leaves them out unless asked (docs/projects.md,
    // "Sends made outside the project").
    await call('POST', pr('/activate'), 200, { key, url: pu('/activate'), body: { include_already_contacted: true } });
    await call('POST', pr('/retry-failed-professional-sends'), 200, { key, url: pu('/retry-failed-professional-sends'), body: {} });
    await call('GET', pr('/metrics'), 200, { key, url: pu('/metrics') });
    await call('GET', pr(''), 200, { key, url: pu('?include_targets=true&include_search_results=true') });
    await call('POST', pr('/archive'), 200, { key, url: pu('/archive'), body: {} });
    // A tracked schedule link: a project with a scheduling page, a draft that carries its link.
    const linked = await call('POST', '/api/v1/projects', 200, { key, body: { title: 'Links', schedule_url: 'https://cal.example/sam' } });
    const linkedId = (linked.project as { id: string }).id;
    await call('POST', pr('/targets'), 200, { key, url: `/api/v1/projects/${linkedId}/targets`, body: { target_user_id: firstUser } });
    await call('PUT', pr('/templates'), 200, {
      key,
      url: `/api/v1/projects/${linkedId}/templates`,
      body: { outreach_message_prompt: 'Hi {{first_name}}: {{schedule_link}}' },
    });
    const linkDrafts = await call('POST', pr('/messages/generate'), 200, {
      key,
      url: `/api/v1/projects/${linkedId}/messages/generate`,
      body: {},
    });
    const token = /\/l\/([A-Za-z0-9_-]+)/.exec((linkDrafts.targets as { draft_message: string }[])[0]!.draft_message)![1]!;
    const redirect = await fetch(`${app.url}/l/${token}`, { redirect: 'manual' });
    doc.check('GET', '/l/:token', { status: redirect.status, headers: redirect.headers, body: {}, text: await redirect.text() }, 302);
    await call('GET', '/l/:token', 404, { url: '/l/nothing-here-at-all' });

    // Signals: a watcher over the project, its feed and stream, every route (docs/signals.md).
    const wr = (suffix: string) => `/api/v1/signals/watchers/:watcherId${suffix}`;
    const madeWatcher = await call('POST', '/api/v1/signals/watchers', 200, {
      key,
      body: { signal_types: ['role_change', 'jobs'], cohort: { project_id: projectId }, deliveries: ['project_feed', 'connector'] },
    });
    const watcherId = (madeWatcher.watcher as { watcher_id: string }).watcher_id;
    const wu = (suffix: string) => `/api/v1/signals/watchers/${watcherId}${suffix}`;
    await call('POST', '/api/v1/signals/watchers', 400, { key, body: { signal_types: ['jobs'] } });
    await call('POST', '/api/v1/signals/watchers', 404, {
      key,
      body: { signal_types: ['jobs'], cohort: { project_id: '00000000-0000-4000-8000-00000000dead' } },
    });
    await call('GET', '/api/v1/signals/watchers', 200, { key, url: `/api/v1/signals/watchers?project_id=${projectId}` });
    await call('GET', wr(''), 200, { key, url: wu('') });
    await call('GET', wr(''), 404, { key, url: '/api/v1/signals/watchers/00000000-0000-4000-8000-00000000dead' });
    await call('PATCH', wr(''), 200, { key, url: wu(''), body: { status: 'paused', options: { min_new_jobs: 5 } } });
    await call('POST', wr('/poll'), 200, { key, url: wu('/poll'), body: { limit: 10 } });
    await call('GET', '/api/v1/signals', 200, { key, url: `/api/v1/signals?project_id=${projectId}&after=0` });
    await call('DELETE', wr(''), 200, { key, url: wu('') });
    const kept = (await call('POST', '/api/v1/signals/watchers', 200, { key, body: { signal_types: ['liked_my_post'] } })).watcher as {
      watcher_id: string;
    };

    // Contact reconciliation: schema, run, preview, apply (and its refusal), run, review, finalize.
    const cr = '/api/v1/contacts/reconciliation';
    await call('GET', `${cr}/schema`, 200, { key });
    const contactRun = await call('POST', `${cr}/runs`, 200, { key, body: { source_label: 'Document test' } });
    const contactRunId = (contactRun.run as { run_id: string }).run_id;
    const rr = (suffix: string) => `${cr}/runs/:runId${suffix}`;
    const ru = (suffix: string) => `${cr}/runs/${contactRunId}${suffix}`;
    const contactRows = [
      { row_id: 'a', name: 'Nobody In Particular', organization_names: ['Acme'] },
      { row_id: 'b', emails: ['x@y.example'] },
    ];
    await call('POST', rr('/batches/preview'), 200, { key, url: ru('/batches/preview'), body: { rows: contactRows } });
    await call('POST', rr('/batches'), 400, { key, url: ru('/batches'), body: { rows: contactRows } });
    const appliedContacts = await call('POST', rr('/batches'), 200, {
      key,
      url: ru('/batches'),
      body: { rows: contactRows, user_confirmed: true },
    });
    const contactEntity = (appliedContacts.rows as { entity_id: string }[])[0]!.entity_id;
    const er = (suffix: string) => `${cr}/review/:entityId${suffix}`;
    const eu = (suffix: string) => `${cr}/review/${contactEntity}${suffix}`;
    await call('GET', er('/candidates'), 200, { key, url: eu('/candidates?query=engineer&limit=3') });
    await call('POST', er('/confirm'), 200, { key, url: eu('/confirm'), body: { candidate_user_id: firstUser, user_confirmed: true } });
    await call('POST', er('/confirm'), 404, {
      key,
      url: `${cr}/review/00000000-0000-4000-8000-00000000dead/confirm`,
      body: { user_confirmed: true },
    });
    await call('POST', er('/:action'), 200, { key, url: eu('/ignore'), body: { user_confirmed: true } });
    await call('POST', `${cr}/review/bulk`, 200, {
      key,
      body: { action: 'restore_entity', entity_ids: [contactEntity], user_confirmed: true },
    });
    await call('POST', `${cr}/review/bulk`, 400, { key, body: { action: 'restore_entity', entity_ids: [contactEntity] } });
    await call('POST', '/api/v1/contacts/delegate-resolve', 200, {
      key,
      body: { delegate: { user_id: firstUser }, contacts: contactRows, options: { dry_run: true, include_score_breakdown: true } },
    });
    await call('POST', '/api/v1/contacts/delegate-resolve', 400, { key, body: { delegate: {}, contacts: contactRows } });
    await call('GET', rr(''), 200, { key, url: ru('') });
    await call('GET', rr(''), 404, { key, url: `${cr}/runs/00000000-0000-4000-8000-00000000dead` });
    await call('GET', `${cr}/review`, 200, { key, url: `${cr}/review?response_verbosity=detailed` });
    await call('POST', rr('/finalize'), 200, { key, url: ru('/finalize'), body: { user_confirmed: true } });
    await call('POST', rr('/batches/preview'), 409, { key, url: ru('/batches/preview'), body: { rows: contactRows } });

    // The framework's refusals: body, media type, size, delegate, credits.
    const people = '/api/v1/search/people';
    await call('POST', people, 400, { key, body: '{"description": ' });
    const plain = await app.call('POST', people, { key, body: 'text', headers: { 'Content-Type': 'text/plain' } });
    doc.check('POST', people, plain, 415);
    await call('POST', people, 413, { key, body: { description: 'x'.repeat(1_100_000) } });
    await call('POST', people, 403, { key, body: { description: 'x', delegate_user_id: '00000000-0000-4000-8000-00000000beef' } });
    const { apiKey: free } = app.account({ tier: 'free' });
    let exhausted: TestResponse | null = null;
    for (let i = 0; i < 40 && !exhausted; i++) {
      const res = await app.call('POST', people, { key: free, body: { description: 'engineers', count_only: true } });
      if (res.status !== 200) exhausted = res;
    }
    assert.ok(exhausted, 'the free tier runs out');
    doc.check('POST', people, exhausted, 402);

    // Every authenticated operation without a key (401); every body with an unknown field (400).
    const ids: Record<string, string> = {
      id: firstUser,
      search_id: searchId,
      communicationId: dm.id as string,
      filename: shot,
      conversationId,
      inviteId,
      introductionId: introId,
      projectId,
      targetUserId: firstUser,
      targetId: targetRowId,
      token,
      watcherId: kept.watcher_id,
      runId: contactRunId,
      entityId: contactEntity,
      action: 'ignore',
    };
    for (const [opPath, ops] of Object.entries(doc.doc.paths)) {
      const route = opPath.replace(/\{(\w+)\}/g, ':$1');
      const url = opPath.replace(/\{(\w+)\}/g, (_, name: string) => ids[name]!);
      for (const [method, op] of Object.entries(ops)) {
        if (op.security.length) await call(method.toUpperCase(), route, 401, { url, body: method === 'post' ? {} : undefined });
        if (op.requestBody) await call(method.toUpperCase(), route, 400, { key, url, body: { not_a_field: true } });
      }
    }

    // Every operation of the document was seen answering with success.
    const operations = Object.entries(doc.doc.paths).flatMap(([p, ops]) =>
      Object.entries(ops).map(([m, op]) => `${m.toUpperCase()} ${p} ${'302' in op.responses ? 302 : 200}`),
    );
    assert.equal(
      operations.filter((o) => !doc.seen.has(o)),
      [],
      'call every operation of the document in this test',
    );

    // The check bites: a body with one undeclared field fails, at any depth.
    const validate = doc.validator('POST', '/api/v1/search/people', 200);
    assert.not.ok(validate({ ...full, undeclared_field: 1 }), 'an undeclared top-level field is refused');
    const users = full.users as Record<string, unknown>[];
    assert.not.ok(validate({ ...full, users: [{ ...users[0], undeclared_field: 1 }] }), 'an undeclared row field is refused');
    const errValidate = doc.validator('POST', '/api/v1/search/people', 401);
    assert.not.ok(errValidate({ success: false, error: 'unauthorized', message: 'x', stack: 'no' }), 'error bodies are closed');
    assert.not.ok(errValidate({ success: false, error: 'not_found', message: 'x' }), 'a status names its possible codes');
  } finally {
    await app.close();
  }
});

test('503 and 504 answers (no index, engine down, time budget spent) match the published document too', async () => {
  let failure: 'engine_unavailable' | 'timeout' | null = null;
  const app = await startTestApp({
    mutate: (services) => {
      const engine = services.engine;
      for (const method of ['ping', 'search', 'count', 'mget'] as const) {
        const real = (engine[method] as (...a: unknown[]) => Promise<unknown>).bind(engine);
        (engine as unknown as Record<string, unknown>)[method] = async (...args: unknown[]) => {
          if (failure) throw new SearchEngineError(failure, 'made to fail by the test');
          return real(...args);
        };
      }
    },
  });
  try {
    const { apiKey: key } = app.account();
    const doc = new PublishedDocument((await app.call('GET', '/docs/schema.json')).body as OpenApi);
    const call = (method: string, route: string, status: number, body?: unknown) =>
      expect(app, doc, method, route, route, status, { key, body });
    // No corpus loaded: people search answers 503 search_index_missing; whatever the others
    // answer must be documented and match.
    const searches: [string, unknown][] = [
      ['/api/v1/search/people', { description: 'engineers' }],
      ['/api/v2/search/people/query', { query: 'engineers' }],
      ['/api/v1/companies/search/preview', { query: 'software companies' }],
      ['/api/v1/search/jobs/preview', { query: 'engineering jobs' }],
      ['/api/v1/search/posts/preview', { query: 'hiring' }],
    ];
    for (const [route, body] of searches) {
      const res = await app.call('POST', route, { key, body });
      doc.check('POST', route, res, res.status);
      if (route.includes('/people')) assert.is(res.body.error, 'search_index_missing', route);
    }
    const profile = '/api/v1/profiles/00000000-0000-4000-8000-00000000dead';
    for (const [code, status, error] of [
      ['engine_unavailable', 503, 'search_engine_unavailable'],
      ['timeout', 504, 'search_timeout'],
    ] as const) {
      failure = code;
      for (const [route, body] of searches) assert.is((await call('POST', route, status, body)).error, error, route);
      const res = await app.call('GET', profile, { key });
      doc.check('GET', '/api/v1/profiles/:id', res, status);
    }
    failure = 'engine_unavailable';
    const ready = await call('GET', '/readyz', 503);
    assert.is(ready.error, 'service_unavailable');
  } finally {
    await app.close();
  }
});

test.run();
