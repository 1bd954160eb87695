/**
 * A title's word orders and broader readings (query-planner/title-forms.ts, title-match.ts):
 * "VP Sales" ↔ "VP of Sales", "Marketing Director" ↔ "Director of Marketing", "ML Engineer" ↔
 * "Machine Learning Engineer", "iOS Developer" ↔ "iOS Engineer"; "Junior Data Analyst" as a Data
 * Analyst of entry seniority, "Python Developer" as an engineer listing Python; in the engine too.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { PROFILES } from '../../mappings/indices.js';
import { normalizeFilters } from '../../query-planner/build/normalize.js';
import { buildPeopleQuery } from '../../query-planner/build/people-query.js';
import { titleAlternatives } from '../../query-planner/title-match.js';
import { titleVariants } from '../../query-planner/title-variants.js';
import { EmbeddedEngine } from '../../search-engine/embedded/engine.js';

test('a VP names its field with "of", a comma or neither, and spelled out', () => {
  assert.equal(titleVariants('VP Sales'), ['VP Sales', 'vp of sales', 'vice president sales', 'vice president of sales']);
  assert.equal(titleVariants('VP of Engineering'), [
    'VP of Engineering',
    'vp engineering',
    'vice president of engineering',
    'vice president engineering',
  ]);
  assert.equal(titleVariants('Vice President of Sales'), ['Vice President of Sales', 'vice president sales', 'vp of sales', 'vp sales']);
  assert.equal(titleVariants('VP, Sales')[1], 'vp of sales');
  // Spoken field first, written field last.
  assert.equal(titleVariants('Marketing VP').slice(1, 3), ['vp of marketing', 'vp marketing']);
});

test('a director and a head write their field either side; a manager, a chief and "Head Chef" do not move', () => {
  assert.equal(titleVariants('Marketing Director'), ['Marketing Director', 'director of marketing', 'director marketing']);
  assert.equal(titleVariants('Director of Marketing'), ['Director of Marketing', 'marketing director', 'director marketing']);
  assert.equal(titleVariants('Senior Marketing Director').slice(0, 2), ['Senior Marketing Director', 'senior director of marketing']);
  assert.equal(titleVariants('Head of Sales'), ['Head of Sales', 'sales head', 'head sales']);
  assert.equal(titleVariants('Sales Head')[1], 'head of sales');
  assert.equal(titleVariants('Head Chef'), ['Head Chef']);
  assert.equal(titleVariants('Sales Manager'), ['Sales Manager', 'sales mgr']);
  assert.equal(titleVariants('Chief of Staff'), ['Chief of Staff']);
  // Ranks, scopes and adjectives are no field: no "Director of Managing".
  for (const t of ['Managing Director', 'Executive Director', 'Regional Director', 'Creative Director', 'Medical Director'])
    assert.not.ok(
      titleVariants(t).some((v) => v.includes(' of ')),
      t,
    );
});

test('title acronyms spell out and back: ML, AI, UX, UI, BI, IT', () => {
  assert.equal(titleVariants('ML Engineer'), ['ML Engineer', 'machine learning engineer']);
  assert.equal(titleVariants('Machine Learning Engineer'), ['Machine Learning Engineer', 'mle', 'ml engineer']);
  assert.equal(titleVariants('UX Designer')[1], 'user experience designer');
  assert.equal(titleVariants('AI Engineer')[1], 'artificial intelligence engineer');
  assert.equal(titleVariants('BI Analyst')[1], 'business intelligence analyst');
  assert.equal(titleVariants('Head of IT')[2], 'head of information technology');
});

test('a software developer is also written an engineer; a business developer and a sales engineer are not', () => {
  assert.equal(titleVariants('iOS Developer'), ['iOS Developer', 'ios engineer', 'ios dev']);
  assert.equal(titleVariants('Python Developer')[1], 'python engineer');
  assert.equal(titleVariants('Full Stack Engineer')[1], 'full stack developer');
  assert.equal(titleVariants('Software Engineer')[1], 'software developer');
  // A business developer's titles name the field ("Business Development Manager"): never an engineer.
  assert.equal(titleVariants('Business Developer'), ['Business Developer', 'business development', 'business dev']);
  assert.equal(titleVariants('Sales Engineer'), ['Sales Engineer']);
  for (const t of ['Senior Marketing Director', 'VP of Engineering', 'Senior Python Developer', 'Head of IT'])
    assert.ok(titleVariants(t).length <= 4, t);
});

test('an individual contributor level reads as seniority; a tool before a software head as a skill', () => {
  const reading = (t: string) => titleAlternatives(t).map(({ excludeWords: _, ...a }) => a);
  assert.equal(reading('Junior Data Analyst'), [{ spellings: ['data analyst'], seniority: ['entry'] }]);
  assert.equal(reading('Sr. Data Analyst'), [{ spellings: ['data analyst'], seniority: ['senior_ic'] }]);
  // A bare head is held to the function it names: a sales engineer filed at staff level is no staff engineer.
  assert.equal(reading('Staff Engineer'), [{ spellings: ['engineer'], seniority: ['staff'], functionIfKnown: 'engineering' }]);
  // A title naming another level is that level's: "Associate" is a junior's, "Principal" no staff's.
  assert.not.ok(titleAlternatives('Junior Data Analyst')[0]?.excludeWords?.includes('associate'));
  assert.ok(titleAlternatives('Staff Engineer')[0]?.excludeWords?.includes('principal'));
  assert.equal(titleAlternatives('Python Developer'), [
    { spellings: ['developer', 'engineer', 'programmer'], skill: 'Python', functions: ['engineering'] },
  ]);
  // A level that is the title's own stays literal, and a title without one has no broader reading.
  assert.equal(titleAlternatives('Senior Manager'), []);
  assert.equal(titleAlternatives('Associate Director'), []);
  assert.equal(titleAlternatives('Senior Product Manager'), []);
  assert.equal(titleAlternatives('Data Analyst'), []);
  assert.equal(titleAlternatives('Business Developer'), []);
});

test('the filter finds the other spellings and the broader readings in the engine', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'proxima-title-forms-'));
  const engine = new EmbeddedEngine(dir);
  const people = [
    { current_title: 'VP of Sales' },
    { current_title: 'VP Sales' },
    { current_title: 'Vice President, Sales' },
    { current_title: 'Director of Marketing' },
    { current_title: 'Machine Learning Engineer' },
    { current_title: 'iOS Engineer' },
    { current_title: 'Data Analyst', seniority: 'entry' },
    { current_title: 'Associate Data Analyst', seniority: 'entry' },
    { current_title: 'Data Analyst', seniority: 'senior_ic' },
    { current_title: 'Backend Engineer', function: 'engineering', skills: ['Python', 'SQL'] },
    { current_title: 'Mechanical Engineer', function: 'engineering', skills: ['MATLAB'] },
    { current_title: 'Staff Software Engineer', seniority: 'staff' },
    { current_title: 'Principal Engineer', seniority: 'staff' },
    { current_title: 'Strategic Sales Engineer', seniority: 'staff', function: 'sales' },
    { current_title: 'Business Development Manager', function: 'sales' },
  ];
  try {
    await engine.createIndex('people', PROFILES);
    await engine.bulk(
      'people',
      people.map((p, i) => ({
        op: 'index' as const,
        id: `p${i}`,
        doc: { id: `p${i}`, display_name: `Person ${i}`, created_at: '2025-01-01T00:00:00Z', headline: p.current_title, ...p },
      })),
    );
    const found = async (title: string): Promise<string[]> => {
      const { filters } = normalizeFilters({ job_titles: { include: [title] } });
      const { body } = buildPeopleQuery({ filters, graph: null, networkMode: 'ignore', from: 0, size: 20 });
      const res = await engine.search('people', body);
      return res.hits.map((h) => h.id).sort();
    };
    assert.equal(await found('VP Sales'), ['p0', 'p1', 'p2']);
    assert.equal(await found('VP of Sales'), ['p0', 'p1', 'p2']);
    assert.equal(await found('Marketing Director'), ['p3']);
    assert.equal(await found('ML Engineer'), ['p4']);
    assert.equal(await found('iOS Developer'), ['p5']);
    assert.equal(await found('Junior Data Analyst'), ['p6', 'p7']);
    assert.equal(await found('Senior Data Analyst'), ['p8']);
    assert.equal(await found('Python Developer'), ['p9']);
    assert.equal(await found('Staff Engineer'), ['p11']);
    assert.equal(await found('Business Developer'), ['p14']);
  } finally {
    await engine.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
});

test.run();
