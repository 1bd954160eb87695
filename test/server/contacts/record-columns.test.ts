import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import type { ContactRow } from '../../../server/contacts/evidence.js';
import { headerField } from '../../../server/contacts/header-names.js';
import { personName } from '../../../server/contacts/person-name.js';
import { alone } from '../../helpers/contact-scores.js';

const person = (first: string, last: string, title = 'Junior Teacher', company = 'Flint Therapeutics') => ({
  first_name: first,
  last_name: last,
  current_title: title,
  current_company_name: company,
  location: { city: 'Albany', country_code: 'US' },
});
const laid = (row: Record<string, unknown>) => laidOut(row as ContactRow);

test('event and badge-scan columns are the attendee’s; a buyer’s, a purchaser’s or an order’s are someone else’s', () => {
  const cases: [string, string][] = [
    ['Attendee Name', 'name'],
    ['Attendee first name', 'first_name'],
    ['Attendee Company', 'organization_names'],
    ['Attendee Job Title', 'job_titles'],
    ['Attendee Email', 'emails'],
    ['Registrant First Name', 'first_name'],
    ['Registrant Organization', 'organization_names'],
    ['Lead First Name', 'first_name'],
    ['Lead Company', 'organization_names'],
  ];
  for (const [name, field] of cases) assert.is(headerField(name), field, name);
  for (const name of [
    'Buyer first name',
    'Buyer last name',
    'Purchaser Name',
    'Registered By',
    'Order Name',
    'Lead Owner',
    'Lead Source',
    'Ticket Type',
  ])
    assert.is(headerField(name), undefined, name);
  const row = laid({ 'Attendee Name': 'Egizia Zago', 'Attendee Company': 'Flint Therapeutics', 'Attendee Job Title': 'Junior Teacher' });
  assert.is(alone(row, person('Egizia', 'Zago')).status, 'resolved');
  // The buyer is never the contact: an attendee nobody knows at the buyer's employer.
  const bought = laid({
    'Buyer first name': 'Youssef',
    'Buyer last name': 'Khalil',
    'Attendee first name': 'Olivia',
    'Attendee last name': 'Ostrander',
    'Attendee company': 'Flint Therapeutics',
  });
  assert.equal([bought.first_name, bought.last_name], ['Olivia', 'Ostrander']);
  assert.is(alone(bought, person('Youssef', 'Khalil')).status, 'unresolved');
});

test('CRM columns with their record before or after the field, and vCard property names', () => {
  const cases: [string, string][] = [
    ['properties.firstname', 'first_name'],
    ['properties.company', 'organization_names'],
    ['properties.jobtitle', 'job_titles'],
    ['First Name (Contact)', 'first_name'],
    ['Account Name (Parent Customer)', 'organization_names'],
    ['Contact: First Name', 'first_name'],
    ['Account: Account Name', 'organization_names'],
    ['Contact.Account.Name', 'organization_names'],
    ['{{lead.First Name}}', 'first_name'],
    ['{{company.Company Name}}', 'organization_names'],
    ['FN', 'name'],
    ['fn', 'name'],
    ['ORG', 'organization_names'],
  ];
  for (const [name, field] of cases) assert.is(headerField(name), field, name);
  // An account's phone or owner is no field of the person.
  for (const name of ['Account Phone', 'Account: Owner Name', 'Company Phone', 'Name (Manager)'])
    assert.is(headerField(name), undefined, name);
  // A vCard's N column beside other vCard columns is the structured name; a column "N" alone is the fourteenth column.
  const card = laid({ N: 'Bhadresha;Kumuda;;;', ORG: 'Flint Therapeutics;Finance', TITLE: 'Junior Teacher' });
  assert.equal([personName(card).first, personName(card).last], ['kumuda', 'bhadresha']);
  assert.is(alone(card, person('Kumuda', 'Bhadresha')).status, 'resolved');
  const other = laid({ N: 'Bhadresha;Mark;;;', ORG: 'Flint Therapeutics;Finance', TITLE: 'Head of Sales', ADR: ';;;Lyon;;;France' });
  assert.is(alone(other, person('Kumuda', 'Bhadresha')).status, 'unresolved');
});

test.run();
