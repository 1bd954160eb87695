/**
 * Headquarters places of a company query. Place names are found by the people parser's scanner
 * (parse/places.ts) and resolved by `resolvePlace`; this module adds
 * - demonyms and regional adjectives ("Israeli", "Nordic", "Latin American": demonyms.ts) and
 *   groups of countries ("Baltic", "the Balkans": country-groups.ts);
 * - capitalised region codes that are also words ("SEA" → Southeast Asia) in mixed-case text;
 * - "City Country" without a comma ("Cambridge UK", "São Paulo Brazil") → that city;
 * - places that are not the headquarters: markets and expansion ("expanded to US before Europe",
 *   "with US expansion", "R&D centers in both US and Asia", "raised from US VCs", "for
 *   Indian SMBs", "German customers") are recognised (`location_other`) but not filtered.
 */
import { resolvePlace } from '../../places.js';
import { type PlaceMention, scanPlaces } from '../places.js';
import { type CaseMode, claim, type Token } from '../tokens.js';
import { scanCountryGroups } from './country-groups.js';
import { scanDemonyms } from './demonyms.js';
import type { Scopes } from './scopes.js';

/** Capitalised region codes that the people scanner leaves to a place word ("SEA edtech"). */
function scanRegionCodes(tokens: Token[], mode: CaseMode): PlaceMention[] {
  const out: PlaceMention[] = [];
  if (mode !== 'mixed') return out;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind !== 'word' || !t.upper || t.join || tokens[i + 1]?.join) continue;
    const match = resolvePlace(t.text);
    if (match?.kind !== 'region') continue;
    claim(tokens, i, i + 1, 'place');
    out.push({ text: t.text, match, exclude: false, from: i, to: i + 1 });
  }
  return out;
}

const NOT_HQ_BEFORE = new Set(
  'expanded expanding expand expands expansion beyond offices office centers centres center centre hubs hub presence customers clients selling sells sell sold subsidiaries subsidiary branches branch operations markets market investors vcs exporting exports export entering entered enter entry into serving'.split(
    ' ',
  ),
);
const NOT_HQ_AFTER =
  /^(stock|exchange|vcs?|investors?|funds?|expansion|customers?|clients?|users?|market|markets|offices?|operations|subsidiary|subsidiaries|branch|branches|presence|r&d|smbs?|smes?|consumers?|patients?|government|regulators?|buyers?|shoppers?)$/;
/** Words between a non-headquarters cue and its place ("R&D centers in both US and Asia"). */
const LINK_WORDS = /^(in|to|into|across|both|the|and|or|throughout|within|of|for|&|r|d|us|uk|eu|new)$/;
const CHAIN = /^(,|and|or|&|\/|before|then|both|the|as|well|plus|later)$/;

/** Words that make an office the headquarters ("head office", "main office", "registered office"). */
const HEAD_OFFICE = /^(head|main|registered|central|principal)$/;
/** Sites a company has (offices, centres, hubs): places of them are not the headquarters in an attribute clause. */
const SITE_NOUNS = /^(offices?|cent(er|re)s?|hubs?|branch(es)?|subsidiar(y|ies)|operations|presence)$/;
const GOVERNMENT_BODIES =
  /^(agency|agencies|bodies|body|departments?|ministry|ministries|authority|authorities|organi[sz]ations?|entities)$/;

/** Whether token k sits in a "with ..." / "has ..." clause (an attribute), not the company noun phrase. */
function attributeClause(tokens: Token[], k: number): boolean {
  for (let j = k - 1; j >= 0 && k - j <= 4; j--) {
    const t = tokens[j] as Token;
    if (t.kind === 'punct' && t.stop) return false;
    if (/^(with|has|have|having|opened|opening|runs?|own|owns|its|their|and)$/.test(t.norm)) return true;
  }
  return false;
}

export interface CompanyPlaces {
  /** Headquarters places: included or excluded. */
  hq: PlaceMention[];
  /** Places named for something else (markets, expansion, investors, offices). */
  other: PlaceMention[];
}

/** Whether mention `m` names a market, an expansion or an office rather than the headquarters. */
function notHeadquarters(tokens: Token[], m: PlaceMention, scopes: Scopes): boolean {
  if (scopes.customer.has(m.from)) return true;
  const after = tokens[m.to];
  // "Irish government agencies" are Irish; "for the Irish government" is a customer.
  const governmentBody = after?.norm === 'government' && GOVERNMENT_BODIES.test(tokens[m.to + 1]?.norm ?? '');
  if (after && after.kind === 'word' && NOT_HQ_AFTER.test(after.norm) && !governmentBody) return true;
  if (after?.norm === 'r' && tokens[m.to + 1]?.norm === '&') return true;
  for (let k = m.from - 1; k >= 0 && m.from - k <= 6; k--) {
    const t = tokens[k] as Token;
    if ((t.kind === 'punct' && t.text !== '&') || t.claim === 'place') break;
    if (NOT_HQ_BEFORE.has(t.norm)) {
      // "with their head office in Faro", "registered office in Dublin": the headquarters.
      if (/^offices?$/.test(t.norm) && HEAD_OFFICE.test(tokens[k - 1]?.norm ?? '')) break;
      // "call centers in Colombia" are the companies themselves; "with R&D centers in Asia" are sites.
      if (!SITE_NOUNS.test(t.norm) || attributeClause(tokens, k)) return true;
      break;
    }
    if (!LINK_WORDS.test(t.norm)) break;
  }
  return false;
}

/**
 * Finds the places of a company query, claims their tokens, and splits them into headquarters
 * and other places, in text order.
 */
export function scanCompanyPlaces(text: string, tokens: Token[], mode: CaseMode, scopes: Scopes): CompanyPlaces {
  const all = [
    ...scanCountryGroups(tokens),
    ...scanDemonyms(tokens, mode),
    ...scanPlaces(text, tokens, mode),
    ...scanRegionCodes(tokens, mode),
  ];
  all.sort((a, b) => a.from - b.from);
  // "Cambridge UK", "São Paulo Brazil": a city followed by its country or state is that city.
  const merged: PlaceMention[] = [];
  for (let k = 0; k < all.length; k++) {
    const a = all[k] as PlaceMention;
    const b = all[k + 1];
    if (b && a.match.kind === 'city' && (b.match.kind === 'country' || b.match.kind === 'state') && b.from === a.to) {
      const city = resolvePlace(`${a.match.city ?? a.text}, ${b.match.kind === 'state' ? (b.match.region ?? b.text) : b.match.name}`);
      if (city?.kind === 'city') {
        merged.push({ text: city.name, match: { ...city, input: city.name }, exclude: a.exclude || b.exclude, from: a.from, to: b.to });
        k++;
        continue;
      }
    }
    merged.push(a);
  }
  const hq: PlaceMention[] = [];
  const other: PlaceMention[] = [];
  let previous: { m: PlaceMention; hq: boolean } | null = null;
  for (const m of merged) {
    m.exclude ||= scopes.negated.has(m.from);
    let isHq = !notHeadquarters(tokens, m, scopes);
    // A list continues what its first place was: "expanded to US before Europe".
    if (isHq && previous && !previous.hq) {
      let k = previous.m.to;
      while (k < m.from && CHAIN.test(tokens[k]?.norm ?? '')) k++;
      if (k === m.from && m.from - previous.m.to <= 3) isHq = false;
    }
    (isHq ? hq : other).push(m);
    previous = { m, hq: isHq };
  }
  const seen = new Set<string>();
  const unique = hq.filter((m) => {
    const key = `${m.match.kind}|${m.match.name}|${m.exclude}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { hq: unique, other };
}
