import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import type { ContactRow } from '../../../server/contacts/evidence.js';
import { leadingTitles } from '../../../server/contacts/honorifics.js';
import { personName } from '../../../server/contacts/person-name.js';
import { alone } from '../../helpers/contact-scores.js';

const person = (first: string, last: string, title = 'Analytics Manager', city = 'Albany', country = 'US') => ({
  first_name: first,
  last_name: last,
  current_title: title,
  current_company_name: 'Ceramic Chain',
  location: { city, country_code: country },
});
const read = (name: string) => {
  const n = personName({ name });
  return [n.first, n.last];
};

test('a rank, a clerical, academic or courtesy title before the name is no given name', () => {
  const cases: [string, string, string][] = [
    ['Col. Delphia Batz', 'delphia', 'batz'],
    ['Lt. Col. Izaiah Macejkovic', 'izaiah', 'macejkovic'],
    ['Lt Cdr Jane Doe', 'jane', 'doe'],
    ['Brig. Gen. Amy Lee', 'amy', 'lee'],
    ['RADM Asa Dibbert', 'asa', 'dibbert'],
    ['Wg Cdr John Smith', 'john', 'smith'],
    ['Sgt Arturo Zarate', 'arturo', 'zarate'],
    ['Rev. Ida Bakke', 'ida', 'bakke'],
    ['The Rev. Dr. David Omani', 'david', 'omani'],
    ['Fr. Sofia Kuzmina', 'sofia', 'kuzmina'],
    ['Rabbi Randolph Labadie', 'randolph', 'labadie'],
    ['Univ.-Prof. Dr. rer. nat. Jane Doe', 'jane', 'doe'],
    ['doc. Ing. Jørgen Nygård, CSc.', 'jorgen', 'nygard'],
    ['MUDr. Natalia Sanabria', 'natalia', 'sanabria'],
    ['dr hab. inż. Jan Kowalski', 'jan', 'kowalski'],
    ['Dr.-Ing. habil. Karl Huber', 'karl', 'huber'],
    ['Mag. rer. soc. oec. Eva Berger', 'eva', 'berger'],
    ['Dott.ssa Maria Rossi', 'maria', 'rossi'],
    ["Dato' Eshita Tandon", 'eshita', 'tandon'],
    ['Tan Sri Abelardo Block', 'abelardo', 'block'],
    ['Hj. Ahmad Rahman', 'ahmad', 'rahman'],
    ['Khun Somchai Wongsa', 'somchai', 'wongsa'],
    ['Sayın Isabel Langworth', 'isabel', 'langworth'],
    ['Pani Aba Duah', 'aba', 'duah'],
    ['Gospodin Ramiro Mayer', 'ramiro', 'mayer'],
    ['Herr Jonas Weber', 'jonas', 'weber'],
    ['Dña. Lucía Pérez', 'lucia', 'perez'],
    ['Bakke, Rev. Ida', 'ida', 'bakke'],
  ];
  for (const [name, first, last] of cases) assert.equal(read(name), [first, last], name);
  // In its own column too.
  assert.is(personName({ first_name: 'Rev. Ida', last_name: 'Bakke' }).first, 'ida');
});

test('a title that is also a name is dropped only before a given and a family name, the name as written tried too', () => {
  const pan = personName({ name: 'Pan Carlotta Padberg' });
  assert.equal([pan.first, pan.last, pan.titleAsGiven], ['carlotta', 'padberg', 'pan']);
  // One word after it: a name of two words, as written ("Pak Budi", "Pastor Blom").
  assert.equal(read('Pak Budi'), ['pak', 'budi']);
  assert.equal(read('Pastor Blom'), ['pastor', 'blom']);
  // Words that are titles only with their dot ("Maj", "Gen", "Ven" are names too).
  assert.equal(read('Maj Andersson'), ['maj', 'andersson']);
  assert.equal(read('Gen Tanaka Suzuki').slice(0, 1), ['gen']);
  assert.equal(read('Dean Martin Brown'), ['dean', 'brown']);
  // "Ing Wang" is a name; "Tan Wei Ming" a family name first.
  assert.equal(read('Ing Wang'), ['ing', 'wang']);
  assert.equal(read('Tan Wei Ming').slice(0, 1), ['tan']);
  assert.is(leadingTitles('Ing Wang').dropped, 0);
});

test('a rank or courtesy title before one word names the family only, never a proposal', () => {
  for (const name of ['Col. Doe', 'Rev. Doe', 'Pani Doe', "Dato' Doe", 'Lt. Col. Doe', 'Sayın Doe']) {
    const n = personName({ name });
    assert.equal([n.first, n.last], [null, 'doe'], name);
  }
  const row = { name: 'Col. Batz', organization_names: ['Ceramic Chain'], job_titles: ['Head of Sales'], location: 'Lyon, France' };
  assert.is(alone(row, person('Delphia', 'Batz')).status, 'unresolved');
});

test('honours, service branches and a preferred name after a comma are no part of the name', () => {
  const cases: [string, string, string][] = [
    ['Hannabel Otiwa, MBE', 'hannabel', 'otiwa'],
    ['Armando Paz, OBE DL', 'armando', 'paz'],
    ['Lt. Col. Izaiah Macejkovic, USN (Ret.)', 'izaiah', 'macejkovic'],
    ['Maj. Armance Roux, USAF', 'armance', 'roux'],
    ['Sgt. Arturo Zarate USMC', 'arturo', 'zarate'],
    ['Jane Doe, RAN', 'jane', 'doe'],
    ['Liliana Grzesiak, known as Lil', 'liliana', 'grzesiak'],
    ['Liliana Grzesiak, aka Lil', 'liliana', 'grzesiak'],
  ];
  for (const [name, first, last] of cases) assert.equal(read(name), [first, last], name);
  assert.is(personName({ name: 'Liliana Grzesiak, known as Lil' }).partnerFirst, 'lil');
  // "Ran" is a name: a post-nominal only after a comma.
  assert.equal(read('Ran Cohen'), ['ran', 'cohen']);
  // Initials with dots after a comma are given names, even when they spell an honour.
  assert.equal(read('Buckridge, J.P.'), ['jp', 'buckridge']);
  assert.equal(read('Smith, D.L.'), ['dl', 'smith']);
  // Still "Last, First" when a name follows the comma.
  assert.equal(read('Otiwa, Hannabel'), ['hannabel', 'otiwa']);
  const row = { name: 'Hannabel Otiwa, MBE', organization_names: ['Ceramic Chain'], job_titles: ['Analytics Manager'] };
  assert.is(alone(row, person('Hannabel', 'Otiwa')).status, 'resolved');
  assert.is(alone({ ...row, name: 'Rev. Hannabel Otiwa' }, person('Hannabel', 'Otiwa')).status, 'resolved');
});

test('an airline passenger name with its title is family name, slash, given name', () => {
  assert.equal(read('FERNANDA/TASWIR MR'), ['taswir', 'fernanda']);
  assert.equal(read('Fernanda/Taswir Mrs'), ['taswir', 'fernanda']);
  assert.equal(read('KAMAL/CAMILAMS'), ['camila', 'kamal']);
  assert.equal(read('DOE/JANEMSTR'), ['jane', 'doe']);
  // The given name as written is tried too ("...MS" may end a name); "DR" glued is never a title ("ALEXANDR").
  assert.is(personName({ name: 'KAMAL/CAMILAMS' }).partnerFirst, 'camilams');
  assert.equal(read('PETROV/ALEXANDR'), ['petrov', 'alexandr']);
  // Another given name conflicts at the family's employer.
  const row = { name: 'BATZ/MARKMR', organization_names: ['Ceramic Chain'], job_titles: ['Head of Sales'], location: 'Lyon, France' };
  assert.is(alone(row, person('Delphia', 'Batz')).status, 'unresolved');
  assert.is(
    alone({ ...row, name: 'BATZ/DELPHIA MS', job_titles: ['Analytics Manager'], location: 'Albany, NY' }, person('Delphia', 'Batz')).status,
    'resolved',
  );
});

test('a South Asian honorific after a hyphen is no part of the family name', () => {
  const cell = (name: string) => laidOut({ name } as ContactRow).name;
  assert.is(cell('Everardo Farrell-ji'), 'Everardo Farrell');
  assert.is(cell('Ravi Sharma-jee'), 'Ravi Sharma');
  assert.is(cell('Anil Kumar-sahab'), 'Anil Kumar');
  // A romanised syllable before it is a given name's part ("Xiao-ji"); a family name alone keeps it.
  assert.is(cell('Chen Xiao-ji'), 'Chen Xiao-ji');
  assert.is(cell('Doe-ji'), 'Doe-ji');
});

test.run();
