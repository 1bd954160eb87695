import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cardFields } from '../../../server/contacts/card-payload.js';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import { nameCellText } from '../../../server/contacts/cell-text.js';
import { plainLetters } from '../../../server/contacts/decorated-letters.js';
import { decodedText } from '../../../server/contacts/encoded-text.js';
import { headerField } from '../../../server/contacts/header-names.js';
import { placeOf } from '../../../server/contacts/locations.js';
import { rowKeys } from '../../../server/contacts/matcher.js';
import { alone } from '../../helpers/contact-scores.js';

const nameOf = (row: Parameters<typeof rowKeys>[0]) => {
  const k = rowKeys(row);
  return [k.name.first, k.name.last];
};

test('encoded text in a cell is decoded when it gives plain text; anything else stays as written', () => {
  const cases: [string, string][] = [
    ['=?UTF-8?B?U2ViYXN0aWFuIFZpbGxhc2XDsW9y?=', 'Sebastian Villaseñor'],
    ['=?utf-8?Q?Jos=C3=A9_Garc=C3=ADa?=', 'José García'],
    ['=?UTF-8?Q?Jer=C3=B3nimo?= Alva', 'Jerónimo Alva'],
    ['=?ISO-8859-1?Q?Garc=EDa=2C_Jos=E9?=', 'García, José'],
    ['Alexa R=C3=ADos', 'Alexa Ríos'],
    ['Pankr=C3=A1c=20Senkov=C3=A1', 'Pankrác Senková'],
    ['Atan Ro=C3=\n=B3s', 'Atan Roós'],
    ['Caridad Padr\\u00f3n', 'Caridad Padrón'],
    ['Mat\\u00edas Guzm\\u00e1n', 'Matías Guzmán'],
    ['Kristoffer J\\xc3\\xb8rgensen', 'Kristoffer Jørgensen'],
    ['Terencius Peterkov\\303\\241', 'Terencius Peterková'],
    ['Latife Atal<U+0131>k', 'Latife Atalık'],
    ['Urmila%20Sinha', 'Urmila Sinha'],
    ['Erdman%20-%20Halvorson', 'Erdman - Halvorson'],
    // Not encoded, or decoding to no text: as written.
    ['E=MC2 Labs', 'E=MC2 Labs'],
    ['x=3D1', 'x=3D1'],
    ['100% Pure', '100% Pure'],
    ['Tab\\u0009Name', 'Tab\\u0009Name'],
    ['Crist-Jones+LLP', 'Crist-Jones+LLP'],
    ['José García', 'José García'],
  ];
  for (const [cell, read] of cases) assert.is(decodedText(cell), read, cell);
  // A messaging link's "%2B" is no text to decode: the phone keeps its plus.
  assert.equal(laidOut({ phone_numbers: ['viber://chat?number=%2B447911123456'] }).phone_numbers, ['+447911123456']);
  assert.equal(nameOf({ name: '=?ISO-8859-1?Q?Garc=EDa=2C_Jos=E9?=' }), ['jose', 'garcia']);
  assert.equal(nameOf({ first_name: 'Jos=C3=A9', last_name: 'Garc=C3=ADa' }), ['jose', 'garcia']);
});

test('decorated letters are read plain: spaced out, circled and squared, spacing accents, a word broken across a line', () => {
  const cases: [string, string][] = [
    ['V I T O   K E I N E R', 'VITO KEINER'],
    ['F r e d r i c k  H a l e y', 'Fredrick Haley'],
    ['M\u2009A\u2009R\u2009I\u2009A J\u2009A\u2009S\u2009S\u2009O', 'MARIA JASSO'],
    ['Ⓑⓐⓡⓣⓗⓞⓛⓞⓜⓔ Ⓨⓤⓝⓓⓣ', 'Bartholome Yundt'],
    ['🅼🅰🆁🅸🅰 🅵🆁🅰🅽🅲🅾', 'MARIA FRANCO'],
    ['Abraha´m Ma´chova´', 'Abraham Machova'],
    ['Lauriane Le-\nmoine', 'Lauriane Lemoine'],
    ['Aoi Haya- shi', 'Aoi Hayashi'],
    ['Mclau¬ ghlin', 'Mclaughlin'],
    // Initials, a name and its employer, a double-barrelled name: as written.
    ['J R R Tolkien', 'J R R Tolkien'],
    ['A B', 'A B'],
    ['Ana Ruiz - Acme', 'Ana Ruiz - Acme'],
    ['Ana Ruiz\nAcme Corp', 'Ana Ruiz\nAcme Corp'],
    ['Jean-Luc Picard', 'Jean-Luc Picard'],
  ];
  for (const [cell, read] of cases) assert.is(plainLetters(cell), read, cell);
  assert.equal(nameOf({ name: 'V I T O   K E I N E R' }), ['vito', 'keiner']);
  // A code page's misreading holds "¨" and "´" as bytes of a letter: mended, not dropped as accents.
  assert.equal(nameOf({ name: 'HÃƒÂ©lÃƒÂ¨ne Vincent' }), ['helene', 'vincent']);
  assert.equal(nameOf({ name: 'TuÄŸba AkÄ±ncÄ±' }), ['tugba', 'akinci']);
  assert.equal(nameOf({ name: 'Lauriane Le-\nmoine', organization_names: ['Acme'] }), ['lauriane', 'lemoine']);
});

test('what is written before a name is no part of it; the person before "c/o" is the row’s', () => {
  const cases: [string, string][] = [
    ['FAO Ignacio Balderas', 'Ignacio Balderas'],
    ['z. Hd. Catalina Roque', 'Catalina Roque'],
    ['z.Hd. Catalina Roque', 'Catalina Roque'],
    ["À l'attention de Sue Howe", 'Sue Howe'],
    ['EXT - Trisha Asan', 'Trisha Asan'],
    ['Attn: Ingrid Pellegrini c/o Vilmos Kozma', 'Ingrid Pellegrini'],
    ['Ingrid Pellegrini, c/o Vilmos Kozma', 'Ingrid Pellegrini'],
    ['c/o Vilmos Kozma', 'Vilmos Kozma'],
    // A name that begins like a prefix stays.
    ['Faolan Byrne', 'Faolan Byrne'],
    ['Extra Jones', 'Extra Jones'],
  ];
  for (const [cell, read] of cases) assert.is(nameCellText(cell), read, cell);
  // A stranger in care of a person of the corpus is never that person.
  const vilmos = {
    first_name: 'Vilmos',
    last_name: 'Kozma',
    current_title: 'Regional Sales Manager',
    current_company_name: 'Prosacco AI',
    location: { city: 'Szombathely', country_code: 'HU' },
  };
  const row = {
    organization_names: ['Prosacco AI'],
    job_titles: ['Technical Product Manager'],
    location: 'Jacksonville, Florida, United States',
  };
  for (const name of [
    'Ingrid Pellegrini c/o Vilmos Kozma',
    'Ingrid Pellegrini, c/o Vilmos Kozma',
    'Attn: Ingrid Pellegrini c/o Vilmos Kozma',
  ])
    assert.is(alone({ ...row, name }, vilmos, 1).status, 'unresolved', name);
});

test('a badge scanner’s MECARD or BIZCARD and a vCard in a cell are read into the row’s fields', () => {
  assert.equal(cardFields('MECARD:N:Luo,Haoran;ORG:Fritsch - Lang;TITLE:CTO;EMAIL:hl@fl.com;;'), {
    last_name: 'Luo',
    first_name: 'Haoran',
    organization_names: ['Fritsch - Lang'],
    job_titles: ['CTO'],
    emails: ['hl@fl.com'],
    phone_numbers: undefined,
    professional_url: undefined,
    location: undefined,
    notes: undefined,
  });
  const biz = laidOut({ name: 'BIZCARD:N:Aagney;X:Varman;T:Pharmacist;C:Instructor Biosciences;;' });
  assert.equal(
    [biz.first_name, biz.last_name, biz.job_titles, biz.organization_names],
    ['Aagney', 'Varman', ['Pharmacist'], ['Instructor Biosciences']],
  );
  // In a column of its own; a whole name without a comma; a note read for a title.
  const scan = rowKeys({
    'Badge ID': 'A12345',
    'Scan Data': 'MECARD:N:Luo,Haoran;ORG:Fritsch - Lang;NOTE:Director of Platform Engineering;;',
  } as never);
  assert.equal([scan.name.first, scan.name.last, scan.orgs], ['haoran', 'luo', ['fritsch lang']]);
  assert.ok(scan.titles.length > 0);
  // The employer is no family name ("Dickens and Sons" named no Dickens).
  assert.equal(nameOf({ name: 'MECARD:N:Alexander Escobedo;ORG:Dickens and Sons;;' }), ['alexander', 'escobedo']);
  const vcard = laidOut({
    name: 'BEGIN:VCARD\r\nVERSION:2.1\r\nN;CHARSET=UTF-8;ENCODING=QUOTED-PRINTABLE:R=C3=ADos;Alexa;;;\r\nORG:Acme\\, Inc.;Sales\r\nTITLE:CTO\r\nEND:VCARD',
  });
  assert.equal([vcard.first_name, vcard.last_name, vcard.organization_names], ['Alexa', 'Ríos', ['Acme, Inc.']]);
  // A cell that merely mentions a card is text.
  assert.is(cardFields('Ana Ruiz (MECARD scanned)'), null);
});

test('HR systems’ column names are read: Workday, SuccessFactors, ADP, legal and preferred names', () => {
  const cases: [string, string | undefined][] = [
    ['Worker', 'name'],
    ['Employee Name', 'name'],
    ['Associate Name', 'name'],
    ['Legal First Name', 'first_name'],
    ['Legal Last Name', 'last_name'],
    ['Preferred Name', 'first_name'],
    ['Business Title', 'job_titles'],
    ['Position Title', 'job_titles'],
    ['Job Profile', 'job_titles'],
    ['Job Title Description', 'job_titles'],
    ['Legal Entity', 'organization_names'],
    ['Employing Entity', 'organization_names'],
    // Someone else's, or no person's field.
    ['Manager Name', undefined],
    ['Employee ID', undefined],
    ['Associate ID', undefined],
    ['Supervisory Organization', undefined],
    ['Cost Center', undefined],
  ];
  for (const [header, field] of cases) assert.is(headerField(header), field, header);
  const workday = rowKeys({
    Worker: 'Samir Parker (341992)',
    'Business Title': 'Staff Engineer',
    Company: 'Maggio, Jones and Reichert',
  } as never);
  assert.equal([workday.name.first, workday.name.last, workday.name.all], ['samir', 'parker', ['samir', 'parker']]);
  assert.equal(workday.orgs, ['maggio jones and reichert']);
  assert.equal(nameOf({ 'Associate Name': 'VALDIVIA, LUCAS', 'Company Name': 'Acme' } as never), ['lucas', 'valdivia']);
  assert.equal(nameOf({ 'Employee Name': 'Osinski, Katharina' } as never), ['katharina', 'osinski']);
  // A preferred name is the given name only where the row has no other, whatever the columns' order.
  for (const row of [
    { 'Preferred Name': 'David', 'First Name': 'Wei', 'Last Name': 'Zhang' },
    { 'First Name': 'Wei', 'Preferred Name': 'David', 'Last Name': 'Zhang' },
  ])
    assert.is(rowKeys(row as never).name.first, 'wei');
  assert.is(rowKeys({ 'Preferred Name': 'David', 'Last Name': 'Zhang' } as never).name.first, 'david');
});

test('a place written with other separators is read as with commas', () => {
  const cases: [string, string, string][] = [
    ['Stuttgart · Germany', 'stuttgart', 'DE'],
    ['Portland | Maine | United States', 'portland', 'US'],
    ['Austin Texas United States', 'austin', 'US'],
    ['San Jose California United States', 'san jose', 'US'],
    ['Denver (Colorado, United States)', 'denver', 'US'],
    ['Barranquilla; Colombia', 'barranquilla', 'CO'],
  ];
  for (const [cell, city, country] of cases) assert.equal([placeOf(cell)?.city, placeOf(cell)?.country], [city, country], cell);
  assert.equal(placeOf('France'), { city: null, metro: null, country: 'FR' });
});

test.run();
