/**
 * Hostile input on every search route (issue 11): sizes far beyond the limits are refused before
 * any work, text that repeats itself reaches the engine once, values longer than the engines'
 * keyword terms never reach them, and words that name Object.prototype members are plain words.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INPUT_CEILINGS } from '../../query-planner/limits.js';
import type { SearchEngine } from '../../search-engine/port.js';
import type { JsonSchema } from '../../server/http/route.js';
import { allRoutes } from '../../server/routes/index.js';
import type { Services } from '../../server/services.js';
import { cityLocation, company, indexSnapshots, post, profile, tid, writeSnapshot } from '../helpers/snapshots.js';
import { startTestApp, type TestApp } from '../helpers/test-app.js';

const LONDON = cityLocation('London', 'GB');
const P = (n: number) => tid(0xa0, n);
const C = (n: number) => tid(0xc0, n);
const ME = 100;
/** Longest value of a keyword field the engines index (`ignore_above`). */
const KEYWORD_TERM_CHARS = 256;

type Row = Record<string, unknown>;

/** Every engine call a request makes, and the bodies of its searches. */
interface EngineLog {
  calls: number;
  bodies: unknown[];
}

/** Wraps the app's engine so the test sees every call and every search body. */
function recordEngine(services: Services): EngineLog {
  const log: EngineLog = { calls: 0, bodies: [] };
  const inner: SearchEngine = services.engine;
  services.engine = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver);
      if (typeof value !== 'function') return value;
      return (...args: unknown[]) => {
        log.calls++;
        if (prop === 'search') log.bodies.push(args[1]);
        return value.apply(target, args);
      };
    },
  });
  return log;
}

interface Corpus {
  app: TestApp;
  key: string;
  engine: EngineLog;
}

const job = (n: number, companyNo: number) => ({
  id: tid(0xd0, n),
  company_id: C(companyNo),
  company_name: `Company ${companyNo}`,
  title: 'Software Engineer',
  description: `Job ${n}: build search systems.`,
  locations: [LONDON],
  workplace_type: 'onsite',
  published_at: '2026-05-30T09:00:00Z',
});

/** Companies 1-3, people 1-6 in London (the requester is 100), two jobs, two posts. */
async function withCorpus(fn: (c: Corpus) => Promise<void>): Promise<void> {
  let engine: EngineLog = { calls: 0, bodies: [] };
  const app = await startTestApp({ mutate: (services) => (engine = recordEngine(services)) });
  try {
    const files = [
      writeSnapshot(
        app.dataDir,
        'companies.jsonl',
        [1, 2, 3].map((n) => company(n)),
      ),
      writeSnapshot(
        app.dataDir,
        'profiles.jsonl',
        [ME, 1, 2, 3, 4, 5, 6].map((n) => profile(n, { location: LONDON })),
      ),
      writeSnapshot(app.dataDir, 'connections.jsonl', [
        { user_a: P(ME), user_b: P(1), source: 'service', connected_at: '2025-06-01T00:00:00Z', removed_at: null },
      ]),
      writeSnapshot(app.dataDir, 'jobs.jsonl', [job(1, 1), job(2, 2)]),
      writeSnapshot(app.dataDir, 'posts.jsonl', [post(1, P(1)), post(2, P(2))]),
    ];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const { apiKey } = app.account({ personId: P(ME), name: 'Me' });
    await fn({ app, key: apiKey, engine });
  } finally {
    await app.close();
  }
}

/** Calls a route and returns the response with the engine calls and search bodies it caused. */
async function send(c: Corpus, method: string, path: string, body?: unknown) {
  const calls = c.engine.calls;
  const from = c.engine.bodies.length;
  const res = await c.app.call(method, path, { key: c.key, body });
  return { ...res, engineCalls: c.engine.calls - calls, searches: c.engine.bodies.slice(from) };
}

/** Every `[key, value]` of every object in a JSON tree. */
function* entries(node: unknown): Generator<[string, unknown]> {
  if (Array.isArray(node)) for (const v of node) yield* entries(v);
  else if (node && typeof node === 'object')
    for (const [k, v] of Object.entries(node)) {
      yield [k, v];
      yield* entries(v);
    }
}

/** The values of the `term` and `terms` clauses of a search body. */
function termValues(body: unknown): string[] {
  const out: string[] = [];
  for (const [k, v] of entries(body)) {
    if (k !== 'term' && k !== 'terms') continue;
    for (const [field, value] of Object.entries(v as Row)) {
      if (field === 'boost') continue;
      const values = Array.isArray(value) ? value : [(value as Row)?.value ?? value];
      for (const x of values) if (typeof x === 'string') out.push(x);
    }
  }
  return out;
}

/** The query texts of the `match` and `multi_match` clauses (not phrases) of a search body. */
function textQueries(body: unknown): string[] {
  const out: string[] = [];
  for (const [k, v] of entries(body)) {
    if (k === 'multi_match') out.push((v as Row).query as string);
    if (k === 'match') for (const m of Object.values(v as Row)) out.push(typeof m === 'string' ? m : ((m as Row).query as string));
  }
  return out;
}

const tokens = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** Asserts what every body a request sent the engine must satisfy, whatever the input. */
function assertBoundedSearches(searches: unknown[], what: string): void {
  for (const body of searches) {
    for (const v of termValues(body)) assert.ok(v.length <= KEYWORD_TERM_CHARS, `${what}: a term of ${v.length} characters`);
    for (const q of textQueries(body)) {
      const words = tokens(q);
      assert.is(new Set(words).size, words.length, `${what}: a text query repeats a word: "${q.slice(0, 80)}"`);
    }
  }
}

// --- Every string and list of every request schema has a ceiling. -------------------------------

/** Paths of the strings without maxLength and lists without maxItems in a request schema. */
function unbounded(schema: unknown, at: string): string[] {
  if (!schema || typeof schema !== 'object') return [];
  const s = schema as Row;
  const out: string[] = [];
  const types = ([] as unknown[]).concat(s.type ?? []);
  if (types.includes('string') && s.maxLength === undefined && s.format !== 'uuid' && !s.enum) out.push(at);
  if (types.includes('array') && s.maxItems === undefined) out.push(at);
  for (const [k, v] of Object.entries((s.properties as Row | undefined) ?? {})) out.push(...unbounded(v, `${at}/${k}`));
  if (s.items) out.push(...unbounded(s.items, `${at}/items`));
  for (const key of ['anyOf', 'oneOf', 'allOf'] as const)
    for (const [i, v] of ((s[key] as unknown[] | undefined) ?? []).entries()) out.push(...unbounded(v, `${at}/${key}/${i}`));
  return out;
}

test('every string and list of every route request schema has a ceiling', () => {
  const problems: string[] = [];
  for (const route of allRoutes()) {
    const parts = (route.request ?? {}) as Record<string, JsonSchema | undefined>;
    for (const [part, schema] of Object.entries(parts)) problems.push(...unbounded(schema, `${route.method} ${route.path} ${part}`));
  }
  assert.equal(problems, []);
});

// --- Absurd sizes: 400 before any work. ------------------------------------------------------------

const many = (n: number, value: (i: number) => string = (i) => `v${i}`) => Array.from({ length: n }, (_, i) => value(i));
const overText = 'engineer '.repeat(Math.ceil((INPUT_CEILINGS.textChars + 1) / 9));
const overValue = 'x'.repeat(INPUT_CEILINGS.valueChars + 1);
const overList = many(INPUT_CEILINGS.listItems + 1);

test('absurd sizes are refused with 400 validation_failed before any engine call', () =>
  withCorpus(async (c) => {
    const cases: [string, Row, string][] = [
      ['/api/v1/search/people/preview', { keywords: many(100_000) }, '/keywords'],
      ['/api/v1/search/people/preview', { keywords: overText }, '/keywords'],
      ['/api/v1/search/people/preview', { search_metadata: { keywords: many(100_000) } }, '/search_metadata/keywords'],
      ['/api/v1/search/people', { description: overText }, '/description'],
      ['/api/v1/search/people/preview', { filters: { locations: { include: overList } } }, '/filters/locations/include'],
      ['/api/v1/search/people/preview', { filters: { job_titles: { include: [overValue] } } }, '/filters/job_titles/include/0'],
      ['/api/v1/search/people/preview', { filters: { where: Object.fromEntries(many(101).map((k) => [k, 1])) } }, '/filters/where'],
      ['/api/v1/search/people/preview', { filters: { languages: many(1001).map((name) => ({ name })) } }, '/filters/languages'],
      ['/api/v1/search/people/preview', { fields: many(1001, () => 'id') }, '/fields'],
      ['/api/v2/search/people/query', { query: overText }, '/query'],
      ['/api/v1/companies/search/preview', { query: overText }, '/query'],
      ['/api/v1/companies/search/preview', { filters: { names: overList } }, '/filters/names'],
      ['/api/v1/search/jobs/preview', { query: overText }, '/query'],
      ['/api/v1/search/jobs/with-people', { filters: { hiring: { titles: { include: overList } } } }, '/filters/hiring/titles/include'],
      ['/api/v1/search/posts/preview', { query: overText }, '/query'],
      ['/api/v1/search/posts/with-people', { filters: { posts: { mentions: overList } } }, '/filters/posts/mentions'],
    ];
    for (const [path, body, pointer] of cases) {
      const res = await send(c, 'POST', path, body);
      const what = `${path} ${pointer}`;
      assert.is(res.status, 400, `${what}: ${res.text.slice(0, 200)}`);
      assert.is(res.body.error, 'validation_failed', what);
      assert.ok(
        (res.body.errors as Row[]).some((e) => e.pointer === pointer),
        `${what}: ${res.text.slice(0, 300)}`,
      );
      assert.is(res.engineCalls, 0, `${what}: the engine was called`);
    }
  }));

test('a range bound beyond every number (1e400 parses to Infinity) is refused with 400', () =>
  withCorpus(async (c) => {
    const cases: [string, string, string][] = [
      ['/api/v1/search/people/preview', '{"filters":{"years_experience":{"max":1e400}}}', '/filters/years_experience/max'],
      [
        '/api/v1/search/people/preview',
        '{"search_metadata":{"filters":{"revenue":{"min":1e400}}}}',
        '/search_metadata/filters/revenue/min',
      ],
      ['/api/v1/companies/search/preview', '{"filters":{"founded_year":{"min":1e400}}}', '/filters/founded_year/min'],
      ['/api/v1/search/jobs/with-people', '{"filters":{"company_size":{"max":1e400}}}', '/filters/company_size/max'],
    ];
    for (const [path, body, pointer] of cases) {
      const res = await send(c, 'POST', path, body);
      assert.is(res.status, 400, `${path} ${body}: ${res.text.slice(0, 200)}`);
      assert.ok(
        (res.body.errors as Row[]).some((e) => e.pointer === pointer),
        res.text,
      );
    }
  }));

// --- Within the limits, repeated text reaches the engine once. ------------------------------------

const repeated = (word: string, chars = 10_000) => `${word} `.repeat(Math.floor(chars / (word.length + 1)));

test('text that repeats a word, within the limits, reaches the engine with each word once', () =>
  withCorpus(async (c) => {
    const inLondon = { locations: { include: ['London'] } };
    const cases: [string, Row][] = [
      ['/api/v1/search/people/preview', { filters: inLondon, description: repeated('a') }],
      ['/api/v1/search/people/preview', { filters: inLondon, description: repeated('engineer') }],
      ['/api/v1/search/people/preview', { keywords: repeated('engineer', 18_000) }],
      ['/api/v1/search/people/preview', { search_metadata: { keywords: repeated('engineer', 18_000) } }],
      ['/api/v1/search/people/preview', { keywords: repeated('engineer', 2_000).trim().split(' ') }],
      ['/api/v1/search/people/preview', { filters: { keywords: repeated('search', 2_000) } }],
      ['/api/v2/search/people/query', { query: repeated('engineer') }],
      ['/api/v2/search/people/query', { query: repeated('a') }],
      ['/api/v1/search/jobs/preview', { query: repeated('engineer') }],
      ['/api/v1/search/jobs/preview', { filters: inLondon, query: repeated('a') }],
      ['/api/v1/companies/search/preview', { filters: inLondon, query: repeated('a') }],
      ['/api/v1/companies/search/preview', { query: repeated('software') }],
      ['/api/v1/search/posts/preview', { query: 'a-'.repeat(500) }],
      ['/api/v1/search/posts/preview', { query: repeated('search', 1_000) }],
    ];
    for (const [path, body] of cases) {
      const res = await send(c, 'POST', path, body);
      const what = `${path} ${JSON.stringify(body).slice(0, 60)}`;
      assert.is(res.status, 200, `${what}: ${res.text.slice(0, 300)}`);
      assert.ok(res.searches.length > 0, what);
      assertBoundedSearches(res.searches, what);
    }
    // The deprecated keywords text is one keyword, cut to 200 characters, with a receipt.
    const legacy = await send(c, 'POST', '/api/v1/search/people/preview', { keywords: repeated('engineer', 18_000) });
    assert.equal((legacy.body.search_metadata as { filters: Row }).filters.keywords, [repeated('engineer', 18_000).slice(0, 200)]);
    assert.ok((legacy.body.receipts as Row[]).some((r) => r.path === '/keywords' && r.action === 'truncated'));
    // Supplied filters leave the text to rank, with its meaningful words once (at most 25).
    const ranked = await send(c, 'POST', '/api/v1/search/people/preview', {
      filters: inLondon,
      description: `${repeated('engineer', 5_000)} ${many(40, (i) => `word${i}`).join(' ')}`,
    });
    const keywords = (ranked.body.search_metadata as { keywords: string[] }).keywords;
    assert.equal(keywords, ['engineer', ...many(24, (i) => `word${i}`)]);
  }));

// --- Long values never reach the engine as keyword terms. ----------------------------------------

test('values longer than a keyword term are cut or dropped before the engine', () =>
  withCorpus(async (c) => {
    const long = 'x'.repeat(300);
    const badUrl = 'https://example.com/in/%E0%A4%A';
    const cases: [string, Row, number][] = [
      ['/api/v1/companies/search/preview', { filters: { names: [long] } }, 200],
      ['/api/v1/companies/search/preview', { filters: { categories: { include: [long], exclude: [long] } } }, 200],
      ['/api/v1/companies/search/preview', { filters: { industries: { include: [long] }, locations: { include: [long] } } }, 200],
      ['/api/v1/search/jobs/preview', { filters: { hiring: { titles: { include: [long] } } } }, 200],
      ['/api/v1/search/jobs/preview', { filters: { companies: [{ where: { identity: { names: [long], domains: [long] } } }] } }, 200],
      ['/api/v1/search/people/preview', { filters: { job_titles: { include: [long] }, skills: { include: [long] } } }, 200],
      ['/api/v1/search/people/preview', { filters: { languages: [{ name: long, proficiency: long }] } }, 200],
      ['/api/v1/search/people/preview', { filters: { schools: ['😀'.repeat(150)] } }, 200],
      // Another host's URL names nobody of the network: refused, as the lookup refuses it.
      ['/api/v1/search/people/preview', { filters: { connected_to: [badUrl, `https://example.com/in/${long}`] } }, 400],
      ['/api/v1/search/people', { professional_profile_url: `https://example.com/in/${long}` }, 400],
      ['/api/v1/search/people', { professional_profile_url: badUrl }, 400],
      ['/api/v1/search/posts/preview', { filters: { posts: { mentions: ['😀'.repeat(150)], topics: [long] } } }, 200],
    ];
    for (const [path, body, status] of cases) {
      const res = await send(c, 'POST', path, body);
      const what = `${path} ${JSON.stringify(body).slice(0, 70)}`;
      assert.is(res.status, status, `${what}: ${res.text.slice(0, 300)}`);
      assertBoundedSearches(res.searches, what);
    }
    const cut = await send(c, 'POST', '/api/v1/companies/search/preview', { filters: { names: [long] } });
    assert.equal((cut.body.filters as Row).names, ['x'.repeat(200)]);
    assert.ok((cut.body.receipts as Row[]).some((r) => r.path === '/filters/names' && r.action === 'truncated'));
  }));

// --- Object.prototype names are words. -----------------------------------------------------------

const NAMES = Object.getOwnPropertyNames(Object.prototype);

/** Every text input of every search route, holding `w`, with the status the request must get. */
function requests(w: string): [string, string, unknown, number][] {
  const text = `senior ${w} engineers at ${w} in ${w}, ex-${w}, ${w} University`;
  const values = { include: [w], exclude: [w] };
  const company = [{ where: { identity: { names: [w], ids: [w], domains: [w] } } }];
  const people = {
    job_titles: values,
    companies: company,
    industries: values,
    locations: values,
    skills: values,
    schools: [w],
    degrees: [w],
    languages: [{ name: w, proficiency: w }],
    connected_to: [w],
    keywords: [w],
    additional_context_keywords_core: [w],
    additional_context_keywords_supporting: [w],
    // An unknown field of `where` is ignored with a receipt; a `__proto__` key is refused as JSON.
    where: w === '__proto__' ? { locations: values } : { locations: values, [w]: w },
  };
  const jobs = { hiring: { titles: values, locations: values }, companies: company, industries: values, locations: values, keywords: [w] };
  const posts = { posts: { mentions: [w], topics: [w], keywords: w } };
  const out: [string, string, unknown, number][] = [];
  for (const q of [w, text]) {
    out.push(['POST', '/api/v2/search/people/query', { query: q }, 200]);
    out.push(['POST', '/api/v1/search/people/preview', { description: q }, 200]);
    out.push(['POST', '/api/v1/search/people', { query: q }, 200]);
    out.push(['POST', '/api/v1/companies/search/preview', { query: q }, 200]);
    out.push(['POST', '/api/v1/companies/search/preview', { description: q }, 200]);
    out.push(['POST', '/api/v1/search/jobs/preview', { query: q }, 200]);
    out.push(['POST', '/api/v1/search/jobs/with-people', { query: q }, 200]);
    out.push(['POST', '/api/v1/search/posts/preview', { query: q }, 200]);
    out.push(['POST', '/api/v1/search/posts/with-people', { query: q }, 200]);
  }
  out.push(
    ['POST', '/api/v1/search/people/preview', { filters: people, description: w, keywords: w }, 200],
    ['POST', '/api/v1/search/people', { search_metadata: { filters: people, keywords: [w] }, professional_username: w }, 200],
    ['POST', '/api/v1/search/people/preview', { filters: { exclude_connected_to: [w] } }, 200],
    ['POST', '/api/v1/search/people/preview', { filters: { companies: [{ where: { search_id: w } }] } }, 404],
    ['POST', '/api/v1/search/people/preview', { filters: { cohort_refs: [w] } }, 404],
    ['POST', '/api/v1/search/people/enrich', { search_id: w }, 404],
    ['GET', `/api/v1/search/people/${encodeURIComponent(w)}`, undefined, 404],
    [
      'POST',
      '/api/v1/companies/search/preview',
      { filters: { names: [w], industries: values, categories: values, locations: values, keywords: [w] }, query: w },
      200,
    ],
    ['POST', '/api/v1/companies/search/preview', { filters: { search_id: w } }, 404],
    ['POST', '/api/v1/search/jobs/preview', { filters: jobs, query: w }, 200],
    ['POST', '/api/v1/search/jobs/with-people', { filters: jobs }, 200],
    ['POST', '/api/v1/search/jobs/preview', { filters: { companies: [{ where: { search_id: w } }] } }, 404],
    ['POST', '/api/v1/search/posts/preview', { filters: posts, query: w }, 200],
    ['POST', '/api/v1/search/posts/with-people', { filters: posts }, 200],
    ['GET', `/api/v1/credits?start_date=${encodeURIComponent(w)}`, undefined, 400],
  );
  return out;
}

test('every Object.prototype name through every text input of every search route: a 200 or the right 4xx', () =>
  withCorpus(async (c) => {
    for (const w of NAMES) {
      for (const [method, path, body, status] of requests(w)) {
        const res = await send(c, method, path, body);
        assert.is(res.status, status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 120)}: ${res.text.slice(0, 300)}`);
        assert.not.match(res.text, /native code/, `${method} ${path}: a member of Object.prototype leaked`);
      }
    }
    // A place named after a member is an unknown place, matched as text, not a crash.
    const res = await send(c, 'POST', '/api/v1/search/people/preview', { filters: { locations: { include: ['constructor'] } } });
    assert.ok(
      (res.body.receipts as Row[]).some((r) => String(r.message).includes('"constructor" is not a known place')),
      res.text,
    );
  }));

test.run();
