import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { laidOut } from '../../../server/contacts/cell-layout.js';
import { cellText, nameCellText } from '../../../server/contacts/cell-text.js';
import { directoryName } from '../../../server/contacts/directory-name.js';
import { headerField } from '../../../server/contacts/header-names.js';
import { rowKeys } from '../../../server/contacts/matcher.js';
import { personName } from '../../../server/contacts/person-name.js';
import { repaired } from '../../../server/contacts/repair.js';
import { romanisedSyllables } from '../../../server/contacts/romanised-syllables.js';
import { alone } from '../../helpers/contact-scores.js';

test('UTF-8 misread with Mac Roman, DOS code pages or windows-1252 twice is read back; clean text stays', () => {
  const cases: [string, string][] = [
    ['Cl√©ry Pierre', 'Cléry Pierre'],
    ['Esperanza D√°vila', 'Esperanza Dávila'],
    ['C├⌐sar Rousseau', 'César Rousseau'],
    ['Edhem Ak├ºal─▒', 'Edhem Akçalı'],
    ['Javier Delacr├║z', 'Javier Delacrúz'],
    ['AglaÃƒÂ© Perrin', 'Aglaé Perrin'],
    ['AndrÃ©s', 'Andrés'],
    ['Ð¡ÐµÑ€Ð³ÐµÐ¹', 'Сергей'],
    // Written so: accented, other alphabets, typographic quotes, a no-break space.
    ['José Müller', 'José Müller'],
    ['Søren Ærø', 'Søren Ærø'],
    ['Zoë Ñandú', 'Zoë Ñandú'],
    ['“Äpfel”', '“Äpfel”'],
    ['RENÉ\u00a0DUPONT', 'RENÉ\u00a0DUPONT'],
    ['Åsa Öberg', 'Åsa Öberg'],
  ];
  for (const [text, read] of cases) assert.is(repaired(text), read, text);
});

test('clean text with a dash before an accented capital is never "repaired" into another script', () => {
  for (const clean of ['Paris–Évry', 'Berlin–Österreich', 'Jean—Émile', 'Eiðá', 'José Müller', 'Łukasz Żółć'])
    assert.is(repaired(clean), clean, clean);
});

test('a byte-order mark misread as windows-1252 before the first column name is no part of it', () => {
  for (const header of ['ï»¿First Name', 'ï»¿"First Name"', '\ufeffFirst Name', '\ufeff"First Name"'])
    assert.is(headerField(header), 'first_name', header);
  const keys = rowKeys({ 'ï»¿First Name': 'Reva', 'Last Name': 'Mohr' } as never);
  assert.equal([keys.name.first, keys.name.last], ['reva', 'mohr']);
});

test('a directory name in the name cell: its common name is the name, its organisation the employer', () => {
  assert.equal(directoryName('CN=Ebba Goldner,OU=Staff,OU=Users,DC=prosaccoai,DC=com'), { name: 'Ebba Goldner', organization: null });
  assert.equal(directoryName('CN=Kuhic\\, Stacy,OU=Staff,DC=corp,DC=mooregroup,DC=com'), { name: 'Kuhic, Stacy', organization: null });
  assert.equal(directoryName('cn=Jane Doe, ou=Sales, o=Acme, c=US'), { name: 'Jane Doe', organization: 'Acme' });
  assert.equal(directoryName('CN=Milla Steinkamp/OU=Employees/O=YundtGroup'), { name: 'Milla Steinkamp', organization: 'Yundt Group' });
  assert.equal(directoryName('Girik Khanna/Engineering/JakubowskiLedger@JakubowskiLedger'), {
    name: 'Girik Khanna',
    organization: 'Jakubowski Ledger',
  });
  for (const cell of ['Ana Ruiz', 'Ana Ruiz / Acme', 'ana.ruiz@acme.com', 'Smith, John']) assert.is(directoryName(cell), null, cell);
  // The organisation only when the row names no employer of its own, in any column.
  assert.equal(laidOut({ name: 'CN=Hugo Martins/OU=Marketing/O=ErdmanHalvorson' }).organization_names, ['Erdman Halvorson']);
  const own = laidOut({ name: 'CN=Hugo Martins/OU=Marketing/O=ErdmanHalvorson', Company: 'Erdman - Halvorson' } as never);
  assert.equal([own.name, own.organization_names], ['Hugo Martins', ['Erdman - Halvorson']]);
  // A brand's own capitals stay: a prefix, an abbreviation, a word with a capital inside.
  for (const org of ['McKinsey', 'PwC', 'LinkedIn', 'DeepMind', 'iRobot'])
    assert.equal(directoryName(`CN=Jane Doe/OU=Staff/O=${org}`)?.organization, org, org);
  const k = rowKeys({ name: 'CN=Kuhic\\, Stacy,OU=Staff,DC=corp,DC=mooregroup,DC=com' });
  assert.equal([k.name.first, k.name.last], ['stacy', 'kuhic']);
});

test('a link formula exported as text: its display text, and its link when it is a profile URL', () => {
  const row = laidOut({ name: '=HYPERLINK("https://professional.example/in/marie-haley-1205t1d","Marie Haley")' });
  assert.equal([row.name, row.professional_url], ['Marie Haley', 'https://professional.example/in/marie-haley-1205t1d']);
  const k = rowKeys({ name: '=HYPERLINK("https://professional.example/in/marie-haley-1205t1d","Marie Haley")' });
  assert.equal([k.name.first, k.name.last, k.username], ['marie', 'haley', 'marie-haley-1205t1d']);
  assert.equal(personName({ name: laidOut({ name: '=HYPERLINK("https://x.example/in/s-1";"Pereira, Sirineu")' }).name }).all, [
    'sirineu',
    'pereira',
  ]);
  assert.is(
    cellText('=HYPERLINK("https://www.gleichner.com/";"Gleichner, Harber and Douglas")', 'organization_names'),
    'Gleichner, Harber and Douglas',
  );
  assert.is(cellText('=LIEN_HYPERTEXTE("https://acme.fr")', 'organization_names'), 'https://acme.fr');
  assert.is(cellText('=HYPERLINK("https://acme.com","Say ""hi""")'), 'Say "hi"');
});

test('an East Asian honorific after the name is no name word; a family name alone keeps it', () => {
  const cases: [string, string][] = [
    ['Lennox Goldfussさん', 'Lennox Goldfuss'],
    ['Ernesto Menchaca 様', 'Ernesto Menchaca'],
    ['Sato Kenji 殿', 'Sato Kenji'],
    ['Clemente Mendoza 님', 'Clemente Mendoza'],
    ['Abraham Johnson-sama', 'Abraham Johnson'],
    ['Myra Donnelly-san', 'Myra Donnelly'],
    // A Korean given name of two syllables, and a family name alone, stay as written.
    ['Lee Dong-san', 'Lee Dong-san'],
    ['Doe さん', 'Doe さん'],
    ['Roos-san', 'Roos-san'],
  ];
  for (const [cell, name] of cases) assert.is(nameCellText(cell), name, cell);
});

test('a job ad’s gender marker is no part of the title', () => {
  const cases: [string, string][] = [
    ['Senior Logistics Coordinator (m/w/d)', 'Senior Logistics Coordinator'],
    ['Owner & Principal (m/f/d)', 'Owner & Principal'],
    ['Principal Product Manager (w/m/d)', 'Principal Product Manager'],
    ['Senior Software Engineer (H/F)', 'Senior Software Engineer'],
    ['Business Developer (F/H)', 'Business Developer'],
    ['Lead Compensation Analyst (m/f/x)', 'Lead Compensation Analyst'],
    ['Compliance Manager (all genders)', 'Compliance Manager'],
    ['Engineering Team Lead (M/F)', 'Engineering Team Lead'],
    ['Entwickler (m/w/div)', 'Entwickler'],
    ['Data Engineer - m/w/d', 'Data Engineer'],
    ['Product Manager (A/B testing)', 'Product Manager (A/B testing)'],
  ];
  for (const [cell, title] of cases) assert.is(cellText(cell, 'job_titles'), title, cell);
});

test('a CRM’s tags after the employer are no part of its name; a firm’s own parts stay', () => {
  const org = (cell: string) => laidOut({ organization_names: [cell] }).organization_names?.[0];
  const cases: [string, string][] = [
    ['Instructor Biosciences (Customer)', 'Instructor Biosciences'],
    ['Wyman Inc [Prospect]', 'Wyman Inc'],
    ['Cormier - Block - Partner', 'Cormier - Block'],
    ['Haag Health (Key Account)', 'Haag Health'],
    ['Beer, Borer and Watsica | Client', 'Beer, Borer and Watsica'],
    ['Beer, Borer and Watsica (Customer - Enterprise)', 'Beer, Borer and Watsica'],
    ['Macejkovic Robotics *Target Account*', 'Macejkovic Robotics'],
    ['Luettgen Health (2)', 'Luettgen Health'],
    ['Acme Corp [Customer] #vip', 'Acme Corp'],
    ['Cormier - Block', 'Cormier - Block'],
    ['Acme (Europe)', 'Acme (Europe)'],
    ['Lead Capital', 'Lead Capital'],
    ['Partner Co', 'Partner Co'],
  ];
  for (const [cell, name] of cases) assert.is(org(cell), name, cell);
});

test('a location written from the country down is read town first', () => {
  const place = (location: string) => rowKeys({ name: 'Ana Ruiz', location }).place;
  assert.is(place('United States > California > San Jose')?.city, 'san jose');
  assert.is(place('United States - California - San Francisco')?.city, 'san francisco');
  assert.is(place('Germany / Munich')?.city, 'munich');
  assert.is(place('India - Chandrapur')?.country, 'IN');
  assert.is(cellText('Singapore / Singapore', 'location'), 'Singapore, Singapore');
  // Not a hierarchy: two countries, two towns, how one works, a time zone.
  for (const cell of ['Germany / Austria', 'Paris / Lyon', 'Hybrid - Austin, TX', 'America/Chicago'])
    assert.is(cellText(cell, 'location'), cell, cell);
});

test('an English given name beside a Chinese or Korean name: both given names are the person’s', () => {
  assert.equal(
    [romanisedSyllables('xiaoming'), romanisedSyllables('kang'), romanisedSyllables('seoyeon'), romanisedSyllables('alvin')],
    [2, 1, 2, null],
  );
  const read = (cell: string) => {
    const n = personName({ name: cell });
    return [n.first, n.last, n.partnerFirst ?? null];
  };
  assert.equal(read('Kevin Kang Seoyeon'), ['seoyeon', 'kang', 'kevin']);
  assert.equal(read('Alvin Tang Zihan'), ['zihan', 'tang', 'alvin']);
  assert.equal(read('Phoebe WANG Zihan'), ['zihan', 'wang', 'phoebe']);
  assert.equal(read('SEO Donghyun Eric'), ['donghyun', 'seo', 'eric']);
  assert.equal(read('Alvin Xiaoming He'), ['alvin', 'he', 'xiaoming']);
  assert.equal(read('Xiaoming (Alvin) He'), ['xiaoming', 'he', 'alvin']);
  assert.equal(read('Xiaoming He (Alvin)'), ['xiaoming', 'he', 'alvin']);
  // A name that may be written family name first is still tried the other way round; a bracket
  // after a Western name is a note.
  assert.equal(read('Kang Seoyeon (Kevin)'), ['kang', 'seoyeon', null]);
  assert.equal(read('Ana Ruiz (Sales)'), ['ana', 'ruiz', null]);
  // Western names of three words stay as they were read.
  assert.equal(read('Mary Jane Kim'), ['mary', 'kim', null]);
  assert.equal(read('Anna Maria Li'), ['anna', 'li', null]);
  assert.equal(read('Jane Doe Smith'), ['jane', 'smith', null]);
});

const alice = {
  first_name: 'Alice',
  last_name: 'Monahan',
  current_title: 'Chief Trust Officer',
  current_company_name: 'Gutkowski, Corwin and Sipes',
  location: { city: 'Melbourne', country_code: 'AU' },
};

test('a family name cut to its initial: a likely match at most, only when the rest of the row agrees', () => {
  const row = {
    name: 'Alice M.',
    organization_names: ['Gutkowski, Corwin and Sipes'],
    job_titles: ['Chief Trust Officer'],
    location: 'Melbourne, Australia',
  };
  const read = alone(row, alice);
  assert.ok(read.evidence.includes('last_name:partial'), read.evidence.join());
  assert.is(read.status, 'likely_match');
  assert.is(alone({ ...row, name: undefined, first_name: 'Alice', last_name: 'M' }, alice).status, 'likely_match');
  // Another title and town, another initial, no employer: read as another family name, as before.
  assert.is(alone({ ...row, job_titles: ['Paralegal'], location: 'Lima, Peru' }, alice).status, 'unresolved');
  assert.ok(alone({ ...row, name: 'Alice K.' }, alice).evidence.includes('last_name:conflict'));
  assert.ok(alone({ ...row, organization_names: [] }, alice).evidence.includes('last_name:conflict'));
  assert.ok(alone({ ...row, location: 'Lima, Peru' }, alice).evidence.includes('last_name:conflict'));
});

test.run();
