/**
 * Pasted briefs: the parser keeps exactly the role(s) the brief hires for as `job_titles`; the
 * titles of people the hire works with, reports to or manages, and titles in noise phrases,
 * are context (`contextTitles`, `context_title` in `recognized`), never a filter.
 * The briefs are written for this test in varied styles; none comes from an evaluation set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { isBrief } from '../../query-planner/parse/brief-roles.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';

interface Case {
  name: string;
  brief: string;
  roles: string[];
  /** Titles that must be shown as context (a subset of what the parser reports). */
  context?: string[];
}

const CASES: Case[] = [
  {
    name: 'one role, reports to a C-level, works with PMs',
    brief: `We're hiring a Senior Backend Engineer to join our payments team in Berlin. You will report to the VP of Engineering and work closely with product managers and designers. 5+ years with Go or Java.`,
    roles: ['Senior Backend Engineer'],
    context: ['VP of Engineering', 'Product Manager', 'Designer'],
  },
  {
    name: 'heading line, then "As our X", manages a team',
    brief: `Head of Sales\nAcme is a Series B fintech in London. As our Head of Sales you will build a team of Account Executives and partner with our Marketing Director. 8+ years in B2B SaaS sales.`,
    roles: ['Head of Sales'],
    context: ['Account Executive', 'Marketing Director'],
  },
  {
    name: 'several roles announced together',
    brief: `We are hiring a Head of Sales and two Account Executives in New York. Reporting to the Chief Revenue Officer, collaborate with our Sales Directors on enterprise deals.`,
    roles: ['Head of Sales', 'Account Executive'],
    context: ['Chief Revenue Officer', 'Sales Director'],
  },
  {
    name: 'noise: funded by VCs, backed by a fund',
    brief: `Fast-growing climate startup backed by Sequoia and funded by top-tier VCs is looking for a Data Engineer in Amsterdam. You'll own our pipelines end to end.`,
    roles: ['Data Engineer'],
  },
  {
    name: 'label "Role:"',
    brief: `Role: Product Designer\nLocation: Remote (Europe)\nYou will collaborate with product managers and engineers to ship features weekly. Reporting to the Head of Design.`,
    roles: ['Product Designer'],
    context: ['Product Manager', 'Head of Design'],
  },
  {
    name: 'label "Job title:"',
    brief: `Job title: Customer Success Manager\nWe are a 40-person SaaS company in Toronto. The role supports our Account Executives after the sale and works alongside the CTO on onboarding.`,
    roles: ['Customer Success Manager'],
    context: ['Account Executive', 'CTO'],
  },
  {
    name: 'the subject: "the X will"',
    brief: `About the role. The Staff Data Scientist will lead experimentation across the company. You will partner with Product Managers and Analytics Engineers. At least 7 years of experience.`,
    roles: ['Staff Data Scientist'],
    context: ['Product Manager', 'Analytics Engineer'],
  },
  {
    name: 'seeking, with founders as context',
    brief: `Our founders previously built two developer tools companies. We are now seeking a Founding Engineer in San Francisco who will work directly with the founders.`,
    roles: ['Founding Engineer'],
  },
  {
    name: 'looking for, managing a team of N',
    brief: `We're looking for an Engineering Manager in Austin. You will be managing a team of 6 engineers and working with the Director of Product. Experience with hiring is a plus.`,
    roles: ['Engineering Manager'],
    context: ['Director of Product'],
  },
  {
    name: 'join us as',
    brief: `Join us as a Senior Product Marketing Manager! You will work alongside the VP of Marketing and support our Sales Engineers with launch content. Based in Chicago, hybrid.`,
    roles: ['Senior Product Marketing Manager'],
    context: ['VP of Marketing', 'Sales Engineer'],
  },
  {
    name: 'heading with place and dash',
    brief: `Senior DevOps Engineer - Dublin\nYou'll be part of a platform team of 5. Reporting to the Head of Infrastructure. Kubernetes and Terraform required.`,
    roles: ['Senior DevOps Engineer'],
    context: ['Head of Infrastructure'],
  },
  {
    name: 'need a, report into',
    brief: `We need a Financial Controller for our Paris office. The position reports into the CFO and works closely with external auditors. 10 years of experience, French speaker.`,
    roles: ['Financial Controller'],
    context: ['CFO'],
  },
  {
    name: 'no cue: first title nobody owns',
    brief: `Recruiter, tech hiring. Small team in Lisbon. Support our hiring managers and the Head of People on engineering roles. Three years in agency or in-house recruiting.`,
    roles: ['Recruiter'],
    context: ['Head of People'],
  },
  {
    name: 'hiring three roles with "plus"',
    brief: `We're hiring two Backend Engineers, a Frontend Engineer and a QA Engineer for our Warsaw hub. The team reports to the Engineering Director.`,
    roles: ['Backend Engineer', 'Frontend Engineer', 'QA Engineer'],
    context: ['Engineering Director'],
  },
  {
    name: 'brief in lowercase prose',
    brief: `we are looking for a growth marketer in berlin. you will collaborate with our designers and report to the head of marketing. startup experience preferred.`,
    roles: ['Growth Marketer'],
    context: ['Designer', 'Head of Marketing'],
  },
  {
    name: 'As our X, you will',
    brief: `Acme Health is a Series A digital health company. As our Clinical Operations Manager, you will work with physicians and nurses across three states and report to the COO.`,
    roles: ['Clinical Operations Manager'],
    context: ['COO'],
  },
  {
    name: 'label with dash and led-by noise',
    brief: `Position - Machine Learning Engineer\nOur research group is led by a former Google Research Scientist. You will collaborate with data scientists to ship models into production.`,
    roles: ['Machine Learning Engineer'],
    context: ['Data Scientist'],
  },
  {
    name: 'recruiting for, mentor juniors',
    brief: `We are recruiting for a Principal Software Engineer in Seattle. You will mentor junior engineers and partner with the CTO on architecture. 12+ years of experience.`,
    roles: ['Principal Software Engineer'],
    context: ['CTO'],
  },
  {
    name: 'hiring: label colon',
    brief: `We're hiring: Account Executive (Mid-Market)\nYou'll work with SDRs and Sales Engineers and report to our VP of Sales. Based in Denver.`,
    roles: ['Account Executive'],
    context: ['VP of Sales'],
  },
  {
    name: 'the X is responsible',
    brief: `Summary. The Payroll Specialist is responsible for payroll in five countries. Works with the HR Business Partners and reports to the Finance Director. Based in Madrid.`,
    roles: ['Payroll Specialist'],
    context: ['Finance Director'],
  },
  {
    name: 'a few roles, said so, with a team of',
    brief: `Looking for a Product Manager or a Product Owner to lead a team of 8 engineers. You will partner with our UX Researchers. London or remote.`,
    roles: ['Product Manager', 'Product Owner'],
    context: ['UX Researcher'],
  },
  {
    name: 'customers and users are context',
    brief: `Our platform is trusted by recruiters and used by hiring teams at 500 companies. We are looking for a Solutions Engineer in Singapore to help our Account Executives close deals.`,
    roles: ['Solutions Engineer'],
  },
  {
    name: 'heading line, founders and investors below',
    brief: `Head of Finance\nSeed-stage startup founded by two ex-Stripe engineers, backed by top angel investors. You will work with the CEO on fundraising and manage a team of 2 accountants.`,
    roles: ['Head of Finance'],
  },
  {
    name: 'wants, long brief',
    brief: `Northwind is a logistics scale-up with 300 people across Europe. The company wants a Supply Chain Analyst in Rotterdam. You will work with warehouse managers, partner with the procurement team and report to the Head of Operations. We value curiosity. Experience with SQL and Excel.`,
    roles: ['Supply Chain Analyst'],
    context: ['Head of Operations'],
  },
  {
    name: 'title first in a sentence, then "the X will"',
    brief: `Senior Frontend Engineer wanted in Munich. The Senior Frontend Engineer will work with two designers and a product manager. React and TypeScript.`,
    roles: ['Senior Frontend Engineer'],
    context: ['Designer', 'Product Manager'],
  },
  {
    name: 'interface with executives',
    brief: `We are seeking an Executive Assistant in Boston. You will support our CEO and interface with the leadership team and board members. Five years supporting C-level executives.`,
    roles: ['Executive Assistant'],
    context: ['CEO'],
  },
  {
    name: 'the role named again after a relation list',
    brief: `Title: Senior Accountant\nDepartment: Finance\nReporting to the Controller, the Senior Accountant will manage month-end close.`,
    roles: ['Senior Accountant'],
    context: ['Controller'],
  },
  {
    name: 'heading with a bracketed note beats a hiring verb about customers',
    brief: `Senior Recruiter (Tech) | Remote US\nWe help startups hire engineers. Our recruiters partner with hiring managers and founders.`,
    roles: ['Senior Recruiter'],
    context: ['Engineer', 'Founder'],
  },
  {
    name: 'title, comma, domain; lead N managers',
    brief: `Director of Engineering, Platform. NYC. You will lead 4 engineering managers and 30 engineers, and report to the CTO.`,
    roles: ['Director of Engineering'],
    context: ['Engineering Manager', 'CTO'],
  },
];

for (const c of CASES) {
  test(`brief: ${c.name}`, () => {
    assert.ok(isBrief(c.brief, c.brief.split(/\s+/).length), 'the text is a brief');
    const p = parsePeopleQuery(c.brief);
    assert.equal(p.filters.job_titles?.include ?? [], c.roles);
    for (const ctx of c.context ?? []) assert.ok(p.contextTitles.includes(ctx), `${ctx} is context: ${JSON.stringify(p.contextTitles)}`);
    for (const r of c.roles) assert.not.ok(p.contextTitles.includes(r), `${r} is not context`);
    const shown = p.recognized.filter((r) => r.kind === 'context_title').map((r) => r.value);
    assert.equal([...new Set(shown)], p.contextTitles);
  });
}

test('brief: queries that are no brief keep all their titles', () => {
  assert.equal(parsePeopleQuery('SDRs and BDRs in Austin').filters.job_titles?.include, ['SDR', 'BDR']);
  assert.equal(parsePeopleQuery('product managers or designers at fintech startups').filters.job_titles?.include, [
    'Product Manager',
    'Designer',
  ]);
});

test.run();
