/**
 * Queries written for machines (parse/machine-text.ts, place-position.ts `namesPlaceField`): a
 * URL's query string, a web search's operators and quoted terms, and fields named for places in
 * agents' calls, JSON and SQL.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { unwrapMachineText } from '../../query-planner/parse/machine-text.js';

const filters = (q: string) => {
  const f = parsePeopleQuery(q).filters;
  return { title: f.job_titles?.include, place: f.locations?.include };
};

test("a URL's query string is read as fields", () => {
  assert.is(unwrapMachineText('POST /api/search?role=Nurse&city=Leeds'), 'role=Nurse; city=Leeds');
  assert.equal(filters('https://example.org/people?title=Data+Engineer&city=Lyon&page=2'), { title: ['Data Engineer'], place: ['Lyon'] });
  assert.equal(filters('GET /search?q=welders&location=Tacoma%2C%20WA'), { title: ['Welder'], place: ['Tacoma'] });
  // No query string: the text stays.
  assert.is(unwrapMachineText('what? engineers in Lyon'), 'what? engineers in Lyon');
  assert.is(unwrapMachineText('C++ developers'), 'C++ developers');
});

test('a numbered list numbers fields, not titles', () => {
  assert.is(unwrapMachineText('1) welders 2) Tacoma 3) nights').trim(), 'welders ; Tacoma ; nights');
  assert.equal(filters('1. sous chefs 2. NGA 3. hotels'), { title: ['Sous Chef'], place: ['Nigeria'] });
  // Numbers out of order are no list.
  assert.is(unwrapMachineText('engineers with 1) python 5) go'), 'engineers with 1) python 5) go');
});

test("a web search's operators go, quoted terms are fields of their own", () => {
  assert.equal(filters('site:linkedin.com/in "hydrologist" "Gauteng"'), { title: ['Hydrologist'], place: ['Gauteng'] });
  assert.equal(filters('intitle:"fire engineer" "KR"'), { title: ['Fire Engineer'], place: ['South Korea'] });
  assert.equal(filters('allintitle: pharmacists -site:indeed.com in Leeds'), { title: ['Pharmacist'], place: ['Leeds'] });
});

test('the value of a field named for places is a place, as after a place word', () => {
  assert.equal(filters('search(role="Tiler", location="Blacksburg")'), { title: ['Tiler'], place: ['Blacksburg'] });
  assert.equal(filters('{"title": "Welder", "city": "Ahvaz"}'), { title: ['Welder'], place: ['Ahvaz'] });
  assert.equal(filters("SELECT * FROM people WHERE role = 'Baker' AND city = 'Reading'"), { title: ['Baker'], place: ['Reading'] });
  assert.equal(filters('role: baker | where: ipswich'), { title: ['Baker'], place: ['ipswich'] });
  // Not a field: "location" as a word of the title or the text.
  assert.equal(filters('location scouts in Leeds'), { title: ['Location Scout'], place: ['Leeds'] });
});

test("a field's name places its value only as the whole label, and never a common word in small letters", () => {
  // The label is more than the field's name: "focus area", "subject area", "territory area".
  assert.is(filters('mobile developers, focus area: reading').place, undefined);
  assert.is(filters('teachers, subject area: reading').place, undefined);
  assert.is(filters('sales reps, territory area: mobile').place, undefined);
  assert.is(filters('nurses, practice area: Bath').place, undefined);
  // The label alone, but a common word in small letters.
  assert.is(filters('bakers, area: mobile').place, undefined);
  assert.is(filters('bakers | location: reading').place, undefined);
  assert.is(filters('bakers; state: union').place, undefined);
  // Written as a name, it is the place.
  assert.equal(filters('bakers, city: Mobile').place, ['Mobile']);
  assert.equal(filters('location: Reading | role: baker').place, ['Reading']);
});

test.run();
