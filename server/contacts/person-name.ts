/**
 * Reading a person's name from a contact row (docs/contacts.md, "The matcher"): courtesy titles,
 * credentials and generations set aside, family-name-first forms ("Smith, Jane", vCard `N:`),
 * initials, quoted nicknames, birth names, two people in one cell. Words are normalised as
 * normalize.ts does; given names come from lib/names/given-names.ts.
 */

import { isGivenName } from '../../lib/names/given-names.js';
import { englishNameAfter, withEnglishName } from './english-given-name.js';
import { type GivenAbbreviation, givenAbbreviation } from './given-abbreviation.js';
import { knownAs, leadingTitles, passengerName } from './honorifics.js';
import { hyphenParts, otherFamilyNames } from './name-parts.js';
import {
  courtesyTitleAt,
  DOTTED_CREDENTIALS,
  DOTTED_INITIALS,
  DOTTED_TITLES,
  FOREIGN_TITLES,
  GENERATION,
  GIVEN_NAME_TITLES,
  generationAfterName,
  HONORIFICS,
  nameWords,
  nameWordsAsIndexed,
  onlyCredentials,
  POST_NOMINALS,
  PREFIX_TITLES,
  titleAfterName,
} from './name-titles.js';
import { indexWords, words } from './normalize.js';
import { isPatronymic, patronymicReading } from './patronymics.js';

/** vCard's N value (RFC 6350): family;given;additional;prefix;suffix, with its property name or not. */
const VCARD_N = /^(?:N:)?([^;:,]+);([^;:,]+)(?:;([^;:]*))?(?:;[^;:]*){0,2}$/i;

/** Words that begin family names of several words ("Van Der Berg", "de la Cruz"), given names as some of them are. */
export const NAME_PARTICLES = /^(van|von|de|del|della|der|den|di|da|du|la|le|al|el|bin|ibn|ben|mac|st|dos|das|ter|ten|lo)$/;

export interface PersonName {
  first: string | null;
  last: string | null;
  /** Every name word, in order (middle names included). */
  all: string[];
  /** The family name as the search index splits it ("al farsi" for "Al-Farsi"); null without one. */
  lastSearch: string | null;
  /** Given names of more than one word, joined ("vanan" for "Van An"), when read family name first. */
  given?: string;
  /** The row said which word is the family name ("Smith, John"): never read the other way round. */
  ordered?: boolean;
  /**
   * Other family names the row gives: the parts of a double-barrelled one ("Laureano-King") and a
   * birth name ("Iris Butt (née Rosenbaum)"), each a family name the person may be filed under.
   */
  otherLast?: string[];
  /** The birth name the row gives ("rosenbaum" for "Iris Butt (née Rosenbaum)"). */
  birthName?: string;
  /**
   * The given name is initials written closed up ("ml" for "M.L. Hadwich"): the first stands for
   * the given name, the others for middle names.
   */
  initials?: boolean;
  /**
   * Another given name to try when the first finds no one: a couple's other person's ("carl" for
   * "Blanca & Carl Bak"), or the one a person goes by in brackets ("hao" for "Andy (Hao) Lin").
   */
  partnerFirst?: string;
  /** The parts of a given name written with a hyphen ("jun", "fan" for "Jun-fan"), each a name of its own to a reader. */
  firstParts?: string[];
  /** The given name was written abbreviated ("Wm.", "Fred."): `first` is the name a contraction stands for. */
  abbreviated?: GivenAbbreviation;
  /** A word dropped as a title that is also a name ("pan" of "Pan Carlotta Padberg"): the given name to try when the name finds no one. */
  titleAsGiven?: string;
  /** A patronymic the row gives ("sergeyevich"), set apart from the name words (patronymics.ts). */
  patronymic?: string;
  /**
   * The last of three words reads as a man's patronymic that may be a family name ("Lakin Hugo
   * Juddovich", "John Paul Jovanovich"): read in the other order, family name first, given name
   * second and the patronymic no name (swappedName).
   */
  patronymicLast?: boolean;
}

/** A given name, another in brackets or quotes, then the family name: "Andy (Hao) Lin", "Wei 'David' Zhang". */
const ALIAS = /^\s*(\p{L}[\p{L}'’-]*)\s+[("“'‘]\s*(\p{L}[\p{L}-]*)\s*[)"”'’]\s+(\p{L}[\p{L}'’ -]*)$/u;
/**
 * One word in quotes of any style, set apart by spaces, anywhere in a name cell: a nickname
 * ("\"Haro\" Harrison Gleichner", "Jesse Doherty 'Jesster'", "Amira ‘Amio’ Kunde"). An apostrophe
 * inside a word ("O'Keefe") opens no quote.
 */
export const QUOTED_NICKNAME = /(?<=^|\s)["“”„«»‘’‚'‹›]\s*(\p{L}[\p{L}.-]*)\s*["“”«»‘’'‹›](?=\s|,|$)/u;
const COUPLE = /^\s*(\p{L}[\p{L}'’.-]*)\s+(?:&|&amp;|\+|and)\s+(\p{L}[\p{L}'’.-]*)\s+(\p{L}[^,]*)$/u;
/** Two people each named whole in one cell: "Arlo Smith & Elbert Hane", "Ana Ruiz and Luis Bak". */
const PAIR = /^\s*(.+?)\s+(?:&|&amp;|\+|and)\s+(.+)$/iu;

/**
 * A former family name written beside a name: "(née Rosenbaum)", "geb. Huber", "(born Smith)",
 * "(formerly Doe)", "(previously Doe)", "(maiden name Doe)", "(fka Doe)".
 */
const BIRTH_NAME =
  /\(\s*(?:n[ée]e|geb\.?|geborene|[Bb]orn|[Ff]ormerly(?:\s+known\s+as)?|[Pp]reviously|[Mm]aiden(?:\s+name)?:?|[Ff]\.?[Kk]\.?[Aa]\.?)\s+(\p{Lu}[\p{L}'’-]+)\s*\)|\b(?:n[ée]e|geb\.|geborene)\s+(\p{Lu}[\p{L}'’-]+)/u;

/** A name cell's name: after " | ", " - ", " @ ", " · " a tagline or an employer ("Ana Ruiz | Hiring"); in brackets a note ("(she/her)"). */
function nameText(raw: string): string {
  return raw.replace(/\([^)]*\)|\[[^\]]*\]|\{[^}]*\}/g, ' ').split(/\s+[|\-–—@·•/]\s+|\s*[|•]\s*/)[0] as string;
}

/** Whether the name word `first` is written in `text` as closed-up initials ("M.L." for "ml"). */
function writtenAsInitials(text: string, first: string | null): boolean {
  if (!first) return false;
  return (
    first.length >= 2 &&
    first.length <= 3 &&
    text
      .trim()
      .split(/\s+/)
      .some((w) => DOTTED_INITIALS.test(w) && words(w)[0] === first)
  );
}

/**
 * The given and family name of a row: `first_name`/`last_name` when given, else `name` split
 * ("Last, First" and "First Middle Last" both read; honorifics and suffixes dropped); a given
 * name written abbreviated read as the name it stands for ("Wm." William; given-abbreviation.ts).
 */
export function personName(row: { name?: string | null; first_name?: string | null; last_name?: string | null }): PersonName {
  const name = readName(row);
  const abbreviated = givenAbbreviation(name.first, [row.first_name, row.name]);
  if (!abbreviated) return name;
  const first = abbreviated.names[0] ?? name.first!;
  return { ...name, first, all: name.all.map((w, i) => (i === name.all.indexOf(name.first!) ? first : w)), abbreviated };
}

function readName(row: { name?: string | null; first_name?: string | null; last_name?: string | null }): PersonName {
  // "Smith, John" in one name field and nothing in the other: a whole name in the wrong column,
  // read as the name it is (a spreadsheet's "First name" column holding "Last, First").
  // A vCard's structured name pasted as it is ("N:Ruiz;Ana;;Dr.;", "Ruiz;Ana;;;"): family name,
  // given name, middle names, then the prefix and suffix, which are dropped.
  // Its property name or all its separators say so: "Ana Ruiz; Luis Ruiz" is two people.
  const cell = row.name?.trim() ?? '';
  const vcard =
    cell && !row.first_name && !row.last_name && (/^N:/i.test(cell) || (cell.match(/;/g)?.length ?? 0) >= 3) ? VCARD_N.exec(cell) : null;
  if (vcard) return personName({ name: `${vcard[1]!.trim()}, ${vcard[2]!.trim()} ${vcard[3]?.trim() ?? ''}`.trim() });
  if (row.name && /^FN:/i.test(row.name.trim())) return personName({ ...row, name: row.name.trim().slice(3) });
  // An airline passenger name with its title ("DOE/JANE MRS", "DOE/JANEMRS"): family name first.
  const pnr = cell && !row.first_name && !row.last_name ? passengerName(cell) : null;
  if (pnr) return { ...personName({ name: pnr.name }), ...(pnr.asWritten ? { partnerFirst: pnr.asWritten } : {}) };
  // A handle in capitals where the words meet ("EdytheWaters", "JieYang"), not a name's own
  // capital inside it ("McDonald", "MacKenzie", "DeShawn", "LaToya").
  const camel = !row.first_name && !row.last_name ? /^(\p{Lu}\p{Ll}{2,})(\p{Lu}\p{Ll}+)$/u.exec(cell) : null;
  // Two given names joined are one ("MaryAnn", "AnnMarie", "LeeAnn").
  const compound = camel && isGivenName(camel[1]!.toLowerCase()) && isGivenName(camel[2]!.toLowerCase());
  if (camel && !compound && !/^(mac|van|von|del|della|dela|fitz|ten|vander|abu)$/i.test(camel[1]!))
    return personName({ name: `${camel[1]} ${camel[2]}` });
  const lone = [row.first_name, row.last_name].filter((v) => v?.trim());
  if (lone.length === 1 && lone[0]!.includes(',') && !row.name?.trim() && !onlyCredentials(lone[0]!.slice(lone[0]!.indexOf(',') + 1)))
    return personName({ name: lone[0] });
  // A patronymic after the given name in its column ("Ivan Sergeyevich") is no middle name of theirs.
  const first = words(leadingTitles(row.first_name ?? '').rest).filter((w, i) => !HONORIFICS.has(w) && (i === 0 || !isPatronymic(w)));
  const last = words(row.last_name).filter((w) => !HONORIFICS.has(w));
  // Titles before a given name ("Dipl.-Ing. Sibyl", "Lic. Michal", "Hon. Wyman") and credentials
  // after a family name ("Greenholt, CPA", "Rosen FCA") in their own columns: dropped while a
  // name word is left in the column.
  // Titles that are also given names ("Hon", "Er", "Ca") only written as titles, with their dot.
  const dotted = /^\s*\p{L}+\.(?:-\p{L}+\.?)?\s/u.test(row.first_name ?? '');
  const titled = (w: string) =>
    PREFIX_TITLES.has(w) ||
    DOTTED_CREDENTIALS.has(w) ||
    (DOTTED_TITLES.has(w) && dotted) ||
    (FOREIGN_TITLES.has(w) && (dotted || !GIVEN_NAME_TITLES.has(w)));
  while (first.length > 1 && titled(first[0]!)) first.shift();
  const firstInitials = first.length > 0 && writtenAsInitials(row.first_name ?? '', first[0]!);
  // "G. Lauren": an initial before the given name the person goes by.
  const initialled = first.length > 1 && first[0]!.length === 1 && first[1]!.length > 1 && !NAME_PARTICLES.test(first[1]!);
  const columnAlt = initialled && !isGivenName(first[1]!) ? first[1] : undefined;
  if (initialled && !columnAlt) first.shift();
  while (last.length > 1 && POST_NOMINALS.has(last.at(-1)!)) last.pop();
  if (first.length || last.length) {
    const lastSearch = indexWords(row.last_name).filter((w) => !HONORIFICS.has(w) && !POST_NOMINALS.has(w));
    const otherLast = otherFamilyNames(row.last_name ?? null, null);
    const firstParts = hyphenParts(row.first_name, first[0] ?? null);
    return {
      first: first[0] ?? null,
      last: last.at(-1) ?? null,
      all: [...first, ...last],
      lastSearch: lastSearch.join(' ') || null,
      ...(otherLast ? { otherLast } : {}),
      ...(columnAlt ? { partnerFirst: columnAlt } : {}),
      ...(firstInitials ? { initials: true } : {}),
      ...(firstParts ? { firstParts } : {}),
    };
  }
  // Stripped only when a given and a family name remain ("Anna née Wong" keeps Wong).
  const found = BIRTH_NAME.exec(row.name ?? '');
  const rest = found ? (row.name ?? '').replace(BIRTH_NAME, ' ') : '';
  const birthMatch = found && words(nameText(rest)).length >= 2 ? found : null;
  let raw = nameText(birthMatch ? rest : (row.name ?? ''));
  // ", known as Lil": the name the person goes by, tried as the given name like a quoted one.
  const goesBy = knownAs(raw);
  if (goesBy) raw = goesBy.rest;
  // A nickname in quotes before, inside or after the name: not a name word, but a given name to
  // try when the name finds no one.
  const quoted = QUOTED_NICKNAME.exec(raw);
  const unquoted = quoted ? raw.replace(quoted[0], ' ') : null;
  const nickname =
    quoted && unquoted && nameWords(unquoted).length >= 2 ? words(quoted[1])[0] : goesBy ? words(goesBy.nickname)[0] : undefined;
  if (nickname && unquoted) raw = unquoted;
  // Two people named whole ("Arlo Smith & Elbert Hane"): the first named. Read as one name, the
  // cell would name a third person, the first's given name with the second's family name.
  const pair = PAIR.exec(raw);
  // "Mary Ann & John Smith" is read so too, the first "Mary Ann": a second word that is a given
  // name is as often a family name ("Smith", "Lee", "King" are in the tables), and reading the
  // cell whole names the wrong person where reading it apart names no one.
  if (pair && nameWords(pair[1] as string).length >= 2 && nameWords(pair[2] as string).length >= 2) raw = pair[1] as string;
  // A couple in one row ("Blanca & Carl Bak", "Ana and Luis Ruiz"): read as the first named, with
  // the other's given name to try when the first finds no one. Not "Dr. & Mrs. John Smith".
  const couple = COUPLE.exec(raw);
  const courtesy = (w: string) => PREFIX_TITLES.has(w) || HONORIFICS.has(w);
  const partner = couple && ![couple[1], couple[2]].some((g) => words(g).some(courtesy)) ? words(couple[2])[0] : undefined;
  if (couple && partner) raw = `${couple[1]} ${couple[3]}`;
  // Credentials after commas ("Jane Doe, Ph.D., PMP") are not a "Last, First" order.
  const parts = raw.split(',');
  while (
    parts.length > 1 &&
    (onlyCredentials(parts.at(-1) as string) ||
      titleAfterName(parts[0] as string, parts.at(-1) as string) ||
      generationAfterName(parts.slice(0, -1).join(','), parts.at(-1) as string))
  )
    parts.pop();
  // "Eriksen, Junior, Mari": a generational word between the family and the given name.
  if (parts.length >= 3) parts.splice(1, parts.length - 2, ...parts.slice(1, -1).filter((p) => !GENERATION.test(p)));
  let tokens: string[];
  let lastText: string | null = null;
  let patronymic: string | undefined;
  let patronymicLast = false;
  let familyFirst = false;
  if (parts.length > 1) {
    // "Smith, John": the family name before the comma.
    const before = nameWords(parts[0] as string);
    const after = nameWords(parts.slice(1).join(' '));
    tokens = [...after, ...before];
    lastText = parts[0] as string;
  } else {
    tokens = nameWords(parts[0] as string);
    // "SMITH John": a family name in capitals before a given name that is not.
    let written = (parts[0] as string)
      .trim()
      .split(/\s+/)
      .filter((w) => words(w).some((x) => !PREFIX_TITLES.has(x) && !POST_NOMINALS.has(x)));
    const pat = written.length === tokens.length ? patronymicReading(tokens, written) : null;
    if (pat) {
      ({ tokens, written } = pat);
      patronymic = pat.patronymic;
      patronymicLast = pat.last;
      familyFirst = pat.familyFirst;
    }
    // "J.Smith" is one written word holding two name words: the family name is the last of them.
    lastText = written.length === tokens.length ? (written.at(-1) ?? null) : null;
    const beside = withEnglishName(tokens, written);
    if (beside) return beside;
    if (tokens.length === 2 && written.length === 2) {
      // Three letters or more, without dots: "AJ" and "A.J." are initials (two-letter family names
      // are found by trying the other order, docs/contacts.md).
      const upper = written.map((w) => /^\p{L}{3,}$/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase());
      if (upper[0] && !upper[1]) {
        tokens = [tokens[1] as string, tokens[0] as string];
        lastText = written[0] as string;
      }
    }
  }
  if (!tokens.length) return { first: null, last: null, all: [], lastSearch: null };
  // "Ms. Guneta", "Dr. Okafor": a courtesy title before one word names the family.
  if (
    tokens.length === 1 &&
    (courtesyTitleAt(words(parts[0] as string)[0] ?? '', parts[0] as string) || leadingTitles(parts[0]!).familyOnly)
  )
    return {
      first: null,
      last: tokens[0]!,
      all: tokens,
      lastSearch: lastText === null ? tokens[0]! : (nameWordsAsIndexed(lastText) ?? tokens[0]!),
    };
  if (tokens.length === 1) return { first: tokens[0]!, last: null, all: tokens, lastSearch: null };
  // "G. Lauren Christiansen", "J. Edgar Hoover": an initial before the given name the person goes by
  // ("J. R. Smith" keeps its initials).
  const givenWords = parts.length > 1 ? nameWords(parts.slice(1).join(' ')).length : tokens.length - 1;
  const initialFirst =
    tokens.length >= 3 && tokens[0]!.length === 1 && tokens[1]!.length > 1 && !NAME_PARTICLES.test(tokens[1]!) && givenWords >= 2;
  // A known given name after the initial is the one the person goes by; another word ("J. García
  // López") may be a family name, so the initial stays and that word is tried when it finds no one.
  let initialAlt: string | undefined;
  if (initialFirst && isGivenName(tokens[1]!)) tokens = tokens.slice(1);
  else if (initialFirst) initialAlt = tokens[1];
  const family = tokens.at(-1)!;
  const lastSearch = lastText === null ? null : nameWordsAsIndexed(lastText);
  const name: PersonName = { first: tokens[0]!, last: family, all: tokens, lastSearch: lastSearch || family };
  if (parts.length > 1 || familyFirst) name.ordered = true;
  if (patronymic) name.patronymic = patronymic;
  if (patronymicLast) name.patronymicLast = true;
  const birthWritten = birthMatch ? (birthMatch[1] ?? birthMatch[2] ?? null) : null;
  const otherLast = otherFamilyNames(lastText, birthWritten);
  if (otherLast) name.otherLast = otherLast;
  const birth = birthWritten ? words(birthWritten).join('') : '';
  if (birth) name.birthName = birth;
  if (partner) name.partnerFirst = partner;
  // Another given name the person goes by, in brackets or quotes between the names ("Andy (Hao)
  // Lin", "Wei 'David' Zhang"): tried, like a partner's, when the first finds no one.
  const alias = partner ? null : ALIAS.exec(row.name ?? '');
  const aliasFirst = alias ? words(alias[2])[0] : undefined;
  if (aliasFirst && aliasFirst !== name.first && !courtesy(aliasFirst)) name.partnerFirst = aliasFirst;
  // "Xiaoming He (Alvin)": an English given name in brackets after a Chinese or Korean name.
  const after = name.partnerFirst ? undefined : englishNameAfter(row.name ?? '', name);
  if (after && !courtesy(after)) name.partnerFirst = after;
  if (initialAlt && !name.partnerFirst) name.partnerFirst = initialAlt;
  if (nickname && !name.partnerFirst && nickname !== name.first && !courtesy(nickname)) name.partnerFirst = nickname;
  const titleWord = leadingTitles(raw).doubtful;
  if (titleWord && titleWord !== name.first) name.titleAsGiven = titleWord;
  const firstParts = hyphenParts(raw, name.first);
  if (firstParts) name.firstParts = firstParts;
  if (writtenAsInitials(parts.length > 1 ? parts.slice(1).join(' ') : (parts[0] as string), name.first)) name.initials = true;
  return name;
}

/**
 * The same name read family name first: "Wang Wei" as Wei Wang, and "Nguyen Van An" as An Nguyen
 * whose given names are "Van An" (`given`).
 */
export function swappedName(name: PersonName): PersonName | null {
  const n = name.all.length;
  // "Lakin Hugo Juddovich": family name, given name, patronymic; the patronymic is no given name.
  if (name.patronymicLast && n === 3 && !name.ordered) {
    const [family, given, patronymic] = name.all as [string, string, string];
    return { first: given, last: family, all: [given, family], lastSearch: family, patronymic };
  }
  if ((n !== 2 && n !== 3) || !name.first || !name.last || name.ordered || name.abbreviated) return null;
  const [family, ...given] = name.all as [string, ...string[]];
  return { first: given.at(-1)!, last: family, all: [...given, family], lastSearch: family, given: given.join('') };
}
