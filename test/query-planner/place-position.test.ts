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

test('at the start before a title: a division, or a town of several words and 50,000 people', () => {
  assert.equal(parsed('kanagawa software development engineers'), { title: 'Software Development Engineer', place: 'Kanagawa, Japan' });
  assert.equal(parsed('hubei content moderation leads'), { title: 'Content Moderation Lead', place: 'Hubei, China' });
  assert.equal(parsed('valle del cauca trust & safety associates'), {
    title: 'Trust & Safety Associate',
    place: 'Valle del Cauca, Colombia',
  });
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

test('not a short name, an ordinary word, a town of one word, or a word before no title', () => {
  // Colombia's department Meta, towns named like employers, "central": employers and words.
  assert.equal(parsed('meta engineers'), { title: 'Meta Engineer', place: undefined });
  for (const q of ['mercedes engineers', 'toyota engineers', 'hitachi analysts', 'edison engineers', 'Anaheim Legal Assistants'])
    assert.is(parsed(q).place, undefined, q);
  // Districts of a larger city named by ordinary words keep their words.
  assert.is(parsed('south gate engineers').place, undefined);
  assert.is(parsed('new territory sales managers').place, undefined);
  assert.is(parsed('central engineering managers').place, undefined);
  assert.is(parsed('hubei, engineers').place, undefined, 'a comma ends the clause before a title');
});

test('set apart by punctuation after a title, or after a word for a territory served that ends its phrase', () => {
  assert.is(parsed('Alliances Director — Zulia').place, 'Zulia, Venezuela');
  assert.is(parsed('product compliance managers, any level, friesland').place, 'Friesland, Netherlands');
  assert.is(parsed('zulia — alliances directors').place, 'Zulia, Venezuela');
  assert.is(parsed('field support engineers serving dagestan').place, 'Dagestan, Russia');
  // Not a word that names whom ("serving American clients"), nor a short or ordinary word.
  for (const q of [
    'lawyers serving American clients',
    'engineers covering Atlantic accounts',
    'consultants serving Canadian clients',
    'engineers - meta',
    'designers, central',
  ])
    assert.is(parsed(q).place, undefined, q);
});

test('at the end after a word for openings ("jobs", "positions", "roles"): a division, or a town of several words', () => {
  assert.equal(parsed('research software engineer jobs oxfordshire').place, 'Oxfordshire, United Kingdom');
  assert.equal(parsed('vp of customer experience positions white plains 5+ years').place, 'White Plains, New York, United States');
  // Only at the end: a word after the place is no place's.
  assert.is(parsed('engineer jobs oxfordshire startups').place, undefined);
  // A town of one word is as often the employer: "jobs Toyota", "jobs Nokia"; nor the company Meta.
  for (const q of [
    'software engineer jobs toyota',
    'engineer jobs nokia',
    'data scientist jobs meta',
    'Cybersecurity Engineer Jobs Herndon',
  ])
    assert.is(parsed(q).place, undefined, q);
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

test('ending its clause after a plural title: a division, a country by another name, a town of several words', () => {
  assert.equal(parsed('network engineers limpopo, mining sites').place, 'Limpopo, South Africa');
  assert.equal(parsed('game designers schweden (indie studios)').place, 'Sweden');
  assert.equal(parsed('sous chefs marokko. french').place, 'Morocco');
  assert.equal(parsed('Hindustan Unilever marketing managers').place, undefined);
  assert.equal(parsed('data engineers white plains — hybrid').place, 'White Plains, New York, United States');
  // Not a town of one word (as often the employer), nor a short word, nor an ordinary word.
  assert.equal(parsed('software engineers toyota, 5 years').place, undefined);
  assert.equal(parsed('engineers meta, remote').place, undefined);
  assert.equal(parsed('designers central, figma').place, undefined);
});

test("a checklist's ticks and a spaced dash after a title's head set a field apart", () => {
  assert.equal(parsed('kyc analysts ✓ wielkopolskie ✓ polish ✓').place, 'Greater Poland, Poland');
  assert.equal(parsed('fraud managers - south chungcheong - banking').place, 'South Chungcheong, South Korea');
});

test('a name written with marks no English word has is the place, not the word', () => {
  assert.equal(parsed('tour guides in huế').place, 'Hue, Vietnam');
  assert.equal(parsePeopleQuery('planners in Niš').filters.locations?.include, ['Niš']);
});

test('a town or a division followed by its state or country, without a comma, needs no place word', () => {
  assert.equal(parsed('roofers sterling heights mi storm crew').place, 'Sterling Heights, Michigan, United States');
  assert.equal(parsed('vets — southland nz — dairy').place, 'Southland, New Zealand');
  // Not another state's code.
  assert.equal(parsed('roofers sterling heights ca storm crew').place, undefined);
});

test('a division known only from ISO 3166-2, or a country by another name, as a field of its own between separators', () => {
  const places = (q: string) => parsePeopleQuery(q).filters.locations?.include;
  // A county of England (ISO's only) between pipes or commas after a title.
  assert.equal(places('Job ID 123 | Site Manager | Warwickshire | Permanent'), ['Warwickshire']);
  assert.equal(places('carers, Lancashire, nights'), ['Lancashire']);
  // A country by another language's name between two different separators.
  assert.equal(places('translators, literary fiction, Hongrie — remote ok'), ['Hongrie']);
  // After a plural no list reads as a head but one that names whoever does what a verb says.
  assert.equal(places('subtitlers, documentary work, Tschechien — netflix'), ['Tschechien']);
  // Not a town of one word there: as often an employer.
  assert.equal(places('engineers, toyota, x'), undefined);
});

test('countries by their slang names after a place word ("Straya", "Godzone")', () => {
  const places = (q: string) => parsePeopleQuery(q).filters.locations?.include;
  assert.equal(places('tour guides in straya'), ['straya']);
  assert.equal(resolvePlace('murica')?.countryCode, 'US');
  assert.equal(resolvePlace('godzone')?.countryCode, 'NZ');
});

test('"on" before an island\'s division ending the query; a writer\'s "X in Y here," keeps its place', () => {
  const places = (q: string) => parsePeopleQuery(q).filters.locations?.include;
  assert.equal(places('dive instructors for a resort on Bali'), ['Bali']);
  assert.equal(places('a cheese dairy on bornholm'), ['bornholm']);
  // Not a short or ordinary word, nor before more words ("on meta", "on Kent accounts").
  assert.equal(places('engineers on meta'), undefined);
  assert.equal(places('hotel manager in Santander here, need 2 receptionists'), ['Santander']);
  assert.equal(parsePeopleQuery('hotel manager in Santander here, need 2 receptionists').filters.job_titles?.include, ['Receptionist']);
});

test('a country\'s translated name that folds to an English word, written with its marks ("Suède", "Réunion")', () => {
  assert.equal(resolvePlace('Suède')?.countryCode, 'SE');
  assert.equal(resolvePlace('suede'), null);
  assert.equal(parsePeopleQuery('leather designers in Suède').filters.locations?.include, ['Suède']);
  assert.equal(parsePeopleQuery('suede shoe designers in Milan').filters.locations?.include, ['Milan']);
});

test.run();
