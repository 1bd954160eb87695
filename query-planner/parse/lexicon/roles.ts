/**
 * Role cues of a pasted brief: the words that announce the role to hire ("we're hiring a",
 * "Role:", "As our ...") and the relation words that make a title context, a person the hire
 * works with, reports to or manages ("reporting to", "partner with", "a team of"), or noise
 * ("backed by", "funded by"). Part of the people parser's lexicon (parse/lexicon/).
 */
import { words } from './words.js';

/** Phrases right before a colleague's title (determiners and counts skipped): the title is context. */
export const CONTEXT_CUES: string[] = [
  'report to',
  'reports to',
  'reporting to',
  'report into',
  'reports into',
  'reporting into',
  'reporting line to',
  'work with',
  'works with',
  'working with',
  'work closely with',
  'works closely with',
  'working closely with',
  'closely with',
  'partner with',
  'partners with',
  'partnering with',
  'collaborate with',
  'collaborates with',
  'collaborating with',
  'collaboration with',
  'liaise with',
  'interface with',
  'alongside',
  'support',
  'supports',
  'supporting',
  'manage',
  'manages',
  'managing',
  'mentor',
  'mentors',
  'mentoring',
  'coach',
  'coaching',
  'a team of',
  'team of',
  'hired by',
  'managed by',
  'supervised by',
  'led by',
  'lead',
  'leads',
  'build a team of',
  'funded by',
  'backed by',
  'founded by',
  'invested by',
  'trusted by',
  'used by',
  'loved by',
  'built by',
  'run by',
  'to',
];

/** Phrases right before the title to hire (determiners and counts skipped): "we're hiring a", "looking for two". */
export const HIRING_CUES: string[] = [
  'hiring',
  'hiring for',
  'hire',
  'recruiting',
  'recruiting for',
  'recruit',
  'looking for',
  'look for',
  'searching for',
  'search for',
  'in search of',
  'on the lookout for',
  'seeking',
  'seek',
  'seeks',
  'need',
  'needs',
  'require',
  'requires',
  'want',
  'wants',
  'adding',
  'add',
  'opening for',
  'vacancy for',
  'role for',
];

/** Labels before a colon or dash that name the role: "Role: ...", "Job title - ...", "We're hiring: ...". */
export const ROLE_LABELS = new Set(words('role position title opening vacancy job hiring hire post'));

/** Words after a title that make it the subject of the brief: "the Data Engineer will ...". */
export const SUBJECT_FOLLOWERS: string[] = ['will', "'ll", 'shall', 'is responsible', 'owns', 'will be responsible'];

/** Words before "as" that make "as our X" the role: "join us as", "As our X, you ...". */
export const AS_BEFORE = new Set(words('join us team company hired be'));

/** Count words before a title ("two Account Executives"): never part of it. */
export const COUNT_WORDS = new Set(words('one two three four five six seven eight nine ten several multiple couple few handful'));

/** Possessives that make a title someone already there ("our founders", "your manager"). */
export const POSSESSIVES = new Set(words('our your their his her its my'));
