import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import type { ContactRow } from '../../../server/contacts/evidence.js';
import { formPostFields } from '../../../server/contacts/form-post.js';
import { alone } from '../../helpers/contact-scores.js';

const person = (first: string, last: string) => ({
  first_name: first,
  last_name: last,
  current_title: 'Junior Teacher',
  current_company_name: 'Flint Therapeutics',
  location: { city: 'Albany', country_code: 'US' },
});
const laid = (row: Record<string, unknown>) => laidOut(row as ContactRow);

test('a web form’s submission in one cell is read as its fields; a referrer’s and a campaign’s are not', () => {
  assert.equal(formPostFields('first_name=Reine&last_name=Dufour&company=Sipes+Care'), [
    ['first_name', 'Reine'],
    ['last_name', 'Dufour'],
    ['company', 'Sipes Care'],
  ]);
  assert.equal(formPostFields('first_name%3DReine%26last_name%3DDufour')?.length, 2);
  assert.equal(formPostFields('https://example.com/thanks?first_name=Reine&last_name=Dufour#done')?.length, 2);
  assert.equal(formPostFields('first_name=Sadık; last_name=Akdemir; title=Supply Chain Analyst')?.length, 3);
  for (const text of ['E=MC2 Labs', 'Acme & Co', 'a=b', 'Jane Doe']) assert.is(formPostFields(text), null, text);
  const row = laid({ name: 'first_name=Reine&last_name=Dufour&company=Sipes+Care&job_title=Junior+Teacher' });
  assert.equal(
    [row.first_name, row.last_name, row.organization_names, row.job_titles],
    ['Reine', 'Dufour', ['Sipes Care'], ['Junior Teacher']],
  );
  assert.is(laid({ Submission: 'first_name=Reine&last_name=Dufour&company=Sipes+Care' }).last_name, 'Dufour');
  // Someone who referred the person is never the person.
  const referred = laid({ name: 'first_name=Ana&last_name=Vega&company=Flint+Therapeutics&referred_by=Egizia+Zago&ref=Egizia+Zago' });
  assert.equal([referred.first_name, referred.last_name], ['Ana', 'Vega']);
  assert.is(alone(referred, person('Egizia', 'Zago')).status, 'unresolved');
  // A form post without a field naming the person is left as it was.
  assert.is(laid({ name: 'utm_source=x&utm_medium=y' }).name, 'utm_source=x&utm_medium=y');
});

test.run();
