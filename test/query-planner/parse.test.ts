import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { evaluatePeopleParser, normalizeTitle, TARGETS } from '../../query-planner/eval/people-eval.js';
import { PEOPLE_SEARCH_LIMITS } from '../../query-planner/limits.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { resolvePlace } from '../../query-planner/places.js';

const titles = (q: string) => parsePeopleQuery(q).filters.job_titles?.include ?? [];
const places = (q: string) => parsePeopleQuery(q).places.map((p) => `${p.kind}:${p.name}`);
const years = (q: string) => parsePeopleQuery(q).filters.years_experience;

// Titles.

test('titles: head nouns, modifiers, plural to singular, title case', () => {
  assert.equal(titles('Sales Team Leads working in UAE 10+ years'), ['Sales Team Lead']);
  assert.equal(titles('content marketing managers near minnesota'), ['Content Marketing Manager']);
  assert.equal(titles('experienced Privacy Counsels based in Pittsburgh'), ['Privacy Counsel']);
  assert.equal(titles('controllers near Minneapolis'), ['Controller']);
  assert.equal(titles('quants near boulder'), ['Quant']);
  assert.equal(titles('Developer Advocate located in DFW'), ['Developer Advocate']);
  assert.equal(titles('pre-sales engineers working in atlanta'), ['Pre-Sales Engineer']);
});

test('titles: unseen modifiers and head nouns still parse', () => {
  assert.equal(titles('deal desk managers in the bay area'), ['Deal Desk Manager']);
  assert.equal(titles('actuaries in boston'), ['Actuary']);
  assert.equal(titles('kernel engineers in munich'), ['Kernel Engineer']);
  assert.equal(titles('Lifecycle Marketing Managers near Chicago'), ['Lifecycle Marketing Manager']);
});

test('titles: "of" complements and seniority prefixes', () => {
  assert.equal(titles('director of product management in denmark'), ['Director of Product Management']);
  assert.equal(titles('Head Of Professional Services Positions In Hyderabad'), ['Head of Professional Services']);
  assert.equal(titles('find head of trust & safety in raleigh'), ['Head of Trust & Safety']);
  assert.equal(titles('belgium director of fp&a'), ['Director of FP&A']);
  assert.equal(titles('Directors of Engineering in Berlin'), ['Director of Engineering']);
  assert.equal(titles('10+ years ny senior staff engineers'), ['Senior Staff Engineer']);
  assert.equal(titles('associate general counsel located in san antonio'), ['Associate General Counsel']);
  assert.equal(titles('VP Sales in London'), ['VP Sales']);
  assert.equal(titles('Director, Product Marketing in SF'), ['Director, Product Marketing']);
  const p = parsePeopleQuery('Senior Director of Engineering in Austin');
  assert.equal(p.filters.job_titles?.include, ['Senior Director of Engineering']);
  // The level and function a title implies are shown, not applied as extra filters.
  assert.is(p.filters.seniority, undefined);
  assert.is(p.filters.functions, undefined);
  assert.equal(implied(p), [
    ['implied_seniority', 'director'],
    ['implied_function', 'engineering'],
  ]);
});

const implied = (p: ReturnType<typeof parsePeopleQuery>) =>
  p.recognized.filter((r) => r.kind.startsWith('implied_')).map((r) => [r.kind, r.value]);

test('titles: abbreviations keep their usual spelling', () => {
  assert.equal(titles('senior swes based in india'), ['Senior SWE']);
  assert.equal(titles('Csms Working In Munich Early Career'), ['CSM']);
  assert.equal(titles('sdets in lisbon'), ['SDET']);
  assert.equal(titles('find sres in oslo'), ['SRE']);
  assert.equal(titles('aes in helsinki area'), ['AE']);
  assert.equal(titles('tn pmms'), ['PMM']);
  assert.equal(titles('head of ai/ml in oh'), ['Head of AI/ML']);
  assert.equal(titles('ios engineer positions in detroit'), ['iOS Engineer']);
  assert.equal(titles('Mlops Engineers Working In Bengaluru'), ['MLOps Engineer']);
  assert.equal(titles('find Software Engineer IIs in Texas'), ['Software Engineer II']);
  assert.equal(titles('hrbps working in mn'), ['HRBP']);
  // Licences people are called by; after "with" a licence is a skill.
  assert.equal(titles('find cpas in oklahoma city'), ['CPA']);
  assert.equal(titles('registered nurses and lpns in ohio'), ['Registered Nurse', 'LPN']);
  assert.equal(titles('accountants with a CPA'), ['Accountant']);
  assert.equal(titles('engineers at a company in berlin'), ['Engineer']);
  assert.equal(titles('CTO or VP Eng at seed-stage startups'), ['CTO', 'VP Engineering']);
  assert.equal(titles('Sr. Data Scientist in Boston'), ['Senior Data Scientist']);
  assert.equal(titles('Find It Managers In Santiago'), ['IT Manager']);
  assert.equal(titles('L&D managers in London'), ['L&D Manager']);
});

test('titles: a run without a head is a title by itself in a short query', () => {
  assert.equal(titles('trust & safety located in lisbon'), ['Trust & Safety']);
  assert.equal(titles('revops based in minnesota'), ['RevOps']);
  assert.equal(titles('developer relations in charlotte'), ['Developer Relations']);
  assert.equal(titles('early career strategy & operations covering midwest'), ['Strategy & Operations']);
  // "in marketing" is a function, not a title.
  const p = parsePeopleQuery('people in marketing in London');
  assert.is(p.filters.job_titles, undefined);
  assert.equal(p.filters.functions, ['marketing']);
});

test('titles: industries and tools in front are context unless the title would be bare', () => {
  let p = parsePeopleQuery('fintech Data Scientists based in Switzerland');
  assert.equal(p.filters.job_titles?.include, ['Data Scientist']);
  assert.equal(p.filters.industries?.include, ['Financial Services']);
  assert.equal(titles('gaming director of product in silicon valley'), ['Director of Product']);
  assert.equal(titles('python director of data platform located in boston'), ['Director of Data Platform']);
  assert.equal(titles('distributed systems staff engineers working in beijing'), ['Staff Engineer']);
  assert.equal(titles('growth associate product manager positions in arizona'), ['Associate Product Manager']);
  p = parsePeopleQuery('big tech web3 engineer based in los angeles');
  assert.equal(p.filters.job_titles?.include, ['Web3 Engineer']);
  assert.is(p.filters.industries, undefined);
  assert.equal(p.filters.company_size, { min: 10_000 });
  assert.equal(titles('Salesforce administrators in Dallas'), ['Salesforce Administrator']);
  assert.equal(titles('robotics software engineers in Pittsburgh'), ['Robotics Software Engineer']);
  assert.equal(titles('Enterprise Learning & Development Managers Near Vienna'), ['Learning & Development Manager']);
  assert.equal(titles('enterprise csm in lisbon'), ['Enterprise CSM']);
});

test('titles: colleagues named in a brief are kept apart', () => {
  const p = parsePeopleQuery(
    'We are hiring a Senior Backend Engineer in Berlin. The role reports to the VP of Engineering and works closely with product managers and designers.',
  );
  assert.equal(p.filters.job_titles?.include, ['Senior Backend Engineer']);
  const colleagues = p.recognized.filter((r) => r.kind === 'context_title').map((r) => r.value);
  assert.equal(colleagues, ['VP of Engineering', 'Product Manager', 'Designer']);
  assert.equal(p.contextTitles, ['VP of Engineering', 'Product Manager', 'Designer']);
});

test('tokens: a lone dash is punctuation, not a word of a title', () => {
  assert.equal(titles('Position - Machine Learning Engineer'), ['Machine Learning Engineer']);
});

test('titles: counts are not part of a title; a relation verb after "and" ends one', () => {
  assert.equal(titles('two Account Executives in Denver'), ['Account Executive']);
  const p = parsePeopleQuery('We are hiring a Head of Sales. You will work with the VP of Marketing and support our Sales Engineers.');
  assert.equal(p.contextTitles, ['VP of Marketing', 'Sales Engineer']);
});

test('titles: level phrases are seniority filters; what a title implies is only shown; bare function words filter', () => {
  let p = parsePeopleQuery('Staff Software Engineers near NCR mid-level');
  assert.equal(p.filters.job_titles?.include, ['Staff Software Engineer']);
  assert.equal(p.filters.seniority, ['ic'], 'from "mid-level", not from the title');
  assert.is(p.filters.functions, undefined);
  assert.equal(implied(p), [
    ['implied_seniority', 'staff'],
    ['implied_function', 'engineering'],
  ]);
  p = parsePeopleQuery('junior product designers, intern level welcome');
  assert.ok(implied(p).some(([k, v]) => k === 'implied_seniority' && v === 'entry'));
  assert.ok(implied(parsePeopleQuery('co-founders in Paris')).some(([k, v]) => k === 'implied_seniority' && v === 'founder'));
  assert.ok(implied(parsePeopleQuery('CFOs in Chicago')).some(([k, v]) => k === 'implied_seniority' && v === 'cxo'));
  assert.ok(implied(parsePeopleQuery('technical recruiters in Denver')).some(([k, v]) => k === 'implied_function' && v === 'people_hr'));
  assert.equal(parsePeopleQuery('people in marketing in Austin').filters.functions, ['marketing']);
});

// Places.

test('places: every kind, written as the user wrote it', () => {
  const p = parsePeopleQuery('policy manager based in sf at gaming');
  assert.equal(p.filters.locations?.include, ['SF']);
  assert.equal(p.places[0]?.kind, 'city');
  assert.equal(p.places[0]?.name, 'San Francisco, California, United States');
  assert.equal(places('head of sales in Greater Boston'), ['metro:Greater Boston']);
  assert.equal(places('bay area deal desk managers'), ['metro:San Francisco Bay Area']);
  assert.equal(places('quantitative analysts based in ma'), ['state:Massachusetts, United States']);
  assert.equal(places('north carolina learning & development manager'), ['state:North Carolina, United States']);
  assert.equal(places('Sales Team Leads working in UAE'), ['country:United Arab Emirates']);
  assert.equal(places('Developer Relations In Dach'), ['region:DACH']);
  assert.equal(places('emea technical account managers'), ['region:EMEA']);
  assert.equal(places('performance marketers across anz'), ['region:ANZ']);
  assert.equal(places('Director Of Smb Sales Based In Sub-Saharan Africa'), ['region:Sub-Saharan Africa']);
});

test('places: "X area" is X; "City, ST" is the city in that state; exclusions', () => {
  let p = parsePeopleQuery('Accounts Payable Managers in Seattle area');
  assert.equal(p.filters.locations?.include, ['Seattle']);
  assert.equal(p.places[0]?.kind, 'city');
  assert.equal(places('talent partners in greater dc area'), ['metro:Greater Washington DC']);
  p = parsePeopleQuery('engineers in Portland, ME');
  assert.equal(
    p.places.map((x) => x.name),
    ['Portland, Maine, United States'],
  );
  p = parsePeopleQuery('recruiters in the bay area not in San Jose');
  assert.equal(p.filters.locations, { include: ['bay area'], exclude: ['San Jose'] });
  assert.equal(p.places.length, 1);
});

test('places: short codes and common words need capitals or a place word', () => {
  assert.equal(places('nc systems engineers'), ['state:North Carolina, United States']);
  assert.equal(places('talent partner in or'), ['state:Oregon, United States']);
  assert.equal(places('head of engineering near or ios experience'), ['state:Oregon, United States']);
  assert.equal(places('engineers based in Zurich'), ['city:Zürich, Switzerland']);
  assert.equal(places('fluent in German, based in Zurich'), ['city:Zürich, Switzerland']);
  assert.equal(places('mobile engineers in Berlin'), ['city:Berlin, Germany']);
  assert.equal(places('lead designers and enterprise sales managers'), []);
  assert.equal(places('data engineers in Reading'), ['city:Reading, United Kingdom']);
  assert.equal(places('people with an MD in Boston'), ['city:Boston, Massachusetts, United States']);
  assert.equal(places('Legal Counsels Near Md'), ['state:Maryland, United States']);
  assert.equal(places('co-founders of fintech startups'), []);
});

// Experience.

test('years of experience: the usual phrasings', () => {
  assert.equal(years('5+ years of experience'), { min: 5 });
  assert.equal(years('designers with 10+ yrs'), { min: 10 });
  assert.equal(years('at least 7 years in sales'), { min: 7 });
  assert.equal(years('over 10 years of experience'), { min: 10 });
  assert.equal(years('seven years of experience as a nurse'), { min: 7 });
  assert.equal(years('3-5 years principal engineer'), { min: 3, max: 5 });
  assert.equal(years('between 2 and 4 years of experience'), { min: 2, max: 4 });
  assert.equal(years('up to 3 years of experience'), { max: 3 });
  assert.equal(years('a decade of experience in fintech'), { min: 10 });
  assert.equal(years('engineers, 8 years experience'), { min: 8 });
  assert.is(years('at a company founded 5 years ago'), undefined);
  assert.is(years('over the last 3 years they grew'), undefined);
});

// Relations and companies.

test('relations: connection degrees', () => {
  assert.equal(parsePeopleQuery('designers I know in Berlin').filters.connection_degrees, undefined);
  assert.equal(parsePeopleQuery('people I know who are designers').filters.connection_degrees, ['1st']);
  assert.equal(parsePeopleQuery('my connections at startups').filters.connection_degrees, ['1st']);
  assert.equal(parsePeopleQuery('2nd degree connections in fintech').filters.connection_degrees, ['2nd']);
  assert.equal(parsePeopleQuery('friends of friends who are VCs').filters.connection_degrees, ['2nd']);
  assert.equal(parsePeopleQuery('senior recruiters in my network').filters.connection_degrees, ['1st', '2nd']);
  assert.equal(parsePeopleQuery('1st degree engineers').filters.connection_degrees, ['1st']);
  assert.equal(parsePeopleQuery('physicist with a first degree in maths').filters.connection_degrees, undefined);
});

test('companies: employer mentions with their relation', () => {
  assert.equal(parsePeopleQuery('ex-Google product managers in NYC').companies, [{ text: 'Google', relation: 'past_employment' }]);
  assert.equal(parsePeopleQuery('engineers formerly at Stripe').companies, [{ text: 'Stripe', relation: 'past_employment' }]);
  assert.equal(parsePeopleQuery('designers previously at Airbnb or Uber').companies, [
    { text: 'Airbnb', relation: 'past_employment' },
    { text: 'Uber', relation: 'past_employment' },
  ]);
  assert.equal(parsePeopleQuery('engineering managers who have worked at Meta').companies, [{ text: 'Meta', relation: 'any_employment' }]);
  assert.equal(parsePeopleQuery('recruiters at Acme Corp in Boston').companies, [{ text: 'Acme Corp', relation: 'current_employment' }]);
  assert.equal(parsePeopleQuery('recruiters at acme in boston').companies, [{ text: 'acme', relation: 'current_employment' }]);
  // Industries, stages, company words and places after "at" are no employers.
  for (const q of [
    'policy manager based in sf at gaming',
    'head of security at companies in berlin',
    'CMO at a public company',
    'accountant positions in detroit at faang',
  ])
    assert.equal(parsePeopleQuery(q).companies, [], q);
});

// Attributes.

test('skills, industries and workplace', () => {
  const p = parsePeopleQuery('machine learning engineer with PyTorch and Kubernetes, remote, healthtech, Python experience');
  assert.equal(p.filters.job_titles?.include, ['Machine Learning Engineer']);
  assert.equal(p.filters.skills?.include, ['PyTorch', 'Kubernetes', 'Python']);
  assert.equal(p.filters.industries?.include, ['Hospital & Health Care']);
  assert.ok(p.keywords.includes('remote'));
  assert.equal(parsePeopleQuery('research engineers near columbus java experience').filters.skills?.include, ['Java']);
  assert.equal(parsePeopleQuery('director of infrastructure based in seoul nlp experience').filters.skills?.include, [
    'Natural Language Processing',
  ]);
  assert.equal(parsePeopleQuery('backend engineers who know Go and Rust').filters.skills?.include, ['Go', 'Rust']);
  assert.equal(parsePeopleQuery('people who go to conferences').filters.skills, undefined);
  assert.equal(parsePeopleQuery('brand managers in south america healthtech').filters.industries?.include, ['Hospital & Health Care']);
  assert.equal(parsePeopleQuery('e-commerce content designers working in oxford').filters.industries?.include, ['E-commerce']);
});

test('schools and degrees', () => {
  let p = parsePeopleQuery('Stanford MBA product leaders');
  assert.equal(p.filters.schools, ['Stanford University']);
  assert.equal(p.filters.degrees, ['MBA']);
  assert.equal(p.filters.functions, ['product'], '"product leaders": senior product people');
  p = parsePeopleQuery('went to Berkeley, PhD in physics, MIT alumni');
  assert.equal(p.filters.schools, ['University of California, Berkeley', 'Massachusetts Institute of Technology']);
  assert.equal(p.filters.degrees, ['PhD']);
  assert.ok(p.keywords.includes('physics'));
  assert.equal(parsePeopleQuery('engineers in Berkeley').filters.schools, undefined);
  assert.equal(parsePeopleQuery('alumni of Oxford in consulting').filters.schools, ['University of Oxford']);
  assert.equal(parsePeopleQuery('graduates of the University of Michigan').filters.schools, ['University of Michigan']);
  assert.equal(parsePeopleQuery("a Bachelor's or Master's degree, JD preferred").filters.degrees, ['Bachelor', 'Master']);
  assert.equal(parsePeopleQuery('lawyers with a J.D. and an MBA').filters.degrees, ['JD', 'MBA']);
  assert.equal(parsePeopleQuery('doctors with an MD').filters.degrees, ['MD']);
  assert.equal(parsePeopleQuery('MS in Computer Science, Seattle').filters.degrees, ['Master']);
  assert.equal(parsePeopleQuery('scrum masters in toronto').filters.degrees, undefined);
});

test('company stage and size', () => {
  assert.equal(parsePeopleQuery('engineers at seed-stage startups').filters.company_stage, ['seed']);
  assert.equal(parsePeopleQuery('Ux Researcher Located In Silicon Valley Series B').filters.company_stage, ['series_b']);
  assert.equal(parsePeopleQuery('founders of early-stage startups').filters.company_stage, ['pre_seed', 'seed', 'series_a']);
  assert.equal(parsePeopleQuery('Singapore Principal Engineer at public company').filters.company_stage, ['public']);
  assert.equal(parsePeopleQuery('staff engineers at startups with 50-200 employees').filters.company_size, { min: 50, max: 200 });
  assert.equal(parsePeopleQuery('sales leaders at companies with 1,000+ employees').filters.company_size, { min: 1000 });
  assert.equal(parsePeopleQuery('designers at companies with fewer than 50 employees').filters.company_size, { max: 50 });
  assert.equal(parsePeopleQuery('PMs at Series A or B companies').filters.company_stage, ['series_a', 'series_b']);
});

test('languages', () => {
  assert.equal(parsePeopleQuery('Spanish-speaking account executives in Miami').filters.languages, [{ name: 'Spanish' }]);
  assert.equal(parsePeopleQuery('fluent in German and French').filters.languages, [{ name: 'German' }, { name: 'French' }]);
  assert.equal(parsePeopleQuery('native Japanese speakers in sales').filters.languages, [
    { name: 'Japanese', proficiency: 'Native or bilingual proficiency' },
  ]);
  assert.equal(parsePeopleQuery('German engineers').filters.languages, undefined);
});

// Robustness.

test('empty, blank and garbage input parse to nothing', () => {
  for (const q of ['', '   ', '!!!???', '\n\n', '12345', '🙂🙂']) {
    const p = parsePeopleQuery(q);
    assert.equal(p.filters, {}, q);
    assert.equal(p.places, []);
    assert.equal(p.companies, []);
    assert.equal(p.receipts, []);
  }
  const p = parsePeopleQuery('asdf qwerty');
  assert.equal(p.filters, {});
  assert.equal(p.keywords, ['asdf', 'qwerty']);
  assert.equal(parsePeopleQuery(undefined as unknown as string).filters, {});
});

test('a long pasted brief: the role and its constraints, truncated with a receipt', () => {
  const brief = `About the role

We're hiring a Senior Backend Engineer to join our Payments Platform team in Berlin (hybrid) or remote within Germany.
You'll report to the VP of Engineering and work closely with product managers and designers.

Requirements:
- 5+ years of experience building distributed systems in Go, Python or Java
- Experience with Kubernetes, AWS and PostgreSQL
- Fluent in English; German is a plus
- Ideally you have worked at a fintech startup (Series A to C) or at Stripe, Adyen or Klarna
- A Bachelor's or Master's degree in Computer Science or a related field
`;
  const p = parsePeopleQuery(brief);
  assert.equal(p.filters.job_titles?.include, ['Senior Backend Engineer']);
  assert.equal(p.filters.locations?.include, ['Berlin', 'Germany']);
  assert.equal(p.filters.years_experience, { min: 5 });
  assert.equal(p.filters.skills?.include, ['Distributed Systems', 'Go', 'Python', 'Java', 'Kubernetes', 'AWS', 'PostgreSQL']);
  assert.equal(p.filters.company_stage, ['series_a', 'series_b', 'series_c']);
  assert.equal(p.filters.degrees, ['Bachelor', 'Master']);
  assert.equal(p.filters.languages, [{ name: 'English' }]);
  assert.equal(
    p.companies.map((c) => c.text),
    ['Stripe', 'Adyen', 'Klarna'],
  );
  let long = '';
  while (long.length < PEOPLE_SEARCH_LIMITS.queryChars + 500) long += `${brief}\n`;
  // Speed is measured by the benchmarks (`npm run bench -- --freeze`), not asserted here.
  const last = parsePeopleQuery(long);
  assert.equal(last.receipts.length, 1);
  assert.is(last.receipts[0]?.action, 'truncated');
  assert.ok((last.filters.job_titles?.include?.length ?? 0) <= 5);
  assert.equal(last.filters.job_titles?.include, ['Senior Backend Engineer']);
});

test('recognized lists what was understood from which text, in order', () => {
  const p = parsePeopleQuery('10+ years Decision Scientists in Oslo');
  assert.equal(
    p.recognized.map((r) => [r.kind, r.text]),
    [
      ['years_experience', '10+ years'],
      ['job_title', 'Decision Scientists'],
      ['implied_function', 'Decision Scientist'],
      ['location', 'Oslo'],
    ],
  );
});

// The evaluation.

test('eval: title normalisation is case-, "&"/"and"- and plural-insensitive', () => {
  assert.is(normalizeTitle('Trust and Safety Managers'), normalizeTitle('trust & safety manager'));
  assert.is.not(normalizeTitle('Product Manager'), normalizeTitle('Senior Product Manager'));
});

test('eval: the parser meets its targets on the development queries', () => {
  const r = evaluatePeopleParser();
  assert.is(r.total, 700);
  assert.ok(r.title.pct >= TARGETS.title, `title ${r.title.pct}%`);
  assert.ok(r.place.pct >= TARGETS.place, `place ${r.place.pct}%`);
  assert.ok(r.minYears.pct >= TARGETS.minYears, `min years ${r.minYears.pct}%`);
});

test('"<function> leaders" / "leadership" means senior levels of that function, not a literal title', () => {
  const p = parsePeopleQuery('sales leaders at fintech startups in Berlin');
  assert.is(p.filters.job_titles, undefined);
  assert.equal(p.filters.functions, ['sales']);
  assert.equal(p.filters.seniority, ['senior_manager', 'director', 'vp', 'cxo']);
  assert.equal(parsePeopleQuery('engineering leadership in SF').filters.functions, ['engineering']);
  assert.equal(parsePeopleQuery('sales team leaders in Dubai').filters.job_titles?.include, ['Sales Team Leader']);
});

test('a city qualified by its state or country keeps that meaning in the filter text', () => {
  const p = parsePeopleQuery('nurses in Portland, ME');
  const text = p.filters.locations?.include?.[0] as string;
  assert.is(resolvePlace(text)?.name, 'Portland, Maine, United States');
  assert.is(resolvePlace('Portland')?.name, 'Portland, Oregon, United States');
  assert.is(resolvePlace('Cambridge, UK')?.name, 'Cambridge, United Kingdom');
  assert.is(resolvePlace('Cambridge, MA')?.name, 'Cambridge, Massachusetts, United States');
  assert.equal(parsePeopleQuery('designers in SF').filters.locations?.include, ['SF'], 'as written when it resolves alone');
});

test.run();
