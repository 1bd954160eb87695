/**
 * How and where people work ("remote", "hybrid", "on-site"): recognised and kept as keywords.
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */

/** How and where people work: recognised, kept as keywords, never part of a title. */
export const WORKPLACE_WORDS: [string, string][] = [
  ['remote', 'remote'],
  ['fully remote', 'remote'],
  ['remote-first', 'remote'],
  ['remote first', 'remote'],
  ['remote-friendly', 'remote'],
  ['remote friendly', 'remote'],
  ['remote-only', 'remote'],
  ['remote-based', 'remote'],
  ['work from home', 'remote'],
  ['work-from-home', 'remote'],
  ['hybrid-remote', 'hybrid'],
  ['office-based', 'onsite'],
  ['remotely', 'remote'],
  ['wfh', 'remote'],
  ['hybrid', 'hybrid'],
  ['onsite', 'onsite'],
  ['on-site', 'onsite'],
  ['in-office', 'onsite'],
  ['in office', 'onsite'],
];
