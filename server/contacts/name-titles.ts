/**
 * The words set aside around a person's name (person-name.ts): courtesy titles before it ("Dr.",
 * "Herr", "Ing."), credentials and generations after it ("Ph.D.", "MBA", "Jr."), and the name's
 * words without them.
 */

import { HEAD_NOUNS as TITLE_HEADS } from '../../query-planner/parse/lexicon/titles.js';
import { isPostNominalAfterComma, leadingTitles, postNominalTitles } from './honorifics.js';
import { indexWords, words } from './normalize.js';

/** The courtesy titles of English names ("Dr. Jane Doe", "Mr Smith"). */
const COURTESY = ['mr', 'mrs', 'ms', 'miss', 'mx', 'dr', 'prof', 'sir', 'dame'];

/** Titles and suffixes that are not part of a name. */
export const HONORIFICS = new Set([...COURTESY, 'jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'mba', 'esq', 'cpa']);

/**
 * Degrees, credentials and generational suffixes written after a name ("Jane Doe, Ph.D.",
 * "John Smith MBA", "Ana Ruiz, CPA, PMP"): dropped from the end of a name that keeps a given and
 * a family name, never from its start. Abbreviations that are also family names (Ma, Ba, Do, Pa)
 * are not in the list: "Jie Ma", "Li Meng" and "Hon Wong" keep their names.
 */
export const POST_NOMINALS = new Set(
  `jr sr ii iii iv phd dphil mphil md dds dmd dvm pharmd mba emba msc mfa mph mpa bsc beng llm llb esq
  cpa cfa cfp caia frm pmp cissp cisa cism rn ceng fca aca acca fcca shrm shrmcp shrmscp sphr phr gphr psyd mrcp frcs
  csm cscp cpim`
    .split(/\s+/)
    .filter(Boolean)
    .concat(postNominalTitles()),
);
/** Degrees and credentials, without honours and service branches: what dotted initials may spell ("M.D."). */
const CREDENTIALS = new Set([...POST_NOMINALS].filter((x) => !postNominalTitles().includes(x)));

/** Courtesy titles written before a name ("Dr. Jane Doe", "Prof. Ing. Karl Huber"). */
export const PREFIX_TITLES = new Set([
  ...COURTESY,
  // And other languages' ("Dipl. Ing.", "Capt.", "Herr Khanna", "Mme Roux", "Sra. Ruiz", "Dhr. de Vries", "Shri Patel").
  ...'dipl capt herr frau mme mlle sra srta sigra dhr mevr shri smt'.split(' '),
]);

/** Courtesy titles that are also given names or words, read as titles only with their dot ("Sr. Pérez", "Sig. Rossi"; "Sig Hansen"). */
export const DOTTED_TITLES = new Set(['sr', 'sig']);

/** Whether `w`, the first word of `text`, is a courtesy title there. */
export function courtesyTitleAt(w: string, text: string): boolean {
  return PREFIX_TITLES.has(w) || (DOTTED_TITLES.has(w) && text.trimStart().toLowerCase().startsWith(`${w}.`));
}

/**
 * Academic and professional titles of other languages ("Ing. Silvia Alicea", "Ir. Jan de Vries"):
 * dropped from the start only when a given and a family name remain ("Ing Wang" is a name).
 */
// In India "Adv." (an advocate), "Er." (an engineer), "CA" (a chartered accountant); in Italy
// "Dott." and "Dott.ssa"; "Hon." (the Honourable; "Hon" is a given name too).
export const FOREIGN_TITLES = new Set(['ing', 'eng', 'mag', 'mgr', 'lic', 'drs', 'ir', 'arq', 'adv', 'er', 'ca', 'dott', 'dottssa', 'hon']);
/** Titles that are also given names ("Hon Wai", "Er Wei", "Ca"): dropped only when written with their dot. */
export const GIVEN_NAME_TITLES = new Set(['hon', 'er', 'ca', 'adv']);

/**
 * A generational word written after a comma ("Leonard Murphy, Junior", "Ana Ruiz, Sr.", "Tom
 * Hill, III"), any case, with its dot or not.
 */
export const GENERATION = /^\s*(junior|senior|jr|sr|ii|iii|iv)\.?\s*$/i;
/** Initials written closed up with dots ("M.L.", "H.C.", "J.-P."): two or three of them. */
export const DOTTED_INITIALS = /^\p{L}\.(?:-?\p{L}\.?){1,2}$/u;

/** A name's words without the courtesy titles before it and the credentials after it. */
export function nameWords(text: string): string[] {
  const w = words(leadingTitles(text).rest);
  // Titles that are given names too ("Hon Wai Chan", "Er Wei Tan") only with their dot ("Hon. Wyman Barrows").
  const dotted = /^\s*\p{L}+\./u.test(text);
  const foreign = (x: string) => FOREIGN_TITLES.has(x) && (dotted || !GIVEN_NAME_TITLES.has(x));
  while ((w.length > 1 && courtesyTitleAt(w[0] as string, text)) || (w.length > 2 && foreign(w[0] as string))) w.shift();
  while (w.length > 2 && POST_NOMINALS.has(w.at(-1) as string)) w.pop();
  return w;
}

/** A family name as the index splits it, without titles and credentials. */
export function nameWordsAsIndexed(text: string): string | null {
  const w = indexWords(text).filter((x) => !PREFIX_TITLES.has(x) && !POST_NOMINALS.has(x));
  return w.join(' ') || null;
}

/** Whether every word of a text is a credential or a title ("PhD", "MBA, PMP"). */
export const onlyCredentials = (text: string): boolean => {
  // Closed-up initials are given names ("Levi, M.R." is M. R. Levi) unless they spell a
  // credential ("M.D."): "M.R." spells the courtesy title "Mr", "J.P." an honour, never written so.
  if (DOTTED_INITIALS.test(text.trim()) && !CREDENTIALS.has(words(text).join(''))) return false;
  const w = words(text);
  const credential = (x: string) => POST_NOMINALS.has(x) || isPostNominalAfterComma(x) || PREFIX_TITLES.has(x) || FOREIGN_TITLES.has(x);
  if (w.length > 0 && w.every(credential)) return true;
  // "P.Eng.", "Dipl.-Ing.": credentials written with a dot inside a word ("Li, Peng" is a name).
  if (!/\p{L}\.-?\p{L}/u.test(text)) return false;
  const joined = words(text.replace(/[.-]/g, ''));
  return joined.length > 0 && joined.every((x) => credential(x) || DOTTED_CREDENTIALS.has(x));
};

/** Credentials only ever written with dots: "P.Eng." (professional engineer), "Dipl.-Ing.". */
export const DOTTED_CREDENTIALS = new Set(['peng', 'dipling', 'ping']);

/**
 * A job title written after a comma ("Alyssa Feil, Principal Consultant"): a text that holds a
 * title's head noun, after a given and a family name. One word before the comma is a family name
 * ("Feil, Alyssa").
 */
export const titleAfterName = (before: string, after: string): boolean =>
  nameWords(before).length >= 2 && words(after).some((w) => TITLE_HEADS.has(w));

/**
 * A generational word after a comma is always a suffix when two words or more come before it,
 * whether or not the first is a known given name ("Leonard Murphy, Junior", "Elliott Torphy,
 * Junior"): reading it as the given name would drop the given name the row writes and name
 * another person. Only after one word is "Family, Given" read ("Murazik, Junior" is Junior Murazik).
 */
export const generationAfterName = (before: string, after: string): boolean => GENERATION.test(after) && nameWords(before).length >= 2;
