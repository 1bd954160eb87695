/**
 * A title filter finds the other common spellings of its title (query-planner/title-variants.ts):
 * "Sales Rep" finds a Sales Representative and the other way round, in the embedded engine.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { normalizeFilters } from '../../query-planner/build/normalize.js';
import { buildPeopleQuery } from '../../query-planner/build/people-query.js';
import { titleVariants } from '../../query-planner/title-variants.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';

test('abbreviations spell out, and spelled-out words abbreviate one at a time', () => {
  assert.equal(titleVariants('Sales Rep'), ['Sales Rep', 'sales representative']);
  assert.equal(titleVariants('Customer Service Representative'), ['Customer Service Representative', 'customer service rep']);
  assert.equal(titleVariants('Operations Manager'), ['Operations Manager', 'ops manager', 'operations mgr', 'ops mgr']);
  assert.equal(titleVariants('HR Manager'), ['HR Manager', 'human resources manager', 'hr mgr']);
  assert.equal(titleVariants('PR Manager')[1], 'public relations manager');
  assert.equal(titleVariants('Lab Manager')[1], 'laboratory manager');
  // Spelled out all at once: a title written half short is also found written in full.
  assert.equal(titleVariants('Sr. SWE'), ['Sr. SWE', 'senior software engineer']);
});

test('"admin" and "tech" spell out by their place in the title', () => {
  // The head: an administrator, a technician.
  assert.equal(titleVariants('System Admin'), ['System Admin', 'system administrator']);
  assert.equal(titleVariants('Pharmacy Tech'), ['Pharmacy Tech', 'pharmacy technician']);
  assert.equal(titleVariants('Laboratory Technician'), ['Laboratory Technician', 'lab technician', 'lab tech']);
  // Before the head: administrative, technical.
  assert.equal(titleVariants('Admin Assistant'), ['Admin Assistant', 'administrative assistant']);
  assert.equal(titleVariants('Administrative Assistant'), ['Administrative Assistant', 'admin assistant']);
  assert.equal(titleVariants('Tech Lead'), ['Tech Lead', 'technical lead']);
  assert.equal(titleVariants('Web Developer'), ['Web Developer', 'web engineer', 'web dev']);
  assert.equal(titleVariants('Dev Manager')[1], 'development manager');
  // A one-word "Technician" is not shortened: "Tech" alone names a sector as often.
  assert.equal(titleVariants('Technician'), ['Technician']);
  assert.equal(titleVariants('Tech'), ['Tech']);
  assert.equal(titleVariants('Admin'), ['Admin']);
});

test('a spelled-out title keeps its acronym first ("Sales Development Representative" is an SDR)', () => {
  assert.equal(titleVariants('Sales Development Representative'), ['Sales Development Representative', 'sdr', 'sales development rep']);
  assert.equal(titleVariants('Database Administrator'), ['Database Administrator', 'dba']);
  assert.equal(titleVariants('System Administrator'), ['System Administrator', 'sysadmin']);
  assert.equal(titleVariants('Technical Account Manager'), ['Technical Account Manager', 'tam', 'technical account mgr']);
  assert.ok(titleVariants('Senior Technical Account Manager').includes('sr tam'));
});

test('a title written without abbreviations has no other spelling, and never a lowercase copy of itself', () => {
  assert.equal(titleVariants('Policy Analyst'), ['Policy Analyst']);
  assert.equal(titleVariants('Data Scientist'), ['Data Scientist']);
  for (const t of ['Sales Rep', 'Operations Manager', 'Laboratory Technician', 'VP Sales']) {
    const v = titleVariants(t);
    assert.is(new Set(v.map((x) => x.toLowerCase().replace(/\./g, ''))).size, v.length, t);
    assert.ok(v.length <= 4, t);
  }
});

test('the filter finds each spelling in the engine', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-title-variants-'));
  const engine = new EmbeddedEngine(dir);
  try {
    await engine.createIndex('people', PROFILES);
    const titles = [
      'Sales Representative',
      'Sales Rep',
      'Administrative Assistant',
      'System Administrator',
      'Ops Manager',
      'Tech Lead',
      'Lab Tech',
    ];
    await engine.bulk(
      'people',
      titles.map((current_title, i) => ({
        op: 'index' as const,
        id: `p${i}`,
        doc: { id: `p${i}`, display_name: `Person ${i}`, created_at: '2025-01-01T00:00:00Z', current_title, headline: current_title },
      })),
    );
    const found = async (title: string): Promise<string[]> => {
      const { filters } = normalizeFilters({ job_titles: { include: [title] } });
      const { body } = buildPeopleQuery({ filters, graph: null, networkMode: 'ignore', from: 0, size: 20 });
      const res = await engine.search('people', body);
      return res.hits.map((h) => titles[Number(h.id.slice(1))] as string).sort();
    };
    assert.equal(await found('Sales Rep'), ['Sales Rep', 'Sales Representative']);
    assert.equal(await found('Sales Representatives'), ['Sales Rep', 'Sales Representative']);
    assert.equal(await found('Admin Assistant'), ['Administrative Assistant']);
    assert.equal(await found('System Admin'), ['System Administrator']);
    assert.equal(await found('Operations Manager'), ['Ops Manager']);
    assert.equal(await found('Laboratory Technician'), ['Lab Tech']);
    assert.equal(await found('Technical Lead'), ['Tech Lead']);
    // "Tech" before a head is no technician: a tech lead is not a lead technician.
    assert.equal(await found('Lead Technician'), []);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
