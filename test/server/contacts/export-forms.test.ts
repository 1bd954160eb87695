import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import { nameCellText } from '../../../server/contacts/cell-text.js';
import { withDirectoryAttributes } from '../../../server/contacts/directory-columns.js';
import { directoryName } from '../../../server/contacts/directory-name.js';
import { emailsIn, envelopeOriginal } from '../../../server/contacts/emails.js';
import { fixedWidthRecord } from '../../../server/contacts/fixed-width.js';
import { withHeaderNames } from '../../../server/contacts/header-names.js';
import { rowKeys } from '../../../server/contacts/matcher.js';
import { orgAgreement, orgForm } from '../../../server/contacts/organisations.js';
import { alone } from '../../helpers/contact-scores.js';

const anselmo = {
  first_name: 'Anselmo',
  last_name: 'Morreale',
  current_title: 'Project Manager II',
  current_company_name: 'Zboncak LLC',
  location: { city: 'Milan', country_code: 'IT' },
};

test('a device named after its owner is the owner’s name; a name that only looks so stays', () => {
  for (const cell of [
    "Anselmo Morreale's iPhone",
    'Anselmo Morreale’s MacBook Pro',
    "Anselmo Morreale's Galaxy S23",
    'iPhone de Anselmo Morreale',
    'iPhone von Anselmo Morreale',
    'iPad di Anselmo Morreale',
    'Galaxy S21 de Anselmo Morreale',
  ])
    assert.is(nameCellText(cell), 'Anselmo Morreale', cell);
  assert.is(nameCellText('Mac de Souza'), 'Mac de Souza');
  assert.is(nameCellText("Dara O'Brien"), "Dara O'Brien");
  const row = { name: "Anselmo Morreale's iPhone", organization_names: ['Zboncak LLC'], job_titles: ['Project Manager II'] };
  assert.is(alone(row, anselmo).status, 'resolved');
});

test('"Copy of" before a duplicated record and the katakana middle dot between names', () => {
  assert.is(nameCellText('Copy of Aliya Wiebe'), 'Aliya Wiebe');
  assert.is(nameCellText('Copy (2) of Aliya Wiebe'), 'Aliya Wiebe');
  const n = rowKeys({ name: 'Santiago・Kano' }).name;
  assert.equal([n.first, n.last], ['santiago', 'kano']);
});

test('envelope rewrites are read back to the address they hold, by their schemes; other addresses stay', () => {
  const cases: [string, string][] = [
    ['prvs=5b1edf9366=ana@acme.com', 'ana@acme.com'],
    ['btv1==5e3d1d6e3f1==ana@acme.com', 'ana@acme.com'],
    ['SRS0=5f76=A3=acme.com=ana.ruiz@forwarder.example.net', 'ana.ruiz@acme.com'],
    ['SRS1=x7ab=fwd1.example==5f76=A3=acme.com=ana@fwd2.example', 'ana@acme.com'],
    ['bounces+6327249-73a7-qiang.liang=acme.com@em7722.sendgrid.net', 'qiang.liang@acme.com'],
    ['announce-bounces+eroussel=acme.ca@lists.example.org', 'eroussel@acme.ca'],
    ['ana@acme.com', 'ana@acme.com'],
    ['a=b@acme.com', 'a=b@acme.com'],
  ];
  for (const [written, original] of cases) assert.is(envelopeOriginal(written), original, written);
  // Not a domain after the "=": no VERP address.
  assert.is(envelopeOriginal('ana+x=notadomain@acme.com'), 'ana+x=notadomain@acme.com');
  // A local part the rewriting made longer than 64 characters.
  assert.equal(emailsIn('bounces+7013028-0751-youssef_hussein=wymannicolasandhalvorson.com.br@em5191.sendgrid.net'), [
    'youssef_hussein@wymannicolasandhalvorson.com.br',
  ]);
});

test('RFC 5322 comments beside the "@" are no part of the address', () => {
  assert.equal(emailsIn('mkaran(work)@acme.com'), ['mkaran@acme.com']);
  assert.equal(emailsIn('mkaran@(home)acme.com'), ['mkaran@acme.com']);
});

test('a fixed-width record in one cell is read as its fields; padded columns and a name with two spaces stay', () => {
  assert.equal(fixedWidthRecord('Francisca   Quintero        Prosacco AI                     Assistant Professor'), {
    name: 'Francisca Quintero',
    organization: 'Prosacco AI',
    title: 'Assistant Professor',
  });
  assert.equal(fixedWidthRecord('George      Larkin          Flatley Guard                   Senior Sales Manager      A0017'), {
    name: 'George Larkin',
    organization: 'Flatley Guard',
    title: 'Senior Sales Manager',
  });
  assert.is(fixedWidthRecord('Ana Ruiz  Acme'), null);
  assert.is(fixedWidthRecord('Ana                '), null);
  const row = laidOut({ RECORD: 'BORER               MARTA          LUETTGEN HEALTH                    SENIOR DATA ENGINEER' } as never);
  assert.is(row.name, 'BORER MARTA');
  assert.equal(row.organization_names, ['LUETTGEN HEALTH']);
  assert.equal(row.job_titles, ['SENIOR DATA ENGINEER']);
  // A name typed with wide gaps is no record; a generic column's record never replaces the row's
  // own name and employer, sent under any header (second reader, 2026-11-30).
  assert.is(fixedWidthRecord('Mary  Ann  Smith'), null);
  const own = withHeaderNames({
    Name: 'Jane Doe',
    Company: 'Initech',
    'Raw Record': 'Bob Smith  Globex  Sales Manager',
  } as never) as Record<string, unknown>;
  assert.is(own.name, 'Jane Doe');
  assert.equal(own.organization_names, ['Initech']);
  const generic = withHeaderNames({ Data: 'Bob Smith  Globex  Sales Manager' } as never) as Record<string, unknown>;
  assert.not.equal(generic.name, 'Bob Smith');
});

test('Lotus Notes hierarchical names without a domain: the person first, the organisation last before a country', () => {
  assert.equal(directoryName('Jaylan McLaughlin/Customer Success/Treutel Agency'), {
    name: 'Jaylan McLaughlin',
    organization: 'Treutel Agency',
  });
  assert.equal(directoryName('Ilene Beahan/Seattle/Cormier - Block/US'), { name: 'Ilene Beahan', organization: 'Cormier - Block' });
  assert.equal(directoryName("Ruthe O'Connell/Beer, Borer and Watsica@BeerBorerandWatsica"), {
    name: "Ruthe O'Connell",
    organization: 'Beer, Borer and Watsica',
  });
  // One component, or spaces round the slashes: a name and an employer read elsewhere.
  assert.is(directoryName('Jane Doe/Acme'), null);
  assert.is(directoryName('Jane Doe / Sales / Acme'), null);
});

test('LDAP and Active Directory attribute columns are read beside a directory’s own attributes, not alone', () => {
  const row = withHeaderNames({
    cn: 'Soledad Marín',
    sn: 'Marín',
    givenName: 'Soledad',
    o: 'Swaniawski, Koelpin and Rice',
    title: 'Designer',
  } as never);
  assert.is(row.name, 'Soledad Marín');
  assert.is(row.last_name, 'Marín');
  assert.equal(row.organization_names, ['Swaniawski, Koelpin and Rice']);
  const ldif = withHeaderNames({ uid: 'cembranthiri', cn: 'Chitrali Embranthiri', o: 'Morar - Kunze', ou: 'People', l: 'Haora' } as never);
  assert.is(ldif.name, 'Chitrali Embranthiri');
  assert.equal(ldif.organization_names, ['Morar - Kunze']);
  assert.is(ldif.location, 'Haora');
  // A sheet's column letters are no attributes.
  const sheet = { A: 'Ana Ruiz', C: 'Spain', O: 'Acme', L: 'Madrid' };
  assert.is(withDirectoryAttributes(sheet), sheet);
});

test('an employer cut inside a word by a field’s length is a part of the name; a short start is not', () => {
  const agree = (a: string, b: string) => orgAgreement(orgForm(a), orgForm(b));
  assert.is(agree('Hermiston, Brau', 'Hermiston, Braun and Rempel'), 'part');
  assert.is(agree('Koelpin, Kup...', 'Koelpin, Kuphal and Strosin'), 'part');
  assert.is(agree('Klein, Monahan a', 'Klein, Monahan and Hessel'), 'part');
  assert.is(agree('Acme R', 'Acme Robotics'), null);
  assert.is(agree('Instructor B...', 'Instructor Biosciences'), null);
  assert.is(agree('Hermiston, Brau', 'Hermiston, Bailey and Carroll'), null);
});

test('Apollo’s "Company Name for Emails", a Notion link and a business card’s other lines: the employer alone', () => {
  const orgsOf = (row: Record<string, unknown>) => rowKeys(withHeaderNames(row as never)).orgs;
  assert.equal(orgsOf({ Name: 'A B', 'Company Name for Emails': 'Quitzon Medical' }), ['quitzon medical']);
  assert.equal(
    orgsOf({ Name: 'A B', Company: 'Dickens and Sons (https://www.notion.so/Dickens-and-Sons-1f28eaca25bcc136d19e1213f9481d1e?pvs=21)' }),
    ['dickens and sons'],
  );
  assert.equal(orgsOf({ Name: 'A B', Company: 'Opera Media (../Companies/Opera%20Media%20ab27adad2af32455a7ff8b6e38e4b53d.md)' }), [
    'opera media',
  ]);
  assert.equal(orgsOf({ Name: 'A B', Company: 'Swaniawski Works\nYour partner in growth' }), ['swaniawski works']);
  assert.equal(orgsOf({ Name: 'A B', Company: 'Greenfelder Inc\nwww.greenfelderinc.com' }), ['greenfelder']);
  assert.equal(orgsOf({ Name: 'A B', Company: 'Witting - Kunze   Tel: +1 555 808 8768' }), ['witting kunze']);
  // A firm's own brackets stay.
  assert.equal(orgsOf({ Name: 'A B', Company: 'Acme (Europe)' }), ['acme', 'acme europe']);
});

test.run();
