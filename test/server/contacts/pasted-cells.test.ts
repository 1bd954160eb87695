import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { emailAtParentDomain, sameMailboxAtParent } from '../../../server/contacts/emails.js';
import { ContactMatcher, rowKeys } from '../../../server/contacts/matcher.js';
import { personName } from '../../../server/contacts/person-name.js';
import { P } from '../../helpers/contacts-corpus.js';
import { indexSnapshots, profile, tid, writeSnapshot } from '../../helpers/snapshots.js';
import { startTestApp } from '../../helpers/test-app.js';

test('cells as spreadsheets hold them: invisible characters, former names, addresses, emails in name columns', () => {
  // A zero-width joiner or a soft hyphen inside a name joins it; it is no space.
  assert.equal(personName({ name: 'Jo\u200Dhn Sm\u00ADith' }).all, ['john', 'smith']);
  assert.equal(personName({ name: 'John\u200BSmith' }).all, ['john', 'smith']);
  // A former family name in brackets, as people write it.
  for (const written of ['(formerly Doe)', '(previously Doe)', '(maiden name: Doe)', '(fka Doe)', '(née Doe)']) {
    const name = personName({ name: `Jane Smith ${written}` });
    assert.equal([name.first, name.last, name.birthName], ['jane', 'smith', 'doe'], written);
  }
  // A couple: the first named, and the partner's given name to try.
  assert.equal(personName({ name: 'Ana and Luis Ruiz' }), {
    first: 'ana',
    last: 'ruiz',
    all: ['ana', 'ruiz'],
    lastSearch: 'ruiz',
    partnerFirst: 'luis',
  });
  assert.is(personName({ name: 'John & Mary Smith (formerly Jones)' }).birthName, 'jones');
  assert.is(personName({ name: 'Dr. & Mrs. John Smith' }).partnerFirst, undefined);
  // "Formerly" outside brackets is no name's part to read.
  assert.is(personName({ name: 'Jane Smith formerly Doe' }).birthName, undefined);
  // The same mailbox at a host under the organisation's domain; never at a sibling host, nor
  // across tenants of a shared (private) suffix.
  assert.is(emailAtParentDomain('Ana.Ruiz+crm@EU.Acme.co.uk'), 'ana.ruiz@acme.co.uk');
  assert.is(emailAtParentDomain('ana@acme.com'), null);
  assert.is(emailAtParentDomain('not an address'), null);
  assert.ok(sameMailboxAtParent('ana@mail.acme.com', 'ana@acme.com'));
  assert.ok(sameMailboxAtParent('ana@acme.com', 'ana@eu.acme.com'));
  assert.not.ok(sameMailboxAtParent('jsmith@nc.rr.com', 'jsmith@tx.rr.com'));
  assert.not.ok(sameMailboxAtParent('admin@contoso.onmicrosoft.com', 'admin@fabrikam.onmicrosoft.com'));
  assert.not.ok(sameMailboxAtParent('bo@mail.acme.com', 'ana@acme.com'));
  const keys = rowKeys({ emails: ['t.s@mail.instructor-bio.com'] });
  assert.ok(keys.emailTerms.includes('t.s@instructor-bio.com'), keys.emailTerms.join());
  // An address in a name column is an address, and what else the cell says is the name.
  const pasted = rowKeys({ name: 'LOHARA1977@EXAMPLE.COM' });
  assert.equal([pasted.emails, pasted.name.all], [['lohara1977@example.com'], []]);
  const beside = rowKeys({ name: 'Ana Ruiz <ana@acme.com>' });
  assert.equal([beside.emails, beside.name.all], [['ana@acme.com'], ['ana', 'ruiz']]);
  // A postal address is read for its town: postcodes, street numbers and a state code without its comma.
  const city = (location: string) => rowKeys({ location }).place?.city ?? null;
  assert.is(city('New York NY 10118, United States'), 'new york');
  assert.is(city('75002 Paris'), 'paris');
  assert.is(city('110001 Delhi'), 'delhi');
  assert.is(city('1 Main St, Springfield, IL 62704'), 'springfield');
  assert.is(city('Austin, TX'), 'austin');
  assert.is(rowKeys({ location: 'United States' }).place?.country, 'US');
  // A profile headline in the title column: its title and its employer.
  const title = (row: Parameters<typeof rowKeys>[0]) => {
    const k = rowKeys(row);
    return [k.titles.map((t) => t.map((x) => (Array.isArray(x) ? x[0] : x)).join(' ')), k.orgs];
  };
  assert.equal(title({ job_titles: ['Helping teams ship faster | Head of Platform @ Instructor Biosciences'] }), [
    ['head of platform'],
    ['instructor biosciences'],
  ]);
  assert.equal(
    title({ job_titles: ['Infrastructure Manager at King and Sons | Speaker'], organization_names: ['King and Sons'] })[0]?.[0],
    'infrastructure manager',
  );
  // A title and an employer in each other's columns; never when the title column holds a title.
  assert.equal(title({ organization_names: ['Senior Registered Nurse'], job_titles: ['Stroman LLC'] }), [
    ['senior registered nurse'],
    ['stroman'],
  ]);
  assert.equal(title({ organization_names: ['Acme Consultants'], job_titles: ['CEO'] }), [['ceo'], ['acme consultants']]);
  assert.equal(title({ organization_names: ['Acme Engineers'], job_titles: ['Managing Partner'] })[1], ['acme engineers']);
  // Never on a title column's lack of title words alone: a department, a status, a word of another language.
  assert.equal(title({ organization_names: ['Evercore Partners'], job_titles: ['Investment Banking'] }), [
    ['investment banking'],
    ['evercore partners'],
  ]);
  assert.equal(title({ organization_names: ['Army National Guard'], job_titles: ['Retired'] }), [['retired'], ['army national guard']]);
  // "at" before one common word is a phrase, not an employer; a part in capitals after a title is one.
  assert.equal(title({ job_titles: ['Attorney at Law'] }), [['attorney'], []]);
  assert.equal(title({ job_titles: ['Engineer at Heart | Maker'] })[1], []);
  assert.equal(title({ job_titles: ['Software Engineer | Luettgen Health'] })[1], ['luettgen health']);
  // A part of common words only is no employer ("Mid-Market", and "Google", a verb of the word list).
  assert.equal(title({ job_titles: ['Head of Data | Mid-Market'] }), [['head of data'], []]);
  // A middle dot inside a word is no separator.
  assert.equal(title({ job_titles: ['Col·laboradora'] }), [['collaboradora'], []]);
});

test('the matcher finds a person by a mailbox at a subdomain, or by an address pasted as the name', async () => {
  const app = await startTestApp();
  try {
    const files = [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        profile(1, {
          first_name: 'Tevin',
          last_name: 'Schinner',
          display_name: 'Tevin Schinner',
          current_title: 'Lab Manager',
          current_company_id: tid(0xc0, 1),
          current_company_name: 'Instructor Biosciences',
          emails: [{ address: 'tevinschinner@instructorbio.com', quality: 'verified', kind: 'work' }],
        }),
        profile(3, {
          first_name: 'John',
          last_name: 'Smith',
          display_name: 'John Smith',
          emails: [{ address: 'jsmith@tx.rr.com', quality: 'verified', kind: 'personal' }],
        }),
        profile(4, { first_name: 'John', last_name: 'Smith', display_name: 'John Smith' }),
        profile(5, {
          first_name: 'Carl',
          last_name: 'Bak',
          display_name: 'Carl Bak',
          current_title: 'Architect',
          current_company_id: tid(0xc0, 5),
          current_company_name: 'Grimes Cart',
        }),
        profile(2, {
          first_name: 'Luz',
          last_name: "O'Hara",
          display_name: "Luz O'Hara",
          current_title: 'Data Engineer',
          current_company_id: tid(0xc0, 2),
          current_company_name: 'Prosacco AI',
          emails: [{ address: 'lohara1977@example.com', quality: 'verified', kind: 'personal' }],
        }),
      ]),
    ];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const matcher = new ContactMatcher(app.services.engine, app.services.graph);
    const top = async (row: Parameters<ContactMatcher['match']>[0]) => {
      const r = await matcher.match(row);
      return [r.status, r.candidates[0]?.user_id ?? null];
    };
    // Alone, the same mailbox name at a subdomain proposes the person; with the name it resolves.
    assert.equal(await top({ emails: ['tevinschinner@mail.instructorbio.com'] }), ['likely_match', P(1)]);
    assert.equal(await top({ name: 'Tevin Schinner', emails: ['tevinschinner@mail.instructorbio.com'] }), ['resolved', P(1)]);
    assert.equal(await top({ name: 'LOHARA1977@EXAMPLE.COM' }), ['resolved', P(2)]);
    // A couple in one row: the partner the first named is not; proposed, not resolved (the row names two people).
    assert.equal(await top({ name: 'Blanca & Carl Bak', organization_names: ['Grimes Cart'], job_titles: ['Architect'] }), [
      'likely_match',
      P(5),
    ]);
    // A sibling host's mailbox is another mailbox: a namesake with it is not resolved by it.
    assert.equal((await top({ name: 'John Smith', emails: ['jsmith@nc.rr.com'] }))[0] === 'resolved', false);
    // Another mailbox at the same domain is not that person.
    assert.equal((await top({ emails: ['someone.else@mail.instructorbio.com'] }))[1], null);
  } finally {
    await app.close();
  }
});

test('two people named whole in one cell resolve neither to a third person made of their names nor lose the first', async () => {
  const app = await startTestApp();
  try {
    const at = (n: number, first: string, last: string, title: string) =>
      profile(n, {
        first_name: first,
        last_name: last,
        display_name: `${first} ${last}`,
        current_title: title,
        current_company_id: tid(0xc0, 7),
        current_company_name: 'Kunde, Legros and Bradtke',
      });
    const files = [writeSnapshot(app.dataDir, 'profiles.jsonl', [at(1, 'Arlo', 'Hane', 'Designer'), at(2, 'Ines', 'Okafor', 'Designer')])];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const matcher = new ContactMatcher(app.services.engine, app.services.graph);
    const row = (name: string) => ({ name, organization_names: ['Kunde, Legros and Bradtke'], job_titles: ['Designer'] });
    for (const name of ['Arlo Smith & Elbert Hane', 'Arlo Smith and Elbert Hane', 'Arlo Smith + Elbert Hane']) {
      const r = await matcher.match(row(name));
      assert.ok(r.status !== 'resolved' && r.status !== 'likely_match', `${name}: ${r.status} ${r.candidates[0]?.user_id}`);
    }
    // The first named is the contact.
    assert.equal(await matcher.match(row('Ines Okafor & Elbert Hane')).then((r) => [r.status, r.candidates[0]?.user_id]), [
      'resolved',
      P(2),
    ]);
    // What a mail merge or a list put before the name does not stop the row resolving.
    for (const name of ['Dear Ines Okafor,', 'ATTN: Ines Okafor', '17. Ines Okafor', 'DUP - Ines Okafor', 'Name: Ines Okafor'])
      assert.equal(await matcher.match(row(name)).then((r) => [r.status, r.candidates[0]?.user_id]), ['resolved', P(2)], name);
  } finally {
    await app.close();
  }
});

test.run();
