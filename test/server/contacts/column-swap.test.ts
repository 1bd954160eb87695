import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { nameAndEmployerSwapped } from '../../../server/contacts/column-swap.js';
import { ContactMatcher } from '../../../server/contacts/matcher.js';
import { P } from '../../helpers/contacts-corpus.js';
import { indexSnapshots, profile, tid, writeSnapshot } from '../../helpers/snapshots.js';
import { startTestApp } from '../../helpers/test-app.js';

test('a firm in the name cell and a person in the employer cell read swapped; not the other way round', () => {
  const swapped = nameAndEmployerSwapped({ name: 'Bruen Media', organization_names: ['Sari Jokinen'], job_titles: ['Analyst'] });
  assert.equal(swapped?.row.name, 'Sari Jokinen');
  assert.equal(swapped?.row.organization_names, ['Bruen Media']);
  assert.is(swapped?.firmByForm, false);
  // Columns named the wrong way round, as a CRM export maps them.
  const crm = nameAndEmployerSwapped({ Company: 'Yael Ben-David', 'Contact Name': 'Beer, Borer and Watsica' } as never);
  assert.equal([crm?.row.name, crm?.row.organization_names, crm?.firmByForm], ['Yael Ben-David', ['Beer, Borer and Watsica'], true]);
  // A person's name in the name cell, an employer that is no name, split name columns, two employers: as written.
  assert.is(nameAndEmployerSwapped({ name: 'Sari Jokinen', organization_names: ['Anna Group'] }), null);
  assert.is(nameAndEmployerSwapped({ name: 'Bruen Media', organization_names: ['Emard LLC'] }), null);
  assert.is(nameAndEmployerSwapped({ name: 'Bruen Media', organization_names: ['Beer, Borer and Watsica'] }), null);
  assert.is(nameAndEmployerSwapped({ name: 'Bruen Media', organization_names: ['Berlin'] }), null);
  assert.is(nameAndEmployerSwapped({ first_name: 'Bruen', last_name: 'Media', organization_names: ['Sari Jokinen'] }), null);
  assert.is(nameAndEmployerSwapped({ name: 'Bruen Media', organization_names: ['Sari Jokinen', 'Ceramic Chain'] }), null);
  // A nickname in quotes beside the person's name is no name word: still a person's name.
  for (const cell of ['"Duke" Salvador Guardado', "Carolina 'Doc' Cortez", 'Salvador Guardado “Duke”'])
    assert.equal(
      nameAndEmployerSwapped({ name: 'Luettgen Health', organization_names: [cell] })?.row.organization_names,
      ['Luettgen Health'],
      cell,
    );
});

test('the matcher reads a name and an employer swapped only for a person at that firm, and never resolves it', async () => {
  const app = await startTestApp();
  try {
    const person = (n: number, first: string, last: string, employer: string, extra: Record<string, unknown> = {}) =>
      profile(n, {
        first_name: first,
        last_name: last,
        display_name: `${first} ${last}`,
        current_title: 'Inside Sales Representative',
        current_company_id: tid(0xc0, n),
        current_company_name: employer,
        ...extra,
      });
    const files = [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        person(1, 'Sari', 'Jokinen', 'Bruen Media', { emails: [{ address: 'sari@bruen.example', quality: 'verified', kind: 'work' }] }),
        person(2, 'Felipe', 'Urrutia', 'Spinka and Sons'),
        person(3, 'Ida', 'Goodwin', 'Moore Group'),
        person(4, 'Salvador', 'Guardado', 'Luettgen Health'),
      ]),
    ];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const matcher = new ContactMatcher(app.services.engine, app.services.graph);
    const top = async (row: Parameters<ContactMatcher['match']>[0]) => {
      const r = await matcher.match(row);
      return [r.status, r.candidates[0]?.user_id ?? null];
    };
    const titled = { job_titles: ['Inside Sales Representative'] };
    assert.equal(await top({ name: 'Bruen Media', organization_names: ['Sari Jokinen'], ...titled }), ['likely_match', P(1)]);
    assert.equal(await top({ name: 'Spinka and Sons', organization_names: ['Felipe Urrutia'], ...titled }), ['likely_match', P(2)]);
    assert.equal(await top({ Company: 'Ida Goodwin', 'Contact Name': 'Moore Group', ...titled } as never), ['likely_match', P(3)]);
    assert.equal(await top({ name: 'Luettgen Health', organization_names: ['"Duke" Salvador Guardado'], ...titled }), [
      'likely_match',
      P(4),
    ]);
    // A key of the person resolves it, as it would written the right way round.
    assert.equal(await top({ name: 'Bruen Media', organization_names: ['Sari Jokinen'], emails: ['sari@bruen.example'] }), [
      'resolved',
      P(1),
    ]);
    // The person, but not at the firm the name cell names: no one.
    const elsewhere = await matcher.match({ name: 'Opera Media', organization_names: ['Sari Jokinen'], ...titled });
    assert.is.not(elsewhere.status, 'likely_match');
    assert.is.not(elsewhere.status, 'resolved');
  } finally {
    await app.close();
  }
});

test.run();
