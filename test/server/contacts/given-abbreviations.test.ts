import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { abbreviatedGivenName } from '../../../lib/names/given-abbreviations.js';
import { genderedPair, spellingVariant } from '../../../lib/names/given-names.js';
import { personName } from '../../../server/contacts/person-name.js';
import { alone } from '../../helpers/contact-scores.js';

const person = (first: string, last: string, title = 'Engineering Manager', city = 'Albany', country = 'US') => ({
  first_name: first,
  last_name: last,
  current_title: title,
  current_company_name: 'Barton, Lowe and Mitchell',
  location: { city, country_code: country },
});

test('a scribal abbreviation is read as the given name it stands for', () => {
  const cases: [string, string][] = [
    ['Wm. Knoetze', 'william'],
    ['Wm Knoetze', 'william'],
    ['Chas. Schaefer', 'charles'],
    ['Thos. Moore', 'thomas'],
    ['Jas. Phillips', 'james'],
    ['Geo. King', 'george'],
    ['Jno. Smith', 'john'],
    ['Saml. Doe', 'samuel'],
    ['Fco. Ruiz', 'francisco'],
    ['Ma. Cristina Reyes', 'maria'],
    ['Xtopher Lane', 'christopher'],
    ['Schaefer, Chas.', 'charles'],
  ];
  for (const [name, first] of cases) assert.is(personName({ name }).first, first, name);
  assert.is(personName({ first_name: 'Wm.', last_name: 'Knoetze' }).first, 'william');
  // Without their dot, contractions that are names stay names ("Jos", "Hy", "Ma" as a family name).
  assert.is(personName({ name: 'Jos Verbeek' }).first, 'jos');
  // Hanh is a Vietnamese given name, not Hannah without its dot.
  assert.is(personName({ name: 'Hanh Nguyen' }).first, 'hanh');
  assert.equal([personName({ name: 'Jie Ma.' }).first, personName({ name: 'Jie Ma.' }).last], ['jie', 'ma']);
  assert.is(abbreviatedGivenName('jas', false), null);
  assert.equal(abbreviatedGivenName('jos', true), ['joseph', 'jose', 'josef']);
});

test('a contraction matches its own name and conflicts with a name its letters begin', () => {
  const row = {
    organization_names: ['Barton, Lowe and Mitchell'],
    job_titles: ['Engineering Manager'],
    location: 'Albany, New York, United States',
  };
  // The person it stands for: the given name matches.
  for (const [name, first] of [
    ['Chas. Goodwin', 'Charles'],
    ['Wm. Goodwin', 'William'],
    ['Wm. Goodwin', 'Bill'],
    ['Jas. Goodwin', 'James'],
    ['Alexr. Goodwin', 'Alexander'],
  ] as const)
    assert.ok(alone({ ...row, name }, person(first, 'Goodwin')).evidence.includes('first_name:match'), `${name} / ${first}`);
  assert.is(alone({ ...row, name: 'Chas. Goodwin' }, person('Charles', 'Goodwin')).status, 'resolved');
  // A name its letters begin is another person's (probe N: Jas. had been Jasmine, Chas. Chasity).
  const elsewhere = {
    organization_names: ['Barton, Lowe and Mitchell'],
    job_titles: ['Principal Operations Specialist'],
    location: 'Dubai, United Arab Emirates',
  };
  for (const [name, first] of [
    ['Chas. Schaefer', 'Chasity'],
    ['Jas. Schaefer', 'Jasmine'],
    ['Jas. Schaefer', 'Jasper'],
    ['Geo. Schaefer', 'Geovanni'],
    ['Geo. Schaefer', 'Georgette'],
    ['Alexr. Schaefer', 'Alexandra'],
    ['Saml. Schaefer', 'Samantha'],
    ['Danl. Schaefer', 'Daniella'],
    ['Ma. Schaefer', 'Mario'],
  ] as const) {
    const read = alone({ ...elsewhere, name }, person(first, 'Schaefer', 'Academic Program Manager'), 1);
    assert.ok(read.evidence.includes('first_name:conflict'), `${name} / ${first}: ${read.evidence.join()}`);
    assert.is(read.status, 'unresolved', `${name} / ${first}`);
  }
});

test('a given name cut short with a dot is a guess, as an initial is: never a proposal alone', () => {
  const row = {
    organization_names: ['Barton, Lowe and Mitchell'],
    job_titles: ['Engineering Manager'],
    location: 'Albany, New York, United States',
  };
  const fred = alone({ ...row, name: 'Fredk. Olsen' }, person('Frederick', 'Olsen'));
  assert.ok(fred.evidence.includes('first_name:match'));
  const cut = alone({ ...row, name: 'Frede. Olsen' }, person('Frederick', 'Olsen'));
  assert.ok(cut.evidence.includes('first_name:partial'), cut.evidence.join());
  assert.not.equal(cut.status, 'resolved');
  // With nothing else agreeing, no proposal.
  const elsewhere = { organization_names: ['Barton, Lowe and Mitchell'], job_titles: ['Paralegal'], location: 'Lima, Peru' };
  assert.is(alone({ ...elsewhere, name: 'Frede. Olsen' }, person('Frederick', 'Olsen'), 1).status, 'unresolved');
  assert.ok(alone({ ...row, name: 'Frede. Olsen' }, person('Manfred', 'Olsen')).evidence.includes('first_name:conflict'));
});

test('a name and its form for the other sex are never spellings of one name', () => {
  for (const [a, b] of [
    ['alexander', 'alexandra'],
    ['leander', 'leandra'],
    ['daniel', 'daniella'],
    ['paul', 'paulina'],
  ]) {
    assert.ok(genderedPair(a as string, b as string), `${a} / ${b}`);
    assert.not.ok(spellingVariant(a as string, b as string), `${a} / ${b}`);
  }
  assert.ok(spellingVariant('catherine', 'katherine'));
});

test.run();
