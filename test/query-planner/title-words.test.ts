/**
 * Words around titles: a tech and a mechanic in the plural, how people work, years in decades, and
 * employers in queries without capitals.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const parse = (q: string) => parsePeopleQuery(q);
const title = (q: string) => parse(q).filters.job_titles?.include;
const filters = (q: string) => parse(q).filters;

test('"mechanics" and "techs" stay as they were: a field and a word of technology', () => {
  // Tried and withdrawn: reading them as plural people made "statistical mechanics" and "big techs" titles.
  assert.equal(title('researchers in statistical mechanics'), ['Researcher']);
  assert.equal(title('fluid mechanics engineers'), ['Fluid Mechanics Engineer']);
  assert.not.ok(JSON.stringify(parse('engineers from big techs').filters).includes('Technician'));
});

test('how people work is no part of a title', () => {
  const recognized = (q: string) =>
    parse(q)
      .recognized.filter((r) => r.kind === 'workplace')
      .map((r) => r.text);
  assert.equal(title('remote-friendly magento developers in greater sofia'), ['Magento Developer']);
  assert.equal(recognized('remote-friendly magento developers in greater sofia'), ['remote-friendly']);
  assert.equal(title('work from home customer service reps'), ['Customer Service Rep']);
  assert.ok(parse('office-based accountants').keywords.includes('onsite'));
});

test('a decade of years: with its experience, or with the words of a minimum', () => {
  const years = (q: string) => parse(q).filters.years_experience;
  assert.equal(years('radio presenters with a decade or more on air'), { min: 10 });
  assert.is(years('teachers retired for over a decade'), undefined);
  assert.is(years('engineers who worked at ibm over a decade back'), undefined);
  assert.equal(years('nurses with over two decades in oncology'), { min: 20 });
  assert.is(years('founders of companies started over a decade ago'), undefined);
  assert.is(years('engineers for a decade'), undefined);
});

test('without capitals, an employer keeps up to three words before the title', () => {
  const employer = (q: string) => parse(q).companies?.map((c) => c.text);
  // Tried and withdrawn: ending a name of no English word before an English word cut "lockheed martin".
  assert.equal(employer('ex-lockheed martin engineers'), ['lockheed martin']);
  assert.equal(employer('ex-jp morgan chase analysts'), ['jp morgan chase']);
  assert.equal(employer('ex-red hat engineers'), ['red hat']);
});

test('right after "at", one word naming a country, state or region is an employer; a city stays a place', () => {
  const employer = (q: string) => parse(q).companies?.map((c) => c.text);
  const places = (q: string) => parse(q).filters.locations?.include ?? [];
  assert.equal(employer('engineers at Patagonia'), ['Patagonia']);
  assert.equal(places('engineers at Patagonia'), []);
  assert.equal(places('designers at patagonia in california'), ['california']);
  assert.equal(places('based at Texas'), ['Texas']);
  assert.equal(places('teachers at London'), ['London']);
});

test('regional and group vice presidents, and the everyday misspelling of "principal"', () => {
  assert.equal(title('rvp of sales covering the southeast'), ['RVP of Sales']);
  assert.equal(title('gvp of engineering in austin'), ['GVP of Engineering']);
  assert.equal(title('principle backend engineers in guangzhou'), ['Principal Backend Engineer']);
  assert.equal(title('Principle Product Designer'), ['Principal Product Designer']);
  // A support tier or level is part of the title; a count before title words is not.
  assert.equal(title('tier 2 support engineers in ohio'), ['Tier 2 Support Engineer']);
  assert.equal(title('level 1 SOC analysts'), ['Level 1 SOC Analyst']);
  assert.equal(title('lead 4 engineering managers'), ['Lead']);
  // "Enterprise" before a segment's or a function's word is part of the title, not a company size.
  assert.equal(title('enterprise development representative in boston'), ['Enterprise Development Representative']);
  assert.equal(title('engineers at enterprise companies'), ['Engineer']);
  assert.equal(title('enterprise tams working in sydney'), ['Enterprise TAM']);
  // An industry word after an audience is the department ("Customer Education"), not context.
  assert.equal(title('head of customer education working in georgia'), ['Head of Customer Education']);
  assert.equal(title('head of BI climate tech'), ['Head of BI']);
  assert.equal(title('Head of Community gaming'), ['Head of Community']);
  // "Enterprise" before words naming companies is their size, never a title, nor Enterprise, Alabama.
  assert.equal(filters('sales leaders at enterprise security companies').locations, undefined);
  assert.equal(filters('sales leaders at enterprise security companies').company_size, { min: 1000 });
  assert.equal(title('Director of Enterprise Sales'), ['Director of Enterprise Sales']);
  // Not in "principles of": no title takes the word there.
  assert.not.ok(JSON.stringify(title('principles of design experts') ?? []).includes('Principal'));
});

test('an employer after a negation is ruled out, not asked for', () => {
  const employers = (q: string) => parse(q).companies.map((c) => [c.text, c.relation, c.exclude === true]);
  assert.equal(employers('engineers not at Google'), [['Google', 'current_employment', true]]);
  assert.equal(employers('engineers except at Google'), [['Google', 'current_employment', true]]);
  assert.equal(employers('engineers who never worked at Google'), [['Google', 'any_employment', true]]);
  assert.equal(employers('designers but not at Apple'), [['Apple', 'current_employment', true]]);
  assert.equal(employers('engineers other than at Meta'), [['Meta', 'current_employment', true]]);
  assert.equal(employers('engineers at Stripe, not at Google'), [
    ['Stripe', 'current_employment', false],
    ['Google', 'current_employment', true],
  ]);
  assert.equal(employers('engineers at Google'), [['Google', 'current_employment', false]]);
  assert.equal(employers('engineers at Google, not interns'), [['Google', 'current_employment', false]]);
});

test('"devs", trade shows, experience fields, "w/"', () => {
  // "dev" is a developer as the head, development before one.
  assert.equal(title('haskell devs near armenia'), ['Haskell Developer']);
  assert.equal(title('frontend devs in Berlin'), ['Frontend Developer']);
  assert.equal(title('devs in Berlin'), ['Developer']);
  assert.equal(title('biz dev managers in Austin'), ['Business Development Manager']);
  assert.equal(title('business dev reps'), ['Business Development Rep']);
  // "show" after the kind of show is part of the title; a search's "show" is not.
  assert.equal(title('trade show manager jobs balkans'), ['Trade Show Manager']);
  assert.equal(title('show engineers in Berlin'), ['Engineer']);
  assert.equal(title('show me engineers in Berlin'), ['Engineer']);
  // "<X> experience" fields.
  assert.equal(title('workplace experience managers located in saitama'), ['Workplace Experience Manager']);
  assert.equal(title('brand experience director'), ['Brand Experience Director']);
  assert.equal(filters('engineers with 5 years of experience').years_experience, { min: 5 });
  // "w/" is "with".
  assert.equal(filters('engineers w/ 5+ years in Berlin').years_experience, { min: 5 });
  assert.equal(parse('engineers w/ 5+ years in Berlin').keywords, []);
});

test('"Dev" alone is a name; "biz dev" is business development', () => {
  assert.is(title('Dev Patel'), undefined);
  assert.is(title('dev patel at google'), undefined);
  assert.equal(title('biz dev managers'), ['Business Development Manager']);
  assert.equal(title('Senior Dev in Berlin'), ['Senior Developer']);
});

test('a query that starts with what its writer is doing: the verb is no part of the title', () => {
  assert.equal(title('recruiting sanctions analysts for le havre'), ['Sanctions Analyst']);
  assert.equal(title('sourcing payroll specialists near Denver'), ['Payroll Specialist']);
  assert.equal(title('targeting CFOs in Texas'), ['CFO']);
  assert.equal(title('headhunting data engineers in Oslo'), ['Data Engineer']);
  assert.equal(title("we're recruiting nurses in Leeds"), ['Nurse']);
  assert.equal(title('staffing welders near Perth'), ['Welder']);
  // The recruiting team's own titles stay whole.
  assert.equal(title('recruiting operations managers in sf'), ['Recruiting Operations Manager']);
  assert.equal(title('Recruiting Manager Positions In Phoenix'), ['Recruiting Manager']);
  assert.equal(title('recruiting managers London'), ['Recruiting Manager']);
  assert.equal(title('recruiting interns currently in greater perth'), ['Recruiting Intern']);
  assert.equal(title('Sourcing Managers In The PRD'), ['Sourcing Manager']);
  assert.equal(title('scouting directors in Boston'), ['Scouting Director']);
  // What the writer asks for, before whom: its "to" or "with" makes no colleague of the title.
  assert.equal(title('trying to reach public relations managers in guayas'), ['Public Relations Manager']);
  assert.equal(title('intro to it directors in batumi'), ['IT Director']);
  assert.equal(title('introduce me to cfos in austin'), ['CFO']);
  assert.equal(title('linkedin profiles of radio promoters in greater chattanooga'), ['Radio Promoter']);
  assert.equal(title('kindly share toxicologists in nîmes'), ['Toxicologist']);
  assert.equal(title('any leads on insurance sales agents in maringá'), ['Insurance Sales Agent']);
  assert.equal(title('i search yocto engineers in koblenz'), ['Yocto Engineer']);
  assert.equal(title('booking photographers in the cook islands'), ['Photographer']);
  assert.equal(title('booking agents in Nashville'), ['Booking Agent']);
  assert.equal(title('search engineers in Berlin'), ['Search Engineer']);
  assert.equal(title('search engine optimization specialists in Leeds'), ['Search Engine Optimization Specialist']);
  // A colleague after "reports to" is still one.
  assert.equal(title('engineers who report to the CTO'), ['Engineer']);
  // Verbs that also start titles are the writer's only after a subject or before an executive or a level.
  assert.equal(title('Targeting Analysts in Washington DC'), ['Targeting Analyst']);
  assert.equal(title('prospecting geologists in Nevada'), ['Prospecting Geologist']);
  assert.equal(title('messaging engineers in Berlin'), ['Messaging Engineer']);
  assert.equal(title('hunting guides in Montana'), ['Hunting Guide']);
  assert.equal(title('targeting senior engineers in Oslo'), ['Senior Engineer']);
  assert.equal(title('we are targeting analysts in Leeds'), ['Analyst']);
  assert.equal(title('Sourcing Engineers in Shenzhen'), ['Sourcing Engineer']);
  assert.equal(title('Staffing Account Managers in Dallas'), ['Staffing Account Manager']);
  assert.equal(title('Booking Clerks in Leeds'), ['Booking Clerk']);
  assert.equal(title('Recruiting Business Partners in Austin'), ['Recruiting Business Partner']);
  assert.equal(title('share traders in London'), ['Share Trader']);
  // "Hiring manager" is still the person who hires.
  assert.equal(title('hiring managers in Austin'), undefined);
});

test('a slip in an ending that only makes people is that ending: "dermatologsts", "radiolgists", "pediatrican"', () => {
  assert.equal(title('dermatologsts in mansoura'), ['Dermatologist']);
  assert.equal(title('radiolgists in Leeds'), ['Radiologist']);
  assert.equal(title('pediatrican in Ohio'), ['Pediatrician']);
});

test("a title's domain after a comma names a field; anything else after the comma is not the title", () => {
  assert.equal(title('Director, Product Marketing in NYC'), ['Director, Product Marketing']);
  assert.equal(title('VP, Sales at Stripe'), ['VP, Sales']);
  assert.equal(title('Manager, FP&A in Boston'), ['Manager, FP&A']);
  assert.equal(title('req: wine marketing manager, alentejo'), ['Wine Marketing Manager']);
  assert.equal(title('Regional Vice President, KK'), ['Regional Vice President']);
});

test('"spec." and "rep." with their dot: a specialist; the republic before a country', () => {
  assert.equal(title('content review spec. in battambang'), ['Content Review Specialist']);
  assert.equal(title('spec writers in Leeds'), ['Spec Writer']);
  assert.equal(title('sales rep. in Ohio'), ['Sales Rep']);
  assert.equal(title('game marketing managers in the rep. of korea'), ['Game Marketing Manager']);
  assert.equal(parse('game marketing managers in the rep. of korea').places[0]?.name, 'South Korea');
});

test('abbreviated title words: mgmt, supv', () => {
  assert.equal(title('product mgmt directors in enugu state'), ['Product Management Director']);
  assert.equal(title('storyboard supv in greater reno'), ['Storyboard Supervisor']);
  assert.equal(title('draftsperson in molise'), ['Draftsperson']);
});

test('a database or systems administrator keeps the tool written before it', () => {
  assert.equal(title('oracle dba folks in lampung'), ['Oracle DBA']);
  assert.equal(title('Postgres DBAs in Berlin'), ['Postgres DBA']);
  assert.equal(title('Linux sysadmin in Leeds'), ['Linux Sysadmin']);
  assert.equal(title('sysadmins in Ohio'), ['Sysadmin']);
});

test('a practice named "X of Y" before the head is part of the title; a count or a collection of people is not', () => {
  assert.equal(title('voice of customer analysts in chile'), ['Voice of Customer Analyst']);
  assert.equal(title('point of sale engineers in ohio'), ['Point of Sale Engineer']);
  assert.equal(title('internet of things engineers'), ['Internet of Things Engineer']);
  assert.equal(title('line of business manager in texas'), ['Line of Business Manager']);
  assert.equal(title('list of product managers in ohio'), ['Product Manager']);
  assert.equal(title('profiles of sales engineers'), ['Sales Engineer']);
  assert.equal(title('chief of staff in texas'), ['Chief of Staff']);
  // "a team of" describes colleagues, as before.
  assert.equal(title('a team of data engineers in ohio'), undefined);
});

test('a compound glued by "-to-" is one word of the title, never the "to" of a colleague', () => {
  assert.equal(title('door-to-door salesperson wanted in joliet'), ['Door-to-Door Salesperson']);
  assert.equal(title('end-to-end test engineer'), ['End-to-End Test Engineer']);
  assert.equal(title('peer-to-peer tutors'), ['Peer-to-Peer Tutor']);
  assert.equal(parse('analysts who report to the CFO').contextTitles, ['CFO']);
});

test('where people live or come from describes them, not their title', () => {
  assert.equal(title('expat kindergarten teachers in mwanza'), ['Kindergarten Teacher']);
  // Titles that hold such a word otherwise keep it: "local", "refugee" and "foreign" name fields too.
  assert.equal(title('foreign correspondents'), ['Foreign Correspondent']);
  assert.equal(title('local government officers'), ['Local Government Officer']);
  assert.equal(title('refugee case managers'), ['Refugee Case Manager']);
});

test('an industry or tool inside a title stays in it; a product number between its name and the title too', () => {
  assert.equal(title('amazon marketplace managers'), ['Amazon Marketplace Manager']);
  assert.equal(title('embedded linux engineers in leuven'), ['Embedded Linux Engineer']);
  // Before the title's words, or after a level only, it is still the filter it was.
  assert.equal(title('senior fintech product owners'), ['Senior Product Owner']);
  assert.equal(title('dynamics 365 developers in the emirates'), ['Dynamics 365 Developer']);
  assert.equal(title('office 365 administrators'), ['Office 365 Administrator']);
  // A count after a verb is none.
  assert.not.ok(JSON.stringify(parse('managing 250 nurses').filters).includes('250'));
});

test('a request ("could you pull", "gimme", "i\'d like to meet", "please") is no part of the title', () => {
  assert.equal(title('could you pull robotics technicians in kaiserslautern'), ['Robotics Technician']);
  assert.equal(title('gimme siebel developers'), ['Siebel Developer']);
  assert.equal(title("i'd like to meet agency recruiters in joensuu"), ['Agency Recruiter']);
  assert.equal(title('please pull data engineers'), ['Data Engineer']);
  assert.equal(title('kindly share toxicologists in nîmes'), ['Toxicologist']);
});

test('greetings, urgency, "anyone know", "identify" and search verbs of other languages open a request', () => {
  assert.equal(title('hey team, does anyone here know tenant liaisons in malmö?'), ['Tenant Liaison']);
  assert.equal(title('anyone know hydrographic surveyors in aberdeen?'), ['Hydrographic Surveyor']);
  assert.equal(title('objective: identify mechatronics technicians in detroit'), ['Mechatronics Technician']);
  assert.equal(title('URGENT TOWER CRANE OPERATORS LEEDS'), ['Tower Crane Operator']);
  // A greeting is "hey", "hi", "hello" with whom it addresses: "Team Lead, Berlin" greets no one,
  // and "Hi" before a comma is no Hawaii.
  assert.equal(filters('Team Lead, Berlin'), { job_titles: { include: ['Team Lead'] }, locations: { include: ['Berlin'] } });
  assert.equal(filters('Hi team, looking for nurses in Ohio'), { job_titles: { include: ['Nurse'] }, locations: { include: ['Ohio'] } });
  assert.equal(filters('busco director of brand partnerships en estados unidos'), {
    job_titles: { include: ['Director of Brand Partnerships'] },
    locations: { include: ['estados unidos'] },
  });
  assert.equal(filters('cherche amazon ads specialists en allemagne').locations?.include, ['allemagne']);
  assert.equal(
    parse('food stylists in Oz').places.map((p) => p.countryCode),
    ['AU'],
  );
  // "Urgent Care" is a field of medicine; "Oz" alone is no place.
  assert.equal(title('urgent care nurses in Ohio'), ['Urgent Care Nurse']);
  assert.is(filters('wizard of oz fans').locations, undefined);
});

test('an agent\'s "key=value" fields, acronyms as written in capitals, praise after a title', () => {
  assert.equal(filters('role=LLVM Engineer; geo=Greater Prague; limit 25'), {
    job_titles: { include: ['LLVM Engineer'] },
    locations: { include: ['Greater Prague'] },
  });
  assert.equal(title('CUDA devs in Austin'), ['CUDA Developer']);
  assert.equal(title('URGENT TOWER CRANE OPERATORS'), ['Tower Crane Operator']);
  assert.equal(title('antiques dealers worth knowing in la rochelle'), ['Antiques Dealer']);
  assert.equal(title('high net worth advisors in London'), ['High Net Worth Advisor']);
});

test('stop words that open titles ("live", "background"), "remote" before a field, people-only endings, FX', () => {
  assert.equal(title('live chat agents in ayiti'), ['Live Chat Agent']);
  assert.equal(title('background screening analysts'), ['Background Screening Analyst']);
  assert.equal(title('engineers who live in lyon'), ['Engineer']);
  assert.equal(title('remote sensing analysts'), ['Remote Sensing Analyst']);
  assert.equal(parse('remote data engineers').keywords, ['remote']);
  assert.equal(title('solopreneurs on norfolk island'), ['Solopreneur']);
  assert.equal(title('fx traders in london'), ['FX Trader']);
});

test('"no fewer than" years is a minimum', () => {
  assert.equal(filters('fx traders in ethiopia no fewer than 6 years experience').years_experience, { min: 6 });
  assert.equal(filters('engineers with not fewer than 3 years').years_experience, { min: 3 });
});

test('"-of-" compounds and plural abbreviations; "Ste." keeps its dot inside a place', () => {
  assert.equal(title('out-of-home media planners'), ['Out-of-Home Media Planner']);
  assert.equal(title('marketing coords in ohio'), ['Marketing Coordinator']);
  assert.equal(title('apprenticeship coords in sault ste. marie'), ['Apprenticeship Coordinator']);
  assert.equal(filters('apprenticeship coords in sault ste. marie').locations?.include, ['sault ste. marie']);
});

test('praise and credentials glued before a title describe the person: "well-connected", "board-certified"', () => {
  assert.equal(title('well-connected travel writers'), ['Travel Writer']);
  assert.equal(title('board-certified oncologists'), ['Oncologist']);
  assert.equal(title('board certified behavior analysts'), ['Board Certified Behavior Analyst']);
});

test('where and how someone was born, trained or licensed, glued before a title, describes the person', () => {
  assert.equal(title('US-born engineers'), ['Engineer']);
  assert.equal(title('Harvard-educated lawyers'), ['Lawyer']);
  assert.equal(title('self-taught developers'), ['Developer']);
  assert.equal(title('PMP-certified project managers'), ['Project Manager']);
  assert.equal(filters('UK-qualified solicitors in Dubai'), { job_titles: { include: ['Solicitor'] }, locations: { include: ['Dubai'] } });
  // Written apart, the words stay the title's own.
  assert.equal(title('certified public accountants'), ['Certified Public Accountant']);
  assert.equal(title('licensed practical nurses'), ['Licensed Practical Nurse']);
});

test.run();
