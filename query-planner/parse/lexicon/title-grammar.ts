/**
 * Word classes of the title grammar (query-planner/parse/titles.ts): which words open, extend or
 * end a title, and which stand before one without being part of it.
 */
/** Words after "it" that make it "IT" ("IT manager", "IT support specialist"). */
export const IT_FOLLOWERS = new Set(
  'manager director administrator admin specialist technician analyst consultant engineer support security operations ops project helpdesk help infrastructure auditor architect recruiter lead head service services'.split(
    ' ',
  ),
);

/** "<X> experience" as a domain ("Developer Experience Engineer", "Customer Experience Manager"). */
export const EXPERIENCE_COMPOUNDS = new Set([
  'developer',
  'customer',
  'user',
  'guest',
  'patient',
  'employee',
  'member',
  'candidate',
  'client',
  'player',
  'digital',
  'learning',
  'product',
  'partner',
  'workplace',
  'brand',
  'visitor',
  'fan',
  'student',
  'citizen',
  'event',
  'consumer',
  'shopper',
  'talent',
  'people',
  'associate',
  'community',
]);

/**
 * Stop words that open a title when more title words follow: "Employee Relations Specialist",
 * "Employer Branding Manager", "Deep Learning Engineer", "Knowledge Manager", "Mine Planner" (the
 * pronoun "mine" never stands before a noun), "Live Chat Agent", "Background Screening Analyst".
 * Elsewhere they stay stop words ("employee at Acme", "deep expertise", "a friend of mine", "who
 * live in Lyon", "a background in finance").
 */
export const STOP_WORD_MODIFIERS = new Set(['employee', 'employer', 'deep', 'knowledge', 'member', 'mine', 'live', 'background']);
/** Kinds of show that make a title's field with it ("trade show manager"; not "show engineers in Berlin"). */
export const SHOW_KINDS =
  /^(trade|road|game|talk|tv|television|radio|car|auto|air|fashion|art|horse|dog|boat|home|runway|stage|live|award|awards)$/;

/** Domain words that end a title after a head noun ("Developer Relations", "Partner Operations"). */
export const DOMAIN_TAILS = new Set([
  'relations',
  'operations',
  'ops',
  'experience',
  'enablement',
  'advocacy',
  'success',
  'excellence',
  'affairs',
]);

/** Level words before which other words are context ("growth associate product manager"). */
export const STRONG_LEVELS = new Set([
  'senior',
  'sr',
  'junior',
  'jr',
  'staff',
  'principal',
  'distinguished',
  'associate',
  'founding',
  'chief',
  'head',
  'director',
  'vp',
  'svp',
  'evp',
  'avp',
  'rvp',
  'gvp',
  'managing',
  'lead',
]);

/** Words after which "eng" is the department, not the engineer ("VP Eng", "Head of Eng"). */
export const DEPARTMENT_BEFORE = new Set([
  'vp',
  'svp',
  'evp',
  'avp',
  'rvp',
  'gvp',
  'head',
  'chief',
  'director',
  'dir',
  'president',
  'cto',
  'leader',
  'leadership',
  'manager',
  'mgr',
]);

/** Whom a department serves, before what it gives them: "Customer Education", "Patient Care". */
export const AUDIENCES = new Set([
  'customer',
  'client',
  'developer',
  'partner',
  'patient',
  'member',
  'user',
  'employee',
  'student',
  'community',
]);
/** What a department gives its audience that is also an industry's name ("education"); sectors ("gaming", "crypto") are not. */
export const SERVICE_WORDS = new Set(['education', 'training', 'learning', 'care', 'safety', 'wellness', 'health', 'insurance']);

/**
 * Nouns of a number, a collection or a part, and documents about people: before "of" they count
 * or gather the people a title names ("a team of data engineers", "a list of product managers",
 * "profiles of sales engineers"), never name a practice the title belongs to ("Voice of Customer
 * Analyst"). General English.
 */
export const PARTITIVES = new Set([
  ...['team', 'teams', 'group', 'groups', 'list', 'lists', 'lot', 'lots', 'bunch', 'number', 'numbers', 'couple', 'pool', 'network'],
  ...['panel', 'database', 'directory', 'set', 'range', 'variety', 'mix', 'handful', 'dozen', 'dozens', 'hundreds', 'thousands'],
  ...['kind', 'kinds', 'sort', 'sorts', 'type', 'types', 'all', 'most', 'some', 'many', 'few', 'each', 'none', 'one', 'any', 'both'],
  ...['either', 'community', 'cohort', 'class', 'crew', 'squad', 'army', 'host', 'board', 'committee', 'council', 'roster'],
  ...['shortlist', 'pipeline', 'bench', 'batch', 'slate', 'series', 'cluster', 'collection', 'selection', 'sample', 'share'],
  ...['majority', 'rest', 'percent', 'half', 'part', 'member', 'members', 'alumni', 'names', 'profiles', 'contacts', 'emails'],
  ...['resumes', 'cvs', 'details', 'examples', 'introductions', 'intros', 'referrals'],
]);

/** Determiners skipped when looking at what precedes a title. */
export const DETERMINERS = new Set(['the', 'a', 'an', 'our', 'your', 'their', 'my', 'his', 'her', 'its', 'other', 'fellow', 'all']);
/** Words that are no title on their own ("people in fintech"). */
export const NOT_ALONE = new Set(['people', 'talent', 'team', 'teams', 'staff', 'folks', 'leadership']);

/** Nouns for a group of people that end a phrase without being its title: "marketing people", "senior folks". */
export const COLLECTIVE = new Set(['people', 'folks', 'persons', 'talent', 'staff', 'crowd', 'types', 'professionals', 'employees']);

/** What "in" introduces inside a title: "Engineer in Test", "Entrepreneur in Residence", "Engineer in Training". */
export const IN_TITLE_COMPLEMENTS = new Set(['test', 'residence', 'training', 'charge', 'chief']);

/**
 * Pairs of words joined by "and" or "&" that name one field, not two ("Strategy & Operations
 * Lead" is no Strategy Lead; "Research and Development Engineer" no Research Engineer): the
 * common binomials of the job market, many with their own initials (R&D, H&S, M&A, L&D, F&B,
 * C&B, M&E, D&I, S&OP, O&M). Written "first second".
 */
export const ONE_FIELD_PAIRS = new Set([
  ...['research development', 'health safety', 'mergers acquisitions', 'learning development', 'food beverage', 'trust safety'],
  ...['compensation benefits', 'monitoring evaluation', 'diversity inclusion', 'equity inclusion', 'strategy operations'],
  ...['sales operations', 'operations maintenance', 'planning analysis', 'tool die', 'build release', 'identity access'],
  ...['import export', 'oil gas', 'hair makeup', 'governance risk', 'risk compliance', 'environment health', 'safety health'],
]);
