/**
 * Seniority: level words inside a title, level phrases on their own ("senior level", "early career"), and the seniority a head implies.
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */
import type { Seniority } from '../../advanced-filters.js';
import { words } from './words.js';

/** Level words: seniority prefixes of a title ("Senior", "Staff", "Associate", "Founding"). */
export const LEVEL_WORDS = new Set(
  words(`senior sr junior jr staff principal lead distinguished associate assistant deputy founding first group chief head
  director vp svp evp avp rvp gvp managing interim acting fractional entry`),
);

/** A level stated on its own, outside a title: "senior level", "mid-level", "early career". */
export const LEVEL_PHRASES: [string, Seniority | null][] = [
  ['senior level', 'senior_ic'],
  ['senior-level', 'senior_ic'],
  ['mid level', 'ic'],
  ['mid-level', 'ic'],
  ['mid senior', 'senior_ic'],
  ['mid-senior level', 'senior_ic'],
  ['mid career', 'ic'],
  ['mid-career', 'ic'],
  ['intermediate level', 'ic'],
  ['entry level', 'entry'],
  ['entry-level', 'entry'],
  ['early career', 'entry'],
  ['early-career', 'entry'],
  ['early in career', 'entry'],
  ['early in their career', 'entry'],
  ['junior level', 'entry'],
  ['new grad', 'entry'],
  ['new grads', 'entry'],
  ['new graduate', 'entry'],
  ['new graduates', 'entry'],
  ['recent grad', 'entry'],
  ['recent grads', 'entry'],
  ['recent graduate', 'entry'],
  ['recent graduates', 'entry'],
  ['graduate level', 'entry'],
  ['ic', 'ic'],
  ['ics', 'ic'],
  ['individual contributor', 'ic'],
  ['individual contributors', 'ic'],
  ['ic level', 'ic'],
  ['people manager', 'manager'],
  ['people managers', 'manager'],
  ['manager level', 'manager'],
  ['management level', 'manager'],
  ['director level', 'director'],
  ['director-level', 'director'],
  ['vp level', 'vp'],
  ['vp-level', 'vp'],
  ['c-level', 'cxo'],
  ['c level', 'cxo'],
  ['c-suite', 'cxo'],
  ['c suite', 'cxo'],
  ['executive level', 'cxo'],
  ['executive-level', 'cxo'],
  ['experienced', null],
  ['highly experienced', null],
  ['very experienced', null],
  ['seasoned', null],
  ['veteran', null],
];

/** Seniority implied by a level word inside a title. */
export const LEVEL_SENIORITY: ReadonlyMap<string, Seniority> = new Map(
  Object.entries<Seniority>({
    intern: 'intern',
    internship: 'intern',
    trainee: 'intern',
    apprentice: 'intern',
    junior: 'entry',
    jr: 'entry',
    entry: 'entry',
    graduate: 'entry',
    associate: 'entry',
    senior: 'senior_ic',
    sr: 'senior_ic',
    staff: 'staff',
    principal: 'staff',
    distinguished: 'staff',
    fellow: 'staff',
    head: 'director',
    director: 'director',
    vp: 'vp',
    svp: 'vp',
    evp: 'vp',
    avp: 'vp',
    rvp: 'vp',
    gvp: 'vp',
    chief: 'cxo',
    ceo: 'cxo',
    cto: 'cxo',
    cfo: 'cxo',
    coo: 'cxo',
    cmo: 'cxo',
    cro: 'cxo',
    cpo: 'cxo',
    cio: 'cxo',
    ciso: 'cxo',
    cdo: 'cxo',
    chro: 'cxo',
    cco: 'cxo',
    cso: 'cxo',
    cxo: 'cxo',
    founder: 'founder',
    cofounder: 'founder',
  }),
);

/** Department words that make "<X> Manager" a people manager. */
export const MANAGED_DEPARTMENTS = new Set(
  words('engineering design sales marketing analytics finance accounting hr recruiting support operations development science ux it'),
);
