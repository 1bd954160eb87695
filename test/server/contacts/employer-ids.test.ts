import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import type { ContactRow } from '../../../server/contacts/evidence.js';

const employer = (cell: string) => laidOut({ name: 'Ana Ruiz', organization_names: [cell] } as ContactRow).organization_names;

test('a CRM’s or an ERP’s record id beside an employer is no part of its name', () => {
  const cases: [string, string][] = [
    ['Zboncak LLC [ACC-83909]', 'Zboncak LLC'],
    ['Blanda - Gislason (0015g0000083HwP9oi)', 'Blanda - Gislason'],
    ['Hauck - Leannon - 374934', 'Hauck - Leannon'],
    ['768806 - Volkman Guard', 'Volkman Guard'],
    ['Acme Corp (ID: 63411)', 'Acme Corp'],
  ];
  for (const [cell, name] of cases) assert.equal(employer(cell), [name], cell);
  // Numbers that are a firm's name stay.
  for (const cell of ['Studio 54', 'Forever 21', 'Cormier - Block', 'Acme (Europe)', 'Hotel 1000'])
    assert.equal(employer(cell), [cell], cell);
});

test('an openpyxl escape in a cell is the character it stands for', () => {
  assert.equal(employer('Dickens_x000D_\nand Sons'), ['Dickens\r\nand Sons']);
  assert.equal(employer('Acme_x0009_Corp'), ['Acme\tCorp']);
  // Not a control character or letter: as written.
  assert.equal(employer('Acme_x0000_Corp'), ['Acme_x0000_Corp']);
});

test.run();
