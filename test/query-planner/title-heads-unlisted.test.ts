/**
 * Titles whose head no list reads (query-planner/parse/title-heads.ts `agentNoun`,
 * `personPlural`), initials joined by "&" (title-spelling.ts) and "used" before a noun
 * (title-runs.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { agentNoun, personPlural } from '../../query-planner/parse/title-heads.js';

const title = (q: string) => parsePeopleQuery(q).filters.job_titles?.include?.[0];

test("a level before a noun of whoever does what a verb says is that noun's level", () => {
  assert.is(title('lead qualifiers in shah alam'), 'Lead Qualifier');
  assert.is(title('lead generators in Austin'), 'Lead Generator');
  assert.is(title('lead engineers'), 'Lead Engineer');
  assert.is(title('sales leads in Austin'), 'Sales Lead');
  assert.is(agentNoun('qualifiers'), true);
  assert.is(agentNoun('setter'), true);
  // Short words and words with no verb inside are none; a thing's name may pass ("corner" of
  // "corn"), which is why the grammar asks only after a level.
  assert.is(agentNoun('water'), false);
  assert.is(agentNoun('lavender'), false);
});

test("a field's plural whose singular is a head names people after another word", () => {
  assert.is(title('aircraft mechanics in juneau'), 'Aircraft Mechanic');
  assert.is(title('Elevator mechanics located in Lexington, KY'), 'Elevator Mechanic');
  assert.is(personPlural(['fluid', 'mechanics'], 'in'), null);
  assert.is(personPlural(['mechanics'], ''), null);
  assert.is(personPlural(['diesel', 'mechanics'], ''), 'Mechanic');
});

test('initials joined by "&" are written in capitals', () => {
  assert.is(title('a&p mechanics in juneau w/ floatplane experience'), 'A&P Mechanic');
  assert.is(title('p&c underwriters'), 'P&C Underwriter');
  assert.is(title('R&D engineers in Austin'), 'R&D Engineer');
});

test('"used" before a noun is a word of the title; "used to" is not', () => {
  assert.is(title('used car sales managers in abeokuta'), 'Used Car Sales Manager');
  assert.is(title('used equipment dealers'), 'Used Equipment Dealer');
  assert.is(title('engineers used to startups'), 'Engineer');
  assert.equal(parsePeopleQuery('used to be a CTO').filters.job_titles?.include, ['CTO']);
  assert.is(title('find used car sales managers in Lagos'), 'Used Car Sales Manager');
});

test('"used" after a subject, "have" or "of" is the verb or a thing\'s adjective, not a title word', () => {
  const titles = (q: string) => parsePeopleQuery(q).filters.job_titles?.include ?? [];
  assert.equal(titles('dealers of used cars'), ['Dealer']);
  assert.not.ok(titles('recruiters who used LinkedIn Recruiter').some((t) => /used/i.test(t)));
  assert.not.ok(titles('marketers who used influencer campaigns').some((t) => /used/i.test(t)));
  assert.not.ok(titles('recruiters that have used greenhouse').some((t) => /used/i.test(t)));
});

test.run();
