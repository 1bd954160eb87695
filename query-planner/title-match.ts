/**
 * What a title filter matches beyond its spellings (title-variants.ts): a title led by an
 * individual contributor's level word or by a tool says something the record holds in another
 * field, and matches there too.
 * - A level word: "Junior Data Analyst" is also a "Data Analyst" (any spelling) whose seniority is
 *   entry; "Senior Data Analyst" a "Data Analyst" whose seniority is senior_ic; "Staff Engineer"
 *   an "Engineer" at staff level (so a "Staff Software Engineer"). Only levels of individual
 *   contributors (junior, jr, entry, associate, senior, sr, staff, principal), and only before a
 *   title no level word heads or leads ("Senior Manager", "Associate Director" stay literal: their
 *   level is the title's own, not a seniority).
 * - A tool before a software head: a "Python Developer" is also an engineering developer,
 *   engineer or programmer who lists the skill Python.
 * Pure: the builders turn each alternative into clauses on their own fields.
 */
import pluralize from 'pluralize';
import type { JobFunction, Seniority } from './advanced-filters.js';
import { LEVEL_WORDS } from './parse/lexicon/levels.js';
import { FUNCTIONS } from './parse/title-facets.js';
import { TOOL_SKILLS } from './title-forms.js';
import { titleVariants } from './title-variants.js';

/** One broader reading of a title: any of the spellings on the title, and every stated field. */
export interface TitleAlternative {
  spellings: string[];
  seniority?: Seniority[];
  /** A skill the person lists (people) or the posting names (jobs). */
  skill?: string;
  functions?: JobFunction[];
  /** A function the record must have when it records one ("Staff Engineer": not a staff sales engineer; a record of no function stays in). */
  functionIfKnown?: JobFunction;
  /** Title words that rule a title out: another level's ("Staff Engineer" is no "Principal Engineer" at staff seniority). */
  excludeWords?: string[];
}

/** Levels of individual contributors written before a title, and the seniority each is. */
const IC_LEVELS: ReadonlyMap<string, Seniority> = new Map([
  ['junior', 'entry'],
  ['jr', 'entry'],
  ['entry', 'entry'],
  ['associate', 'entry'],
  ['senior', 'senior_ic'],
  ['sr', 'senior_ic'],
  ['staff', 'staff'],
  ['principal', 'staff'],
]);

/** Level words written alike: a "Junior" and an "Associate" Data Analyst are one level, a "Staff" and a "Principal" Engineer two. */
const LEVEL_GROUPS = [['junior', 'jr', 'entry', 'associate'], ['senior', 'sr'], ['staff'], ['principal']];

/** Level words of a title that make it another level's than the one asked for. */
const OTHER_LEVEL_WORDS = [...LEVEL_GROUPS.flat(), 'lead', 'distinguished', 'intern', 'trainee'];

/** Heads that are a level themselves: their level word is part of the title ("Senior Manager"). */
const LEVEL_HEADS = new Set([
  ...['manager', 'director', 'head', 'lead', 'leader', 'president', 'officer', 'chief', 'partner', 'owner', 'founder'],
  ...['supervisor', 'vp', 'svp', 'evp', 'avp', 'executive', 'principal', 'fellow'],
]);

const SOFTWARE_HEADS = ['developer', 'engineer', 'programmer'];

/** The broader readings of a title, none when it has no level word or tool in front. */
export function titleAlternatives(title: string): TitleAlternative[] {
  const words = title.toLowerCase().replace(/\./g, '').replace(/,/g, ' ').split(/\s+/).filter(Boolean);
  if (words.length < 2) return [];
  const head = pluralize.singular(words.at(-1) as string);
  const level = IC_LEVELS.get(words[0] as string);
  const core = level ? words.slice(1) : words;
  const out: TitleAlternative[] = [];
  const seniority = level ? { seniority: [level] } : {};
  if (level && !LEVEL_WORDS.has(core[0] as string) && !LEVEL_HEADS.has(head) && core.length) {
    // A title that names another level is that level's, whatever seniority it is filed under.
    const same = LEVEL_GROUPS.find((g) => g.includes(words[0] as string)) ?? [];
    const excludeWords = OTHER_LEVEL_WORDS.filter((w) => !same.includes(w));
    // A bare head after the level ("Staff Engineer") is held to the function the head names: a
    // "Strategic Sales Engineer" filed at staff level is no staff engineer.
    const bare = core.length === 1 ? FUNCTIONS.byFirst.get(head)?.find((e) => e.parts.length === 1)?.value : undefined;
    out.push({
      spellings: titleVariants(core.join(' ')).map((s) => s.toLowerCase()),
      ...seniority,
      excludeWords,
      ...(bare ? { functionIfKnown: bare } : {}),
    });
  }
  const tool = core.slice(0, -1).join(' ');
  const skill = SOFTWARE_HEADS.includes(head) ? TOOL_SKILLS.get(tool) : undefined;
  if (skill) out.push({ spellings: SOFTWARE_HEADS, ...seniority, skill, functions: ['engineering'] });
  return out;
}
