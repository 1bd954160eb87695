/**
 * The post-search text reader: a query ("posts about layoffs by CTOs last week", "company posts
 * on AI agents", "comments on hiring this month") becomes typed post filters where the text says
 * one (a publication window, reposts or comments, company authors), the words that say nothing
 * about a post dropped ("posts", "about", "by"), and the rest kept as the words every post must
 * contain. Who wrote the posts ("by CTOs", "by Acme") is handed back for the caller to resolve:
 * a company becomes an author, a role cannot be (posts carry no author title). Pure: no I/O
 * (docs/post-search.md, "Reading the query").
 */

import pluralize from 'pluralize';
import type { PostFilters } from '../post-filters.js';
import { publishedWithin } from './job-query.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS } from './lexicon/titles.js';

export interface ParsedPostQuery {
  /** The words every post must contain, in text order (empty when none is left). */
  text: string;
  /** Filters the text stated; the request's own filters take precedence over these. */
  filters: Pick<PostFilters, 'posted_within_days' | 'action_types' | 'author_entity_types'>;
  /** What was read, as the phrase, the filter it sets and its meaning, for receipts. */
  read: { phrase: string; field: keyof ParsedPostQuery['filters']; meaning: string }[];
  /** "by <name or role>": who wrote the posts, as written, for the caller to resolve. */
  author: { text: string; role: boolean } | null;
  /** Words dropped because they say nothing about a post. */
  dropped: string[];
}

/** Words of a post query that say nothing a post must contain. */
const FLUFF = new Set(
  `a an the of in on at to for from with about regarding around re concerning mentioning discussing discuss discusses
  talking talk talks covering posts post posted posting content updates update stuff things anything something
  find show look looking get me my i we our please any some all that which who whose what where when there
  is are was were be been being has have had do does did recent recently latest people saying say says said
  think thinks opinions`.split(/\s+/),
);

/** Words that ask for a kind of post ("shares" is left out: "Tesla shares" are stock). */
const ACTION_WORDS: ReadonlyMap<string, 'repost' | 'comment'> = new Map([
  ['reposts', 'repost'],
  ['repost', 'repost'],
  ['reposted', 'repost'],
  ['reshares', 'repost'],
  ['reshared', 'repost'],
  ['comments', 'comment'],
  ['comment', 'comment'],
  ['commented', 'comment'],
  ['replies', 'comment'],
]);

/** Phrases that ask for posts by companies rather than people. */
const COMPANY_AUTHOR =
  /\b(?:(?:official\s+)?compan(?:y|ies)(?:'s|’s)?\s+(?:posts?|updates?|pages?)|posts?\s+(?:by|from)\s+compan(?:y|ies)|official\s+posts?)\b/i;

/** Whether words name a role ("CTOs", "product managers", "founders") rather than someone. */
function namesRole(words: string[]): boolean {
  const last =
    words
      .at(-1)
      ?.toLowerCase()
      .replace(/[^a-z0-9]/g, '') ?? '';
  const one = pluralize.singular(last);
  return HEAD_NOUNS.has(one) || HEAD_NOUNS.has(last) || ABBREVIATED_TITLES.has(one) || ABBREVIATED_TITLES.has(last);
}

/** Reads a post-search text into required words, post filters and an author to resolve. */
export function parsePostQuery(input: string): ParsedPostQuery {
  const read: ParsedPostQuery['read'] = [];
  const filters: ParsedPostQuery['filters'] = {};
  let text = input;

  const window = publishedWithin(text);
  if (window.days !== null) {
    filters.posted_within_days = window.days;
    read.push({ phrase: diff(text, window.rest), field: 'posted_within_days', meaning: `posted_within_days ${window.days}` });
    text = window.rest;
  }
  const company = COMPANY_AUTHOR.exec(text);
  if (company) {
    filters.author_entity_types = ['company'];
    read.push({ phrase: company[0], field: 'author_entity_types', meaning: 'author_entity_types ["company"]' });
    text = text.replace(company[0], ' ');
  }

  // "by <who>" to the end of the text, or to the next comma or "about"/"on".
  let author: ParsedPostQuery['author'] = null;
  // "from" names an author only before a capitalised name ("from Acme", not "from home").
  const by = /\b(?:[Bb][Yy]|[Ff]rom(?=\s+\p{Lu}))\s+([^,;]+?)(?=\s*(?:[,;]|\babout\b|\bon\b|$))/u.exec(text);
  if (by?.[1]) {
    const words = by[1]
      .trim()
      .split(/\s+/)
      .filter((w) => !/^(the|a|an)$/i.test(w));
    if (words.length && words.length <= 5) {
      author = { text: words.join(' '), role: namesRole(words) };
      text = text.replace(by[0], ' ');
    }
  }

  const kept: string[] = [];
  const dropped: string[] = [];
  const actions = new Set<'repost' | 'comment'>();
  for (const raw of text.split(/\s+/)) {
    const word = raw.replace(/^[^\p{L}\p{N}#@]+|[^\p{L}\p{N}+#]+$/gu, '');
    if (!word) continue;
    const lower = word.toLowerCase();
    const action = ACTION_WORDS.get(lower);
    if (action) {
      actions.add(action);
      read.push({ phrase: word, field: 'action_types', meaning: `action_types ["${action}"]` });
    } else if (FLUFF.has(lower)) dropped.push(word);
    else kept.push(word);
  }
  if (actions.size) filters.action_types = [...actions];
  return { text: kept.join(' '), filters, read, author, dropped };
}

/** The part of `whole` that `rest` no longer has, trimmed (the phrase a reader took out). */
function diff(whole: string, rest: string): string {
  let start = 0;
  while (start < whole.length && whole[start] === rest[start]) start++;
  let end = 0;
  while (end < whole.length - start && whole[whole.length - 1 - end] === rest[rest.length - 1 - end]) end++;
  return whole.slice(start, whole.length - end).trim();
}
