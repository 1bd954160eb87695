/**
 * Sentences sent as filter values: "senior data engineers in Berlin who know Spark" as a job
 * title, "anywhere in europe that is remote friendly" as a place. Such a value is matched as
 * written and finds nobody; the search still runs (and is billed), so the response says what
 * looked like a sentence and where it belongs (docs/people-search.md, "Warnings").
 */

import { parsePeopleQuery } from '../../../query-planner/parse/index.js';
import { tokenize } from '../../../query-planner/parse/tokens.js';
import { resolvePlace } from '../../../query-planner/places.js';

/** Which kind of value a filter list holds. */
export type ValueKind = 'title' | 'place';

/** A filter list to look at: its field as the response names it, its kind, its values. */
export interface FilterValues {
  field: string;
  kind: ValueKind;
  values: readonly string[] | undefined;
}

/** A value that reads as a sentence, with what the parser reads in it. */
export interface SentenceValue {
  field: string;
  value: string;
  /** The filter fields the parser reads from the value (`job_titles`, `locations`, `skills`...). */
  reads: string[];
}

/** Words a value needs before it can be a sentence: real titles and places are shorter. */
const MIN_WORDS = 5;

const words = (text: string): string[] =>
  tokenize(text)
    .filter((t) => t.kind === 'word')
    .map((t) => t.text.toLowerCase());

/**
 * Whether a title or place value reads as a sentence, as the people parser reads it: at least
 * five words, of which the parser recognises something (a title, a place, a skill...) and leaves
 * words over, three or more, or two beside two kinds of thing recognised. A value that is a place
 * as a whole is a place, however long ("Washington, District of Columbia, United States").
 * Measured on the 3,935 role titles and 3,138 places of the people eval queries (one title
 * flagged, "Vice President for Academic Affairs"; no place) and on 36 titles and places and 15
 * sentences written apart (none and all flagged).
 */
export function readsAsSentence(value: string, kind: ValueKind): string[] | null {
  const all = words(value);
  if (all.length < MIN_WORDS) return null;
  if (kind === 'place' && resolvePlace(value)) return null;
  const parsed = parsePeopleQuery(value);
  // What the parser recognised, not what it implied from it (a title's seniority and function).
  const recognised = parsed.recognized.filter((r) => !r.kind.startsWith('implied_'));
  if (recognised.length === 0) return null;
  const covered = new Set(recognised.flatMap((r) => words(r.text)));
  const leftover = all.filter((w) => !covered.has(w)).length;
  const kinds = new Set(recognised.map((r) => r.kind)).size;
  if (leftover >= 3 || (kinds >= 2 && leftover >= 2)) return Object.keys(parsed.filters);
  return null;
}

/**
 * Values of five words or more parsed per request at most: a long value takes the parser about
 * 3 ms, and a request may hold hundreds (sentences come one or two at a time).
 */
export const MAX_PARSED = 10;

/** The values of the lists that read as sentences, each once, in order (the first {@link MAX_PARSED} long ones looked at). */
export function sentenceValues(lists: readonly FilterValues[]): SentenceValue[] {
  const out: SentenceValue[] = [];
  let parsed = 0;
  for (const list of lists)
    for (const value of new Set(list.values ?? [])) {
      if (words(value).length < MIN_WORDS) continue;
      if (++parsed > MAX_PARSED) return out;
      const reads = readsAsSentence(value, list.kind);
      if (reads) out.push({ field: list.field, value, reads });
    }
  return out;
}

/**
 * The warning of a sentence in a filter: which value, what it is matched as, and where a
 * sentence goes (`description` for people, `query` for jobs).
 */
export function sentenceWarning(found: SentenceValue, textArgument: 'description' | 'query'): { code: string; message: string } {
  const reads = found.reads.length ? `; as ${textArgument} it reads as ${found.reads.join(', ')}` : '';
  return {
    code: 'filter_value_is_a_sentence',
    message: `${found.field} "${found.value}" reads as a sentence, not one ${
      found.field.includes('location') ? 'place' : 'title'
    }: a filter value is matched as written, so it rarely matches anyone. Send the sentence as ${textArgument} instead (natural language, parsed into filters${reads}), or split it into filter values.`,
  };
}
