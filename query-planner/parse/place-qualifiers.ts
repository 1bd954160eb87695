/**
 * A place and what qualifies it after a comma ("Portland, ME", "Orange County, FL", "Kingston,
 * ON", "Surprise, AZ"), with the scan state and token tests places.ts shares with it.
 */
import { kmBetween } from '../../geo/distance.js';
import { type City, findMetro } from '../../geo/gazetteer.js';
import { placeKey } from '../../geo/place-key.js';
import { findOrdinaryTowns } from '../../geo/towns.js';
import { citiesAndTowns, cityMatch, type PlaceMatch, regionMembersOf } from '../places.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { knownEnds, placeKeys, resolveCached, tokenKey, withoutMetroLead } from './place-index.js';
import { type CaseMode, sliceText, type Token } from './tokens.js';

/** The word before token `i`, skipping "the"; -1 when punctuation or the start comes first. */
export function prevWordSkippingThe(tokens: Token[], i: number): number {
  let k = i - 1;
  while (k >= 0 && tokens[k]?.kind !== 'punct' && tokens[k]?.norm === 'the') k--;
  return k >= 0 && tokens[k]?.kind !== 'punct' ? k : -1;
}

/** What a scan of one text keeps while it runs. */
export interface ScanContext {
  tokens: Token[];
  text: string;
  mode: CaseMode;
  /** Index of the first word token (a code may lead a short query: "nc systems engineers"). */
  firstWord: number;
  lastPlaceEnd: number;
}

/** Whether tokens [from, to) are all unclaimed words or numbers (a place never spans punctuation). */
export function wordsOnly(tokens: Token[], from: number, to: number): boolean {
  for (let k = from; k < to; k++) {
    const t = tokens[k];
    // "Trinidad & Tobago": an ampersand between words is the "and" of a name.
    const ampersand = t?.text === '&' && k > from && k < to - 1;
    if (!t || t.claim || (t.kind === 'punct' && !ampersand)) return false;
  }
  return true;
}

/** The place tokens [from, to) name, when the gazetteer knows their key. */
export function candidate(ctx: ScanContext, from: number, to: number): PlaceMatch | null {
  if (!wordsOnly(ctx.tokens, from, to)) return null;
  const key = ctx.tokens.slice(from, to).map(tokenKey).filter(Boolean).join(' ');
  if (!key) return null;
  const set = placeKeys();
  const rest = withoutMetroLead(key);
  const known = set.has(key) || (rest !== null && set.has(rest));
  if (!known) return null;
  return resolveCached(sliceText(ctx.text, ctx.tokens, from, to));
}

/** A city qualified by the state or country after a comma, or null. */
export function qualify(ctx: ScanContext, city: PlaceMatch, from: number): { match: PlaceMatch; end: number } | null {
  for (let to = Math.min(ctx.tokens.length, from + 4); to > from; to--) {
    if (!wordsOnly(ctx.tokens, from, to)) continue;
    const regionText = sliceText(ctx.text, ctx.tokens, from, to);
    const region = candidate(ctx, from, to);
    // "Galicia, Spain", "Okinawa, Japan": a division followed by its own country is that division.
    if (city.kind === 'state' && region?.kind === 'country' && region.countryCode === city.countryCode) return { match: city, end: to };
    // "Georgia, US": a country's name that is also a division of the country that follows;
    // "Punjab, India": one of a region's two divisions of that name.
    if (city.kind === 'country' || city.kind === 'region') {
      const joined = resolveCached(`${city.input}, ${regionText}`);
      // "Georgia, US" is the state; "trinidad, colorado" and "antigua, guatemala" are cities there.
      if (joined?.kind === 'state' || joined?.kind === 'city') return { match: { ...joined, input: city.input }, end: to };
      continue;
    }
    // "victoria, bc": a division's name that is also a city of the state or country that follows.
    if (
      city.kind === 'state' &&
      region &&
      (region.kind === 'state' || region.kind === 'country') &&
      region.countryCode !== city.countryCode
    ) {
      const joined = resolveCached(`${city.input}, ${regionText}`);
      if (joined?.kind === 'city') return { match: { ...joined, input: city.input }, end: to };
    }
    // "Orange County, FL": the area of that name in the state that follows (geo/counties.ts);
    // "Orange County, California", "Silicon Valley, CA": an area in that state takes its qualifier.
    if (city.kind === 'metro') {
      if (region?.kind !== 'state' && region?.kind !== 'country') continue;
      const joined = resolveCached(`${city.input}, ${regionText}`);
      if (joined?.kind === 'metro') return { match: { ...joined, input: city.input }, end: to };
      const members = (findMetro(city.metro ?? city.name)?.members ?? []).map((m) => m.split('|'));
      const within = members.every(([, r, cc]) =>
        region.kind === 'state'
          ? cc === region.countryCode && placeKey(r ?? '') === placeKey(region.region ?? '')
          : cc === region.countryCode,
      );
      if (members.length > 0 && within) return { match: city, end: to };
      // "Cornwall, Ontario": an area's name that is also a city of the state or country that follows.
      return joined?.kind === 'city' ? { match: { ...joined, input: city.input }, end: to } : null;
    }
    if (city.kind !== 'city') continue;
    // "Whitefield, Manchester", "Santa Monica, Los Angeles": a town written with the city it lies
    // beside or within (query-planner/places.ts besideCity) is that town, not a list of two places.
    if (region?.kind === 'city' && !region.lessCertain) {
      const beside = townBeside(ctx, city, region, regionText, to);
      if (beside) return beside;
    }
    // "Bogotá, Capital District": an area after a city's comma that does not hold it is part of the
    // address (LinkedIn writes "Bogotá, Capital District, Colombia"), not a second place.
    if (region?.kind === 'metro' && city.metro !== region.name) return { match: city, end: to };
    // "Lahore, Punjab": a region holding the city's division is that city.
    if (region?.kind === 'region') {
      const { subdivisions } = regionMembersOf(region.name);
      const held = citiesAndTowns(city.input).find((c) => subdivisions.includes(`${c.countryCode}|${c.region}`));
      if (held) return { match: cityMatch(held, city.input), end: to };
      continue;
    }
    const inRegion =
      region && (region.kind === 'state' || region.kind === 'country')
        ? [...citiesAndTowns(city.input), ...findOrdinaryTowns(city.input)].find((c) =>
            region.kind === 'state'
              ? c.countryCode === region.countryCode && placeKey(c.region) === placeKey(region.region ?? '')
              : c.countryCode === region.countryCode,
          )
        : undefined;
    if (inRegion) return { match: cityMatch(inRegion, city.input), end: to };
    const coded = to - from === 1 ? divisionCode(ctx, city, regionText) : null;
    if (coded) return { match: coded, end: to };
    // "Loreto, Peru": no town of that name in the country that follows, but a division of it.
    if (region?.kind === 'country') {
      const joined = resolveCached(`${city.input}, ${regionText}`);
      if (joined?.kind === 'state' && joined.countryCode === region.countryCode)
        return { match: { ...joined, input: city.input }, end: to };
    }
    if (region) return null;
  }
  return null;
}

/** A town under this many people, near its city, is one written as its address ("Santa Monica, Los Angeles"). */
const SMALL_TOWN = 100_000;

/** How near its city's centre such a small town lies. */
const SMALL_TOWN_KM = 30;

/** The gazetteer's city or town a match names (its first namesake when none is the one). */
function cityOf(match: PlaceMatch): City | undefined {
  const namesakes = [...citiesAndTowns(match.input), ...citiesAndTowns(match.city ?? '')];
  return namesakes.find((c) => c.name === match.city && c.countryCode === match.countryCode) ?? namesakes[0];
}

/**
 * The town `town` names beside or within the city `outer`, written as an address, or null, when
 * "Town, City" lists two places. It is one place when the gazetteer files the town under the city
 * ("Whitefield, Manchester" is Manchester), when the city picks which of the town's namesakes is
 * meant ("Cambridge, Boston" is Cambridge, Massachusetts, not England's; "Whitefield, Bangalore"),
 * or when the town is small (under {@link SMALL_TOWN} people) and within {@link SMALL_TOWN_KM} of
 * the city ("Santa Monica, Los Angeles, CA"). A town people know as a city of its own stays a
 * list with the city ("Tacoma, Seattle", "Palo Alto, San Francisco", "Gurgaon, Delhi",
 * "Durham, Raleigh"), and so does any list that goes on after the city ("in Salford, Manchester
 * or Leeds"). With the city's state or country after it the town takes that too.
 */
function townBeside(
  ctx: ScanContext,
  town: PlaceMatch,
  outer: PlaceMatch,
  outerText: string,
  end: number,
): { match: PlaceMatch; end: number } | null {
  const sep = ctx.tokens[end];
  let qualifierEnd = end;
  if (sep && /^(,|or|and|&|\/)$/.test(sep.norm) && ctx.tokens[end + 1]?.kind === 'word') {
    const next = knownEnds(ctx.tokens, end + 1)[0];
    const listed = next ? resolveCached(sliceText(ctx.text, ctx.tokens, end + 1, next)) : null;
    if (listed && listed.kind !== 'state' && listed.kind !== 'country') return null;
    const holds = listed?.countryCode === outer.countryCode && (listed?.kind === 'country' || listed?.region === outer.region);
    if (sep.norm === ',' && next && holds) qualifierEnd = next;
  }
  const joined = resolveCached(`${town.input}, ${outerText}`);
  if (joined?.kind !== 'city') return null;
  const within = joined.name === outer.name;
  const picked = joined.name !== town.name;
  const place = cityOf({ ...joined, input: town.input });
  const city = cityOf(outer);
  const small = !!place && !!city && place.population < SMALL_TOWN && kmBetween(place, city) <= SMALL_TOWN_KM;
  if (!within && !picked && !small) return null;
  return { match: { ...joined, input: town.input }, end: qualifierEnd };
}

const MONTHS = /^(january|february|march|april|may|june|july|august|september|october|november|december)$/;

/**
 * A town whose name is made of ordinary words, right before a comma and the state or country that
 * holds it ("Surprise, AZ", "worms, germany"); null otherwise. Never read without that qualifier.
 */
export function qualifiedOrdinaryTown(ctx: ScanContext, i: number): { to: number; match: PlaceMatch } | null {
  // Only after a place word: "java, spring, texas" keeps the skill, "at paramount, california" the employer.
  const before = ctx.tokens[prevWordSkippingThe(ctx.tokens, i)]?.norm ?? '';
  if (!/^(in|near|around|based|located|across|throughout)$/.test(before) || MONTHS.test(ctx.tokens[i]?.norm ?? '')) return null;
  for (let to = i + 1; to <= Math.min(i + 2, ctx.tokens.length - 1); to++) {
    if (ctx.tokens[to]?.text !== ',' || !wordsOnly(ctx.tokens, i, to)) continue;
    const name = sliceText(ctx.text, ctx.tokens, i, to);
    const town = findOrdinaryTowns(name)[0];
    if (!town) continue;
    const qualified = qualify(ctx, { ...cityMatch(town, name), lessCertain: 'town' }, to + 1);
    if (qualified && qualified.match.kind === 'city' && placeKey(qualified.match.city ?? '') === placeKey(name))
      return { to, match: qualified.match };
  }
  return null;
}

/**
 * A first-level division whose name alone is a common word or another country's too, right before a
 * comma and its own country ("in Acre, Brazil", "in Fife, Scotland", "in Amazonas, Venezuela"):
 * the division, through the country; null otherwise. Only after a place word, as
 * {@link qualifiedOrdinaryTown}: "java, spring, texas" stays skills.
 */
export function qualifiedDivision(ctx: ScanContext, i: number): { to: number; match: PlaceMatch } | null {
  const before = ctx.tokens[prevWordSkippingThe(ctx.tokens, i)]?.norm ?? '';
  if (!/^(in|near|around|based|located|across|throughout)$/.test(before)) return null;
  for (let to = i + 1; to <= Math.min(i + 3, ctx.tokens.length - 1); to++) {
    if (!wordsOnly(ctx.tokens, i, to)) return null;
    if (ctx.tokens[to]?.text !== ',') continue;
    const name = sliceText(ctx.text, ctx.tokens, i, to);
    for (let end = Math.min(ctx.tokens.length, to + 4); end > to + 1; end--) {
      const outer = candidate(ctx, to + 1, end);
      if (outer?.kind !== 'country') continue;
      const joined = resolveCached(`${name}, ${sliceText(ctx.text, ctx.tokens, to + 1, end)}`);
      if (joined?.kind === 'state' && joined.countryCode === outer.countryCode) return { to: end, match: { ...joined, input: name } };
    }
  }
  return null;
}

/**
 * "Kingston, ON", "newcastle, nsw", "Perth, WA" (no Perth in Washington): a city in a division
 * known by its code outside the US. In capitals in mixed-case text, and never a stop word in
 * lowercase text ("london, on call").
 */
function divisionCode(ctx: ScanContext, city: PlaceMatch, code: string): PlaceMatch | null {
  if (!/^[a-z]{2,3}$/i.test(code)) return null;
  if (ctx.mode === 'mixed' ? code !== code.toUpperCase() : STOP_WORDS.has(code)) return null;
  const joined = resolveCached(`${city.input}, ${code}`);
  if (joined?.kind !== 'city') return null;
  // The text stays the city's when it resolves there alone ("Perth").
  return joined.name === city.name ? { ...joined, input: city.input } : joined;
}
