import * as assert from 'uvu/assert';
import { COMPANIES } from '../../mappings/indices.js';
import { buildCompanyQuery } from '../../query-planner/build/company-query.js';
import type { CompanyFilters } from '../../query-planner/company-filters.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import type { EmbeddedEngine } from '../../search-engine/embedded/engine.js';
import { loadedIndexSuite } from '../helpers/loaded-index.js';

const DOCS = [
  {
    id: 'c1',
    name: 'Skyward Inspect',
    industry: 'Aviation & Aerospace',
    categories: ['drones'],
    description: 'Drone inspection of wind turbines and power lines.',
    founded_year: 2019,
    employee_count: 40,
    is_public: false,
  },
  {
    id: 'c2',
    name: 'PawSure',
    industry: 'Insurance',
    categories: ['insurtech'],
    description: 'Pet insurance for cats and dogs, sold online.',
    founded_year: 2012,
    employee_count: 120,
    is_public: false,
  },
  {
    id: 'c3',
    name: 'Kitchen Cloud',
    industry: 'Restaurants',
    categories: ['ghost kitchens', 'food delivery'],
    description: 'Delivery-only restaurants.',
    founded_year: 2011,
    employee_count: 300,
    is_public: true,
  },
  {
    id: 'c4',
    name: 'Generic Insure',
    industry: 'Insurance',
    categories: ['insurance'],
    description: 'Home and car insurance.',
    founded_year: 1998,
    employee_count: 5000,
    is_public: true,
  },
  {
    id: 'c5',
    name: 'Forge Labs',
    industry: 'Software',
    categories: ['developer tools'],
    description: 'Build pipelines for teams.',
    founded_year: 2016,
    employee_count: 80,
    is_public: false,
  },
  {
    id: 'c6',
    name: 'Haulage Hub',
    industry: 'Logistics & Supply Chain',
    categories: ['freight'],
    description: 'Freight brokerage, with software for shippers.',
    founded_year: 2008,
    employee_count: 200,
    is_public: false,
  },
];

const INDEX = 'company-query-companies';
const s = loadedIndexSuite('company query on the embedded engine', INDEX, COMPANIES, DOCS);

async function run(engine: EmbeddedEngine, filters: CompanyFilters): Promise<string[]> {
  const built = buildCompanyQuery({ filters, from: 0, size: 25 });
  const res = await engine.search(INDEX, built.body);
  return res.hits.map((h) => h.id).sort();
}
const parsed = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;

s('an unseen sector found in the description, not the category tags', async ({ engine }) => {
  const f = parsed('drone inspection companies');
  assert.equal(f.categories, { include: ['drone inspection'] });
  assert.equal(await run(engine, f), ['c1']);
  assert.equal(await run(engine, parsed('pet insurance startups')), ['c2']);
});

s('a category phrase matches a tag in singular or plural', async ({ engine }) => {
  assert.equal(await run(engine, parsed('ghost kitchen operators')), ['c3']);
  assert.equal(await run(engine, { categories: { include: ['ghost kitchen'] } }), ['c3']);
  assert.equal(await run(engine, { categories: { include: ['Ghost-Kitchen'] } }), ['c3']);
  assert.equal(await run(engine, { categories: { include: ['food deliveries'] } }), ['c3']);
});

s('category exclusion by tag; text phrases combine with other filters', async ({ engine }) => {
  assert.equal(await run(engine, { categories: { include: ['insurance'], exclude: ['insurtech'] } }), ['c4']);
  assert.equal(await run(engine, parsed('insurance companies founded before 2000')), ['c4']);
  assert.equal(await run(engine, parsed('publicly traded ghost kitchen operators')), ['c3']);
});

s('a single unknown word that is a company name finds that company', async ({ engine }) => {
  // "pawsure" is in no tag, industry or description: only the name holds it.
  assert.equal(parsed('pawsure').categories, { include: ['pawsure'] });
  assert.equal(await run(engine, parsed('pawsure')), ['c2']);
});

s('a search-box minus excludes: "insurance -insurtech"', async ({ engine }) => {
  assert.equal(parsed('insurance -insurtech').categories?.exclude, ['insurtech']);
  assert.equal(await run(engine, parsed('insurance -insurtech')), ['c4']);
  assert.equal(await run(engine, parsed('companies -insurtech')), ['c1', 'c3', 'c4', 'c5', 'c6']);
});

s('"SaaS" finds the Software industry; a company filed under the sector ranks above a description naming it', async ({ engine }) => {
  const f = parsed('SaaS companies');
  const built = buildCompanyQuery({ filters: f, from: 0, size: 25 });
  const res = await engine.search(INDEX, built.body);
  assert.equal(
    res.hits.map((h) => h.id),
    ['c5', 'c6'],
  );
});

s.run();
