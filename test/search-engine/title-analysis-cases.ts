/**
 * Documents and cases of the title analysis (`proxima_title`: plurals folded, nothing else), run
 * by the shared engine suite (engine-suite.test.ts) against every adapter, so both engines give
 * the same rows. The people-noun/field-noun pairs are the ones the relevance tester found merged
 * by the Porter stemmer the titles had before.
 */
import type { Query } from '../../search-engine/port.js';
import { P } from './engine-suite-cases.js';

const person = (id: string, title: string, past: string[] = [], headline?: string) =>
  P(id, null, {
    current_title: title,
    ...(headline ? { headline } : {}),
    experiences: [
      { company_id: 'c1', company_name: 'Acme', title, is_current: true, start: '2024-01' },
      ...past.map((t, i) => ({
        company_id: `c${i + 2}`,
        company_name: 'Globex',
        title: t,
        is_current: false,
        start: '2015-01',
        end: '2019-01',
      })),
    ],
  });

export const TITLE_DOCS = [
  person('t01', 'Accountant'),
  person('t02', 'Account Executive'),
  person('t03', 'Senior Software Engineer'),
  person('t04', 'Engineering Manager', ['Software Engineer']),
  person('t05', 'Software Development Manager'),
  person('t06', 'Software Developer'),
  person('t07', 'Sales Manager'),
  person('t08', 'Activities Coordinator'),
  person('t09', 'Activity Coordinator'),
  person('t10', 'Accounting Manager'),
  person('t11', 'Account Manager'),
  person('t12', 'Head of Recruiting', [], 'Recruiting for engineering teams'),
  person('t13', 'Technical Recruiter'),
];

export interface TitleCase {
  name: string;
  query: Query;
  ids: string[];
}

const phrase = (field: string, text: string): Query => ({ match_phrase: { [field]: text } });
const past = (text: string): Query => ({ nested: { path: 'experiences', query: phrase('experiences.title', text) } });

export const TITLE_CASES: TitleCase[] = [
  { name: 'an agent noun does not meet its field noun: Accountant', query: phrase('current_title', 'Accountant'), ids: ['t01'] },
  { name: 'plural query, singular title: Accountants', query: phrase('current_title', 'Accountants'), ids: ['t01'] },
  { name: 'Software Developer is not Software Development Manager', query: phrase('current_title', 'Software Developer'), ids: ['t06'] },
  { name: 'Engineer is not Engineering Manager', query: phrase('current_title', 'Engineer'), ids: ['t03'] },
  { name: 'Engineers (plural) meets Senior Software Engineer', query: phrase('current_title', 'Engineers'), ids: ['t03'] },
  { name: 'engineer (lowercase) meets Senior Software Engineer', query: { match: { current_title: 'engineer' } }, ids: ['t03'] },
  { name: 'Sales Managers meets Sales Manager', query: phrase('current_title', 'Sales Managers'), ids: ['t07'] },
  { name: 'Activities Coordinator (-ies) meets both', query: phrase('current_title', 'Activities Coordinator'), ids: ['t08', 't09'] },
  { name: 'Activity Coordinator meets both', query: phrase('current_title', 'Activity Coordinator'), ids: ['t08', 't09'] },
  { name: 'Account Manager is not Accounting Manager', query: phrase('current_title', 'Account Manager'), ids: ['t11'] },
  { name: 'Recruiter is not Head of Recruiting', query: phrase('current_title', 'recruiters'), ids: ['t13'] },
  { name: 'past titles: Software Engineer in a nested title only', query: past('Software Engineers'), ids: ['t03', 't04'] },
  {
    name: 'prose keeps Porter stemming: recruiters meets a Recruiting headline',
    query: { match: { headline: 'recruiters' } },
    ids: ['t12'],
  },
];
