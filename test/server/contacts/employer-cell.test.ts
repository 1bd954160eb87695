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

test('trademark and copyright marks are no words of the employer', () => {
  const cases = [
    'Marlow Freight (R)',
    'MARLOW FREIGHT(TM)',
    'Marlow Freight ℠',
    'Marlow Freight™',
    '© Marlow Freight',
    'Marlow Freight(c)',
  ];
  for (const cell of cases) assert.is(agrees(cell, 'Marlow Freight'), 'same', cell);
  // A mark alone leaves the cell as written.
  assert.equal(employerReadings('(TM)'), ['(TM)']);
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

test('a place after a comma is where the employer is, never a second employer', () => {
  const cells: [string, string, string][] = [
    ['Acme Corp, New York', 'Acme Corp', 'New York'],
    ['Deutsche Bank, Frankfurt am Main', 'Deutsche Bank', 'Frankfurt am Main'],
    ['McKinsey & Company, Washington DC', 'McKinsey & Company', 'Washington DC'],
    ['Kaiser Permanente, Northern California', 'Kaiser Permanente', 'Northern California'],
    ['Marlow Freight; London', 'Marlow Freight', 'London'],
    ['Glover, Thiel and Satterfield, New York', 'Glover, Thiel and Satterfield', 'New York'],
  ];
  for (const [cell, employer, place] of cells) {
    const read = employerReadings(cell);
    assert.is(read[0], employer, cell);
    assert.not.ok(read.includes(place), cell);
    assert.is(agrees(cell, employer), 'same', cell);
    // A namesake at a firm named after the place is no partial match.
    assert.is(agrees(cell, `${place} Life Insurance`), null, cell);
  }
  // A given name after a "+" may be a partner's: "Jackson" stays.
  assert.ok(employerReadings('Smith + Jackson').includes('Jackson'));
  // The namesake at New York Life is told apart by the employer, not matched in part.
  const keys = rowKeys({ name: 'Ana Ruiz', organization_names: ['Acme Corp, New York'] });
  const { evidence } = scoreCandidate(
    keys,
    { first_name: 'Ana', last_name: 'Ruiz', current_company_name: 'New York Life Insurance' },
    null,
  );
  assert.equal(
    evidence.filter((e) => e.field === 'organization').map((e) => e.outcome),
    ['conflict'],
  );
});

test('a legal form before a name is a word of it when it is English or only descriptors would be left', () => {
  assert.equal(employerReadings('Limited Brands'), ['Limited Brands']);
  assert.equal(employerReadings('Incorporated Research Institutions'), ['Incorporated Research Institutions']);
  assert.equal(employerReadings('Societe Anonyme Brands'), ['Societe Anonyme Brands']);
  assert.is(agrees('Limited Brands', 'Yum! Brands'), null);
  assert.is(agrees('Incorporated Research Institutions', 'Broad Research Institutions'), null);
  assert.is(agrees('Limited Brands', 'Limited Brands, Inc.'), 'same');
  // A form written before names in its language still goes, one word left or more.
  assert.equal(employerReadings('Kabushiki Kaisha Toyota')[0], 'Toyota');
  assert.equal(employerReadings('Limited Liability Company Tessaract')[0], 'Tessaract');
});

test('a role word is a role only before a preposition, and no reading is descriptors alone', () => {
  assert.equal(employerReadings('Mentor Graphics | Siemens').slice(0, 2), ['Mentor Graphics', 'Siemens']);
  assert.equal(employerReadings('Google; Founder Institute').slice(0, 2), ['Google', 'Founder Institute']);
  assert.equal(employerReadings('Marlow Freight | advising Pike Ventures').slice(0, 2), ['Marlow Freight', 'Pike Ventures']);
  assert.equal(employerReadings('Marlow Freight; Mentor at Pike Ventures').slice(0, 2), ['Marlow Freight', 'Pike Ventures']);
  assert.is(agrees('Mentor Graphics | Siemens', 'Nvidia Graphics'), null);
  assert.is(agrees('Google; Founder Institute', 'Broad Institute'), null);
  assert.is(agrees('Mentor Graphics | Siemens', 'Mentor Graphics'), 'same');
  assert.is(agrees('Google; Founder Institute', 'Founder Institute'), 'same');
  // Descriptors alone, left by a role, the years or written alone in a list, are no employer.
  for (const cell of ['Marlow Freight; Member of Institute', 'Marlow Freight; Brands', 'Brands [2015 - now]'])
    for (const reading of employerReadings(cell).filter((r) => r !== cell)) assert.not.match(reading, /^(?:Institute|Brands)$/, cell);
  assert.is(agrees('Marlow Freight; Brands', 'Yum! Brands'), null);
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
