import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { cellText, nameCellText, readCells } from '../../../server/contacts/cell-text.js';
import { headerField } from '../../../server/contacts/header-names.js';
import { asciiLower } from '../../../server/contacts/normalize.js';
import { personName } from '../../../server/contacts/person-name.js';
import { rowFromCells } from '../../../server/contacts/row-schema.js';

test('a name cell loses the greeting, list number or CRM marker before the name, and nothing of a name', () => {
  const cases: [string, string][] = [
    ['Dear Ana Ruiz,', 'Ana Ruiz'],
    ['Hi John Bashirian,', 'John Bashirian'],
    ['ATTN ERENTÜZ BULUT', 'ERENTÜZ BULUT'],
    ['To: Alfredo López', 'Alfredo López'],
    ['c/o Ana Ruiz', 'Ana Ruiz'],
    ['222) Raquel Curiel', 'Raquel Curiel'],
    ['No. 284 Kailyn Dickens', 'Kailyn Dickens'],
    ['#23 Ana Ruiz', 'Ana Ruiz'],
    ['136\tYu Tang', 'Yu Tang'],
    ['zz_Ana Ruiz', 'Ana Ruiz'],
    ['DUP - Ana Ruiz', 'Ana Ruiz'],
    ['DO NOT USE - Ana Ruiz', 'Ana Ruiz'],
    ['Name: Evelyn Urías', 'Evelyn Urías'],
    ['Contact: Bruno Almeida', 'Bruno Almeida'],
    ['NAME - Kraig Hauck', 'Kraig Hauck'],
    ['<b>Ana</b> <i>Ruiz</i>', 'Ana Ruiz'],
    ['{"firstName":"Cortez","lastName":"Jacobi"}', 'Cortez Jacobi'],
    // Kept: names that only look like the above.
    ['To Nguyen', 'To Nguyen'],
    ['Hillary Clinton', 'Hillary Clinton'],
    ['Ana Ruiz: CEO', 'Ana Ruiz: CEO'],
    ['Dear', 'Dear'],
  ];
  for (const [cell, name] of cases) assert.is(nameCellText(cell), name, cell);
});

test('any cell: markup dropped, a JSON value read as its text, a field label before a colon dropped; links kept', () => {
  assert.is(cellText('{"value":"Jenkins Direct"}'), 'Jenkins Direct');
  assert.is(cellText('[{"id":"rec1","name":"Ceramic Chain"}]'), 'Ceramic Chain');
  assert.is(cellText('["a@x.org","b@x.org"]'), 'a@x.org, b@x.org');
  assert.is(cellText('{"broken": '), '{"broken": ');
  assert.is(cellText("Org: Graham-O'Reilly LLC"), "Graham-O'Reilly LLC");
  assert.is(cellText('Email: a@b.com'), 'a@b.com');
  assert.is(cellText('Acme &amp; Co <br/>'), 'Acme & Co');
  assert.is(cellText('a < b and c > d'), 'a < b and c > d', 'no tag');
  assert.is(cellText('VP: Sales'), 'VP: Sales', 'no field label');
  assert.is(cellText('Firm - Jast - Willms'), 'Jast - Willms');
  assert.is(cellText('Mann - Hickle'), 'Mann - Hickle', 'a firm of two names');
  assert.is(cellText('Sales - EMEA'), 'Sales - EMEA');
  assert.is(cellText('mailto:a@b.com'), 'mailto:a@b.com');
  assert.equal(
    readCells({ organization_names: ['ex-Acme', 'Former: Kulas Labs', 'Exxon', 'Ex Libris', 'Land - Rover Dealers'] }).organization_names,
    ['Acme', 'Kulas Labs', 'Exxon', 'Ex Libris', 'Land - Rover Dealers'],
  );
  assert.equal(
    readCells({
      organization_names: [
        'ex Murphy Logistics',
        'former Prosacco AI employee',
        'Denesik Group (past)',
        'Cassin Power [left]',
        'Harvard Alumni',
      ],
    }).organization_names,
    ['Murphy Logistics', 'Prosacco AI', 'Denesik Group', 'Cassin Power', 'Harvard Alumni'],
  );
  // Only the cell's own field's labels: "Name - X" in a title cell is kept as written.
  assert.equal(readCells({ job_titles: ['Role - CTO', 'Name - X'] }).job_titles, ['CTO', 'Name - X']);
  // A name cell's JSON list is its first entry, not two names read as one.
  assert.is(nameCellText('[{"first":"Ana","last":"Ruiz"},{"first":"Luis","last":"Bak"}]'), 'Ana Ruiz');
});

test('column names as code and forms write them are the fields they name; someone else’s are not', () => {
  const cases: [string, string | undefined][] = [
    ['What is your full name?', 'name'],
    ['Your name', 'name'],
    ['Your company', 'organization_names'],
    ['Company / Organization', 'organization_names'],
    ['Phone or Mobile', 'phone_numbers'],
    ['First name (required)', 'first_name'],
    ['Last name (required)', 'last_name'],
    ['firstName', 'first_name'],
    ['fname', 'first_name'],
    ['lname', 'last_name'],
    ['companyName', 'organization_names'],
    ['jobTitle', 'job_titles'],
    ['emailAddress', 'emails'],
    ['nameFirst', 'first_name'],
    ['worksFor', 'organization_names'],
    ['addressLocality', 'location'],
    ['LinkedIn', 'professional_url'],
    ['Manager Name', undefined],
    ['Referrer Email', undefined],
    ['Assistant Phone', undefined],
    ['Reports-To', undefined],
    ['Name / Manager', undefined],
  ];
  for (const [header, field] of cases) assert.is(headerField(header), field, header);
});

test('look-alike letters of another script inside a Latin word are the Latin ones; a name wholly in Cyrillic is transliterated', () => {
  assert.is(asciiLower('Jоhn Smith'), 'john smith');
  assert.is(asciiLower('Маrіа Lopez'), 'maria lopez');
  assert.is(asciiLower('Александр Петров'), 'aleksandr petrov');
  assert.is(asciiLower('Smith'), 'smith', 'Latin letters are never replaced ("m" is no "rn")');
});

test('two people named whole in one cell are the first named, never a third made of their names', () => {
  assert.equal(personName({ name: 'Arlo Smith & Elbert Hane' }).all, ['arlo', 'smith']);
  assert.equal(personName({ name: 'Arlo Smith and Elbert Hane' }).all, ['arlo', 'smith']);
  assert.equal(personName({ name: 'Arlo Smith &amp; Elbert Hane' }).all, ['arlo', 'smith']);
  const couple = personName({ name: 'Blanca & Carl Bak' });
  assert.equal([couple.all, couple.partnerFirst], [['blanca', 'bak'], 'carl']);
  assert.equal(personName({ name: 'Dr. & Mrs. John Smith' }).all, ['john', 'smith']);
});

test('a row as exports send it: null is no value, a number its digits, one value of a list field a list', () => {
  assert.equal(
    rowFromCells({
      row_id: 1042,
      name: null,
      first_name: 'Ana',
      emails: 'ana@acme.com',
      phone_numbers: [4155552671, null, ''],
      organization_names: null,
      crm_owner: null,
    }),
    { row_id: '1042', first_name: 'Ana', emails: ['ana@acme.com'], phone_numbers: ['4155552671'], crm_owner: null },
  );
});

test.run();
