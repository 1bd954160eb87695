/**
 * People named in a query: "people named John Smith in Boston", "someone called Priya at
 * Google" (the name is searched as words, never a title or a place), and "engineers connected to
 * Jordan Ellis", "people who know Sam Altman" (a person whose network is meant: the parser does
 * not look people up, so the phrase is set aside with a receipt saying how to ask for it:
 * `filters.connected_to` with the person's profile URL or id). Run after relation phrases ("people
 * I'm connected to") and places: "Jordan" of a name is no country, "Latin America" no one's name.
 */
import { isGivenName } from '../../lib/names/given-names.js';
import type { Receipt } from '../limits.js';
import { startsSkillOrIndustry } from './attributes.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import type { PlaceMention } from './places.js';
import { isHeadWord, singular } from './title-heads.js';
import { type CaseMode, claim, type Token } from './tokens.js';

export interface PersonPhrase {
  kind: 'person_name' | 'connected_to_person';
  /** The name as written. */
  name: string;
  from: number;
  to: number;
}

/** Words before a name that say it is the person's own: "named", "called". */
const NAMING = /^(named|called)$/;
/** Phrases before a name that say the person's network is meant. */
const NETWORK_CUES: string[][] = [
  ['connected', 'to'],
  ['connected', 'with'],
  ['connections', 'of'],
  ['who', 'know'],
  ['who', 'knows'],
  ['that', 'know'],
  ['that', 'knows'],
  ['who', 'are', 'connected', 'to'],
  ['linked', 'to'],
];
const MAX_NAME_WORDS = 3;

/** Words for people that "named" or "called" may follow: "people", "someone", a plural title ("engineers"). */
const PEOPLE_WORDS =
  /^(people|person|persons|someone|somebody|anyone|anybody|everyone|folks|guy|guys|man|men|woman|women|those|candidates|profiles|contacts|users|members)$/;

function namesPeople(prev: Token | undefined): boolean {
  if (prev?.kind !== 'word') return false;
  return PEOPLE_WORDS.test(prev.norm) || (prev.norm.endsWith('s') && isHeadWord(singular(prev.norm)));
}

/**
 * The end of a name starting at `i`: capitalised words in text that capitalises names, else up
 * to two words. A place read over the name's words is the name's when it starts right after the
 * cue ("people named Jordan", "connected to Jordan Ellis"); anything else claimed ends it.
 */
function nameAt(tokens: Token[], i: number, mode: CaseMode, places: PlaceMention[]): number {
  const limit = mode === 'lower' ? 2 : MAX_NAME_WORDS;
  let k = i;
  while (k < tokens.length && k - i < limit) {
    const t = tokens[k] as Token;
    if (t.kind !== 'word' || STOP_WORDS.has(t.norm)) break;
    if (t.claim && !(t.claim === 'place' && places.some((p) => p.from === k && p.to === k + 1 && k === i))) break;
    if (mode !== 'lower' && !t.cap) break;
    k++;
  }
  return k;
}

/**
 * Finds and claims the names of people in the query; returns them with receipts for the networks
 * it cannot look up. Run after places: a place read over the first word of a name ("Jordan" of
 * "Jordan Ellis") is removed from `places`; a place of several words ("Latin America", "Hong
 * Kong") is no one's name.
 */
export function scanPersonPhrases(
  source: string,
  tokens: Token[],
  mode: CaseMode,
  receipts: Receipt[],
  places: PlaceMention[],
): PersonPhrase[] {
  const out: PersonPhrase[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.kind !== 'word' || t.claim) continue;
    let cueEnd = -1;
    let kind: PersonPhrase['kind'] = 'person_name';
    // "people named ...", "engineers called ...", never a title's word ("Named Account Executive").
    if (NAMING.test(t.norm) && namesPeople(tokens[i - 1])) cueEnd = i + 1;
    else {
      const cue = NETWORK_CUES.find((c) => c.every((w, q) => tokens[i + q]?.norm === w && !tokens[i + q]?.claim));
      if (cue) {
        cueEnd = i + cue.length;
        kind = 'connected_to_person';
      }
    }
    if (cueEnd < 0) continue;
    const end = nameAt(tokens, cueEnd, mode, places);
    if (end === cueEnd) continue;
    // "engineers who know Apache Kafka", "a tool called Tableau": skills and sectors are no one's name.
    let named = true;
    for (let k = cueEnd; k < end && named; k++) if (startsSkillOrIndustry(tokens, k)) named = false;
    if (!named) continue;
    // A network is a person's: a given name and a family name. The given name is one the tables
    // know, or a word a place was read over followed by a capitalised family name ("Jordan
    // Ellis"); "who know Python", "connected to Goldman Sachs" are no one's.
    const first = tokens[cueEnd] as Token;
    const placeFirst = first.claim === 'place';
    if (kind === 'connected_to_person' && (end - cueEnd < 2 || !(isGivenName(first.norm) || (placeFirst && mode !== 'lower')))) continue;
    if (placeFirst) {
      const at = places.findIndex((p) => p.from === cueEnd);
      if (at >= 0) places.splice(at, 1);
      first.claim = null;
    }
    const name = source.slice(first.start, (tokens[end - 1] as Token).end);
    if (kind === 'person_name') {
      // The cue is no keyword; the name's words are, and nothing else may read them.
      claim(tokens, i, cueEnd, 'ignored');
      claim(tokens, cueEnd, end, 'field');
    } else {
      claim(tokens, i, end, 'ignored');
      receipts.push({
        path: '/query',
        action: 'ignored',
        message: `"${source.slice(t.start, (tokens[end - 1] as Token).end)}" names a person whose network is meant; people are not looked up by name in a query. To search their connections, give filters.connected_to with their profile URL or user id.`,
      });
    }
    out.push({ kind, name, from: i, to: end });
    i = end - 1;
  }
  return out;
}
