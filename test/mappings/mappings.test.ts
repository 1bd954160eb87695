import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { toDocument } from '../../indexer/transform/documents.js';
import { INDICES, physicalIndexName } from '../../mappings/indices.js';
import { DOCUMENT_KINDS, RECORD_SCHEMAS } from '../../mappings/record-schemas.js';
import { buildCatalog } from '../../search-engine/embedded/catalog.js';
import { strictProblem } from '../../search-engine/embedded/strict.js';
import { checkRequest } from '../helpers/opensearch-contract/checker.js';
import { company, post, profile, tid } from '../helpers/snapshots.js';

/** Every property path of a JSON Schema object (arrays and nullable unions looked through). */
function schemaPaths(schema: Record<string, unknown>, base = ''): string[] {
  const out: string[] = [];
  const visit = (s: Record<string, unknown> | undefined, path: string) => {
    if (!s) return;
    if (Array.isArray(s.anyOf)) for (const branch of s.anyOf as Record<string, unknown>[]) visit(branch, path);
    if (s.items) visit(s.items as Record<string, unknown>, path);
    const props = s.properties as Record<string, Record<string, unknown>> | undefined;
    if (props)
      for (const [k, v] of Object.entries(props)) {
        const p = path ? `${path}.${k}` : k;
        out.push(p);
        visit(v, p);
      }
  };
  visit(schema, base);
  return [...new Set(out)];
}

/** Every property path of a mapping. */
function mappingPaths(properties: Record<string, Record<string, unknown>>, base = ''): string[] {
  return Object.entries(properties).flatMap(([k, v]) => {
    const p = base ? `${base}.${k}` : k;
    return [p, ...(v.properties ? mappingPaths(v.properties as Record<string, Record<string, unknown>>, p) : [])];
  });
}

test('every field of every record kind has a place in its index mapping', () => {
  for (const kind of DOCUMENT_KINDS) {
    const mapped = new Set(mappingPaths(INDICES[kind].mappings.properties as Record<string, Record<string, unknown>>));
    const missing = schemaPaths(RECORD_SCHEMAS[kind] as Record<string, unknown>).filter(
      (p) => !mapped.has(p) && ![...mapped].some((m) => p.startsWith(`${m}.`)),
    );
    assert.equal(missing, [], `${kind}: record fields without a mapping`);
  }
});

test('transformed documents fit the strict mappings', () => {
  const lookups = {
    companies: new Map([
      [
        tid(0xc0, 2),
        {
          industry: 'x',
          employee_count: 1,
          funding_stage: 'seed',
          total_funding_usd: 1,
          revenue_usd: null,
          status: 'active',
          is_public: false,
          domain: 'x.example',
        },
      ],
    ]),
    companyNames: new Map(),
    authorNames: new Map([[tid(0xa0, 1), 'A']]),
  };
  const docs = {
    profiles: toDocument('profiles', profile(1), lookups),
    companies: toDocument(
      'companies',
      company(1, { headquarters: { raw: 'Oslo', city: 'Oslo', country: 'Norway', country_code: 'NO', regions: ['Nordics'] } }),
      lookups,
    ),
    jobs: toDocument(
      'jobs',
      {
        id: tid(0xd0, 1),
        company_id: tid(0xc0, 2),
        title: 'SRE',
        workplace_type: 'remote',
        published_at: '2026-01-01T00:00:00Z',
        locations: [{ raw: 'Oslo', city: 'Oslo' }],
      },
      lookups,
    ),
    posts: toDocument('posts', post(1, tid(0xa0, 1)), lookups),
  };
  for (const kind of DOCUMENT_KINDS)
    assert.is(strictProblem(docs[kind], INDICES[kind].mappings.properties as Record<string, Record<string, unknown>>), null, kind);
  assert.ok((docs.profiles.current_company as Record<string, unknown>).industry === 'x');
  assert.is((docs.posts as Record<string, unknown>).engagement_count, post(1, '').reaction_count + 1);
  // Blank and null fields are left out, so "missing" means missing to both engines.
  assert.not.ok('display_name' in toDocument('profiles', profile(5, { display_name: '  ' }), lookups));
  assert.not.ok('bio' in docs.profiles);
});

test('every mapping is accepted by the embedded catalog and by the OpenSearch contract', () => {
  for (const kind of DOCUMENT_KINDS) {
    const def = INDICES[kind];
    const root = buildCatalog(def, 'ix', 'ascii');
    assert.ok(root.fields.size > 5, kind);
    const check = checkRequest({
      method: 'PUT',
      path: `/${physicalIndexName(kind)}`,
      body: { settings: def.settings, mappings: def.mappings },
    });
    assert.equal(check, { ok: true }, `${kind}: ${JSON.stringify(check)}`);
  }
  const profiles = buildCatalog(INDICES.profiles, 'ix', 'ascii');
  assert.equal([...profiles.nested.keys()], ['experiences', 'education', 'languages']);
  assert.is(profiles.fields.get('display_name.sort')?.kind, 'keyword');
  assert.is(profiles.fields.get('current_title')?.text?.table, 'title');
  assert.is(profiles.nested.get('experiences')?.fields.get('experiences.title')?.text?.table, 'title');
  assert.is(buildCatalog(INDICES.jobs, 'ix', 'ascii').fields.get('title')?.text?.table, 'title');
  assert.is(profiles.fields.get('headline')?.text?.table, 'stem');
  assert.is(profiles.fields.get('display_name')?.text?.table, 'name');
  assert.ok(profiles.fields.get('location.country')?.lowercase);
  assert.not.ok(profiles.fields.has('picture_url'), 'stored-only fields are not indexed');
});

/**
 * The `language` values of OpenSearch's `stemmer` token filter (docs.opensearch.org, "Stemmer
 * token filter"). The OpenAPI spec types it as any string, so the contract cannot catch a
 * misspelt one; OpenSearch refuses the index at creation.
 */
const STEMMER_LANGUAGES = new Set(
  (
    'arabic armenian basque bengali brazilian bulgarian catalan czech danish dutch dutch_kp english light_english lovins ' +
    'minimal_english porter2 possessive_english estonian finnish light_finnish light_french french minimal_french galician ' +
    'minimal_galician light_german german german2 minimal_german greek hindi hungarian light_hungarian indonesian irish ' +
    'light_italian italian sorani latvian lithuanian norwegian light_norwegian minimal_norwegian light_nynorsk minimal_nynorsk ' +
    'light_portuguese minimal_portuguese portuguese portuguese_rslp romanian russian light_russian light_spanish spanish ' +
    'swedish light_swedish turkish'
  ).split(' '),
);

test('every stemmer names a language OpenSearch knows, and titles fold plurals only', () => {
  for (const def of Object.values(INDICES)) {
    const filters = (def.settings.analysis?.filter ?? {}) as Record<string, { type?: string; language?: string }>;
    for (const [name, filter] of Object.entries(filters))
      if (filter.type === 'stemmer') assert.ok(STEMMER_LANGUAGES.has(filter.language ?? ''), `${name}: ${filter.language}`);
  }
  const analysis = INDICES.profiles.settings.analysis!;
  const title = (analysis.analyzer as Record<string, { filter: string[] }>).proxima_title!;
  const stemmer = title.filter.at(-1)!;
  assert.equal((analysis.filter as Record<string, unknown>)[stemmer], { type: 'stemmer', language: 'minimal_english' });
  const props = INDICES.profiles.mappings.properties as Record<
    string,
    { analyzer?: string; properties?: Record<string, { analyzer?: string }> }
  >;
  assert.is(props.current_title?.analyzer, 'proxima_title');
  assert.is(props.experiences?.properties?.title?.analyzer, 'proxima_title');
  assert.is((INDICES.jobs.mappings.properties.title as { analyzer?: string }).analyzer, 'proxima_title');
  assert.is(props.headline?.analyzer, 'proxima_text');
});

test('physical index names are unique and carry the alias and mapping version', () => {
  const at = new Date('2026-11-21T10:00:00.123Z');
  const a = physicalIndexName('profiles', at);
  const b = physicalIndexName('profiles', at);
  assert.match(a, /^proxima-profiles-v2-20261121t100000123-[0-9a-z]{4}$/);
  assert.is.not(a, b);
});

test.run();
