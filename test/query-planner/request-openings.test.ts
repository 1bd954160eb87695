/**
 * How requests open (parse/leading-verbs.ts, tokens.ts, places.ts): hesitations, a heading before
 * a colon, verbs of finding with their particle, imperatives, other languages' verbs and words for
 * "in", greetings to people and assistants, hashtags. None of it is part of the title.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

const title = (q: string) => parsePeopleQuery(q).filters.job_titles?.include;
const places = (q: string) => parsePeopleQuery(q).filters.locations?.include;

test('hesitations and filler words are no part of a title', () => {
  assert.equal(title('um we want erm flight dispatchers in Denver'), ['Flight Dispatcher']);
  assert.equal(title('so i need hmm pastry chefs'), ['Pastry Chef']);
  assert.equal(title('ok we need umm crane operators'), ['Crane Operator']);
  // In capitals, or "er" / "hm" at all, they are acronyms of the trade.
  assert.equal(title('head of ERM'), ['Head of ERM']);
  assert.equal(title('ERM analysts in Chicago'), ['ERM Analyst']);
  assert.equal(title('HM Treasury economists'), ['HM Treasury Economist']);
  assert.ok(title('UH alumni engineers')?.[0]?.startsWith('Uh '));
  assert.ok(title('er nurses in Boston')?.[0]?.startsWith('Er '));
});

test('a team verb before a noun it makes a compound with is that noun, a word of the title', () => {
  assert.equal(title('source control engineers'), ['Source Control Engineer']);
  assert.equal(title('source code auditors in Austin'), ['Source Code Auditor']);
  assert.equal(title('scout masters in Texas'), ['Scout Master']);
  assert.equal(title('scout troop leaders'), ['Scout Troop Leader']);
  // Before anything else it is still the imperative.
  assert.equal(title('source litigation paralegals in Denver'), ['Litigation Paralegal']);
});

test('a request starts again after a heading and its colon', () => {
  assert.equal(title('memo for Ana: pull dental hygienists in Leeds'), ['Dental Hygienist']);
  assert.equal(title('JIRA-77: source grant writers in Austin'), ['Grant Writer']);
  // A heading's field keeps a title that opens with a team verb.
  assert.equal(title('title: sourcing manager'), ['Sourcing Manager']);
});

test('verbs of finding with their particle, and imperatives of the recruiting trade', () => {
  assert.equal(title('look up soil scientists in Fresno'), ['Soil Scientist']);
  assert.equal(title('hunt down patent attorneys in Munich'), ['Patent Attorney']);
  assert.equal(title('seek out sommeliers in Lyon'), ['Sommelier']);
  assert.equal(title('scout tax lawyers in Oslo'), ['Tax Lawyer']);
  assert.equal(title('recruit welders in Perth'), ['Welder']);
  // An opening phrase is no subject: a title verb after it starts the title.
  assert.equal(title('dig up messaging engineers in Austin'), ['Messaging Engineer']);
  // The team's own titles stay.
  assert.equal(title('scout leaders in Leeds'), ['Scout Leader']);
  assert.equal(title('messaging engineers in Berlin'), ['Messaging Engineer']);
});

test('other languages\' verbs and articles, and their words for "in"', () => {
  assert.equal(title('necesitamos una data engineer en Madrid'), ['Data Engineer']);
  assert.equal(title('szukamy QA testers w Krakowie'), ['QA Tester']);
  assert.equal(title('estamos buscando android developers en Lima'), ['Android Developer']);
  assert.equal(title('cari web developers di Bandung'), ['Web Developer']);
  assert.equal(places('cari web developers di Bandung'), ['Bandung']);
  assert.equal(title('procuro java developers em Curitiba'), ['Java Developer']);
  // In capitals they are acronyms of the trade.
  assert.equal(title('DI engineers in Pune'), ['DI Engineer']);
  assert.equal(title('EM physicians in Ohio'), ['EM Physician']);
});

test('greetings to a person or a voice assistant, text speak, hashtags', () => {
  assert.equal(title('Dear all, please share radiographers in Nagpur'), ['Radiographer']);
  assert.equal(title('hey alexa search linkedin for tree surgeons in Bristol'), ['Tree Surgeon']);
  assert.equal(title('any1 got sound engineers in Cork'), ['Sound Engineer']);
  assert.equal(title('#hiring baristas #manchester'), ['Barista']);
  assert.equal(places('#hiring baristas #manchester'), ['manchester']);
  assert.equal(title('C# developers in Leeds'), ['C# Developer']);
});

test('who the writer is and for whom they ask are no part of the title', () => {
  assert.equal(title('recruiter here — looking for welders in Leeds'), ['Welder']);
  assert.equal(title('hey all, PM here: need nurses in Ohio'), ['Nurse']);
  assert.equal(title('on behalf of the CEO, find CFOs in Texas'), ['CFO']);
  // "here" inside the request is not an introduction.
  assert.equal(title('nurses here in Ohio'), ['Nurse']);
});

test('a particle glued to the word before it makes a compound of the title', () => {
  assert.equal(title('check-in supervisors in Leeds'), ['Check-in Supervisor']);
  assert.equal(title('walk-in clinic nurses in Leeds'), ['Walk-in Clinic Nurse']);
  assert.equal(title('hands-on engineers in Leeds'), ['Engineer']);
});

test('"go-to" is an adjective, not a colleague\'s "to"; "cover" before a title word is the noun', () => {
  assert.equal(title('our go-to tax advisers in Leeds'), ['Tax Adviser']);
  assert.equal(title('album cover artists in Leeds'), ['Album Cover Artist']);
  assert.equal(title('reps to cover texas'), ['Rep']);
});

test.run();
