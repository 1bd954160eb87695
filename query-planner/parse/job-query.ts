/**
 * The job-search text parser: a query ("remote senior data engineer jobs in Berlin at Acme
 * posted in the last 2 weeks") becomes JobFilters with the people parser's vocabulary (titles,
 * seniority, functions, workplace, places, industries, company stage and size), a publication
 * window, employment types ("internships", "part-time", "contract"), residual keywords, and the employer mentions for the caller to resolve against the
 * companies index. Pure: no I/O (docs/job-search.md, "Natural-language queries").
 */
import type { JobFilters, WorkplaceType } from '../job-filters.js';
import type { CompanyMention } from './companies.js';
import { employmentTypes, isInternTitle } from './employment-types.js';
import { parsePeopleQuery } from './index.js';
import { NUMBER_WORDS } from './lexicon/numbers.js';

export interface ParsedJobQuery {
  /** The filters read from the text, employers not included (they need resolving first). */
  filters: JobFilters;
  /** Residual meaningful words, for ranking (or required when no filter applies). */
  keywords: string[];
  /** Employer mentions ("at Acme"): resolved to company ids by the caller; unresolved ones become keywords. */
  companies: CompanyMention[];
}

/** Days in a unit of a publication window; hours round up to whole days. */
const UNIT_DAYS: ReadonlyMap<string, number> = new Map([
  ['hour', 1 / 24],
  ['hours', 1 / 24],
  ['hrs', 1 / 24],
  ['h', 1 / 24],
  ['day', 1],
  ['days', 1],
  ['week', 7],
  ['weeks', 7],
  ['fortnight', 14],
  ['fortnights', 14],
  ['month', 30],
  ['months', 30],
  ['year', 365],
  ['years', 365],
]);

/** A count written in digits or in words ("7", "two", "a", "a couple of"). */
function countOf(word: string): number | null {
  const w = word.toLowerCase().replace(/\s+/g, ' ');
  if (/^\d{1,4}$/.test(w)) return Number(w);
  if (w === 'a' || w === 'an' || w === 'one') return 1;
  if (w === 'a couple of' || w === 'couple of') return 2;
  if (w === 'a few' || w === 'few') return 3;
  return NUMBER_WORDS.get(w) ?? null;
}

const COUNT = String.raw`\d{1,4}|a couple of|couple of|a few|few|an?|${[...NUMBER_WORDS.keys()].join('|')}`;
const UNIT = 'hours?|hrs|h|days?|weeks?|fortnights?|months?|years?';
/** What may come before a window: the verb and a preposition, each optional. */
const LEAD = String.raw`(?:(?:posted|published|listed|opened|added|put up)\s+)?(?:(?:in|within|over|during|from|since)\s+)?`;

/**
 * "posted in the last 7 days", "from the past two weeks", "within 24 hours", "in the last
 * fortnight", "this week", "today", "yesterday", "last month": the window in whole days (at
 * least 1), and the text without it. "Yesterday" is two days: yesterday and today.
 */
export function publishedWithin(text: string): { days: number | null; rest: string } {
  const numbered = new RegExp(String.raw`\b${LEAD}(?:the\s+)?(?:(?:last|past|previous)\s+)?(${COUNT})\s+(${UNIT})(?:\s+ago)?\b`, 'i');
  const m = text.match(numbered);
  // A bare count needs "last", "past", "within" or "ago": "3 days" alone may be something else
  // ("3 days a week"). "Posted 3 days ago" is read as the last 3 days.
  // "Within an hour of Boston" is a distance; "founded 2 years ago" no posting date: "ago" needs
  // a posting verb before it, and "within" no "of"/"from" after it.
  const after = m ? text.slice((m.index ?? 0) + m[0].length) : '';
  const window =
    m &&
    (/\b(?:last|past|previous)\b/i.test(m[0]) ||
      (/\bwithin\b/i.test(m[0]) && !/^\s+(?:of|from)\b/i.test(after)) ||
      (/\bago\b/i.test(m[0]) && /\b(?:posted|published|listed|opened|added|put up)\b/i.test(m[0])));
  if (m && window) {
    const count = countOf(m[1]!);
    const unit = UNIT_DAYS.get(m[2]!.toLowerCase());
    if (count !== null && unit !== undefined) return { days: Math.max(1, Math.ceil(count * unit)), rest: text.replace(m[0], ' ') };
  }
  const single = new RegExp(
    String.raw`\b${LEAD}(today|yesterday|this (?:week|month|year)|(?:the )?(?:last|past|previous) (?:day|week|fortnight|month|year))\b`,
    'i',
  );
  const s = text.match(single);
  if (s) {
    const phrase = s[1]!.toLowerCase();
    const unit = phrase.split(' ').at(-1)!;
    const days = phrase === 'today' ? 1 : phrase === 'yesterday' ? 2 : (UNIT_DAYS.get(unit) ?? 1);
    return { days, rest: text.replace(s[0], ' ') };
  }
  return { days: null, rest: text };
}

/** Words of a job query that say nothing about the posting ("jobs requiring Go", "roles posted by Acme"). */
const JOB_FILLER = new Set(['posted', 'published', 'listed', 'requiring', 'requires', 'required', 'require', 'needing']);

/** Reads a job-search text into filters, keywords and employer mentions. */
export function parseJobQuery(text: string): ParsedJobQuery {
  const { days, rest: undated } = publishedWithin(text);
  const { types, rest } = employmentTypes(undated);
  const parsed = parsePeopleQuery(rest);
  const p = parsed.filters;
  const filters: JobFilters = {};
  const hiring: NonNullable<JobFilters['hiring']> = {};
  // An intern title is an internship; a bare "Intern" says nothing more than its type does.
  const titles = p.job_titles?.include ?? [];
  if (titles.some(isInternTitle)) types.push('internship');
  const named = titles.filter((t) => t.trim().toLowerCase() !== 'intern');
  if (named.length) hiring.titles = { include: named };
  if (types.length) hiring.employment_types = [...new Set(types)];
  if (p.seniority?.length) hiring.seniority = p.seniority;
  if (p.functions?.length) hiring.functions = p.functions;
  const workplaces = parsed.recognized.filter((r) => r.kind === 'workplace').map((r) => r.value as WorkplaceType);
  if (workplaces.length) hiring.workplace_types = [...new Set(workplaces)];
  if (days !== null) hiring.published_within_days = days;
  if (Object.keys(hiring).length) filters.hiring = hiring;
  if (p.locations) filters.locations = p.locations;
  if (p.industries) filters.industries = p.industries;
  if (p.company_stage) filters.company_stage = p.company_stage;
  if (p.company_size) filters.company_size = p.company_size;
  // A skill named in a job query is what the posting asks for: its title or description names
  // it ("Rust jobs"). A language only ranks: a posting may say it otherwise ("German speaker").
  // Schools, degrees and years of experience describe people, not postings: they are not read.
  const skills = p.skills?.include ?? [];
  if (skills.length) filters.keywords = [...skills];
  const ranking = (p.languages ?? []).map((l) => l.name).filter((w): w is string => typeof w === 'string' && w.length > 0);
  const keywords = [
    ...parsed.keywords.filter((k) => !workplaces.includes(k as WorkplaceType) && !JOB_FILLER.has(k.toLowerCase())),
    ...ranking,
  ];
  return { filters, keywords, companies: parsed.companies };
}
