import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { genderedPair, sameGivenName, shortForm, spellingVariant } from '../../../lib/names/given-names.js';
import { emailSearchTerms, emailsIn, sameMailboxDomainSlip } from '../../../server/contacts/emails.js';
import { familyNameVariants, familySpelling } from '../../../server/contacts/family-names.js';
import { bucketOf, ContactMatcher, confidenceOf, rowKeys, scoreCandidate } from '../../../server/contacts/matcher.js';
import { isTypo, normPhone, phonesIn, professionalUsername } from '../../../server/contacts/normalize.js';
import { emailOrganisation, normOrg, orgAgreement, orgForm } from '../../../server/contacts/organisations.js';
import { personName, swappedName } from '../../../server/contacts/person-name.js';
import { repaired } from '../../../server/contacts/repair.js';
import { loadContactsCorpus, P } from '../../helpers/contacts-corpus.js';
import { indexSnapshots, profile, tid, writeSnapshot } from '../../helpers/snapshots.js';
import { startTestApp } from '../../helpers/test-app.js';

/** A profile maker for people of one title: number, names, employer, and anything else. */
const profileAt =
  (title: string) =>
  (n: number, first: string, last: string, companyName: string, extra: Record<string, unknown> = {}) =>
    profile(n, {
      first_name: first,
      last_name: last,
      display_name: `${first} ${last}`,
      current_title: title,
      current_company_id: tid(0xc0, n),
      current_company_name: companyName,
      ...extra,
    });

test('normalising: names, nicknames, typos, organisations, phones and profile URLs', () => {
  assert.equal(personName({ name: 'Dr. Smith, John' }), {
    first: 'john',
    last: 'smith',
    all: ['john', 'smith'],
    lastSearch: 'smith',
    ordered: true,
  });
  assert.equal(personName({ name: 'José  Álvarez-Núñez Jr.' }), {
    first: 'jose',
    last: 'alvareznunez',
    all: ['jose', 'alvareznunez'],
    lastSearch: 'alvarez nunez',
    otherLast: ['alvarez', 'nunez'],
  });
  // A birth name beside the name is one more family name, not part of it.
  assert.equal(personName({ name: 'Iris Butt (née Rosenbaum)' }).otherLast, ['rosenbaum']);
  assert.is(personName({ name: 'Iris Butt (née Rosenbaum)' }).birthName, 'rosenbaum');
  assert.equal(personName({ name: 'Anna Huber geb. Maier' }).all, ['anna', 'huber']);
  // Never at the cost of the name itself: "née" with one word left, "Born" as a family name.
  assert.is(personName({ name: 'Anna née Wong' }).last, 'wong');
  assert.is(personName({ name: 'Max Born Jr.' }).last, 'born');
  assert.is(personName({ name: 'Jane Doe, born in Berlin' }).birthName, undefined);
  assert.equal(personName({ first_name: 'Anna', last_name: 'van der Berg' }).last, 'berg');
  assert.ok(sameGivenName('bill', 'william'));
  assert.ok(sameGivenName('william', 'bill'));
  assert.ok(sameGivenName('bob', 'robert'));
  assert.not.ok(sameGivenName('john', 'william'));
  assert.ok(isTypo('johnson', 'jonhson'), 'a swap of neighbours');
  assert.ok(isTypo('garcia', 'garcya'));
  assert.not.ok(isTypo('lee', 'lea'), 'short names are not typos of each other');
  assert.not.ok(isTypo('martin', 'morgan'));
  assert.is(normOrg('Acme, Inc.'), 'acme');
  assert.is(normOrg('The Widget Company LLC'), 'widget');
  assert.is(normPhone('(415) 555-2671', 'US'), '+14155552671');
  assert.is(normPhone('+44 20 7946 0958', null), '+442079460958');
  assert.is(normPhone('12', 'US'), null);
  assert.is(professionalUsername('https://www.linkedin.com/in/Jane-Doe-42/?trk=x'), 'jane-doe-42');
  assert.is(professionalUsername('https://www.linkedin.com/in/J%C3%A9r%C3%B4me'), 'jérôme');
  // A malformed escape is no username (decodeURIComponent throws on it: it answered 500).
  assert.is(professionalUsername('https://www.linkedin.com/in/%ZZ'), null);
  assert.is(professionalUsername('https://www.linkedin.com/in/jane%E2%82'), null);
});

test('normalising what people write around names and keys', () => {
  const name = (n: string) => {
    const p = personName({ name: n });
    return [p.first, p.last];
  };
  // Credentials, pronouns, taglines and pictographs are not name words.
  assert.equal(name('Jane Doe, Ph.D.'), ['jane', 'doe']);
  assert.equal(name('Jane Doe, CPA, PMP'), ['jane', 'doe']);
  assert.equal(name('Washington Martins, M.D.'), ['washington', 'martins']);
  assert.equal(name('Amelia Mitchell (she/her)'), ['amelia', 'mitchell']);
  assert.equal(name('Caleb Brakus 🚀'), ['caleb', 'brakus']);
  assert.equal(name('Ana Ruiz | Hiring'), ['ana', 'ruiz']);
  assert.equal(name('Prof. Dr. Karl Huber'), ['karl', 'huber']);
  // A family name in capitals first; initials are not one.
  assert.equal(name('SMITH John'), ['john', 'smith']);
  assert.equal(name('A.J. Styles'), ['aj', 'styles']);
  // Names spelt like a credential or a title stay names; a dot before a word is no abbreviation.
  assert.equal(name('Li, Meng'), ['meng', 'li']);
  assert.equal(name('David Z. Peng'), ['david', 'peng']);
  assert.equal(name('Hon Wong'), ['hon', 'wong']);
  assert.is(normOrg('Amazon.com, Inc.'), 'amazon');
  // The family name is searched as the index splits it.
  assert.is(personName({ name: 'Khaled Al-Farsi' }).lastSearch, 'al farsi');
  assert.is(personName({ name: 'J.Smith' }).lastSearch, 'smith');
  assert.is(personName({ name: 'Dr. Ana Al-Farsi, PhD' }).lastSearch, 'al farsi');
  // Two full names that share a nickname are two names; a name's form for the other sex is no typo.
  assert.not.ok(sameGivenName('samuel', 'samantha'));
  assert.not.ok(sameGivenName('alexander', 'alexandra'));
  assert.ok(sameGivenName('bill', 'will'));
  assert.ok(sameGivenName('alex', 'alexandra'));
  assert.ok(genderedPair('robert', 'roberta') && genderedPair('mario', 'maria') && genderedPair('louis', 'louise'));
  assert.not.ok(genderedPair('john', 'jon'));
  // Keys as they are pasted.
  assert.equal(emailsIn('Ana Ruiz <Ana.Ruiz+news@Acme.com>'), ['ana.ruiz@acme.com']);
  assert.equal(emailsIn('mailto:a.b@gmail.com\u200b'), ['ab@gmail.com']);
  assert.equal(emailsIn('x@a.com; y@b.org'), ['x@a.com', 'y@b.org']);
  assert.equal(emailsIn('ana@acme.com.'), ['ana@acme.com']);
  // Addresses masked against harvesters, and a fullwidth at sign.
  assert.equal(emailsIn('ana [at] acme [dot] com'), ['ana@acme.com']);
  assert.equal(emailsIn('ana(at)acme.co.uk'), ['ana@acme.co.uk']);
  assert.equal(emailsIn('x@treutel[.]com'), ['x@treutel.com']);
  assert.equal(emailsIn('ana.ruiz at acme dot com'), ['ana.ruiz@acme.com']);
  assert.equal(emailsIn('lela\uff20zemlak.com'), ['lela@zemlak.com']);
  assert.equal(emailsIn('Ana Ruiz at Acme'), []);
  // And looked up as the address they mask.
  assert.ok(emailSearchTerms('ana [at] acme [dot] com').includes('ana@acme.com'));
  assert.is(professionalUsername('<https://www.linkedin.com/in/ana-ruiz>'), 'ana-ruiz');
  assert.is(professionalUsername('in/ana-ruiz'), 'ana-ruiz');
  assert.is(professionalUsername('(https://linkedin.com/in/ana-ruiz/),'), 'ana-ruiz');
  assert.equal(phonesIn('+1 415 555 0100 / +1 415 555 0101', 'US'), ['+14155550100', '+14155550101']);
});

test('names and employers as other languages and other hands write them', () => {
  // Diminutives of other languages are forms of the name; two names sharing one are still two.
  assert.ok(sameGivenName('sasha', 'aleksandr') && sameGivenName('masha', 'maria') && sameGivenName('paco', 'francisco'));
  assert.ok(sameGivenName('kasia', 'katarzyna') && sameGivenName('beppe', 'giuseppe') && sameGivenName('dima', 'dmitry'));
  assert.not.ok(sameGivenName('aleksandr', 'aleksandra'));
  assert.not.ok(sameGivenName('paco', 'pedro'));
  // Other spellings of one name, by sound and a few letters; a name for the other sex never is.
  for (const [a, b] of [
    ['dmitri', 'dmitriy'],
    ['mikhail', 'michael'],
    ['yuri', 'iurii'],
    ['aleksandr', 'alexander'],
    ['mohammed', 'muhammad'],
    ['katherine', 'catherine'],
  ])
    assert.ok(spellingVariant(a as string, b as string), `${a} / ${b}`);
  for (const [a, b] of [
    ['maria', 'mario'],
    ['john', 'william'],
    ['anna', 'hannah'],
    ['mark', 'michael'],
    ['tim', 'tom'],
    ['noa', 'noah'],
    ['erin', 'aaron'],
    ['daniel', 'danielle'],
  ])
    assert.not.ok(spellingVariant(a as string, b as string), `${a} / ${b}`);
  // Employers: web addresses, abbreviations, plurals, acronyms and misspellings.
  const agree = (a: string, b: string) => orgAgreement(orgForm(a), orgForm(b));
  assert.is(agree('acme-robotics.com', 'Acme Robotics, Inc.'), 'same');
  assert.is(agree('https://www.acme.co.uk/about', 'Acme Ltd'), 'same');
  assert.is(agree('Acme Intl Svcs', 'Acme International Services'), 'same');
  assert.is(agree('Lakin System', 'Lakin Systems'), 'same');
  assert.is(agree('IBM', 'International Business Machines Corporation'), 'alias');
  assert.is(agree('BoA', 'Bank of America'), 'alias');
  assert.is(agree('Acme Robotcs', 'Acme Robotics'), 'alias');
  assert.is(agree('Durgan Inc', 'Durgan Motors'), 'part');
  // A local subsidiary, the country in English or its own name, is the employer; another word is a part.
  assert.is(agree('Acme Deutschland GmbH', 'Acme'), 'same');
  assert.is(agree('Thyme Labs Australia Pty Ltd', 'Thyme Labs'), 'same');
  assert.is(agree('Beer, Borer and Watsica Canada ULC', 'Beer, Borer and Watsica'), 'same');
  assert.is(agree('Acme Robotics', 'Acme'), 'part');
  assert.is(agree('Air India', 'Air'), 'part');
  assert.is(agree('Stripe', 'Square'), null);
  assert.is(agree('Meta', 'Beta'), null);
  assert.is(agree('Quitzon Med.', 'Quitzon Medical'), 'alias');
  assert.is(agree('Gleason Cnslt', 'Gleason Consulting'), 'alias');
  assert.is(agree('Acme Media', 'Acme Medical'), null);
  // Connectives between names join them alike.
  assert.is(agree('Beer Borer Watsica', 'Beer, Borer and Watsica'), 'same');
  assert.is(agree('Lubowitz & Mertz', 'Lubowitz - Mertz'), 'same');
  assert.is(agree('Spinka + Sons', 'Spinka and Sons'), 'same');
  // Short names one letter apart are other companies; two-letter acronyms name too many.
  assert.is(agree('Strive', 'Stripe'), null);
  assert.is(agree('Notion', 'Motion'), null);
  assert.is(agree('BP', 'Bank of Punjab'), null);
  assert.is(agree('SB', 'Sanford Bio'), 'alias');
  // A name written as a word stands for no acronym, either way round; capitals or small letters may.
  assert.is(agree('Box', 'Bank of Xiamen'), null);
  assert.is(agree('Bank of Xiamen', 'Box Inc.'), null);
  assert.is(agree('BOX', 'Bank of Xiamen'), 'alias');
  assert.is(agree('ibm', 'International Business Machines'), 'alias');
  // Initials written with ampersands or dots; a hyphenated name gives an initial a part.
  assert.is(agree('W&S', 'Wilkinson and Sons'), 'alias');
  assert.is(agree('D.B.S.', 'Dickens-Bailey Stack'), 'alias');
  assert.is(agree('S&H', 'Wilkinson and Sons'), null);
  // Short forms made the way most languages make them; not a name one letter longer.
  for (const [a, b] of [
    ['dani', 'daniel'],
    ['flo', 'florian'],
    ['benni', 'benjamin'],
    ['berto', 'umberto'],
  ])
    assert.ok(shortForm(a as string, b as string), `${a} / ${b}`);
  for (const [a, b] of [
    ['noa', 'noah'],
    ['emil', 'emily'],
    ['lei', 'leigh'],
    ['max', 'maxine'],
    ['carla', 'carlos'],
    ['dana', 'daniel'],
    ['anne', 'joanne'],
  ])
    assert.not.ok(shortForm(a as string, b as string), `${a} / ${b}`);
  for (const [a, b] of [
    ['tina', 'tony'],
    ['lena', 'leon'],
  ])
    assert.not.ok(spellingVariant(a as string, b as string), `${a} / ${b}`);
  assert.is(agree('IBM', 'Intel'), null);
  assert.is(agree('BCG', 'Boston Consulting Group'), 'alias');
  assert.is(agree('AI', 'Amazon.com, Inc.'), null);
  // Only suffixes the Public Suffix List knows make an address: "S.A.", "J.P.", "Node.js" are none.
  assert.is(normOrg('Acme S.A.'), 'acme');
  assert.is(normOrg('J.P. Morgan'), 'jp morgan');
  assert.is(normOrg('Node.js Foundation'), 'node js foundation');
  assert.is(emailOrganisation('a.ruiz@mail.acme-robotics.co.uk'), 'acme robotics');
  assert.is(emailOrganisation('not an address'), null);
  // An order the row states is not read the other way round.
  assert.is(swappedName(personName({ name: 'Nguyen, An' })), null);
  // Three names family name first ("Nguyen Van An"): given names after the family name.
  assert.equal(swappedName(personName({ name: 'Nguyen Van An' })), {
    first: 'an',
    last: 'nguyen',
    all: ['van', 'an', 'nguyen'],
    lastSearch: 'nguyen',
    given: 'vanan',
  });
});

test('noisy rows: the right person when a human would know them, nobody else', async () => {
  const app = await startTestApp();
  try {
    const person = profileAt('Frontend Engineer');
    const files = [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        person(1, 'Samuel', 'Ferry', 'Quitzon Medical'),
        person(2, 'Khaled', 'Al-Farsi', 'Boyle Kulas', {
          emails: [{ address: 'k.alfarsi@gmail.com', quality: 'verified', kind: 'personal' }],
        }),
        person(3, 'Henrietta', 'Reynolds', 'Durgan Motors'),
        person(4, 'Wei', 'Wang', 'Mante Cover'),
        person(5, 'Glenda', 'Koch', 'Bashirian Labs'),
        person(6, 'Mary-Jane', 'Okafor', 'Lakin Systems'),
        person(7, 'Aleksandr', 'Volkov', 'International Business Machines'),
        person(8, 'Dmitriy', 'Sokolov', 'Acme Robotics', {
          emails: [{ address: 'dmitriy.sokolov@acme-robotics.com', quality: 'verified', kind: 'work' }],
        }),
        person(9, 'Van An', 'Nguyen', 'Mekong Freight', {
          emails: [{ address: 'nguyen.van.an@mekong.vn', quality: 'verified', kind: 'work' }],
        }),
        person(10, 'Erin', 'Volkova', 'Lakin Systems'),
        person(11, 'Aaron', 'Blake', 'Quitzon Medical'),
        person(12, 'Jana', 'Laureano', 'Welch Studios'),
        person(13, 'Iris', 'Rosenbaum', 'Gleason Consulting'),
        person(14, 'Yara', 'Haddad', 'Reichel - Schaden'),
        person(15, 'John', 'Okoro', 'Yahoo'),
        person(16, 'Tuva', 'Røed', 'Fjord Analytics'),
        person(17, 'Łucja', 'Łukaszewski', 'Vistula Labs'),
        person(18, 'Thea', 'Farrell', 'Hodkiewicz Group', {
          phone_numbers: [{ number: '+13055550153', kind: 'mobile' }],
        }),
      ]),
    ];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const matcher = new ContactMatcher(app.services.engine, app.services.graph);
    const top = async (row: Parameters<ContactMatcher['match']>[0]) => {
      const r = await matcher.match(row);
      return [r.status, r.candidates[0]?.user_id ?? null];
    };
    // Found and resolved through the noise.
    assert.equal(await top({ name: 'Khaled Al-Farsi, Ph.D.', organization_names: ['Boyle Kulas'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(2),
    ]);
    assert.equal(await top({ name: 'FERRY Samuel (he/him)', organization_names: ['Quitzon Medical'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(1),
    ]);
    assert.equal(await top({ name: 'Khaled Alfarsi', emails: ['Khaled <K.AlFarsi+crm@GMAIL.com>'] }), ['resolved', P(2)]);
    // Family name first without capitals: read the other way round when the written order finds no one.
    assert.equal((await top({ name: 'Wang Wei', organization_names: ['Mante Cover'], job_titles: ['Frontend Engineer'] }))[1], P(4));
    // Not them: Samantha is not Samuel, and a company that shares a word is not the employer.
    assert.not.equal(
      (await top({ name: 'Samantha Ferry', organization_names: ['Quitzon Medical'], job_titles: ['Frontend Engineer'] }))[0],
      'resolved',
    );
    assert.not.equal(
      (await top({ name: 'Henrietta Reynolds', organization_names: ['Durgan Inc'], job_titles: ['Frontend Engineer'] }))[0],
      'resolved',
    );
    // A hyphenated given name, written joined, or by its first part (a guess).
    assert.equal(await top({ name: 'Maryjane Okafor', organization_names: ['Lakin Systems'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(6),
    ]);
    assert.equal(await top({ name: 'Mary Okafor', organization_names: ['Lakin Systems'], job_titles: ['Frontend Engineer'] }), [
      'likely_match',
      P(6),
    ]);
    // A diminutive of another language, another spelling, an acronym, a web address, a misspelt
    // employer, an address at the employer's domain: guesses a person approves, or resolved when
    // the name is exact.
    assert.equal(await top({ name: 'Sasha Volkov', organization_names: ['IBM'] }), ['likely_match', P(7)]);
    assert.equal(await top({ name: 'Dmitri Sokolov', organization_names: ['acmerobotics.com'] }), ['likely_match', P(8)]);
    assert.equal(await top({ name: 'Aleksandr Volkov', organization_names: ['IBM'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(7),
    ]);
    assert.equal(await top({ name: 'Dmitriy Sokolov', organization_names: ['Acme Robotcs'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(8),
    ]);
    assert.equal(await top({ name: 'Dmitriy Sokolov', emails: ['dsokolov@acme-robotics.com'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(8),
    ]);
    // A domain that is the employer's first word ("mekong.vn" for Mekong Freight), and a short form.
    assert.equal(await top({ name: 'Nguyen Van An', emails: ['an.nguyen@mekong.vn'] }), ['likely_match', P(9)]);
    assert.equal(await top({ name: 'Dima Sokolov', organization_names: ['A.R.'] }), ['likely_match', P(8)]);
    // Filed under one part of a double-barrelled name, or under the birth name; a truncated employer.
    assert.equal(await top({ name: 'Jana Laureano-King', organization_names: ['Welch Studio'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(12),
    ]);
    assert.equal(
      await top({ name: 'Iris Butt (née Rosenbaum)', organization_names: ['Gleason Cnslt.'], job_titles: ['Frontend Engineer'] }),
      ['resolved', P(13)],
    );
    // Family name first, three names.
    assert.equal(await top({ name: 'Nguyen Van An', organization_names: ['Mekong Freight'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(9),
    ]);
    // A domain that only shares a word with the employer may be another company's: never resolved by it.
    assert.not.equal(
      (await top({ name: 'Yara Haddad', emails: ['yara.haddad@schaden.com'], job_titles: ['Frontend Engineer'] }))[0],
      'resolved',
    );
    // A personal address at a mail provider says nothing of someone who works there.
    const yahoo = await matcher.match({ name: 'John Okoro', emails: ['jokoro1978@yahoo.com'], job_titles: ['Frontend Engineer'] });
    assert.is(
      yahoo.candidates[0]?.evidence.some((e) => e.field === 'organization'),
      false,
    );
    // Not them: Aaron is not Erin, and an address at another company's domain says nothing for it.
    assert.not.equal((await top({ name: 'Aaron Volkova', organization_names: ['Lakin Systems'] }))[0], 'resolved');
    assert.not.equal((await top({ name: 'Aaron Blake', emails: ['aaron.blake@durgan-motors.com'] }))[0], 'resolved');
    // Letters the engine's tokenizer keeps (ø, ł): found by the name as written, and in ASCII with the employer.
    assert.equal(await top({ name: 'Tuva Røed', organization_names: ['Fjord Analytics'] }), ['resolved', P(16)]);
    assert.equal((await matcher.match({ name: 'Łucja Łukaszewski' })).candidates[0]?.user_id, P(17));
    // Titles before a name in other languages, a job title after a comma, a clause beside the employer.
    assert.equal(await top({ name: 'Ing. Thea Farrell', organization_names: ['Hodkiewicz Group'], job_titles: ['Frontend Engineer'] }), [
      'resolved',
      P(18),
    ]);
    assert.equal(
      await top({ name: 'Thea Farrell, Principal Consultant', organization_names: ['Hodkiewicz (formerly Marrowgate Holdings)'] }),
      ['resolved', P(18)],
    );
    // A phone written with the "00" international prefix.
    assert.equal(await top({ name: 'Thea Farrell', phone_numbers: ['001 305 555 0153'] }), ['resolved', P(18)]);
    // Given and family names in each other's columns: found, for a person to confirm.
    assert.equal(
      await top({ first_name: 'Farrell', last_name: 'Thea', organization_names: ['Hodkiewicz Group'], job_titles: ['Frontend Engineer'] }),
      ['likely_match', P(18)],
    );
    // A family name one letter off is a guess a person approves, not a resolution.
    assert.equal(await top({ name: 'Glenda Kock', organization_names: ['Bashirian Labs'], job_titles: ['Frontend Engineer'] }), [
      'likely_match',
      P(5),
    ]);
  } finally {
    await app.close();
  }
});

test('the matcher: keys, names, employers, buckets and the delegate’s perspective', async () => {
  const app = await startTestApp();
  try {
    // The delegate (100) knows the Maria Lopez at company 3.
    await loadContactsCorpus(app, { delegateKnows: 3 });
    const matcher = new ContactMatcher(app.services.engine, app.services.graph);

    const byEmail = await matcher.match({ name: 'Bill Hartley', emails: ['W.Hartley@Company1.example'] });
    assert.equal([byEmail.status, byEmail.candidates[0]!.user_id], ['resolved', P(1)]);
    assert.equal(
      byEmail.candidates[0]!.evidence.map((e) => [e.field, e.outcome]),
      [
        ['email', 'match'],
        ['first_name', 'match'],
        ['last_name', 'match'],
      ],
    );
    const byPhone = await matcher.match({ name: 'W. Hartley', phone_numbers: ['(415) 555-2671'] });
    assert.equal([byPhone.status, byPhone.candidates[0]!.user_id], ['resolved', P(1)]);
    const byUrl = await matcher.match({ professional_url: 'https://www.linkedin.com/in/whartley/' });
    assert.equal([byUrl.status, byUrl.candidates[0]!.user_id], ['resolved', P(1)]);
    // A nickname, a misspelt family name and the employer: a likely match, never resolved on names alone.
    const fuzzy = await matcher.match({ first_name: 'Bill', last_name: 'Hartely', organization_names: ['Company 1, Inc.'] });
    assert.equal([fuzzy.status, fuzzy.candidates[0]!.user_id], ['likely_match', P(1)]);
    // The same name twice: the employer decides; without it, two plausible people need review.
    const atTwo = await matcher.match({ name: 'Maria Lopez', organization_names: ['Company 2'], location: 'London' });
    assert.is(atTwo.candidates[0]!.user_id, P(2));
    const either = await matcher.match({ name: 'Maria Lopez', job_titles: ['Software Engineer'] });
    assert.equal([either.status, either.reason], ['needs_review', 'ambiguous_candidates']);
    // From the delegate's side, the Maria Lopez they know comes first, and the evidence says why.
    const known = await matcher.match({ name: 'Maria Lopez', job_titles: ['Software Engineer'] }, { perspectiveUserId: P(100) });
    assert.equal([known.status, known.candidates[0]!.user_id], ['resolved', P(3)]);
    assert.ok(known.candidates[0]!.evidence.some((e) => e.field === 'network' && e.detail === 'a first-degree connection of yours'));
    // Someone else with a known person's name, elsewhere: not that person.
    const stranger = await matcher.match({
      name: 'William Hartley',
      organization_names: ['Unrelated Ventures'],
      emails: ['bill@elsewhere.example'],
    });
    assert.not.equal(stranger.status, 'resolved');
    assert.equal(await matcher.match({ organization_names: ['Company 1'] }), {
      status: 'unresolved',
      confidence: 0,
      reason: 'nothing_to_match_on',
      candidates: [],
    });
    const nobody = await matcher.match({ name: 'Zebedee Quartermaine' });
    assert.equal([nobody.status, nobody.reason], ['unresolved', 'no_candidates']);
  } finally {
    await app.close();
  }
});

test('a spreadsheet from one perspective reads its network once, and again after the graph changes', async () => {
  const app = await startTestApp();
  try {
    await loadContactsCorpus(app, { delegateKnows: 3 });
    const graph = app.services.graph;
    let reads = 0;
    const secondDegree = graph.secondDegree.bind(graph);
    graph.secondDegree = (userId: string) => {
      reads++;
      return secondDegree(userId);
    };
    const matcher = new ContactMatcher(app.services.engine, graph);
    const row = { name: 'Maria Lopez', job_titles: ['Software Engineer'] };
    const rows = await Promise.all(Array.from({ length: 5 }, () => matcher.match(row, { perspectiveUserId: P(100) })));
    for (const r of rows) assert.equal([r.status, r.candidates[0]!.user_id], ['resolved', P(3)]);
    assert.is(reads, 1, 'five rows, one read of the network');
    // The delegate drops the one Maria Lopez and connects with the other: the next row sees it.
    const at = Date.parse('2026-01-01T00:00:00Z');
    graph.upsertEdges([
      { userA: P(100), userB: P(3), source: 'service', connectedAt: Date.parse('2025-01-01T00:00:00Z'), removedAt: at },
      { userA: P(100), userB: P(2), source: 'service', connectedAt: at, removedAt: null },
    ]);
    const after = await matcher.match(row, { perspectiveUserId: P(100) });
    assert.equal([after.status, after.candidates[0]!.user_id], ['resolved', P(2)]);
    assert.is(reads, 2);
  } finally {
    await app.close();
  }
});

test('a city compares by its place key: "Ft. Worth" and "Fort Worth", "St. Paul" and "Saint Paul" are one', () => {
  const lives = (row: string, stored: string) =>
    scoreCandidate(
      rowKeys({ first_name: 'Ana', last_name: 'Ruiz', location: row }),
      { location: { city: stored, country_code: 'US' } },
      null,
    )
      .evidence.filter((e) => e.field === 'location')
      .map((e) => e.outcome);
  assert.equal(lives('Ft. Worth, TX', 'Fort Worth'), ['match']);
  assert.equal(lives('Fort Worth, Texas', 'Ft. Worth'), ['match']);
  assert.equal(lives('Saint Paul, MN', 'St. Paul'), ['match']);
  assert.equal(lives('Austin, TX', 'Fort Worth'), []);
});

test('a namesake in another city at another employer stays below a likely match, even in the network', () => {
  const keys = rowKeys({ name: 'Tomás Loya Jr.', organization_names: ['Ceramic Chain'], location: 'Seattle, Washington, United States' });
  const person = {
    first_name: 'Tomás',
    last_name: 'Loya',
    current_company_name: 'Instructor Biosciences',
    location: { city: 'San Francisco', country_code: 'US', metro: 'san francisco bay area' },
  };
  const { score, evidence } = scoreCandidate(keys, person, 1);
  assert.ok(evidence.some((e) => e.field === 'location' && e.outcome === 'conflict'));
  assert.ok(confidenceOf(score) < 0.6, String(confidenceOf(score)));
  // Another city alone (a move) or another employer alone (a new job) weighs nothing against them.
  const moved = scoreCandidate(keys, { ...person, current_company_name: 'Ceramic Chain' }, 1).evidence;
  assert.not.ok(moved.some((e) => e.field === 'location'));
  const sameCity = scoreCandidate(keys, { ...person, location: { city: 'Seattle', country_code: 'US' } }, 1).evidence;
  assert.not.ok(sameCity.some((e) => e.field === 'location' && e.outcome === 'conflict'));
});

test('a title compares with its abbreviations spelt out: "Sr. Inside Sales Rep.", "HRIS Mgr", "AI Eng."', () => {
  const title = (row: string, current: string) =>
    scoreCandidate(rowKeys({ first_name: 'Ana', last_name: 'Ruiz', job_titles: [row] }), { current_title: current }, null)
      .evidence.filter((e) => e.field === 'job_title')
      .map((e) => e.outcome);
  assert.equal(title('Sr. Inside Sales Rep.', 'Senior Inside Sales Representative'), ['match']);
  assert.equal(title('HRIS Mgr', 'HRIS Manager'), ['match']);
  assert.equal(title('Infra Mgr', 'Infrastructure Manager'), ['match']);
  assert.equal(title('AI Eng.', 'AI Engineer'), ['match']);
  assert.equal(title('VP Eng', 'VP of Engineering'), ['match']);
  assert.equal(title('Head of Ops', 'Head of Operations'), ['match']);
  assert.equal(title('Sr. VP, Sales', 'Senior Vice President of Sales'), ['match']);
  assert.equal(title('SWE', 'Software Engineer'), ['match']);
  assert.equal(title('Pharmacy Tech', 'Pharmacy Technician'), ['match']);
  // Other words stay other titles; an abbreviation is one reading, never half of one.
  assert.equal(title('Account Manager', 'Accounting Clerk'), []);
  assert.equal(title('Sr. Accountant', 'Senior Software Engineer'), []);
  assert.equal(title('VP', 'President'), []);
  assert.equal(title('EM', 'Manager'), []);
  assert.equal(title('Tech Lead', 'Lead Technician'), []);
});

test('a note is read for the title and employer the row does not list, never over what it lists', () => {
  const keys = rowKeys({ name: 'Bakiadi Sabian', notes: 'met at conf, works at Altenwerth Works as Infrastructure Manager' });
  const scored = scoreCandidate(keys, { current_title: 'Infrastructure Manager', current_company_name: 'Altenwerth Works' }, null);
  assert.equal(
    scored.evidence.filter((e) => e.field === 'job_title' || e.field === 'organization').map((e) => [e.field, e.outcome]),
    [
      ['organization', 'partial'],
      ['job_title', 'match'],
    ],
  );
  assert.equal(rowKeys({ name: 'Olga Novikov', notes: 'Principal Customer Support Representative @ Prosacco AI (Tolyatti)' }).orgs, [
    'prosacco ai',
  ]);
  // Listed fields win; a note's places are not read ("intro via Jordan").
  const listed = rowKeys({ name: 'A B', job_titles: ['Chef'], organization_names: ['Acme'], notes: 'works at Globex as CTO' });
  assert.equal([listed.orgs, listed.titles.length], [['acme'], 1]);
  assert.is(rowKeys({ name: 'A B', notes: 'Intro via Jordan. Lives in Rajkot.' }).place, null);
});

test('an employer or a title written in the name cell fills the columns the row lacks', () => {
  const orgs = (name: string) => rowKeys({ name }).orgs;
  assert.equal(orgs('Adrianna Marks - Larson, Botsford and Sauer-Bogisich'), ['larson botsford and sauerbogisich']);
  assert.equal(orgs('Tariq Al-Farsi (Instructor Biosciences)'), ['instructor biosciences']);
  assert.equal(orgs('Petrov, Yulia - Ceramic Chain'), ['ceramic chain']);
  assert.equal(orgs('Ana Ruiz @ Acme Corp'), ['acme']);
  // Outlook's "File as" with the company first: the name is the bracket.
  const fileAs = rowKeys({ name: 'Dickens and Sons (Park, Seoyeon)' });
  assert.equal([fileAs.name.first, fileAs.name.last, fileAs.orgs], ['seoyeon', 'park', ['dickens and sons']]);
  assert.equal(rowKeys({ name: 'Ana Ruiz | Head of Sales' }).titles.length, 1);
  // Notes about the person are no employer: pronouns, a birth name, a tagline, a place.
  for (const name of ['Ana Ruiz (she/her)', 'Iris Butt (née Rosenbaum)', 'Ana Ruiz | Hiring', 'Ana Ruiz - San Francisco', 'Ana Ruiz [VIP]'])
    assert.equal(orgs(name), [], name);
  // A listed employer wins over the name cell's.
  assert.equal(rowKeys({ name: 'Ana Ruiz - Ceramic Chain', organization_names: ['Kulas Labs'] }).orgs, ['kulas labs']);
});

test('names as exports and other hands damage them: titles in columns, vCard fields, handles, mojibake, entities, slipped domains', () => {
  const n = (row: Parameters<typeof personName>[0]) => {
    const p = personName(row);
    return [p.first, p.last];
  };
  // Titles and credentials in their own columns.
  assert.equal(n({ first_name: 'Dipl.-Ing. Sibyl', last_name: 'Greenholt, CPA' }), ['sibyl', 'greenholt']);
  assert.equal(n({ first_name: 'Lic. Michal', last_name: 'Rosen FCA' }), ['michal', 'rosen']);
  assert.equal(n({ first_name: 'Hon. Wyman', last_name: 'Barrows' }), ['wyman', 'barrows']);
  assert.equal(n({ name: 'Er. Rahul Verma' }), ['rahul', 'verma']);
  assert.equal(n({ name: 'Sheela Rao, SHRM-CP' }), ['sheela', 'rao']);
  // A title word alone in the column is the name ("Er Kim").
  assert.equal(n({ first_name: 'Er', last_name: 'Kim' }), ['er', 'kim']);
  // vCard's structured name; two people separated by a semicolon are not one.
  assert.equal(n({ name: 'N:Cornejo;Octavio;;;' }), ['octavio', 'cornejo']);
  assert.equal(n({ name: 'Grady;Lilly;;Dr.;' }), ['lilly', 'grady']);
  assert.equal(n({ name: 'FN:Ana Ruiz' }), ['ana', 'ruiz']);
  assert.equal(n({ name: 'Ana Ruiz; Luis Ruiz' }), ['ana', 'ruiz']);
  // A handle in capitals where the words meet, not a name's own capital.
  assert.equal(n({ name: 'EdytheWaters' }), ['edythe', 'waters']);
  assert.equal(n({ name: 'McDonald' }), ['mcdonald', null]);
  assert.equal(n({ name: 'DeShawn' }), ['deshawn', null]);
  // A given name in brackets is another to try; a note in brackets is none.
  assert.is(personName({ name: 'Andy (Hao) Lin' }).partnerFirst, 'hao');
  assert.is(personName({ name: 'Ana (she/her) Ruiz' }).partnerFirst, undefined);
  // UTF-8 read as windows-1252, HTML character references; text written so stays.
  assert.is(repaired('AndrÃ©s Paredes'), 'Andrés Paredes');
  assert.is(repaired('Ã…ngstrÃ¶m'), 'Ångström');
  assert.is(repaired('Soledad Mondrag&#243;n'), 'Soledad Mondragón');
  assert.is(repaired('Ãlvaro'), 'Ãlvaro');
  assert.is(repaired('Tom & Jerry'), 'Tom & Jerry');
  assert.equal(n({ name: 'FranÃ§ois MÃ¼ller' }), ['francois', 'muller']);
  // A mailbox at a domain one keyboard slip away; slips that make no address are mended.
  assert.ok(sameMailboxDomainSlip('ana@acme-labs.con', 'ana@acme-labs.com'));
  assert.ok(sameMailboxDomainSlip('ana@langsochloud.fr', 'ana@langoschloud.fr'));
  assert.not.ok(sameMailboxDomainSlip('bob@acme-labs.con', 'ana@acme-labs.com'));
  assert.not.ok(sameMailboxDomainSlip('ana@ab.io', 'ana@ac.io'));
  assert.equal(emailsIn('ana@@acme.com'), ['ana@acme.com']);
  assert.equal(emailsIn('ana@acme,com'), ['ana@acme.com']);
  const slipped = scoreCandidate(
    rowKeys({ name: 'Ana Ruiz', emails: ['ana.ruiz@kulas-labs.con'] }),
    {
      first_name: 'Ana',
      last_name: 'Ruiz',
      emails: [{ address: 'ana.ruiz@kulas-labs.com', quality: 'verified' }],
    },
    null,
  );
  assert.equal(
    slipped.evidence.filter((e) => e.field === 'email').map((e) => e.outcome),
    ['partial'],
  );
  // A second reader's cases. A slipped domain with the name proposes, never resolves: two real
  // domains can be a letter apart ("ymail.com", "gmail.com"), and two real endings are two domains.
  const slipCandidate = {
    ...slipped,
    user_id: 'x',
    name: null,
    headline: null,
    current_title: null,
    current_company: null,
    location: null,
  };
  assert.is(bucketOf([{ ...slipCandidate, confidence: confidenceOf(slipped.score) }]).status, 'likely_match');
  assert.not.ok(sameMailboxDomainSlip('ana@nova.io', 'ana@nova.co'));
  // Two addresses joined by a comma stay two.
  assert.equal(emailsIn('ana@acme.com,bob@beta.com'), ['ana@acme.com', 'bob@beta.com']);
  // A place or a note in brackets is no "File as" company.
  assert.equal(n({ name: 'Ana Ruiz (Austin, TX)' }), ['ana', 'ruiz']);
  assert.equal(rowKeys({ name: 'Ana Ruiz (Austin, TX)' }).orgs, []);
  // "Hon", "Er" are given names unless written as titles, with their dot.
  assert.equal(n({ name: 'Hon Wai Chan' }), ['hon', 'chan']);
  assert.equal(n({ name: 'Er Wei Tan' }), ['er', 'tan']);
  // A person, a school or a maiden name in brackets is no employer.
  for (const name of ['Jane Smith (Tom Ford)', 'Ana Ruiz (Harvard)', 'Jane (Morgan) Lee', 'Ana Ruiz / Luis Ruiz'])
    assert.equal(rowKeys({ name }).orgs, [], name);
  // Text written so is not "repaired": an accented capital before a no-break space or a quote.
  assert.is(repaired('RENÉ\u00a0DUPONT'), 'RENÉ\u00a0DUPONT');
  assert.is(repaired('JOSÉ’S'), 'JOSÉ’S');
  assert.is(repaired('Smith &notes'), 'Smith &notes');
  // Two given names joined are one.
  assert.equal(n({ name: 'MaryAnn' }), ['maryann', null]);
});

test('"Last, First" in one name column with the other empty is that name', () => {
  assert.equal(personName({ first_name: 'Schuster, Levke' }).all, ['levke', 'schuster']);
  assert.equal(personName({ first_name: 'Gao, Jing', last_name: '  ' }).last, 'gao');
  assert.equal(personName({ last_name: 'Ruiz, Ana' }).first, 'ana');
  // Both columns filled: as written.
  assert.equal(personName({ first_name: 'Ana', last_name: 'Ruiz, Jr.' }).first, 'ana');
  // A suffix or credential after the comma is no given name.
  assert.equal(personName({ last_name: 'Smith, Jr.' }).last, 'smith');
  assert.equal(personName({ last_name: 'Garcia, MD' }).first, null);
});

test('a family name in another romanisation or spelling is a guess, found and proposed, never resolved alone', async () => {
  for (const [a, b] of [
    ['kuo', 'guo'],
    ['kwok', 'guo'],
    ['wong', 'huang'],
    ['lim', 'lin'],
    ['leung', 'liang'],
    ['hsu', 'xu'],
    ['yi', 'rhee'],
    ['chatterjee', 'chattopadhyay'],
    ['thakur', 'tagore'],
    ['smirnoff', 'smirnov'],
    ['kowalsky', 'kowalski'],
    ['jankowicz', 'jankovich'],
    ['satoh', 'sato'],
    ['ohno', 'ono'],
  ])
    assert.ok(familySpelling(a as string, b as string), `${a} / ${b}`);
  assert.ok(familySpelling('elamin', 'alamin', ['el', 'amin'], ['al', 'amin']));
  for (const [a, b] of [
    ['lin', 'li'],
    ['chen', 'cheng'],
    ['wang', 'huang'],
    ['lee', 'kim'],
    ['smith', 'jones'],
    ['ng', 'nguyen'],
    // A spelling that is an English word is an English name as often; names that only sound alike
    // are families of their own; Korean "Choo" is not "Cho" (a second reader's cases).
    ['young', 'yang'],
    ['law', 'lo'],
    ['miller', 'mueller'],
    ['nelson', 'nielsen'],
    ['choo', 'cho'],
    ['moore', 'more'],
  ])
    assert.not.ok(familySpelling(a as string, b as string), `${a} / ${b}`);
  // What candidate searches look for; English names keep their endings ("Barlow"), and "Johnson" is no Japanese name.
  assert.ok(familyNameVariants('kuo').includes('guo'));
  assert.equal(familyNameVariants('smirnov').sort(), ['smirnoff', 'smirnova', 'smirnow']);
  // A Slavic name's form for the other sex is the same family's name (weighed as a spelling).
  for (const [a, b] of [
    ['novak', 'novakova'],
    ['hruska', 'hruskova'],
    ['rybnicek', 'rybnickova'],
    ['nemec', 'nemcova'],
    ['smirnov', 'smirnova'],
    ['pushkin', 'pushkina'],
    ['tolstoy', 'tolstaya'],
    ['kowalski', 'kowalska'],
    ['nowicki', 'nowicka'],
  ])
    assert.ok(familySpelling(a as string, b as string), `${a} / ${b}`);
  for (const [a, b] of [
    ['smith', 'smitha'],
    ['lee', 'leeova'],
    ['novak', 'novakovic'],
  ])
    assert.not.ok(familySpelling(a as string, b as string), `${a} / ${b}`);
  assert.ok(familyNameVariants('novakova').includes('novak'));
  assert.ok(familyNameVariants('kowalska').includes('kowalski'));
  assert.ok(familyNameVariants('rybnicek').includes('rybnickova'));
  assert.equal(familyNameVariants('sato').sort(), ['satoh', 'satou']);
  assert.equal(familyNameVariants('barlow'), []);
  assert.equal(familyNameVariants('johnson'), []);

  const app = await startTestApp();
  try {
    const person = profileAt('Policy Specialist');
    const files = [
      writeSnapshot(app.dataDir, 'profiles.jsonl', [
        person(1, 'Mei', 'Guo', 'Ceramic Chain', { emails: [{ address: 'mei.guo@ceramic.example', quality: 'verified', kind: 'work' }] }),
        person(2, 'Mei', 'Gao', 'Ceramic Chain'),
        person(3, 'Olga', 'Smirnov', 'Volkman Guard'),
        person(4, 'Kalinda', 'Chattopadhyay', 'Lind Hire'),
        person(5, 'Wei', 'Li', 'Tessel Works'),
      ]),
    ];
    assert.is((await indexSnapshots(app, files)).rejected, 0);
    const matcher = new ContactMatcher(app.services.engine, app.services.graph);
    const top = async (row: Parameters<ContactMatcher['match']>[0]) => {
      const r = await matcher.match(row);
      return [r.status, r.candidates[0]?.user_id ?? null];
    };
    // Proposed for a person to confirm: the family name is another spelling, not the same name.
    assert.equal(await top({ name: 'Mei Kuo', organization_names: ['Ceramic Chain'] }), ['likely_match', P(1)]);
    assert.equal(await top({ name: 'Olga Smirnoff', location: 'Kyiv' }), ['unresolved', P(3)]);
    assert.equal(await top({ name: 'Olga Smirnoff', organization_names: ['Volkman Guard'] }), ['likely_match', P(3)]);
    assert.equal(await top({ name: 'Kalinda Chatterjee', organization_names: ['Lind Hire'], job_titles: ['Policy Specialist'] }), [
      'likely_match',
      P(4),
    ]);
    // With a key of the person, resolved.
    assert.equal(await top({ name: 'Mei Kuo', emails: ['mei.guo@ceramic.example'] }), ['resolved', P(1)]);
    // Another name is not another spelling: Lin is not Li, and Gao is not Kuo.
    const lin = await matcher.match({ name: 'Wei Lin', organization_names: ['Tessel Works'] });
    assert.ok(lin.status === 'unresolved' || lin.status === 'needs_review', lin.status);
    const kuo = await matcher.match({ name: 'Mei Kuo', organization_names: ['Ceramic Chain'] });
    const gao = kuo.candidates.find((c) => c.user_id === P(2));
    assert.ok(!gao || gao.evidence.some((e) => e.field === 'last_name' && e.outcome === 'conflict'));
  } finally {
    await app.close();
  }
});

test.run();
