/**
 * What a contact row offers the matcher (docs/contacts.md, "Rows"): its names, emails, phones,
 * professional username, employers, titles and place, normalised once for every candidate.
 */

import { nameCellFields, notesFields, titlesAndOrgs } from './cell-fields.js';
import { laidOut } from './cell-layout.js';
import { emailSearchTerms, emailsIn, hostOfBrokenAddress, withoutEmails } from './emails.js';
import type { ContactRow } from './evidence.js';
import { type Place, placeOf } from './locations.js';
import { asciiLower, phonesIn, professionalUsername } from './normalize.js';
import { emailOrganisation, normOrg, type OrgForm, orgForm, orgNamesIn, sideOrgNamesIn } from './organisations.js';
import { type PersonName, personName } from './person-name.js';
import { readingsOf } from './script-readings.js';
import { type TitleToken, titleTokens } from './titles.js';

/** What a row offers to match on, normalised once. */
export interface Keys {
  name: PersonName;
  emails: string[];
  /** What the exact-key search looks the emails up by (as compared and as written). */
  emailTerms: string[];
  phones: string[];
  username: string | null;
  /** Listed employers as searched (legal forms dropped, web addresses as names). */
  orgs: string[];
  /** Listed employers as compared: where the row says the person works now. */
  orgForms: OrgForm[];
  /**
   * Organisations the row names beside the employer, as compared: a side role ("Board member at
   * Beta", "Beta (advisor)") or an employer after the first in one cell. Weighed as a past employer
   * at most, and never enough alone to resolve a row (match-scoring.ts).
   */
  sideOrgForms: OrgForm[];
  /** The employers were read from the title cell after a bar or a comma: they count only as the current employer (cell-fields.ts). */
  orgsCurrentOnly?: boolean;
  /**
   * Organisations the row's email domains name, by host ("acme-robotics.com" → Acme Robotics):
   * evidence of the employer for a person who holds an address at that host too.
   */
  emailHostOrgs: Map<string, OrgForm>;
  /** The same organisations' names, as searched. */
  emailOrgNames: string[];
  /** Listed job titles as compared (contacts/titles.ts). */
  titles: TitleToken[][];
  /** The row's place: its city as a place key (gazetteer.ts, placeKey), its metro and country. */
  place: Place;
  /**
   * Name words as written, accents dropped but letters kept ("røed" for "roed", "łukaszewski"):
   * embedded indices built before table layout 10 keep ø, ł, đ and ı, which OpenSearch's ASCII
   * folding (and layout 10) makes o, l, d and i.
   */
  nativeForms: Map<string, string>;
  /**
   * Name words written in Cyrillic or Greek, by their any-ascii reading: their readings in other
   * romanisations ("jevtik" for "Йевтик", "shterev" for "Щерев"; script-readings.ts).
   */
  scriptReadings: Map<string, string[]>;
}

/** Each name word's written form, where it differs from its ASCII form (see {@link Keys.nativeForms}). */
function nativeForms(row: ContactRow): Map<string, string> {
  const out = new Map<string, string>();
  for (const text of [row.name, row.first_name, row.last_name])
    for (const word of (text ?? '').split(/[^\p{L}]+/u)) {
      const native = word.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
      const ascii = asciiLower(word).replace(/[^a-z]/g, '');
      if (native && ascii && native !== ascii && /^\p{L}+$/u.test(native)) out.set(ascii, native);
    }
  return out;
}

/** A search text with each word in its written form, or null when no word has one. */
export function nativeText(text: string, forms: Map<string, string>): string | null {
  if (!forms.size) return null;
  const alt = text
    .split(' ')
    .map((w) => forms.get(w) ?? w)
    .join(' ');
  return alt === text ? null : alt;
}

export function rowKeys(input: ContactRow): Keys {
  const row = laidOut(input);
  // An address pasted in a name column is an address, not a name.
  const nameCells = [row.name, row.first_name, row.last_name];
  const pasted = nameCells.filter((c) => emailsIn(c).length > 0);
  const emailCells = [...(row.emails ?? []), ...pasted];
  const unpasted = pasted.length
    ? { name: withoutEmails(row.name), first_name: withoutEmails(row.first_name), last_name: withoutEmails(row.last_name) }
    : row;
  // The name cell read once: its employer or title, and the name itself (Outlook's "File as" with
  // the company first, "Kulas Labs (Ruiz, Ana)", has it in the bracket).
  const inName = nameCellFields(
    unpasted.name,
    (row.organization_names ?? []).some((o) => typeof o === 'string' && o.trim() !== ''),
  );
  const named = { ...unpasted, name: inName.name };
  const written = titlesAndOrgs(row, inName);
  // What the row lists wins; its notes fill a title or an employer it lacks.
  const noted = (written.titles.length && written.orgs.length) || !row.notes ? null : notesFields(row.notes);
  const listed = written.orgs.length ? written.orgs : (noted?.orgs ?? []);
  const orgCells = listed.flatMap(orgNamesIn);
  const side = new Set(listed.flatMap((c) => [...sideOrgNamesIn(c)]));
  const place = placeOf(row.location);
  const emails = [...new Set(emailCells.flatMap(emailsIn))];
  const emailHostOrgs = new Map<string, OrgForm>();
  const emailOrgNames = new Set<string>();
  for (const e of emails) {
    const host = e.slice(e.lastIndexOf('@') + 1);
    const org = emailHostOrgs.has(host) ? null : emailOrganisation(e);
    if (!org) continue;
    emailHostOrgs.set(host, orgForm(org));
    emailOrgNames.add(org);
  }
  // "carol@ceramicchain", "carol@ceramicchain.c": no address, but the employer its host names.
  for (const cell of emailCells) {
    const host = hostOfBrokenAddress(cell);
    if (!host || emailHostOrgs.has(host)) continue;
    const org = host.replace(/-/g, ' ');
    emailHostOrgs.set(host, orgForm(org));
    emailOrgNames.add(org);
  }
  return {
    name: personName(named),
    emails,
    emailTerms: [...new Set(emailCells.flatMap(emailSearchTerms))],
    phones: [...new Set((row.phone_numbers ?? []).flatMap((p) => phonesIn(p, place?.country ?? null)))],
    username: professionalUsername(row.professional_url),
    orgs: [...new Set(orgCells.map(normOrg).filter(Boolean))],
    orgForms: orgCells
      .filter((o) => !side.has(o))
      .map(orgForm)
      .filter((o) => o.key),
    sideOrgForms: [...side].map(orgForm).filter((o) => o.key),
    ...(written.currentOnly && written.orgs.length ? { orgsCurrentOnly: true } : {}),
    emailHostOrgs,
    emailOrgNames: [...emailOrgNames],
    titles: (written.titles.length ? written.titles : (noted?.titles ?? [])).map((t) => titleTokens(t)).filter((w) => w.length),
    place,
    nativeForms: nativeForms(row),
    scriptReadings: readingsOf([named.name, named.first_name, named.last_name]),
  };
}

/** Whether a row has anything a person can be found by (a name, an email, a phone, a profile URL). */
export function hasSignal(k: Keys): boolean {
  return Boolean(k.name.first || k.name.last || k.emails.length || k.phones.length || k.username);
}
