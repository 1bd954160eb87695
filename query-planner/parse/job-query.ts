/**
 * The job-search text parser: a query ("remote senior data engineer jobs in Berlin at Acme
 * posted in the last 2 weeks") becomes JobFilters with the people parser's vocabulary (titles,
 * seniority, functions, workplace, places, industries, company stage and size), a publication
 * window, residual keywords, and the employer mentions for the caller to resolve against the
 * companies index. Pure: no I/O (docs/job-search.md, "Natural-language queries").
 */
import type { JobFilters, WorkplaceType } from '../job-filters.js';
import type { CompanyMention } from './companies.js';
import { parsePeopleQuery } from './index.js';

export interface ParsedJobQuery {
  /** The filters read from the text, employers not included (they need resolving first). */
  filters: JobFilters;
  /** Residual meaningful words, for ranking (or required when no filter applies). */
  keywords: string[];
  /** Employer mentions ("at Acme"): resolved to company ids by the caller; unresolved ones become keywords. */
  companies: CompanyMention[];
}

const UNIT_DAYS: ReadonlyMap<string, number> = new Map([
  ['day', 1],
  ['days', 1],
  ['week', 7],
  ['weeks', 7],
  ['month', 30],
  ['months', 30],
]);

/** "posted in the last 7 days", "past 2 weeks" (with or without "the"), "this week", "today", "last month": days, and the text without it. */
export function publishedWithin(text: string): { days: number | null; rest: string } {
  const numbered =
    /\b(?:posted|published|listed|opened)?\s*(?:in|within|over)?\s*(?:the\s+)?(?:last|past)\s+(\d{1,4})\s+(days?|weeks?|months?)\b/i;
  const m = text.match(numbered);
  if (m) return { days: Number(m[1]) * UNIT_DAYS.get(m[2]!.toLowerCase())!, rest: text.replace(m[0], ' ') };
  const single = /\b(?:posted|published|listed)?\s*(today|this week|this month|(?:in )?the (?:last|past) (?:day|week|month))\b/i;
  const s = text.match(single);
  if (s) {
    const phrase = s[1]!.toLowerCase();
    const days = phrase.includes('day') || phrase === 'today' ? 1 : phrase.includes('week') ? 7 : 30;
    return { days, rest: text.replace(s[0], ' ') };
  }
  return { days: null, rest: text };
}

/** Reads a job-search text into filters, keywords and employer mentions. */
export function parseJobQuery(text: string): ParsedJobQuery {
  const { days, rest } = publishedWithin(text);
  const parsed = parsePeopleQuery(rest);
  const p = parsed.filters;
  const filters: JobFilters = {};
  const hiring: NonNullable<JobFilters['hiring']> = {};
  if (p.job_titles?.include?.length) hiring.titles = { include: p.job_titles.include };
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
  const keywords = parsed.keywords.filter((k) => !workplaces.includes(k as WorkplaceType));
  return { filters, keywords, companies: parsed.companies };
}
