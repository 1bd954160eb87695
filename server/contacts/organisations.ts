/**
 * Organisation names as the contact matcher compares them (docs/contacts.md, "The matcher"):
 * legal forms dropped, web addresses read as the name they stand for (tldts, the Public Suffix
 * List), abbreviations spelt out, acronyms, initials, truncated words and misspellings.
 */

import { distance } from 'fastest-levenshtein';
import pluralize from 'pluralize';
import { parse as parseDomain } from 'tldts';
import { findCountryCode } from '../../geo/gazetteer.js';
import { employerCell, employerReadings } from './employer-cell.js';
import { asciiLower, indexWords, words } from './normalize.js';

/** Legal forms and filler words dropped from organisation names before comparing them. */
const LEGAL = new Set([
  'inc',
  'incorporated',
  'llc',
  'llp',
  'lp',
  'ltd',
  'limited',
  'corp',
  'corporation',
  'co',
  'company',
  'plc',
  'gmbh',
  'ag',
  'sa',
  'sas',
  'sarl',
  'srl',
  'spa',
  'bv',
  'nv',
  'ab',
  'oy',
  'as',
  'kk',
  'pty',
  'pvt',
  'the',
  'group',
  'holdings',
  'ltda',
  'sapi',
  'sro',
  'kft',
  'zrt',
  'bhd',
  'sdn',
  'tbk',
  'pte',
  'ulc',
  'ug',
  'kg',
  'sl',
  'sau',
  'lda',
  'aps',
  'asa',
  'oyj',
]);

/**
 * The organisations one cell names: the organisation, the one a clause beside it names as its
 * other name ("Acme (formerly Widgets Inc)", "Acme (now Globex)") and the one it names as its owner
 * ("Acme, a Globex company", "Acme (acquired by Globex)", "Acme, part of Globex", "Acme (merged
 * into Globex)"): the person may be filed under any. Each is read as a person reads an employer
 * cell (employer-cell.ts: years, an office, a spelt-out legal form, several employers).
 */
export function orgNamesIn(cell: string | null | undefined): string[] {
  const { names, owner } = clauseParts(cell);
  return [...new Set([...names, ...(owner ? [owner] : [])].flatMap(employerReadings))];
}

/**
 * The readings of `orgNamesIn(cell)` where the cell gives the person a side role or names the
 * organisation after their employer ("Acme; Board member at Beta", "Acme / Beta (advisor)",
 * employer-cell.ts), or names the employer's owner ("Acme (acquired by Globex)"): organisations
 * the person is not said to work at now. An owner is where a namesake works, as often as where the
 * person went with their firm, so it weighs as a side role does (match-scoring.ts).
 */
export function sideOrgNamesIn(cell: string | null | undefined): Set<string> {
  const { names, owner } = clauseParts(cell);
  const read = names.map(employerCell);
  const employer = new Set(read.flatMap((r) => r.employer));
  const side = [...read.flatMap((r) => r.side), ...(owner ? employerReadings(owner) : [])];
  return new Set(side.filter((n) => !employer.has(n)));
}

/** Words of a clause that gives the organisation another name it had or has: "formerly", "now" (renamed). */
const RENAMED = String.raw`formerly|previously|fka|f\/k\/a|now(?!\s+part\s+of)|renamed(?:\s+to)?`;
/** Words of a clause that names the organisation's owner: "acquired by", "(now) part of", "merged into". */
const OWNED = String.raw`acquired\s+by|(?:now\s+)?part\s+of|(?:a\s+)?subsidiary\s+of|owned\s+by|merged\s+into|(?:a\s+)?division\s+of`;
const CLAUSE = new RegExp(
  String.raw`^(.*?)\s*(?:\(\s*(?:(${RENAMED})|${OWNED})\s+([^)]+)\)|,\s*(?:a|an)\s+(.+?)\s+(?:company|subsidiary|business|brand)|,\s*(?:(${RENAMED})|${OWNED})\s+(.+))\s*$`,
  'i',
);
/** The year of an acquisition after the owner's name: "acquired by Globex in 2024", "(merged into Globex, 2023)". */
const CLAUSE_YEAR = /[\s,]+(?:in\s+|since\s+)?(?:19|20)\d{2}\s*$/i;

/** A cell without the clause beside its organisation: the organisation's names, and the owner the clause names. */
function clauseParts(cell: string | null | undefined): { names: string[]; owner: string | null } {
  const text = (cell ?? '')
    .replace(/\bS\.?\s?A\.?(?:\s?P\.?\s?I\.?)?\s+de\s+C\.?\s?V\.?/gi, ' ')
    .replace(/\bS\.?\s+de\s+R\.?\s?L\.?/gi, ' ');
  const clause = CLAUSE.exec(text.trim());
  if (!clause) return { names: [text], owner: null };
  const main = (clause[1] ?? '').trim();
  const renamed = clause[2] ?? clause[5];
  const other = (clause[3] ?? clause[4] ?? clause[6] ?? '').replace(CLAUSE_YEAR, '').trim();
  if (!main) return { names: [text], owner: null };
  if (renamed) return { names: [main, other].filter(Boolean), owner: null };
  return { names: [main], owner: other || null };
}

/**
 * A web address written where a name goes ("acme.com", "www.acme.co.uk", "https://acme.io/about"):
 * its registrable name without the public suffix (tldts, the Public Suffix List), hyphens as
 * spaces; null when the token is no address.
 */
function domainName(token: string): string | null {
  const t = token
    .trim()
    .toLowerCase()
    .replace(/^[<("'\s]+|[>)"'.,;:\s]+$/g, '')
    .replace(/^[a-z]+:\/\//, '')
    .replace(/[/?#].*$/, '');
  if (!/^[a-z0-9-]+(?:\.[a-z0-9-]+)+$/.test(t)) return null;
  // Only a suffix the list knows: "S.A.", "J.P." and "Node.js" are no addresses.
  const d = parseDomain(t, { allowPrivateDomains: false });
  return d.isIcann && d.domainWithoutSuffix ? d.domainWithoutSuffix.replace(/-/g, ' ') : null;
}

/** An organisation name's words, web addresses read as the name they stand for ("Amazon.com" → amazon). */
function orgWords(name: string | null | undefined): string[] {
  if (!name) return [];
  const text = name
    .replace(/&/g, ' and ')
    .split(/\s+/)
    .map((token) => (token.includes('.') ? (domainName(token) ?? token) : token))
    .join(' ');
  return words(text);
}

/** An organisation name as compared: its words without legal forms ("Acme, Inc." → "acme"). */
export function normOrg(name: string | null | undefined): string {
  return orgWords(name)
    .filter((x) => !LEGAL.has(x))
    .join(' ');
}

/**
 * Abbreviations of words in organisation names, and the word each stands for ("Acme Intl Svcs"
 * is "Acme International Services"). Compared after plurals are made singular (pluralize).
 */
const ORG_ABBREVIATIONS: Record<string, string> = {
  intl: 'international',
  svc: 'service',
  svcs: 'service',
  srvc: 'service',
  tech: 'technology',
  techs: 'technology',
  mgmt: 'management',
  natl: 'national',
  univ: 'university',
  sys: 'system',
  mfg: 'manufacturing',
  engg: 'engineering',
  bro: 'brother',
  bros: 'brother',
  dept: 'department',
  govt: 'government',
  inst: 'institute',
  ctr: 'center',
  centre: 'center',
  laboratory: 'lab',
  hosp: 'hospital',
  soln: 'solution',
  solns: 'solution',
  pharmaceutical: 'pharma',
  comms: 'communication',
  mktg: 'marketing',
  assn: 'association',
};

/** Legal words an acronym may carry ("Boston Consulting Group" is BCG). */
const ACRONYM_LEGAL_WORDS = new Set(['group', 'holdings', 'company', 'corporation']);

/** Words that an organisation's acronym skips ("Bank of America" is BoA or BA). */
const ACRONYM_SKIPS = new Set(['and', 'of', 'the', 'for', 'de', 'la', 'du', 'der', 'und', 'et', 'y']);

/** An organisation name as the matcher compares it (docs/contacts.md, "Employers"). */
export interface OrgForm {
  /** Words without legal forms, abbreviations spelt out, plurals singular. */
  key: string;
  /** The key's words joined ("acme robotics" → "acmerobotics"). */
  joined: string;
  /** The name's words joined as written, plurals kept ("Willms Agency" → "willmsagency", as a handle or a page's slug writes it). */
  written: string;
  /**
   * The key without "and" between names: "and", "&", "+", a comma or a dash join names alike
   * ("Beer, Borer and Watsica" is "Beer Borer Watsica", "Lubowitz & Mertz" "Lubowitz - Mertz").
   */
  bare: string;
  /** The name's acronyms ("International Business Machines" → ibm), from names of two words or more. */
  acronyms: Set<string>;
  /** The letters of a name written as initials ("W&S" → ws, "C.M.M." → cmm). */
  initials?: string;
  /** The initials of a name of two words ("Sanford Bio" → sb, "Wilkinson and Sons" → ws), the only names two letters stand for. */
  pair?: string;
  /** A name of one word written as a word, a capital then small letters ("Box", "Stripe"): it stands for no acronym. */
  word?: true;
}

/** Legal forms that, first in a name, are a word of it ("Limited Brands", "Corporation Bank"): English forms follow the name. */
const NAME_FIRST_WORDS = new Set(['limited', 'incorporated', 'corporation']);

export function orgForm(name: string | null | undefined): OrgForm {
  const all = orgWords(name);
  const kept = all.filter((x, i) => !LEGAL.has(x) || (i === 0 && all.length > 1 && NAME_FIRST_WORDS.has(x)));
  const keyWords = kept.map((w) => {
    const one = /^[a-z]+$/.test(w) && w.length > 3 ? pluralize.singular(w) : w;
    return ORG_ABBREVIATIONS[one] ?? ORG_ABBREVIATIONS[w] ?? one;
  });
  const acronyms = new Set<string>();
  // With and without the legal words an acronym may spell (the G of BCG), never "Inc" or "LLC".
  const spelt = all.filter((x) => !LEGAL.has(x) || ACRONYM_LEGAL_WORDS.has(x));
  // Hyphenated names give an initial a part ("Dickens-Bailey Stack" is DBS).
  const split = indexWords(name?.replace(/&/g, ' and ').replace(/['’]/g, '')).filter((x) => !LEGAL.has(x) || ACRONYM_LEGAL_WORDS.has(x));
  for (const list of [spelt, kept, split]) {
    const initials = list.filter((w) => !ACRONYM_SKIPS.has(w));
    if (initials.length >= 2) acronyms.add(initials.map((w) => w[0]).join(''));
    if (list.length >= 2) acronyms.add(list.map((w) => w[0]).join(''));
  }
  // Written as initials: "W&S", "C.M.M.", "S & H" (letters, ampersands, dots and spaces only).
  const letters = /^\s*\p{L}(?:[\s.&]*\p{L}){1,5}[\s.]*$/u.test(name ?? '') && /[&.]|^[^a-z]*$/.test(name ?? '');
  const letterRun = letters ? asciiLower(name ?? '').replace(/[^a-z]/g, '') : '';
  const initials = letterRun || undefined;
  const two = split.filter((w) => w !== 'and');
  const pair = two.length === 2 ? two.map((w) => w[0]).join('') : undefined;
  const word = kept.length === 1 && (name ?? '').split(/[\s,]+/).some((w) => /^\p{Lu}\p{Ll}+$/u.test(w) && asciiLower(w) === kept[0]);
  return {
    key: keyWords.join(' '),
    joined: keyWords.join(''),
    written: kept.join(''),
    bare: keyWords.filter((w, i) => !(w === 'and' && i > 0 && i < keyWords.length - 1)).join(' '),
    acronyms,
    ...(initials ? { initials } : {}),
    ...(pair ? { pair } : {}),
    ...(word ? { word: true as const } : {}),
  };
}

/**
 * How two organisation names agree: `same` for one name written alike (legal forms, spacing,
 * plurals and abbreviations aside); `alias` for an acronym of the other ("IBM") or a misspelling of
 * it ("Acme Robotcs"); `part` for a name whose words start or end the other's ("Acme" and "Acme
 * Robotics", which may also be another company of the same family, "Durgan Inc" and "Durgan
 * Motors").
 */
export function orgAgreement(a: OrgForm, b: OrgForm): 'same' | 'alias' | 'part' | null {
  if (!a.key || !b.key) return null;
  if (a.key === b.key || a.joined === b.joined || a.bare === b.bare || a.written === b.written) return 'same';
  const [short, long] = a.key.length <= b.key.length ? [a, b] : [b, a];
  // A local subsidiary is the employer: "Acme Deutschland GmbH", "Thyme Labs Australia Pty Ltd",
  // "Langosh Cloud France SAS" (the country's name, in English or its own, after the name).
  if (short.key.length >= 4 && long.key.startsWith(`${short.key} `)) {
    const tail = long.key.slice(short.key.length + 1);
    if (tail.split(' ').length <= 3 && findCountryCode(tail)) return 'same';
  }
  if (short.key.length >= 3 && (long.key.startsWith(`${short.key} `) || long.key.endsWith(` ${short.key}`))) return 'part';
  // Two letters stand only for a name of two words ("SB" for Sanford Bio; "BP" is not Bank of Punjab).
  const stands = (letters: string, y: OrgForm) => (letters.length === 2 ? y.pair === letters : y.acronyms.has(letters));
  const acronym = (x: OrgForm, y: OrgForm) =>
    (x.initials !== undefined && stands(x.initials, y)) ||
    (!x.key.includes(' ') && !x.word && x.key.length >= 2 && x.key.length <= 6 && stands(x.key, y));
  if (acronym(a, b) || acronym(b, a)) return 'alias';
  if (abbreviates(a.key, b.key)) return 'alias';
  // A misspelt name: one slip, two in names of twelve letters or more ("Acme Media" is not "Acme Medical").
  const shorter = Math.min(a.joined.length, b.joined.length);
  if (shorter >= 8 && Math.abs(a.joined.length - b.joined.length) <= 2 && distance(a.joined, b.joined) <= (shorter >= 12 ? 2 : 1))
    return 'alias';
  // Cut inside a word by a field's length ("Hermiston, Brau"), after the abbreviations ("Quitzon Med.").
  if (cutByFieldLength(short.key, long.key)) return 'part';
  return null;
}

/** The shortest employer a field's length limit leaves that is read as the start of a longer name. */
const MIN_CUT_CHARS = 10;

/**
 * Whether `short` is `long` cut inside a word by a field's length limit ("hermiston brau" of
 * "hermiston braun"): a whole first word and at least two letters of the word cut (one after two
 * whole words), ten characters or more. A shorter start ("acme r", "instructor b") says too little
 * to stand for one name among many.
 */
function cutByFieldLength(short: string, long: string): boolean {
  if (short.length < MIN_CUT_CHARS || short.length >= long.length || !long.startsWith(short)) return false;
  const space = short.lastIndexOf(' ');
  const cut = short.slice(space + 1);
  // One letter of the word cut only after two whole words ("klein monahan a"), whose start is a part already.
  const whole = short.slice(0, space).split(' ').length;
  return space > 0 && (cut.length >= 2 || whole >= 2) && /[a-z0-9]/.test(long[short.length] ?? '');
}

/**
 * Whether one word is an abbreviation of another: at most five letters and at most 60% of the
 * other's length, the same first letter, its letters in order inside the other ("med" for
 * medical, "cnslt" for consulting, "grp" for group). "Media" is no abbreviation of "medical".
 */
function abbreviationOf(short: string, long: string): boolean {
  if (short.length < 3 || short.length > 5 || short.length > long.length * 0.6 || short[0] !== long[0]) return false;
  let k = 0;
  for (const ch of long) if (ch === short[k]) k++;
  return k === short.length;
}

/** Two names of as many words, one word at least the same, the others the same or abbreviated ("Quitzon Med." / "Quitzon Medical"). */
function abbreviates(a: string, b: string): boolean {
  const x = a.split(' ');
  const y = b.split(' ');
  if (x.length !== y.length || x.length < 2) return false;
  let same = 0;
  for (let i = 0; i < x.length; i++) {
    const [p, q] = [x[i] as string, y[i] as string];
    if (p === q) same++;
    else if (!abbreviationOf(p, q) && !abbreviationOf(q, p)) return false;
  }
  return same > 0 && same < x.length;
}

/** The organisation an email address's domain names ("ana@acme-robotics.com" → "acme robotics"); null without one. */
export function emailOrganisation(email: string): string | null {
  const at = email.lastIndexOf('@');
  return at < 0 ? null : domainName(email.slice(at + 1));
}
