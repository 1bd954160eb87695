/**
 * Rows as spreadsheets lay them out (server/contacts/cell-layout.ts): values in the wrong column,
 * name cells on several lines or holding a whole record, a whole name in one split column.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut, nameCellLaidOut } from '../../../server/contacts/cell-layout.js';
import { rowKeys } from '../../../server/contacts/matcher.js';
import { personName } from '../../../server/contacts/person-name.js';
import { titleOverlap, titleTokens } from '../../../server/contacts/titles.js';

const named = (row: Parameters<typeof rowKeys>[0]) => {
  const k = rowKeys(row);
  return [k.name.first, k.name.last];
};

test('a value is read for what it is, whatever its column', () => {
  assert.equal(rowKeys({ professional_url: 'ana.ruiz@acme.com' }).emails, ['ana.ruiz@acme.com']);
  assert.is(rowKeys({ emails: ['https://www.linkedin.com/in/ana-ruiz-12/'] }).username, 'ana-ruiz-12');
  assert.is(rowKeys({ name: 'https://professional.example/in/ana-ruiz' }).username, 'ana-ruiz');
  assert.equal(rowKeys({ emails: ['+1 415 555 0123'] }).phones, ['+14155550123']);
  assert.equal(rowKeys({ organization_names: ['ana@acme.com'] }).emails, ['ana@acme.com']);
  assert.equal(laidOut({ organization_names: ['Acme Robotics'] }).organization_names, ['Acme Robotics']);
  // A profile URL already given is kept.
  assert.is(rowKeys({ professional_url: 'https://x.example/in/ana', emails: ['https://x.example/in/bob'] }).username, 'ana');
});

test('columns named as spreadsheets name them, in English and other languages', () => {
  const fr = rowKeys({ Prénom: 'Ana', Nom: 'Ruiz', Entreprise: 'Acme Robotics', Ville: 'Lyon' } as never);
  assert.equal([fr.name.first, fr.name.last, fr.orgs, fr.place?.city], ['ana', 'ruiz', ['acme robotics'], 'lyon']);
  const de = rowKeys({ Vorname: 'Jan', Nachname: 'Kowalski', 'E-Mail': 'jan@kulas.de', Telefon: '+49 30 1234567' } as never);
  assert.equal([de.name.first, de.name.last, de.emails, de.phones], ['jan', 'kowalski', ['jan@kulas.de'], ['+49301234567']]);
  // The API's own field wins over another name for it.
  assert.equal(named({ 'First Name': 'Ana', first_name: 'Bob', last_name: 'Ruiz' } as never), ['bob', 'ruiz']);
  // An address in the phone column, a profile URL in the title column.
  assert.equal(rowKeys({ phone_numbers: ['kelly@mail.example'] }).emails, ['kelly@mail.example']);
  assert.is(rowKeys({ job_titles: ['https://professional.example/in/jayde-w-18'] }).username, 'jayde-w-18');
});

test('name cells on several lines, apart by tabs or runs of spaces, or holding a whole record', () => {
  assert.is(nameCellLaidOut('Carla Verdugo\nCeramic Chain'), 'Carla Verdugo | Ceramic Chain');
  assert.is(nameCellLaidOut('Carla Verdugo  Ceramic Chain'), 'Carla Verdugo | Ceramic Chain');
  assert.is(nameCellLaidOut('Ana  Ruiz'), 'Ana  Ruiz');
  assert.is(nameCellLaidOut('Ana\nRuiz'), 'Ana Ruiz');
  const signature = rowKeys({ name: 'Jo Park\r\nSenior Support Engineer\r\nInstructor Biosciences' });
  assert.equal(
    [signature.name.first, signature.name.last, signature.orgs, signature.titles.length],
    ['jo', 'park', ['instructor biosciences'], 1],
  );
  // A comma's record is "Last, First", as a name cell's comma is.
  assert.equal(named({ name: 'Kelly, Grace, Principal Engineer' }), ['grace', 'kelly']);
  for (const cell of [
    'Yuxuan;Ma;Instructor Biosciences;Senior Support Engineer',
    'Yuxuan\tMa\tInstructor Biosciences\tSenior Support Engineer',
  ]) {
    const k = rowKeys({ name: cell });
    assert.equal([k.name.first, k.name.last, k.orgs], ['yuxuan', 'ma', ['instructor biosciences']], cell);
  }
  // A family name first when the second field is the given name.
  assert.equal(named({ name: 'Ruiz;Ana;Acme Robotics;Head of Sales' }), ['ana', 'ruiz']);
  // A vCard's structured name and a name with credentials are no records.
  assert.equal(named({ name: 'Ruiz;Ana;;Dr.;' }), ['ana', 'ruiz']);
  assert.equal(named({ name: 'N:Cornejo;Octavio;;;' }), ['octavio', 'cornejo']);
  assert.equal(named({ name: 'J&uacute;lia Reis' }), ['julia', 'reis']);
  assert.equal(named({ name: 'Sinikka M&auml;kel&auml;' }), ['sinikka', 'makela']);
  assert.equal(named({ name: 'Smith, John, PhD' }), ['john', 'smith']);
});

test('a whole name in one split column; an initial before the given name; a courtesy title before a family name', () => {
  assert.equal(named({ last_name: 'Estelle Muller' }), ['estelle', 'muller']);
  assert.equal(named({ first_name: 'Upendra Verma' }), ['upendra', 'verma']);
  assert.equal(named({ first_name: 'Mary Ann' }), ['mary', null]);
  assert.equal(named({ last_name: 'van der Berg' }), [null, 'berg']);
  assert.equal(
    [personName({ name: 'G. Lauren Christiansen' }).first, personName({ name: 'Christiansen, G. Lauren' }).first],
    ['lauren', 'lauren'],
  );
  assert.is(personName({ first_name: 'G. Lauren', last_name: 'Christiansen' }).first, 'lauren');
  assert.equal(personName({ name: 'J. R. Smith' }).all, ['j', 'r', 'smith']);
  assert.equal([personName({ name: 'Ms. Guneta' }).first, personName({ name: 'Ms. Guneta' }).last], [null, 'guneta']);
  assert.is(personName({ name: 'Guneta' }).first, 'guneta');
});

test('a whole name first in a record, courtesy titles of other languages, country codes written otherwise', () => {
  const k = rowKeys({ name: 'Wyman Klocko;Brekke - Kautzer;Principal Designer' });
  assert.equal([k.name.first, k.name.last, k.orgs, k.titles.length], ['wyman', 'klocko', ['brekke kautzer'], 1]);
  for (const name of ['Herr Khanna', 'Sra. Khanna', 'Mme Khanna', 'Shri Khanna']) assert.equal(named({ name }), [null, 'khanna'], name);
  assert.equal(named({ name: 'Sr. Juan Pérez' }), ['juan', 'perez']);
  assert.equal(named({ name: 'John Smith Sr.' }), ['john', 'smith']);
  const place = (location: string) => rowKeys({ name: 'Ana Ruiz', location }).place;
  for (const location of ['Lyon (FR)', 'FR-Lyon', 'Lyon FR'])
    assert.equal([place(location)?.city, place(location)?.country], ['lyon', 'FR'], location);
});

test('what a second reader found: initials, titles that are names, double spaces, lines, headers, URLs', () => {
  // An initial is dropped only before a known given name.
  assert.equal(named({ name: 'J. García López' }), ['j', 'lopez']);
  assert.equal(named({ name: 'A. Van Der Berg' }), ['a', 'berg']);
  // "Sig" and "Sr" are titles only with their dot.
  assert.equal(named({ name: 'Sig Hansen' }), ['sig', 'hansen']);
  assert.equal(named({ name: 'Sig. Rossi' }), [null, 'rossi']);
  // A double space after a title, a family name alone on the next line, two people in one cell.
  assert.equal(named({ name: 'Dr. Ana  Ruiz' }), ['ana', 'ruiz']);
  assert.equal(named({ name: 'Mary Ann\nSmith' }), ['mary', 'smith']);
  assert.equal(rowKeys({ name: 'Smith, John; Doe, Jane' }).orgs, []);
  // Outlook's courtesy "Title" is no job title; "Job Title" is; the API's own names capitalised.
  assert.is(rowKeys({ Title: 'Mr.', 'First Name': 'Ana', 'Last Name': 'Ruiz', 'Job Title': 'CTO' } as never).titles.length, 1);
  assert.is(rowKeys({ Name: 'Jane Doe', Location: 'Paris' } as never).place?.city, 'paris');
  // A profile URL inside an employer cell with other words is no key of the contact's.
  assert.is(rowKeys({ organization_names: ['Acme (recruiter linkedin.com/in/bob)'] }).username, null);
});

test('roles written by their letters match their spelled-out titles, and no other', () => {
  const overlap = (a: string, b: string) => titleOverlap(titleTokens(a), titleTokens(b));
  assert.is(overlap('Sr. BDR', 'Senior Business Development Representative'), 1);
  assert.is(overlap('Princ. AE', 'Principal Account Executive'), 1);
  assert.is(overlap('SDR', 'Sales Development Representative'), 1);
  assert.is(overlap('CTO', 'Chief Technology Officer'), 1);
  assert.is(overlap('Sr. Fin. Anlst', 'Senior Financial Analyst'), 1);
  assert.is(overlap('CEO', 'Chief Technology Officer'), 0);
  // An abbreviation counts as its words against a title that writes them apart or reordered.
  assert.ok(overlap('Business Development Representative, Core Infrastructure', 'Business Development Representative') >= 0.5);
  assert.is(overlap('Executive, Enterprise Account', 'Enterprise Account Executive'), 1);
});

test('how someone works is no part of where: "Remote (Miami)", "Hybrid - Austin, TX"', () => {
  const city = (location: string) => rowKeys({ name: 'Ana Ruiz', location }).place?.city ?? null;
  assert.is(city('Remote (Miami)'), 'miami');
  assert.is(city('Hybrid - Austin, TX'), 'austin');
  assert.is(city('WFH Denver'), 'denver');
  assert.is(city('Boston office (hybrid)'), 'boston');
  assert.is(city('Remote'), null);
});

test("address books' numbered and qualified columns: Google Contacts, Outlook, Salesforce, HubSpot, Pipedrive", () => {
  const google = rowKeys({
    'Given Name': 'Çağan',
    'Family Name': 'Bayraktar',
    'Organization 1 - Name': 'Mills Group',
    'Organization 1 - Title': 'Co-Founder',
    'Organization 1 - Department': 'Board',
    'E-mail 1 - Type': 'Work',
    'E-mail 1 - Value': 'cagan@mills.example',
    'Phone 1 - Value': '+49 30 1234567',
    'Address 1 - City': 'Stralsund',
  } as never);
  assert.equal(
    [google.name.first, google.name.last, google.orgs, google.titles.length > 0, google.emails, google.phones, google.place?.city],
    ['cagan', 'bayraktar', ['mills'], true, ['cagan@mills.example'], ['+49301234567'], 'stralsund'],
  );
  const pipedrive = rowKeys({
    'Person - Name': 'Ana Ruiz',
    'Person - Organization': 'Acme Robotics',
    'Person - Job title': 'CTO',
  } as never);
  assert.equal([pipedrive.name.first, pipedrive.orgs], ['ana', ['acme robotics']]);
  const crm = laidOut({
    'Contact Name': 'Ana Ruiz',
    'Account Name': 'Acme',
    Designation: 'CTO',
    'Mailing City': 'Lyon',
    'Mailing Country': 'France',
  } as never);
  assert.equal([crm.name, crm.organization_names, crm.job_titles, crm.location], ['Ana Ruiz', ['Acme'], ['CTO'], 'Lyon, France']);
  // A place in parts: town, state, country in one location; a location the row gives stays.
  assert.is(laidOut({ City: 'Springfield', State: 'IL', Country: 'United States' } as never).location, 'Springfield, IL, United States');
  assert.is(laidOut({ location: 'Paris', Country: 'France' } as never).location, 'Paris');
  // A number in a column named for a field is its digits, as spreadsheets export phones.
  assert.equal(laidOut({ name: 'Ana Ruiz', 'Mobile Phone': 4915112345678 } as never).phone_numbers, ['4915112345678']);
  // A type column names no value.
  assert.equal(laidOut({ 'E-mail 1 - Type': 'Work' } as never).emails, []);
});

test('messaging links are phones; a phone after the name in its cell is a phone', () => {
  for (const link of [
    'https://wa.me/447911123456',
    'whatsapp://send?phone=447911123456',
    'viber://chat?number=%2B447911123456',
    't.me/+447911123456',
  ])
    assert.equal(rowKeys({ name: 'Ana Ruiz', phone_numbers: [link] }).phones, ['+447911123456'], link);
  assert.equal(rowKeys({ name: 'Ana Ruiz', emails: ['sms:+1 415 555 0123'] }).phones, ['+14155550123']);
  assert.equal(rowKeys({ name: 'Ana Ruiz', professional_url: 'https://wa.me/14155550123' }).phones, ['+14155550123']);
  const cell = rowKeys({ name: 'Ana Ruiz (m) +44 7911 123456' });
  assert.equal([cell.name.first, cell.name.last, cell.phones], ['ana', 'ruiz', ['+447911123456']]);
  assert.equal(rowKeys({ name: 'Agent 007' }).phones, []);
});

test('a time zone in the location is no place (EST is not Estonia); a part of town before its town', () => {
  const place = (location: string) => rowKeys({ name: 'Ana Ruiz', location }).place;
  assert.is(place('EST'), null);
  assert.is(place('IST'), null);
  assert.is(place('Eastern Time (US & Canada)'), null);
  assert.is(place('UTC+2'), null);
  assert.equal(place('America/Chicago'), { city: null, metro: null, country: 'US' });
  assert.equal(place('India Standard Time'), { city: null, metro: null, country: 'IN' });
  assert.is(place('JST')?.country, 'JP');
  assert.is(place('Estonia')?.country, 'EE');
  assert.is(place('Le Marais, Paris')?.city, 'paris');
  assert.is(place('Capitol Hill, Seattle')?.city, 'seattle');
  assert.is(place('Liberty Village, Toronto')?.country, 'CA');
  assert.is(place('Springfield, IL')?.country, 'US');
});

test('a title written before the name in its cell; an address with spaces, two dots, or its ending missing', () => {
  const read = (name: string) => {
    const k = rowKeys({ name });
    return [k.name.first, k.name.last, k.titles.length > 0];
  };
  assert.equal(read('Brand Designer Titus Mante'), ['titus', 'mante', true]);
  assert.equal(read('Senior Support Engineer – Lina Langosh'), ['lina', 'langosh', true]);
  assert.equal(read('Senior Logistics Coordinator | Ryleigh Douglas'), ['ryleigh', 'douglas', true]);
  assert.equal(read('LEGAL MANAGER BEATRICE HETTINGER'), ['beatrice', 'hettinger', true]);
  assert.equal(read('Machine Learning Engineer II Karan Bharadwaj'), ['karan', 'bharadwaj', true]);
  assert.equal(read('Recruiter Ana Ruiz'), ['ana', 'ruiz', true]);
  // A one-word "title" that is also a name, a place after a title, a name then its title: as before.
  assert.equal(read('Dean Martin Brown'), ['dean', 'brown', false]);
  assert.equal(read('Ana Ruiz - Head of Sales'), ['ana', 'ruiz', true]);
  assert.equal(read('Senior Engineer New York')[2], false);
  const emails = (cell: string) => rowKeys({ name: 'Ana Ruiz', emails: [cell] }).emails;
  assert.equal(emails('ana.ruiz @ acme.com'), ['ana.ruiz@acme.com']);
  assert.equal(emails('ana.ruiz@ acme.com'), ['ana.ruiz@acme.com']);
  assert.equal(emails('ana.ruiz@acme..com'), ['ana.ruiz@acme.com']);
  assert.equal(rowKeys({ name: 'Ana Ruiz @ Acme' }).emails, []);
  // No address without its ending, but the employer its host names.
  for (const cell of ['ana@acmerobotics', 'ana@acmerobotics.c'])
    assert.equal([...rowKeys({ name: 'Ana Ruiz', emails: [cell] }).emailHostOrgs.keys()], ['acmerobotics'], cell);
  assert.equal([...rowKeys({ name: 'Ana Ruiz', emails: ['ana@acme.co'] }).emailHostOrgs.keys()], ['acme.co']);
});

test('what a second reader found: names ending in a label letter, firms after a title, cities before regions, joined non-addresses', () => {
  const read = (row: Parameters<typeof rowKeys>[0]) => {
    const k = rowKeys(row);
    return [k.name.first, k.name.last];
  };
  assert.equal(read({ name: 'John Smith +1 415 555 0134' }), ['john', 'smith']);
  assert.equal(rowKeys({ name: 'John Smith +1 415 555 0134' }).phones, ['+14155550134']);
  assert.equal(read({ name: 'Pablo Romero 612345678' }), ['pablo', 'romero']);
  assert.equal(read({ first_name: 'Hugo', last_name: 'Smith 07700900123' }), ['hugo', 'smith']);
  assert.equal(rowKeys({ name: 'Acme Inc. 2019-2023' }).phones, []);
  // An employer after a title is no name.
  const firm = rowKeys({ name: 'Marketing Manager - Acme Corp' });
  assert.equal([firm.name.first, firm.orgs], ['marketing', ['acme']]);
  assert.equal(rowKeys({ name: 'Software Engineer | Google Cloud' }).orgs, ['google cloud']);
  // A region, a country or a continent after a city never displaces it.
  const city = (location: string) => rowKeys({ name: 'Ana Ruiz', location }).place?.city ?? null;
  assert.is(city('Lyon, Auvergne-Rhône-Alpes, France'), 'lyon');
  assert.is(city('Toronto, ON, Canada, North America'), 'toronto');
  assert.is(city('Berlin, DE, EU'), 'berlin');
  assert.is(city('Chelsea, London'), 'london');
  assert.equal(rowKeys({ name: 'Ana Ruiz', emails: ['meet @ cafe.nero'] }).emails, []);
  // With the employer in its own column, the words after a title are the name, common words and all;
  // a title's "of" complement is the title's.
  const listed = (name: string) => {
    const k = rowKeys({ name, organization_names: ['Beer, Borer and Watsica'] });
    return [k.name.first, k.name.last];
  };
  assert.equal(listed('Support Engineer | Caden Little'), ['caden', 'little']);
  assert.equal(listed('Senior Consultant Jeanie Bins'), ['jeanie', 'bins']);
  assert.equal(listed('Head of Data Marcus Jenkins'), ['marcus', 'jenkins']);
  assert.equal(listed('VP of Engineering Carla Verdugo'), ['carla', 'verdugo']);
  assert.equal(rowKeys({ name: 'Support Engineer | Caden Little' }).orgs, ['caden little']);
  // A row read in-process with an empty employer cell (the bench's rows) reads as one without.
  assert.equal(named({ name: 'Support Engineer | Caden Little', organization_names: [null as unknown as string] }), [
    'support',
    'engineer',
  ]);
});

test.run();
