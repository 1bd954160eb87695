/**
 * A country named by its ISO 3166-1 code in capitals ("data labelers in KE", "fermentation
 * scientists in DK", "product managers | CZ | any seniority"). Two capitals are as often an
 * acronym of the trade ("in IT", "in PR", "in QA", "in CX", "a VA", "TL"), an English word ("NO", "TO") or
 * a US state's code (read elsewhere, parse/places.ts), so a code is read only:
 * - written in capitals in text that is not all capitals;
 * - when it is no such acronym or word ({@link NOT_COUNTRIES});
 * - after a place word ("in", "based in", "across", "near"), or set apart as a field of its own,
 *   between separators ("| CZ |", "— NL,") or ending the text.
 */
import { countryName } from '../../geo/gazetteer.js';
import type { PlaceMatch } from '../places.js';
import { PLACE_PREPOSITIONS } from './lexicon/places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { prevWordSkippingThe, type ScanContext } from './place-qualifiers.js';

/**
 * Codes that are read as something else first: acronyms of work and study (AI, BI, HR, IT, ML
 * Mali's, PR, QA, PM, PE private equity, VC, VA a virtual assistant, TL a team lead, SR senior,
 * MP, MD, DJ, CS, SE, UX-like), English words in capitals (NO, SO, TO, IS, AS, AT, BE, BY, GO,
 * ME, MY, AM), and "NA" (not applicable).
 */
const NOT_COUNTRIES = new Set(
  (
    'AD AE AG AI AM AR AS AT BA BB BD BE BI BM BS BY CC CD CF CG CI CM CO CP CS CU CV CX DJ DM DO EA EC EE EM ER FM ' +
    'FO GA GE GG GL GM GO GP GT HM HR IM IN IO IQ IR IS IT KM LA LB LI LP LT MA MC MD ME MG MH ML MO MP MS MT MY NA ' +
    'NE NO NP ON OR PA PC PE PF PG PH PM PR PS PT QA RE SA SC SD SE SH SI SL SM SN SO SR SS ST SV TC TD TF TL TM TO ' +
    'TT TV UG UM US VA VC VI WS'
  ).split(' '),
);

/** Separators that set a field apart. */
const SEPARATOR = /^[|,;:/()\u2013\u2014-]$/;

/** The country token `i` names by its code, as a place match, or null. */
export function countryCodeAt(ctx: ScanContext, i: number): { to: number; match: PlaceMatch } | null {
  const t = ctx.tokens[i];
  if (!t || ctx.mode === 'upper' || !/^[A-Z]{2}$/.test(t.text) || NOT_COUNTRIES.has(t.text)) return null;
  const name = countryName(t.text);
  if (name === t.text) return null;
  const p = prevWordSkippingThe(ctx.tokens, i);
  const before = ctx.tokens[i - 1];
  const after = ctx.tokens[i + 1];
  // After a place word, not "from": "engineers from AU" may say where they come from.
  const word = ctx.tokens[p]?.norm ?? '';
  const afterPlaceWord = p >= 0 && p === i - 1 && PLACE_PREPOSITIONS.test(word) && word !== 'from';
  const setApart = (!before || (before.kind === 'punct' && SEPARATOR.test(before.text))) && (!after || after.kind === 'punct');
  // "lithography engineers NL, asml": after the title's words, not after "from" or "by" (where
  // someone comes from, or who makes something).
  const endsField =
    (!after || (after.kind === 'punct' && SEPARATOR.test(after.text))) && before?.kind === 'word' && !STOP_WORDS.has(before.norm);
  if (!afterPlaceWord && !setApart && !endsField) return null;
  return { to: i + 1, match: { kind: 'country', name, input: t.text, countryCode: t.text } };
}
