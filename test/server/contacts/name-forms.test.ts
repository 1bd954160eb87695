import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { personName } from '../../../server/contacts/person-name.js';
import { alone } from '../../helpers/contact-scores.js';

const moritz = {
  first_name: 'Moritz',
  last_name: 'Hadwich',
  current_title: 'Sales Development Representative II',
  current_company_name: 'Balistreri Capital',
  location: { city: 'Vienna', country_code: 'AT' },
};

test('a quoted nickname before, inside or after the name is no name word, but a given name to try', () => {
  for (const cell of ['"Haro" Harrison Gleichner', '“Haro” Harrison Gleichner', 'Harrison "Haro" Gleichner', "Harrison Gleichner 'Haro'"]) {
    const name = personName({ name: cell });
    assert.equal([name.first, name.last, name.all, name.partnerFirst], ['harrison', 'gleichner', ['harrison', 'gleichner'], 'haro'], cell);
  }
  // An apostrophe inside a word opens no quote; quotes around the whole name leave it whole.
  assert.equal(personName({ name: "Teagan 'Chip' O'Connell" }).all, ['teagan', 'oconnell']);
  assert.equal(personName({ name: '"Harrison Gleichner"' }).all, ['harrison', 'gleichner']);
  // One word left besides the quoted one: the quoted word is the given name.
  assert.equal(personName({ name: "'Haro' Gleichner" }).all, ['haro', 'gleichner']);
});

test('a generational word after two name words and a comma is always a suffix', () => {
  assert.equal(personName({ name: 'Leonard Murphy, Junior' }).all, ['leonard', 'murphy']);
  assert.equal(personName({ name: 'Ana Ruiz, Senior' }).all, ['ana', 'ruiz']);
  // Whether or not the first word is a known given name, in any case, with its dot or not.
  for (const cell of [
    'Elliott Torphy, Junior',
    'Elliott Torphy, JUNIOR',
    'Elliott Torphy, jr',
    'Elliott Torphy, Sr.',
    'Elliott Torphy, III',
  ]) {
    const name = personName({ name: cell });
    assert.equal([name.first, name.last], ['elliott', 'torphy'], cell);
  }
  assert.equal(personName({ name: 'Mario Apodaca, Junior' }).all, ['mario', 'apodaca']);
  // After one word, "Junior" is the given name; between family and given names, a suffix.
  assert.equal(personName({ name: 'Murazik, Junior' }).all, ['junior', 'murazik']);
  assert.equal(personName({ name: 'Eriksen, Junior, Mari' }).all, ['mari', 'eriksen']);
});

test('", Junior" never drops the given name the row writes for another person called Junior', () => {
  const junior = {
    first_name: 'Junior',
    last_name: 'Torphy',
    current_company_name: 'Instructor Biosciences',
    current_title: 'Associate General Counsel',
  };
  const row = { name: 'Elliott Torphy, Junior', organization_names: ['Instructor Biosciences'], job_titles: ['Associate General Counsel'] };
  const read = alone(row, junior);
  assert.ok(read.evidence.includes('first_name:conflict'), read.evidence.join());
  assert.is(read.status, 'unresolved');
});

test('"Family, M.R.": closed-up initials after a comma are the given names, even when they spell a title', () => {
  const name = personName({ name: 'Levi, M.R.' });
  assert.equal([name.first, name.last, name.initials], ['mr', 'levi', true]);
  // A credential written so stays a credential.
  assert.equal(personName({ name: 'Jane Doe, M.D.' }).all, ['jane', 'doe']);
  const mitchell = { first_name: 'Levi', last_name: 'Mitchell', current_company_name: 'Dickens and Sons' };
  assert.not.ok(alone({ name: 'Levi, M.R.', organization_names: ['Dickens and Sons'] }, mitchell).evidence.includes('first_name:match'));
});

test('closed-up initials: the first agrees with the given name, the second is a middle name', () => {
  assert.ok(personName({ name: 'M.L. Hadwich' }).initials);
  assert.ok(personName({ name: 'Hadwich, M.L.' }).initials);
  assert.ok(personName({ first_name: 'M.L.', last_name: 'Hadwich' }).initials);
  assert.not.ok(personName({ name: 'Mel Hadwich' }).initials);
  const row = {
    name: 'M.L. Hadwich',
    organization_names: ['Balistreri Capital'],
    job_titles: ['Sales Development Representative II'],
    location: 'Vienna, Austria',
  };
  const read = alone(row, moritz);
  assert.ok(read.evidence.includes('first_name:partial'), read.evidence.join());
  // An initial is a guess: a person confirms it, as for "M. Hadwich".
  assert.is(read.status, 'likely_match');
  assert.is(alone({ ...row, name: 'M. Hadwich' }, moritz).status, 'likely_match');
  // Another first initial conflicts.
  assert.ok(alone({ ...row, name: 'K.L. Hadwich' }, moritz).evidence.includes('first_name:conflict'));
  // "A.J." written for a person who goes by "AJ" is their given name.
  assert.ok(alone({ name: 'A.J. Smith' }, { first_name: 'AJ', last_name: 'Smith' }).evidence.includes('first_name:match'));
});

test.run();
