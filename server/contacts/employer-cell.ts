/**
 * An employer cell as a person reads it (docs/contacts.md, "Employers"): what follows the
 * employer's name and is no part of it goes (the years worked there, an office or its city, a
 * legal form spelt out), a company-page URL or a social handle is the name it spells, and a cell
 * naming several employers names each, the current one first.
 */

import { isGivenName } from '../../lib/names/given-names.js';
import { resolvePlace } from '../../query-planner/places.js';
import { isGenericOrgName } from './generic-org-words.js';
import { words } from './normalize.js';

/**
 * Legal forms written out in full, in the languages companies register in ("Gesellschaft mit
 * beschränkter Haftung" is GmbH, "Kabushiki Kaisha" KK): folded to lower-case ASCII words.
 */
const SPELT_LEGAL_FORMS = [
  'limited liability company',
  'limited liability partnership',
  'limited partnership',
  'public limited company',
  'private limited company',
  'private limited',
  'proprietary limited',
  'incorporated',
  'limited',
  'corporation',
  'gesellschaft mit beschrankter haftung',
  'aktiengesellschaft',
  'kommanditgesellschaft',
  'kabushiki kaisha',
  'godo kaisha',
  'yugen kaisha',
  'naamloze vennootschap',
  'besloten vennootschap',
  'societe anonyme',
  'societe par actions simplifiee',
  'societe a responsabilite limitee',
  'societa per azioni',
  'societa a responsabilita limitata',
  'sociedad anonima',
  'sociedad limitada',
  'sociedad de responsabilidad limitada',
  'sociedade anonima',
  'sociedade limitada',
  'aktiebolag',
  'aksjeselskap',
  'allmennaksjeselskap',
  'anpartsselskab',
  'osakeyhtio',
  'spolka akcyjna',
  'spolka z ograniczona odpowiedzialnoscia',
];

/** One character without its marks, kept to its length ("é" → e, "ł" → l). */
const foldChar = (c: string): string => {
  const f = c.normalize('NFKD').replace(/\p{M}/gu, '').replace('ł', 'l').replace('Ł', 'L');
  return f.length === c.length ? f : c;
};
/**
 * Letters without their marks, each character kept to its length, so an index of the folded text
 * is one of the text ("é" → e, "ł" → l). ASCII is its own fold: only the other characters are
 * normalised, one by one, so a long cell of plain letters costs one scan.
 */
export const fold = (text: string): string => text.replace(/[^ -~\t\n\r]/gu, foldChar);
const LEGAL_WORDS = SPELT_LEGAL_FORMS.map((f) => f.split(' ').join('\\s+')).join('|');
/** A legal form spelt out after the name ("Acme, Société Anonyme", "Acme Aktiengesellschaft"), on the folded text. */
const LEGAL_AFTER = new RegExp(`(?<![\\s,])[\\s,]+(?:${LEGAL_WORDS})\\.?\\s*$`, 'i');
/** One before it ("Kabushiki Kaisha Acme"). */
const LEGAL_BEFORE = new RegExp(`^\\s*(?:${LEGAL_WORDS})\\s+(?=\\S)`, 'i');
/**
 * English forms of one word, written after a name: before one they are a word of it ("Limited
 * Brands", "Incorporated Research Institutions", "Corporation Bank").
 */
const NAME_WORD_FORMS = /^(?:limited|incorporated|corporation)$/i;

/** A year or a month and year ("2019", "03/2020", "Jan 2019"). */
const WHEN = String.raw`(?:(?:\d{1,2}[/.-])?(?:19|20)\d{2}|(?:jan|feb|mar|apr|may|jun|jul|aug|sep|sept|oct|nov|dec)[a-z]*\.?\s+(?:19|20)\d{2})`;
const UNTIL = String.raw`(?:now|present|today|current|date|heute|aujourd'hui|actual|atual|oggi)`;
/**
 * The years worked there after the name: "[2015 - now]", "(since 2019)", ", 2016–present",
 * "03/2020 - today", "(2013-)", "2019".
 */
const DATES_AFTER = new RegExp(
  String.raw`(?<![\s,;:|·•–—-])[\s,;:|·•–—-]*(?:[([]\s*)?(?:(?:since|from|seit|depuis|desde)\s*)?${WHEN}(?:\s*(?:[-–—]|to|until|till|bis)(?:\s*(?:${WHEN}|${UNTIL}))?)?\s*(?:[)\]]\s*)?$`,
  'i',
);

/** Words that mark an office of the employer: "Boston HQ", "(Fremont office)", "Oslo Hub". */
const OFFICE = /^(?:hq|headquarters|office|offices|hub|branch|campus|site|studio|plant|lab)$/i;

/** Whether words name a place without doubt (a city, a metro, a country or a state; not a town only some lists know). */
const isPlace = (text: string): boolean => {
  const t = text.trim();
  if (!t || !/^\p{Lu}/u.test(t)) return false;
  const place = resolvePlace(t);
  return Boolean(place && !place.lessCertain);
};

/** Whether a part of a cell is a place and no firm's name: a place that is no given name ("Jackson" may be a partner's). */
const readsAsPlace = (part: string): boolean => {
  const t = part.trim();
  return isPlace(t) && (t.includes(' ') || !isGivenName(words(t)[0] ?? ''));
};

/**
 * The employer without an office after it: "Acme @ Houston", "Acme – London", "Acme (Berlin office)",
 * "Acme, Amsterdam", "Acme Boston HQ", "Acme (Port Lavaca)". After a dash or a comma only a place
 * that is no given name ("Lubowitz - Jackson" may be two partners' firm). Null when none.
 */
function withoutOffice(cell: string): string | null {
  const bracket = /^(.+?)\s*[([]([^()[\]]+)[)\]]\s*$/u.exec(cell);
  if (bracket) {
    const inside = bracket[2]!.trim().split(/\s+/);
    const marked = OFFICE.test(inside.at(-1) ?? '') || OFFICE.test(inside[0] ?? '');
    const place = inside.filter((w) => !OFFICE.test(w) && !/^(?:the|our)$/i.test(w)).join(' ');
    if ((marked && (place === '' || /^\p{Lu}/u.test(place))) || isPlace(place)) return bracket[1]!.trim();
  }
  // "Acme Boston HQ", "Descendant Industries Kolkata HQ": the place before the office's word, else the word alone.
  const ws = cell.trim().split(/\s+/);
  if (ws.length >= 2 && /^(?:hq|headquarters|office|hub|branch|campus)$/i.test(ws.at(-1)!)) {
    for (let n = Math.min(3, ws.length - 2); n >= 1; n--) {
      const place = ws.slice(-1 - n, -1).join(' ');
      if (isPlace(place))
        return ws
          .slice(0, -1 - n)
          .join(' ')
          .replace(/[\s,@|–—-]+$/, '');
    }
    return ws
      .slice(0, -1)
      .join(' ')
      .replace(/[\s,@|–—-]+$/, '');
  }
  const parted = /^(.+\S)\s*(@|\s[-–—|/·•]\s|,)\s*([^,@]+)$/u.exec(cell);
  if (parted) {
    const place = parted[3]!.trim();
    if (place.split(/\s+/).length <= 4 && (parted[2] === '@' ? isPlace(place) : readsAsPlace(place))) return parted[1]!.trim();
  }
  return null;
}

/** An employer's page on a professional network ("…/company/acme-inc/?viewAsMember=true"): its name from the slug. */
const COMPANY_PAGE = /^(?:https?:\/\/)?(?:[a-z0-9-]+\.)*[a-z0-9-]+\.[a-z]{2,}(?::\d+)?\/(?:company|school|showcase)\/([^/?#\s]+)/i;

/**
 * A social handle or a name written as one word ("@SchimmelGroup", "#DwellMoney", "KossAgencyHQ",
 * "@dickens_douglas", "ZboncakLLC"): its words apart, without "HQ"; null when the cell is no handle.
 */
function handleName(cell: string): string | null {
  const t = cell.trim();
  if (/\s/.test(t) || !/^[@#]?[\p{L}\d][\p{L}\d_.-]*$/u.test(t)) return null;
  // "KossAgencyHQ", "@zboncakllc": "HQ" and a legal form glued to the end go.
  const bare = t
    .replace(/^[@#]/, '')
    .replace(/(?<=[\p{L}\d])HQ$/u, '')
    .replace(/(?<=\p{Ll}{3})(?:hq|llc|inc|ltd|gmbh)$/u, '');
  const camel = /\p{Ll}\p{Lu}/u.test(bare);
  if (!camel && bare === t && !bare.includes('_')) return null;
  if (!camel && !bare.includes('_')) return bare;
  const spaced = bare
    .replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
    .replace(/(\p{Lu})(\p{Lu}\p{Ll})/gu, '$1 $2')
    .replace(/[_]+/g, ' ')
    .trim();
  return spaced || null;
}

/**
 * Roles at another organisation written after the employer: "Angel investor in X", "Board member
 * at X", "advising X". A role's noun is one only before a preposition: without one it is a word of
 * the name ("Mentor Graphics", "Founder Institute", "Consulting Group").
 */
const OTHER_ROLE =
  /^(?:also\s+)?(?:(?:(?:angel\s+)?investor|board\s+member|advis[eo]r|consultant|consulting|mentor|member|partner|volunteer|trustee|founder|co-?founder)\s+(?:in|at|to|for|of|with)|advising)\s+/i;
/** A role alone in brackets after an employer: "(advisor)", "(board)". */
const ROLE_ONLY = /\s*\((?:advisor|adviser|board|investor|consultant|mentor|volunteer|side project)\)\s*$/i;

/**
 * The organisation a part of a cell names, without the role the person has there ("Board member at
 * Fahey Inc" → Fahey Inc); the part as written when only descriptors would be left ("Member of
 * Institute").
 */
const withoutRole = (part: string): string => {
  const bare = part.replace(ROLE_ONLY, '').trim();
  const org = bare.replace(OTHER_ROLE, '').trim();
  return org !== bare && isGenericOrgName(org) ? bare : org;
};

/**
 * The employers a cell naming several lists ("Acme; Board member at Beta", "Acme | Angel investor in
 * Beta", "Acme + Beta", "Acme / Beta (advisor)", "Acme (also advising Beta)", "Glover, Thiel and
 * Satterfield, Kulas Labs"), the first being the one the person works at; null for one employer.
 * A part that is a place ("Acme Corp, New York", "Acme; London") is where the employer is, and a
 * part of descriptors alone ("Acme; Institute") names no one: neither is an employer.
 */
function severalEmployers(cell: string): string[] | null {
  const also = /^(.+?)\s*\(\s*also\s+(?:advising|at|with|investing in|on the board of)\s+([^)]+)\)\s*$/i.exec(cell);
  if (also) return [also[1]!.trim(), also[2]!.trim()];
  const parts = cell.split(/\s*;\s*|\s+[|+/]\s+|\s*\|\s*/).filter((p) => p.trim());
  if (parts.length > 1) {
    const named = parts.map(withoutRole).filter((p) => p && !readsAsPlace(p) && !isGenericOrgName(p));
    return named.length ? named : null;
  }
  // "Glover, Thiel and Satterfield, Kulas Labs", "Fahey Inc, Huel Inc": two firms' names after each
  // other, the first complete (an "and" list's end, or two words or more without a comma), the
  // second of two words or more, capitalised, and no "and" list.
  const comma = cell.lastIndexOf(',');
  if (comma > 0) {
    const left = cell.slice(0, comma).trim();
    const right = cell.slice(comma + 1).trim();
    const complete = /\s(?:and|&)\s+\p{Lu}[\p{L}'’-]+$/u.test(left) || (!left.includes(',') && left.split(/\s+/).length >= 2);
    const firm = right.split(/\s+/).length >= 2 && !/^(?:and|&)\s/i.test(right) && /^\p{Lu}/u.test(right) && !/\s(?:and|&)\s/.test(right);
    if (complete && firm && !readsAsPlace(left) && !readsAsPlace(right)) return [left, right];
  }
  return null;
}

/**
 * What an employer cell names, as a person reads it: the employer without the years, the office and
 * a spelt-out legal form after it, and any other organisation the cell names after it; the cell as
 * written comes last when the reading changed it, as the name may be the firm's own ("Air France").
 */
export function employerReadings(cell: string): string[] {
  const { employer, side } = employerCell(cell);
  return [...employer, ...side];
}

/**
 * An employer cell's readings parted by what they say of the person: `employer` names where the
 * person works now (the first employer of a cell naming several, in every reading of it), `side`
 * the other organisations the cell names (a side role, "Board member at Beta", "Beta (advisor)",
 * or any employer after the first) and, for such a cell, the cell as written. A side reading is
 * weighed at most as a past employer and never resolves a row alone (match-scoring.ts).
 */
export function employerCell(cell: string): { employer: string[]; side: string[] } {
  const written = cell.trim();
  if (!written) return { employer: [], side: [] };
  const page = COMPANY_PAGE.exec(written);
  if (page) return { employer: [decodeURIComponent(page[1]!).replace(/[-_]+/g, ' ').trim()].filter(Boolean), side: [] };
  const handle = handleName(written);
  if (handle) return { employer: [handle], side: [] };
  const several = severalEmployers(written);
  const names = several ?? [written];
  // A reading of descriptors alone ("Brands" of "Brands [2015 - now]") part-matches every firm ending in them.
  const read = names.map((n) => plainEmployer(n)).filter((n) => n && (n === written || !isGenericOrgName(n)));
  const out = [...new Set(read)];
  if (several) {
    // The cell as written holds the side firm's words too: no reading of the current employer.
    const first = plainEmployer(several[0]!);
    const employer = out.filter((n) => n === first);
    return { employer, side: [...out.filter((n) => n !== first), ...(out.includes(written) ? [] : [written])] };
  }
  if (out[0] !== written) out.push(written);
  return { employer: out, side: [] };
}

/**
 * Trademark and copyright marks, as signs or in brackets ("Acme™", "Acme (R)", "ACME(TM)", "© Acme"):
 * marketing typography, never a word of the name.
 */
const MARKS = /(?<!\s)\s*(?:\((?:r|tm|sm|c)\)|[®™℠©])\s*/giu;

/** One employer's name without its marks, years, office and spelt-out legal form (each in any order, once). */
function plainEmployer(name: string): string {
  let out = name.replace(MARKS, ' ').trim() || name.trim();
  // The text folded once, and again only after it was cut.
  let folded = fold(out);
  let foldedOf = out;
  const foldedOut = (): string => {
    if (foldedOf !== out) [folded, foldedOf] = [fold(out), out];
    return folded;
  };
  for (let i = 0; i < 3; i++) {
    const before = out;
    const undated = foldedOut().replace(DATES_AFTER, '');
    if (undated !== foldedOut() && /\p{L}/u.test(undated)) out = out.slice(0, undated.length).trim();
    const legal = LEGAL_AFTER.exec(foldedOut());
    if (legal && legal.index > 0) out = out.slice(0, legal.index).replace(/[\s,]+$/, '');
    // Not when only descriptors would be left ("Societe Anonyme Brands") or the form is a word of the name.
    const legalBefore = LEGAL_BEFORE.exec(foldedOut());
    const rest = legalBefore ? out.slice(legalBefore[0].length) : '';
    if (legalBefore && rest && !NAME_WORD_FORMS.test(legalBefore[0].trim()) && !isGenericOrgName(rest))
      out = out.slice(legalBefore[0].length);
    out = withoutOffice(out) ?? out;
    if (out === before) break;
  }
  return out.replace(/[\s,;:|–—-]+$/, '').trim() || name.trim();
}
