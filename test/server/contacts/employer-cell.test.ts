import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { employerReadings } from '../../../server/contacts/employer-cell.js';
import { rowKeys, scoreCandidate } from '../../../server/contacts/matcher.js';
import { orgAgreement, orgForm, orgNamesIn } from '../../../server/contacts/organisations.js';

/** How the cell's best reading agrees with the employer's name. */
const agrees = (cell: string, employer: string) => {
  const rank = { same: 3, alias: 2, part: 1 } as const;
  let best: 'same' | 'alias' | 'part' | null = null;
  for (const name of orgNamesIn(cell)) {
    const a = orgAgreement(orgForm(name), orgForm(employer));
    if (a && (!best || rank[a] > rank[best])) best = a;
  }
  return best;
};

test('an employer with its years, office or spelt-out legal form after it is that employer', () => {
  const cases: [string, string][] = [
    ['Marlow Freight [2015 - now]', 'Marlow Freight'],
    ['Marlow Freight (since 2019)', 'Marlow Freight'],
    ['Marlow Freight, 2016–present', 'Marlow Freight'],
    ['Marlow Freight 03/2020 - today', 'Marlow Freight'],
    ['Marlow Freight (2013-)', 'Marlow Freight'],
    ['Marlow Freight · since 2021', 'Marlow Freight'],
    ['Okafor and Sons @ Houston', 'Okafor and Sons'],
    ['Okafor and Sons – Lisbon', 'Okafor and Sons'],
    ['Okafor and Sons (Berlin office)', 'Okafor and Sons'],
    ['Okafor and Sons, Amsterdam', 'Okafor and Sons'],
    ['Okafor and Sons (Port Lavaca)', 'Okafor and Sons'],
    ['Pike - Oduya Boston HQ', 'Pike - Oduya'],
    ['Okafor and Sons Nairobi office', 'Okafor and Sons'],
    ['Tessaract Labs Limited Liability Company', 'Tessaract Labs'],
    ['Tessaract Labs, Société Anonyme', 'Tessaract Labs'],
    ['Tessaract Labs Gesellschaft mit beschränkter Haftung', 'Tessaract Labs'],
    ['Kabushiki Kaisha Tessaract Labs', 'Tessaract Labs'],
    ['Tessaract Labs Aktiengesellschaft', 'Tessaract Labs'],
  ];
  for (const [cell, employer] of cases) assert.is(agrees(cell, employer), 'same', cell);
});

test('a cell naming several employers names each, the current one first', () => {
  assert.equal(employerReadings('Marlow Freight; Board member at Pike Ventures').slice(0, 2), ['Marlow Freight', 'Pike Ventures']);
  assert.equal(employerReadings('Marlow Freight | Angel investor in Pike Ventures').slice(0, 2), ['Marlow Freight', 'Pike Ventures']);
  assert.equal(employerReadings('Marlow Freight (also advising Pike Ventures)').slice(0, 2), ['Marlow Freight', 'Pike Ventures']);
  assert.equal(employerReadings('Marlow Freight + Pike - Oduya').slice(0, 2), ['Marlow Freight', 'Pike - Oduya']);
  assert.equal(employerReadings('Marlow, Pike and Oduya, Tessaract Labs').slice(0, 2), ['Marlow, Pike and Oduya', 'Tessaract Labs']);
  assert.is(agrees('Pike Ventures / Marlow Freight (advisor)', 'Marlow Freight'), 'same');
});

test('a company page URL or a social handle is the name it spells', () => {
  assert.is(agrees('https://www.professional.example/company/marlow-freight/?viewAsMember=true', 'Marlow Freight'), 'same');
  assert.is(agrees('professional.example/company/okaforandsons/about/', 'Okafor and Sons'), 'same');
  assert.is(agrees('https://www.linkedin.com/company/pike-oduya-inc/', 'Pike - Oduya, Inc.'), 'same');
  assert.is(agrees('MarlowFreightHQ', 'Marlow Freight'), 'same');
  assert.is(agrees('@MarlowFreight', 'Marlow Freight'), 'same');
  assert.is(agrees('@marlow_freight', 'Marlow Freight'), 'same');
  assert.is(agrees('@tessaractllc', 'Tessaract LLC'), 'same');
  assert.is(agrees('@pikesagency', 'Pikes Agency'), 'same');
});

test('names that only look like a qualified employer keep their words', () => {
  for (const name of [
    'Air France',
    'Lubowitz - Mertz',
    'Beer, Borer and Watsica',
    'Smith - Jackson',
    'T - Mobile',
    'Studio 54',
    'AT&T',
    'Acme, Inc.',
  ])
    assert.ok(employerReadings(name).includes(name), name);
  // A firm of two partners is no office: "Jackson" is a city, and a given name.
  assert.is(agrees('Smith - Jackson', 'Smith'), 'part');
  // Another employer of the same family stays a part, not the same.
  assert.is(agrees('Durgan Motors', 'Durgan Inc'), 'part');
});

test('the employer read from a qualified cell counts as the current employer', () => {
  const keys = rowKeys({ name: 'Ana Ruiz', organization_names: ['Marlow Freight (Lisbon office) [2019 - now]'] });
  const { evidence } = scoreCandidate(keys, { first_name: 'Ana', last_name: 'Ruiz', current_company_name: 'Marlow Freight' }, null);
  assert.equal(
    evidence.filter((e) => e.field === 'organization').map((e) => [e.outcome, e.weight]),
    [['match', 2.5]],
  );
});

test.run();
