/**
 * Less certain places (towns, divisions known only from the gazetteer's cities) read without a
 * place word where the query's shape makes them places, and not elsewhere
 * (query-planner/parse/place-position.ts).
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const parsed = (q: string) => {
  const f = parsePeopleQuery(q).filters;
  const place = f.locations?.include?.[0];
  return { title: f.job_titles?.include?.[0], place: place ? resolvePlace(place)?.name : undefined };
};

test('at the start before a title: a division, or a town of 100,000 people or more', () => {
  assert.equal(parsed('kanagawa software development engineers'), { title: 'Software Development Engineer', place: 'Kanagawa, Japan' });
  assert.equal(parsed('hubei content moderation leads'), { title: 'Content Moderation Lead', place: 'Hubei, China' });
  assert.equal(parsed('valle del cauca trust & safety associates'), {
    title: 'Trust & Safety Associate',
    place: 'Valle del Cauca, Colombia',
  });
  assert.equal(parsed('Anaheim Legal Assistants'), { title: 'Legal Assistant', place: 'Anaheim, California, United States' });
  assert.equal(parsed('central java customer support team leads').place, 'Jawa Tengah, Indonesia');
  // A town's name of several ordinary words, of 50,000 people or more.
  assert.equal(parsed('white plains vp of communications'), {
    title: 'VP of Communications',
    place: 'White Plains, New York, United States',
  });
});

test('"of IT" after a head ends the title as the department', () => {
  assert.equal(parsed('director of it based in akron'), { title: 'Director of IT', place: 'Akron, Ohio, United States' });
  assert.is(parsed('Head of IT for a manufacturing group').title, 'Head of IT');
  assert.is(parsed('director of it security').title, 'Director of IT Security');
});

test('not a short name, an ordinary word, a small town, or a word before no title', () => {
  // Colombia's department Meta, a town Mercedes (50,000 people), "central": employers and words.
  assert.equal(parsed('meta engineers'), { title: 'Meta Engineer', place: undefined });
  assert.is(parsed('mercedes engineers').place, undefined);
  assert.is(parsed('central engineering managers').place, undefined);
  assert.is(parsed('hubei, engineers').place, undefined, 'a comma ends the clause before a title');
});

test('at the end after a word for openings: "jobs", "positions", "roles"', () => {
  assert.equal(parsed('Cybersecurity Engineer Jobs Herndon').place, 'Reston, Virginia, United States');
  assert.equal(parsed('research software engineer jobs oxfordshire').place, 'Oxfordshire, United Kingdom');
  assert.equal(parsed('vp of customer experience positions el segundo 5+ years').place, 'El Segundo, California, United States');
  // Only at the end: a word after the town is no place's.
  assert.is(parsed('engineer jobs herndon startups').place, undefined);
});

test('a town named by several ordinary words reads like any town after a place word', () => {
  assert.is(parsed('head of customer onboarding in round rock').place, 'Round Rock, Texas, United States');
  assert.is(parsed('ui designers near walnut creek').place, 'Walnut Creek, California, United States');
  assert.is(parsed('analysts near overland park').place, 'Overland Park, Kansas, United States');
  // One ordinary word still needs its state: "Surprise" alone is a word.
  assert.is(parsed('engineers in surprise').place, undefined);
});

test('parts of the world named by direction: the Western US, Southeast Europe, the South Pacific', () => {
  assert.is(parsed('cloud architects covering western us').place, 'Western US');
  assert.is(parsed('community leads for southeast europe').place, 'Southeast Europe');
  assert.is(parsed('founders based in the south pacific').place, 'Pacific Islands');
  assert.is(parsed('founders based in the south').place, 'South', 'the US South alone is unchanged');
});

test.run();
