/**
 * A country named by its ISO 3166-1 code in capitals, of two letters or three ("data labelers in
 * KE", "fermentation scientists in DK", "product managers | CZ | any seniority", "growth leads
 * PRT, remote", "in CHL"). Two capitals are as often an
 * acronym of the trade ("in IT", "in PR", "in QA", "in CX", "a VA", "TL"), an English word ("NO", "TO") or
 * a US state's code (read elsewhere, parse/places.ts), so a two-letter code is read only:
 * - written in capitals in text that is not all capitals;
 * - when it is no such acronym or word ({@link NOT_COUNTRIES});
 * - after a place word ("in", "based in", "across", "near"), or set apart as a field of its own,
 *   between separators ("| CZ |", "— NL,") or ending the text.
 *
 * Three capitals are an acronym of the trade far more often than a country ("GTM" go-to-market,
 * not Guatemala; "GLP", "AIA", "RWA", "SDN", "MLT", "NPL", "SLB", "BFA", "UGA"), and no list of
 * acronyms is ever complete, so a three-letter code is read only where people write it for a
 * country: one of {@link WRITTEN_ALPHA3}, the codes used as countries' abbreviations (documents,
 * sports tables, spreadsheets) that are no common acronym, in the positions above, and after a
 * place word only when it ends its phrase ("fraud analysts in CHL", not "in FRA regulations").
 * Any other code is read only as the value of a field named for places ("country: RWA",
 * "location=GTM"), where nothing but a place is expected.
 */
import { createRequire } from 'node:module';
import { commonWords } from '../../geo/common-words.js';
import { countryName } from '../../geo/gazetteer.js';
import type { PlaceMatch } from '../places.js';
import { PLACE_PREPOSITIONS } from './lexicon/places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { namesPlaceField } from './place-position.js';
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

/**
 * Three-letter codes read as something else first: acronyms of work, computing and trade (SSD
 * storage, TLS, IOT, NER entity recognition, SWE software engineer, VAT, ETH Ethereum, ECU,
 * DMA, FSM, HMD, PNG, STP, ISR, IRL "in real life", EST the time zone, ESP, LCA life-cycle
 * assessment, COD cash on delivery, UNK unknown, SEN senator, TTO a tech transfer office). Never
 * read, not even as a place field's value.
 */
const NOT_COUNTRIES_3 = new Set(
  (
    'ATA ATF BES BVT CAF CHE COD COG COK COL COM CPV CRI DMA ECU ESP EST ETH FSM GEO HMD IOT IRL ISR LCA MAC MDA MOZ ' +
    'MUS NER PCN PNG PRI SEN SOM SSD STP SWE TCA TLS TTO UMI UNK VAT'
  ).split(' '),
);

/**
 * The three-letter codes people write for countries outside a place field: those of the most
 * written countries with no common sense as an acronym of work. Left out on purpose: GRC
 * (governance, risk and compliance), IND (an investigational new drug), PHL (Philadelphia), ALB
 * (a load balancer), HND (a Higher National Diploma), NPL, MLT, UGA, RWA, SDN, GTM, DOM, NIC,
 * CMR, and the words (CAN, ARE, PER, and KEN, MAR, BRA, FIN, NOR, which English words refuse).
 */
const WRITTEN_ALPHA3 = new Set(
  (
    'USA GBR DEU FRA ITA PRT NLD BEL AUT DNK AUS NZL JPN KOR CHN IDN THA SGP VNM ARG CHL MEX ZAF NGA EGY TUR SAU ' +
    'KAZ UKR ROU CZE HUN RUS PAK BGD LKA QAT KWT UZB SVK SVN BGR HRV SRB GHA TZA DZA VEN URY BOL'
  ).split(' '),
);

let alpha3: Map<string, string> | null = null;

/** ISO 3166-1 alpha-3 codes to alpha-2 (the world-countries package), without acronyms and words. */
function alpha3Codes(): Map<string, string> {
  if (alpha3) return alpha3;
  const list = createRequire(import.meta.url)('world-countries/countries.json') as { cca2: string; cca3: string }[];
  const common = commonWords();
  alpha3 = new Map(list.filter((c) => !NOT_COUNTRIES_3.has(c.cca3) && !common.has(c.cca3.toLowerCase())).map((c) => [c.cca3, c.cca2]));
  return alpha3;
}

/** The alpha-2 code a code in capitals stands for ("NGA" is "NG"), or null. */
function alpha2Of(text: string): string | null {
  if (/^[A-Z]{2}$/.test(text)) return NOT_COUNTRIES.has(text) ? null : text;
  if (/^[A-Z]{3}$/.test(text)) return alpha3Codes().get(text) ?? null;
  return null;
}

/** Whether token `to` ends the code's phrase: punctuation, the end, a small word or years ("in CHL who's", "in CHL 5 years"). */
function endsPhrase(ctx: ScanContext, to: number): boolean {
  const t = ctx.tokens[to];
  return t?.kind !== 'word' || STOP_WORDS.has(t.norm) || t.claim === 'years';
}

/** Separators that set a field apart, quotes around a search string's terms among them. */
const SEPARATOR = /^[|,;:/()\u2013\u2014"\u201c\u201d-]$/;

/** The country token `i` names by its code, as a place match, or null. */
export function countryCodeAt(ctx: ScanContext, i: number): { to: number; match: PlaceMatch } | null {
  const t = ctx.tokens[i];
  if (!t || ctx.mode === 'upper') return null;
  const code = alpha2Of(t.text);
  if (!code) return null;
  const name = countryName(code);
  if (name === code) return null;
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
  if (t.text.length === 3) {
    // A place field's value is a place whatever the code ("country: RWA"); elsewhere only a code
    // written for countries, and after a place word only at its phrase's end.
    if (namesPlaceField(ctx.tokens, i)) return { to: i + 1, match: { kind: 'country', name, input: t.text, countryCode: code } };
    if (!WRITTEN_ALPHA3.has(t.text)) return null;
    if (!(afterPlaceWord && endsPhrase(ctx, i + 1)) && !setApart && !endsField) return null;
  } else if (!afterPlaceWord && !setApart && !endsField) return null;
  return { to: i + 1, match: { kind: 'country', name, input: t.text, countryCode: code } };
}
