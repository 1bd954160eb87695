/**
 * What a row's cells say besides what their column holds (docs/contacts.md, "Rows"): a note's
 * titles and employers, a headline in the title column, an employer or title written in the name
 * cell, and a title and an employer in each other's columns.
 */
import pluralize from 'pluralize';
import { commonWords } from '../../geo/common-words.js';
import { isGivenName } from '../../lib/names/given-names.js';
import { parsePeopleQuery } from '../../query-planner/parse/index.js';
import { LEVEL_WORDS } from '../../query-planner/parse/lexicon/levels.js';
import { ABBREVIATED_TITLES, HEAD_NOUNS as TITLE_HEADS } from '../../query-planner/parse/lexicon/titles.js';
import { resolvePlace } from '../../query-planner/places.js';
import { emailsIn } from './emails.js';
import type { ContactRow } from './evidence.js';
import { indexWords, words } from './normalize.js';
import { normOrg } from './organisations.js';
import { titleTokens } from './titles.js';

/** Characters of a row's notes read for a title and an employer. */
const NOTES_CHARS = 500;

/**
 * A note's job titles and employers, read with the people-search parser ("works at Acme as CTO",
 * "Platform Engineer @ Acme (Lyon)", "Acme, Senior Project Manager"): the same reading a query
 * gets, so a note is understood as well as a search is. Places in a note are not read: a note
 * names others' places too ("intro via Jordan").
 */
export function notesFields(notes: string | null | undefined): { titles: string[]; orgs: string[] } {
  const text = notes?.trim().slice(0, NOTES_CHARS);
  if (!text) return { titles: [], orgs: [] };
  const parsed = parsePeopleQuery(text);
  return {
    titles: parsed.filters.job_titles?.include ?? [],
    orgs: (parsed.companies ?? []).map((c) => c.text).filter(Boolean),
  };
}

/**
 * A title cell that is a profile headline: parts set apart by bars, bullets or dashes (a middle
 * dot only between spaces: "Col·laboradora" is one word), or an employer after "@" / "at".
 */
const HEADLINE = /\s[|•·—–]\s|\s?[|•]\s?|\s@\s?\S|\sat\s\p{Lu}|\s\/\/\s|\(@/u;
const HEADLINE_PARTS = /\s[|•·—–]\s|\s?[|•]\s?|\s+-\s+|\s\/\/\s/;
/**
 * The parts of a headline read, from its start: a headline says who the person is in its first
 * few ("Head of Platform @ Acme | Speaker | Author"); the rest is not parsed, so a cell of sixty
 * parts costs six readings, not sixty (docs/contacts.md, "Rows").
 */
export const HEADLINE_PARTS_READ = 6;

/**
 * What follows "at" is an employer unless it is one common word: "Attorney at Law", "Director at
 * Large", "Engineer at Heart" (SCOWL's common words); "at Google", "at King and Sons" name one.
 */
const employerAfterAt = (text: string): boolean => {
  const ws = text.trim().split(/\s+/);
  return ws.length > 1 || !commonWords().has((ws[0] ?? '').toLowerCase());
};

/**
 * A headline pasted as a job title ("Helping teams ship faster | Head of Platform @ Acme",
 * "Infrastructure Manager at King and Sons | Speaker", "Software Engineer | Luettgen Health"): each part
 * read with the people-search parser for a title and an employer, as a note is; a part in capitals
 * with no title in it, after the first, is an employer. Without any title read, the cell stays the title.
 */
function headlineFields(cell: string): { titles: string[]; orgs: string[]; guessed?: boolean } {
  const parts = cell
    .slice(0, NOTES_CHARS)
    // "Analyst (@Acme)": the employer after "@" in brackets.
    .replace(/\s*\(@\s*([^)]+)\)/u, ' @ $1')
    .split(HEADLINE_PARTS)
    .filter((p) => p.trim())
    .slice(0, HEADLINE_PARTS_READ);
  const read = parts.map((part, i) => {
    // "Head of Platform @ Instructor Biosciences": what follows "@" is the employer, whatever its words.
    const at = /^(.*?\S)\s*(@|\bat\b)\s*(\p{Lu}.*)$/u.exec(part);
    if (at && (at[2] === '@' || employerAfterAt(at[3]!))) {
      const titles = notesFields(at[1]).titles;
      return { titles: titles.length ? titles : [at[1]!], orgs: [at[3]!], guessed: false };
    }
    // "Attorney at Law": the title, without the phrase.
    const fields = at ? { titles: notesFields(at[1]).titles, orgs: [] } : notesFields(part);
    // After the first part, a firm by its form or a proper name not ending in a title's head noun
    // ("| Windler-Dach Inc", "– Instructor Biosciences"; "| Keynote Speaker", "| Angel Investor" stay).
    const lone = part.trim().split(/\s+/).length === 1 && titled(part);
    const firm = readsAsFirmByForm(part) || (!fields.orgs.length && !/\d/.test(part) && !lone && readsAsName(part));
    if (i > 0 && firm && !endsInTitleHead(part)) return { titles: [], orgs: [part.trim()], guessed: true };
    return fields;
  });
  const titles = read.flatMap((r) => r.titles);
  const guessed = read.some((r) => 'guessed' in r && r.guessed === true);
  return { titles: titles.length ? titles : [cell], orgs: read.flatMap((r) => r.orgs), guessed };
}

/** Whether a text has a title's head noun, a level or a title's abbreviation in it, its abbreviations read ("CEO", "Partner", "Sr. Dev", "VP Eng", "TPM"). */
const titled = (cell: string) =>
  titleTokens(cell).some((readings) =>
    readings.some((w) => TITLE_HEADS.has(pluralize.singular(w)) || ABBREVIATED_TITLES.has(w) || LEVEL_WORDS.has(w)),
  );

/** Whether a cell reads as one job title: it ends in a title's head noun, singular ("Senior Advisor", "Registered Nurse"). */
const endsInTitleHead = (cell: string): boolean => TITLE_HEADS.has(words(cell).at(-1) ?? '');

/**
 * Whether a cell reads as a firm: a legal form in it ("Stroman LLC", "Acme GmbH"), or names listed
 * as law and consulting firms are named ("Beer, Borer and Watsica", "Smith & Wesson").
 */
const readsAsFirm = (cell: string): boolean =>
  normOrg(cell) !== words(cell).join(' ') ||
  /^\p{Lu}[\p{L}'’-]+(,\s+\p{Lu}[\p{L}'’-]+)*,?\s+(and|&)\s+\p{Lu}[\p{L}'’-]+$/u.test(cell.trim()) ||
  readsAsName(cell);

/**
 * Whether "X (Last, First)" is Outlook's "File as" with the company first: X reads as a firm and not
 * as a person ("Ana Ruiz (Austin, TX)" is a name and a place, "Ana Ruiz (CEO, Acme)" a name and a
 * note), and the bracket as a family and a given name, no place, no legal form ("(Acme, Inc.)").
 */
const fileAsCompany = (outside: string, inside: string): boolean => {
  const [family, given] = inside.split(',').map((x) => x.trim());
  const nameLike = (x: string | undefined) => Boolean(x && /^\p{Lu}[\p{L}'’.-]*(\s+\p{Lu}[\p{L}'’.-]*)?$/u.test(x));
  return (
    !/,/.test(outside) &&
    readsAsFirm(outside) &&
    !readsAsPerson(outside) &&
    nameLike(family) &&
    nameLike(given) &&
    !resolvePlace(inside.trim()) &&
    !readsAsFirmByForm(inside)
  );
};

/** Whether a cell is a firm by its form: a legal form in it ("Stroman LLC"), or names joined by "and" or "&" ("Beer, Borer and Watsica"). */
export const readsAsFirmByForm = (cell: string): boolean =>
  normOrg(cell) !== words(cell).join(' ') ||
  /^\p{Lu}[\p{L}'’-]+(,\s+\p{Lu}[\p{L}'’-]+)*,?\s+(and|&)\s+\p{Lu}[\p{L}'’-]+$/u.test(cell.trim());

/**
 * Whether a text reads as a person's name: two or three capitalised words, the first a given name
 * of the nickname tables ("Tom Ford", "Luis Ruiz": a referrer, a partner, not an employer).
 */
export const readsAsPerson = (text: string): boolean => {
  const written = text.trim().split(/\s+/);
  return (
    written.length >= 2 && written.length <= 3 && written.every((w) => /^\p{Lu}\p{Ll}/u.test(w)) && isGivenName(words(written[0])[0] ?? '')
  );
};

/**
 * Whether a cell reads as a proper name: every word capitalised, one of them no common English
 * word and the whole no place ("Lubowitz - Mertz", "Kulas Labs", "Google"; not "Investment
 * Banking", "Mid-Market", "EMEA").
 */
const readsAsName = (cell: string): boolean => {
  const written = cell
    .trim()
    .split(/[\s-]+/)
    .filter((w) => /\p{L}/u.test(w));
  if (!written.length || !written.every((w) => /^\p{Lu}/u.test(w))) return false;
  return indexWords(cell).some((w) => !commonWords().has(w)) && !resolvePlace(cell.trim());
};

/** Level words after a title's head ("Engineer II", "Analyst III", "Manager Sr"). */
const AFTER_HEAD = /^(i|ii|iii|iv|v|sr|jr|senior|junior|lead|\d)$/;

/**
 * A job title written before the name in its cell ("Brand Designer Titus Mante", "Senior Support
 * Engineer – Lina Langosh", "LEGAL MANAGER BEATRICE HETTINGER", "Machine Learning Engineer II Karan
 * Bharadwaj"), or null: a title (ending in a head noun, with its level after it) followed by two or
 * three words that read as a person's name, their first a known given name or capitalised after a
 * title of two words or more. Not a one-word "title" that is also a name ("Dean Martin Brown").
 */
function titleBeforeName(cell: string, employerListed: boolean): { title: string; name: string } | null {
  const parted = /^(.+?)\s+[|\-–—:·•]\s+(.+)$/u.exec(cell);
  if (parted) {
    const [, first, last] = parted as unknown as [string, string, string];
    if (endsInTitleHead(first) && !readsAsPerson(first) && looksLikeName(last, false, employerListed))
      return { title: first, name: last.trim() };
  }
  // Without a separator only: a cell with bars, commas or semicolons is read part by part.
  if (/[|;,•·–—]/.test(cell)) return null;
  const written = cell.trim().split(/\s+/);
  if (written.length < 3 || written.length > 9) return null;
  const lower = written.map((w) => words(w)[0] ?? '');
  let head = -1;
  for (let i = 0; i < written.length - 2; i++) if (TITLE_HEADS.has(pluralize.singular(lower[i]!)) && lower[i - 1] !== 'of') head = i;
  if (head < 0) return null;
  let end = head + 1;
  while (end < written.length - 2 && AFTER_HEAD.test(lower[end]!)) end++;
  // "Head of Data", "Director of Partnerships", "VP of Engineering": the head's complement.
  if (lower[end] === 'of' && end + 1 < written.length - 2) end += 2;
  const rest = written.slice(end);
  if (rest.length < 2 || rest.length > 3) return null;
  // One word as the title only when it is no name itself: occupational names ("Dean", "Mason",
  // "Cook", "Baker") are short; "Recruiter", "Engineer", "Director" are not.
  if (end === 1 && (lower[0]!.length < 7 || isGivenName(lower[0]!))) return null;
  const name = rest.join(' ');
  // A title of two words or more is plainly one: the capitalised words after it are the name.
  const capitalisedTitle = end < 2 && written.slice(0, end).every((w) => /^\p{Lu}/u.test(w));
  return looksLikeName(name, capitalisedTitle, employerListed) ? { title: written.slice(0, end).join(' '), name } : null;
}

/**
 * Two or three words that read as a name: the first a known given name, else (when the title is
 * not capitalised alike) each capitalised and none a common English word nor a firm's form
 * ("Acme Corp", "Google Cloud" are employers after a title, not names).
 */
function looksLikeName(text: string, titleCapitalised: boolean, employerListed: boolean): boolean {
  const ws = text.trim().split(/\s+/);
  if (ws.length < 2 || ws.length > 3 || ws.some((w) => !/^\p{L}[\p{L}'’.-]*$/u.test(w))) return false;
  if (ws.some((w) => TITLE_HEADS.has(pluralize.singular(words(w)[0] ?? ''))) || resolvePlace(text.trim())) return false;
  if (readsAsFirmByForm(text)) return false;
  if (isGivenName(words(ws[0]!)[0] ?? '')) return true;
  // With the employer in its own column, the words after the title are the name ("Caden Little");
  // without, a common word in them is as likely an employer's ("Google Cloud").
  return !titleCapitalised && ws.every((w) => /^\p{Lu}/u.test(w) && (employerListed || !commonWords().has(words(w)[0] ?? '')));
}

/** Separators after which a name cell holds a tagline, a title or an employer (person-name.ts reads the name before them). */
const NAME_TAIL = /\s+[|\-–—@·•/]\s+|\s*[|•]\s*/;
/** Bracketed notes that are about the name, not an employer: pronouns, a birth name, a nickname's marker. */
const NAME_NOTE = /^(she|he|they|her|him|them|née|nee|born|geb|formerly|previously|maiden|fka|aka|ex|former)\b/i;

/**
 * What a name cell says besides the name: an employer or a job title after a separator or in
 * brackets ("Ana Ruiz - Acme Robotics", "Ana Ruiz (Kulas Labs)", "Ruiz, Ana (Kulas Labs)", "Ana Ruiz
 * | Head of Sales"), and Outlook's "File as" with the company first ("Kulas Labs (Ruiz, Ana)"),
 * whose name is the bracket. A part is a title when the people-search parser reads one and it is
 * no proper name, an employer when it reads as a firm or a proper name; anything else ("Hiring",
 * "(Speaker)", "(she/her)") is a note.
 */
export function nameCellFields(
  cell: string | null | undefined,
  employerListed = false,
): { name: string | null | undefined; titles: string[]; orgs: string[] } {
  const text = cell?.trim().slice(0, NOTES_CHARS);
  if (!text) return { name: cell, titles: [], orgs: [] };
  const fileAs = /^([^()]+?)\s*\(([^(),]+,[^(),]+)\)$/u.exec(text);
  if (fileAs && fileAsCompany(fileAs[1]!, fileAs[2]!)) return { name: fileAs[2]!.trim(), titles: [], orgs: [fileAs[1]!.trim()] };
  const titleFirst = titleBeforeName(text, employerListed);
  if (titleFirst) return { name: titleFirst.name, titles: notesFields(titleFirst.title).titles, orgs: [] };
  const bracketed = [...text.matchAll(/\(([^)]*)\)|\[([^\]]*)\]/g)].map((m) => (m[1] ?? m[2] ?? '').trim());
  const unbracketed = text.replace(/\([^)]*\)|\[[^\]]*\]/g, ' ');
  // A cell that parts with bars parts with bars only: "Wyman Klocko | Brekke - Kautzer | Principal Designer".
  const tail = unbracketed.split(unbracketed.includes('|') ? /\s*\|\s*/ : NAME_TAIL).slice(1);
  const titles: string[] = [];
  const orgs: string[] = [];
  const parts = [...tail.map((text) => ({ text, bracketed: false })), ...bracketed.map((text) => ({ text, bracketed: true }))];
  for (const { text: raw, bracketed: inBrackets } of parts) {
    const part = raw.trim();
    if (!part || NAME_NOTE.test(part) || emailsIn(part).length || readsAsPerson(part)) continue;
    const read = notesFields(part).titles;
    // "Kubernetes Engineer" is a title though no common word; "Kulas Labs", "Beer, Borer and
    // Watsica", "Stroman LLC" are firms; "Ceramic Chain", words in capitals, an employer too. In
    // brackets a name is as often a maiden name, a school or a note ("(Morgan)", "(Harvard)",
    // "(Book Club)"): only a firm by its form, or a proper name of two words or more.
    if (read.length && endsInTitleHead(part)) titles.push(...read);
    else if (readsAsFirmByForm(part)) orgs.push(part);
    else if (inBrackets) {
      if (part.split(/\s+/).length >= 2 && /^\p{Lu}\S*(\s+\p{Lu}\S*)+$/u.test(part) && !resolvePlace(part)) orgs.push(part);
    } else if (readsAsFirm(part) && /\p{L}{4}/u.test(part)) orgs.push(part);
    else if (read.length) titles.push(...read);
    else if (/^\p{Lu}\S*(\s+\p{Lu}\S*)+$/u.test(part) && !resolvePlace(part)) orgs.push(part);
  }
  return { name: cell, titles, orgs };
}

/**
 * The row's job titles and employers as written, with two slips of spreadsheets mended: a
 * headline in the title column is read for its title and employer, and a title and an employer in
 * each other's columns are swapped back, when the employer column reads as one title and the title
 * column as a firm ("Senior Registered Nurse" / "Stroman LLC"), never on a title column's lack of
 * title words alone ("Investment Banking" / "Evercore Partners" stay as written).
 */
export function titlesAndOrgs(
  row: ContactRow,
  inName: { titles: string[]; orgs: string[] },
): { titles: string[]; orgs: string[]; currentOnly?: boolean } {
  let titles = row.job_titles ?? [];
  let orgs = row.organization_names ?? [];
  // A title column with a head noun, a level or a title's abbreviation in it, its abbreviations
  // read ("CEO", "Partner", "Sr. Dev", "VP Eng"), is a title.
  if (titles.length === 1 && orgs.length === 1 && endsInTitleHead(orgs[0]!) && !titled(titles[0]!) && readsAsFirm(titles[0]!))
    [titles, orgs] = [orgs, titles];
  // "Director of Product, Feest Inc": a firm by its form after a title and a comma is an employer.
  titles = titles.map((t) => {
    const comma = /^([^,]+),\s+(.+)$/u.exec(t);
    // A proper name in it: "Tutoring Company" is what was founded, not whose ("Founder, Tutoring Company").
    const proper = (x: string) => indexWords(x).some((w) => !commonWords().has(w) && normOrg(w) !== '');
    const named = comma ? ((comma[2] as string).split(HEADLINE_PARTS)[0] ?? '') : '';
    const firm = comma && !HEADLINE.test(comma[1]!) && titled(comma[1]!) && readsAsFirmByForm(named) && proper(named) && !titled(named);
    return firm ? `${comma[1]} | ${comma[2]}` : t;
  });
  if (titles.some((t) => HEADLINE.test(t))) {
    const read = titles.map((t) => (HEADLINE.test(t) ? headlineFields(t) : { titles: [t], orgs: [] }));
    titles = read.flatMap((r) => r.titles);
    // An employer after a bar or a comma in the title cell, unlike one after "@", may be a past
    // one or a side role's: it counts only as the person's current employer.
    if (!orgs.length && read.some((r) => r.orgs.length))
      return { titles, orgs: read.flatMap((r) => r.orgs), currentOnly: read.some((r) => 'guessed' in r && r.guessed === true) };
  }
  // An employer or a title written in the name cell fills what the columns lack.
  if (!orgs.length) orgs = inName.orgs;
  if (!titles.length) titles = inName.titles;
  return { titles, orgs };
}
