/**
 * Requests in other languages and chat's shorthand (parse/leading-verbs.ts, places.ts): the verbs
 * of seeking, needing and hiring as requests open with them, their subjects and articles, other
 * languages' "in" before a place, Filipino's polite "po", and "ngl", "imo", "LF" opening a request.
 * None of it is part of the title; the place after such an "in" is read.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const title = (q: string) => parsePeopleQuery(q).filters.job_titles?.include;
const places = (q: string) => parsePeopleQuery(q).filters.locations?.include;

test("other languages' verbs of seeking and hiring, with their subject, open the request", () => {
  assert.equal(title('aranıyor devops engineers in Izmir'), ['DevOps Engineer']);
  assert.equal(title('keresünk data analysts in Debrecen'), ['Data Analyst']);
  assert.equal(title('iščemo frontend developers, Ljubljana'), ['Frontend Developer']);
  assert.equal(title('wij zoeken payroll specialists in Utrecht'), ['Payroll Specialist']);
  assert.equal(title('se necesitan welders en Monterrey'), ['Welder']);
  assert.equal(title('on recrute des data engineers à Lyon'), ['Data Engineer']);
  assert.equal(title('vi behöver backend developers i Malmö'), ['Backend Developer']);
  assert.equal(title('etsimme cloud architects, Tampere'), ['Cloud Architect']);
  assert.equal(title('angajăm tax advisors în Cluj'), ['Tax Advisor']);
  assert.equal(title('tunatafuta accountants in Mombasa'), ['Accountant']);
});

test('their articles and particles are the request\'s ("söker en", "precisamos de", "need po ng")', () => {
  assert.equal(title('vi søker en product owner i Bergen'), ['Product Owner']);
  assert.equal(title('procuramos de um site engineer em Braga'), ['Site Engineer']);
  assert.equal(title('need po ng welders sa Davao'), ['Welder']);
  assert.equal(places('need po ng welders sa Davao'), ['Davao']);
  assert.equal(title('hanap po mga cashiers sa Iloilo'), ['Cashier']);
});

test('other languages\' "in" before a place after a title', () => {
  assert.equal(places('vi trenger nurses i Nordland'), ['Nordland']);
  assert.equal(places('tražimo electricians u Tuzla'), ['Tuzla']);
  assert.equal(places('cần tuyển accountants tại Bình Dương'), ['Bình Dương']);
  assert.equal(places('chefs de cuisine basés au Maroc'), ['Maroc']);
  assert.equal(places('welders sa Pampanga'), ['Pampanga']);
  // "tai" without its marks is Finnish "or"; "I" in capitals is the writer.
  assert.equal(places('nurses, suomi tai ruotsi'), ['suomi']);
  assert.equal(title('I need nurses'), ['Nurse']);
});

test('chat\'s shorthand and a commit\'s "add" open a request; "Imo State" and "ADD" stay', () => {
  assert.equal(title('ngl rust developers in Lisbon are hard to find'), ['Rust Developer']);
  assert.equal(title('tbh welders in Perth'), ['Welder']);
  assert.equal(title('imo flutter developers in Kraków are the best'), ['Flutter Developer']);
  assert.equal(title('LF tattoo artists in Bristol'), ['Tattoo Artist']);
  assert.equal(title('chore(sourcing): add payroll clerks, Leeds'), ['Payroll Clerk']);
  assert.equal(places('imo state pharmacists'), ['imo state']);
  assert.equal(title('ADD coaches in Denver'), ['Add Coach']);
});

test("a heading naming the message, a colleague who asks, a user story's role, a time of day's greeting are the writer's", () => {
  assert.equal(title('hiring request: tower crane operators in Dundee'), ['Tower Crane Operator']);
  assert.equal(title('our CFO wants a head of tax in Cork'), ['Head of Tax']);
  assert.equal(title('my boss needs payroll clerks in Hull'), ['Payroll Clerk']);
  assert.equal(title('as a clinic owner i need dental nurses in Derby'), ['Dental Nurse']);
  assert.equal(title('morning! pastry chefs in Nice'), ['Pastry Chef']);
  // Not a title before another colon, nor "GM" before a word.
  assert.equal(title('Hiring Manager: find welders'), ['Welder']);
  assert.equal(title('GM for a hotel in Leeds'), ['GM']);
});

test("machine text: a CSV row without spaces after its commas, a command line's place flag", () => {
  assert.equal(title('rows: Senior Data Engineer,DEU,open'), ['Senior Data Engineer']);
  assert.equal(places('rows: Senior Data Engineer,DEU,open'), ['Germany']);
  assert.equal(places('people search --title welder --loc "Gelsenkirchen"'), ['Gelsenkirchen']);
  assert.equal(places('people search --city Mönchengladbach --limit 10'), ['Mönchengladbach']);
  // Digits keep their thousands' commas.
  assert.equal(parsePeopleQuery('nurses with 1,000 patients').filters.job_titles?.include, ['Nurse']);
});

test("metros by their own languages' words: the city's metro where the gazetteer has one", () => {
  assert.equal(parsePeopleQuery('welders in Área Metropolitana de Guadalajara').places[0]?.kind, 'metro');
  assert.equal(places('nurses, Região Metropolitana de Campinas'), ['Região Metropolitana de Campinas']);
  assert.equal(parsePeopleQuery('welders in Großraum Nürnberg').places[0]?.city, 'Nürnberg');
  assert.equal(parsePeopleQuery('actuaries, québec metro area, bilingual').places[0]?.kind, 'city');
});

test.run();
