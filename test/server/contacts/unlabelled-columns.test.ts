import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { withHeaderNames } from '../../../server/contacts/header-names.js';
import type { ContactRow } from '../../../server/contacts/matcher.js';
import { rowKeys } from '../../../server/contacts/matcher.js';

const read = (row: Record<string, unknown>) => {
  const r = withHeaderNames(row as ContactRow);
  return {
    name: r.name ?? null,
    first_name: r.first_name ?? null,
    last_name: r.last_name ?? null,
    organization_names: r.organization_names ?? [],
    job_titles: r.job_titles ?? [],
    location: r.location ?? null,
  };
};

test('a delimited record pasted into one column, its header pasted into the column name, is split by the header', () => {
  for (const sep of [';', '\t', '|']) {
    const key = ['First Name', 'Last Name', 'Company', 'Job Title', 'City'].join(sep);
    const value = ['Odile', 'Marchetti', 'Tessaract Labs', 'Lead Data Engineer', 'Turin'].join(sep);
    assert.equal(
      read({ [key]: value }),
      {
        name: null,
        first_name: 'Odile',
        last_name: 'Marchetti',
        organization_names: ['Tessaract Labs'],
        job_titles: ['Lead Data Engineer'],
        location: 'Turin',
      },
      JSON.stringify(sep),
    );
  }
  // A firm's name in quotes keeps its delimiter.
  assert.equal(read({ 'Vorname|Nachname|Firma': 'Odile|Marchetti|"Pike | Oduya"' }).organization_names, ['Pike | Oduya']);
  // A header of unknown names splits nothing.
  assert.equal(read({ 'Invited by;Table': 'Odile Marchetti;12' }).name, null);
});

test('columns named for their position are read for what their values plainly are', () => {
  assert.equal(
    read({ Column1: 'Odile', Column2: 'Marchetti', Column3: 'Pike, Oduya and Lund', Column4: 'Staff Data Analyst', Column5: 'Turin' }),
    {
      name: null,
      first_name: 'Odile',
      last_name: 'Marchetti',
      organization_names: ['Pike, Oduya and Lund'],
      job_titles: ['Staff Data Analyst'],
      location: 'Turin',
    },
  );
  // A firm ending in a title's head noun ("Guard") is the employer beside a title of common words.
  assert.equal(
    read({
      'Unnamed: 0': 'Odile Marchetti',
      'Unnamed: 1': 'Vollmer Guard',
      'Unnamed: 2': 'Support Engineer II',
      'Unnamed: 3': 'Turin, Italy',
    }),
    {
      name: 'Odile Marchetti',
      first_name: null,
      last_name: null,
      organization_names: ['Vollmer Guard'],
      job_titles: ['Support Engineer II'],
      location: 'Turin, Italy',
    },
  );
  // One positional column holding a whole delimited record.
  assert.equal(read({ A: 'Odile Marchetti;Tessaract Labs;Head of Growth;Turin' }).organization_names, ['Tessaract Labs']);
  // Keys are unmistakable wherever they are.
  const keys = rowKeys({ B: 'odile.marchetti@tessaract.io', C: '+39 011 555 0192' } as ContactRow);
  assert.equal(keys.emails, ['odile.marchetti@tessaract.io']);
  assert.is(keys.phones.length, 1);
});

test('positional columns that do not plainly read as a person stay unread', () => {
  // The first text is no person's name: a firm, a place, a title.
  assert.equal(read({ A: 'Tessaract Labs LLC', B: 'Odile Marchetti' }).name, null);
  assert.equal(read({ A: 'Lead Data Engineer', B: 'Turin' }).name, null);
  // Two-letter column names are names ("ID", "PO"), and other columns are someone else's.
  assert.equal(read({ ID: 'Odile Marchetti' }).name, null);
  assert.equal(read({ 'Invited by': 'Odile Marchetti' }).name, null);
  // A row naming its person in columns of its own reads positional columns for keys only.
  assert.equal(read({ name: 'Ana Ruiz', Column1: 'Odile Marchetti', Column2: 'Tessaract Labs' }), {
    name: 'Ana Ruiz',
    first_name: null,
    last_name: null,
    organization_names: [],
    job_titles: [],
    location: null,
  });
  // Two texts that may each be the employer: neither is taken.
  assert.equal(read({ A: 'Odile Marchetti', B: 'Tessaract Labs', C: 'Pike Oduya' }).organization_names, []);
});

test.run();
