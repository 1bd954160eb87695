/**
 * Phrasings an outside tester sent the people parser: titles ruled out, years written high to low
 * or beyond a career, people named in the query, and characters no word holds.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const parse = (q: string) => parsePeopleQuery(q);
const filters = (q: string) => parse(q).filters;

test('a title after "not", "non-", "excluding", "anyone but", "aren\'t" is ruled out, not matched', () => {
  assert.equal(filters('people who are not engineers').job_titles, { exclude: ['Engineer'] });
  assert.equal(filters('non-engineers in Berlin').job_titles, { exclude: ['Engineer'] });
  assert.equal(filters('anyone but recruiters').job_titles, { exclude: ['Recruiter'] });
  assert.equal(filters('designers, not managers').job_titles, { include: ['Designer'], exclude: ['Manager'] });
  assert.equal(filters('designers but not managers').job_titles, { include: ['Designer'], exclude: ['Manager'] });
  assert.equal(filters('data scientists other than interns').job_titles, { include: ['Data Scientist'], exclude: ['Intern'] });
  assert.equal(filters("sales people who aren't SDRs").job_titles, { exclude: ['SDR'] });
  assert.equal(filters("sales people who aren't SDRs").functions, ['sales']);
  assert.equal(filters('product people excluding managers').job_titles, { exclude: ['Manager'] });
  assert.ok(parse('people who are not engineers').recognized.some((r) => r.kind === 'job_title_excluded'));
  // A negation before something else leaves the title alone.
  assert.equal(filters('engineers not in London').job_titles, { include: ['Engineer'] });
  assert.equal(filters('engineers not in London').locations, { exclude: ['London'] });
  // "non-" inside a title stays part of it.
  assert.equal(filters('non-technical cofounder in london').job_titles, { include: ['Non-Technical Cofounder'] });
  assert.equal(filters('non-executive directors in Leeds').job_titles, { include: ['Non-Executive Director'] });
});

test('years written high to low are the same span; years beyond a career are said, not dropped silently', () => {
  assert.equal(filters('between 10 and 5 years experience').years_experience, { min: 5, max: 10 });
  assert.equal(filters('engineers with 5-3 years').years_experience, { min: 3, max: 5 });
  assert.equal(filters('engineers with 3-5 years').years_experience, { min: 3, max: 5 });
  const beyond = parse('with 100 years experience');
  assert.equal(beyond.filters, {});
  assert.equal(beyond.keywords, []);
  assert.ok(beyond.receipts.some((r) => r.action === 'ignored' && /100 years/.test(r.message)));
});

test("people named in a query: a name is searched as words; a person's network is set aside with a receipt", () => {
  const named = parse('people named John Smith in Boston');
  assert.equal(named.filters, { locations: { include: ['Boston'] } });
  assert.equal(named.keywords, ['john', 'smith']);
  assert.equal(filters('people named Engineer'), {});
  assert.equal(filters('named account executive based in memphis').job_titles, { include: ['Named Account Executive'] });
  const network = parse('people connected to Jordan Ellis');
  assert.equal(network.filters, {});
  assert.ok(network.receipts.some((r) => /connected_to/.test(r.message)));
  assert.equal(filters('engineers connected to sam altman in austin'), {
    job_titles: { include: ['Engineer'] },
    locations: { include: ['austin'] },
  });
  // Skills are known by nobody's name.
  assert.equal(filters('Engineers Who Know Apache Kafka').skills, { include: ['Kafka'] });
  assert.equal(filters('engineers who know Python').skills, { include: ['Python'] });
  // "people I'm connected to" is still the first degree.
  assert.equal(filters("people i'm connected to in Berlin").connection_degrees, ['1st']);
});

test('what a second reader found: negations no title follows, neither/nor, places and firms after "who know"', () => {
  // A negation that rules out no title stays a word.
  assert.ok(parse("developers who aren't senior").keywords.includes("aren't"));
  assert.ok(parse('teachers except in Texas').keywords.includes('except'));
  assert.equal(filters('neither engineers nor designers').job_titles, { exclude: ['Engineer', 'Designer'] });
  assert.equal(filters('engineers with no managers above them').job_titles?.exclude, undefined);
  assert.equal(filters('nurses other than travel nurses').job_titles, { include: ['Nurse'], exclude: ['Travel Nurse'] });
  // Places and firms are nobody's name.
  assert.equal(filters('sales reps who know Latin America').locations, { include: ['Latin America'] });
  assert.equal(filters('bankers who know Hong Kong').locations, { include: ['Hong Kong'] });
  assert.ok(parse('people connected to Goldman Sachs').keywords.includes('goldman'));
  assert.equal(filters('people connected to Goldman Sachs').job_titles, undefined);
  assert.ok(parse('engineers who know Microsoft Dynamics').keywords.includes('microsoft'));
  assert.equal(filters('people named Jordan'), {});
  assert.ok(parse('people named Jordan').keywords.includes('jordan'));
  assert.equal(filters('engineers with 5 to 70 years').years_experience, { min: 5, max: 70 });
  // A title ruled out leaves a past one the filter.
  assert.equal(filters('former CTOs, not engineers').job_titles, { include: ['CTO'], current_only: false, exclude: ['Engineer'] });
});

test('a town after a distance ("within an hour of", "within 50 km of") is where to look', () => {
  assert.equal(filters('director of r&d within an hour of paderborn').locations, { include: ['paderborn'] });
  assert.equal(filters('nurses within 50 km of paderborn').locations, { include: ['paderborn'] });
  assert.equal(filters('nurses within commuting distance of paderborn').locations, { include: ['paderborn'] });
});

test('control characters separate words; "in" in small letters is never Indiana or India', () => {
  assert.equal(parse('a\u0000b').keywords, []);
  assert.equal(parse('data\u0000engineers in Leeds').filters.job_titles, { include: ['Data Engineer'] });
  assert.equal(filters('in in in'), {});
  assert.equal(filters('nurses in IN').locations, { include: ['IN'] });
});

test.run();
