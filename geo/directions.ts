/**
 * Parts of a country named by a direction: "Northern Italy", "South India", "Eastern Canada".
 * A part is made of the country's first-level divisions (as the gazetteer's cities are filed
 * under them) whose centre lies on that side: each division's centre is the mean position of its
 * cities weighted by population, and a side is the third of the span of those centres nearest it
 * (a third both ways for "north-east" and the like). The lines are not the ones people draw
 * ("Northern Italy" takes Tuscany too, "Southern Brazil" São Paulo); a part is a reading of the
 * words, not an official region. "Central" is not read: the middle of a country's span is not
 * where its centre is said to be (the middle of Mexico's span is Coahuila, not Mexico City).
 */
import { allCities, countryName, findCountryCode, findUsState } from './gazetteer.js';
import { placeKey } from './place-key.js';

/** A country's part: its name ("Northern Italy") and divisions as `CC|Name`, the way regions list them. */
export interface DirectionalPart {
  name: string;
  countryCode: string;
  subdivisions: string[];
}

type Side = 'north' | 'south' | 'east' | 'west';

/** Direction words (as place keys) and the sides they mean. */
const DIRECTIONS: ReadonlyMap<string, { adjective: string; sides: Side[] }> = new Map(
  (
    [
      ['Northern', ['north'], ['north', 'northern']],
      ['Southern', ['south'], ['south', 'southern']],
      ['Eastern', ['east'], ['east', 'eastern']],
      ['Western', ['west'], ['west', 'western']],
      ['Northeastern', ['north', 'east'], ['north east', 'northeast', 'northeastern', 'north eastern']],
      ['Northwestern', ['north', 'west'], ['north west', 'northwest', 'northwestern', 'north western']],
      ['Southeastern', ['south', 'east'], ['south east', 'southeast', 'southeastern', 'south eastern']],
      ['Southwestern', ['south', 'west'], ['south west', 'southwest', 'southwestern', 'south western']],
    ] as [string, Side[], string[]][]
  ).flatMap(([adjective, sides, keys]) => keys.map((k) => [k, { adjective, sides }] as const)),
);

/** Every direction word or pair, as a place key ("north", "south west"). */
export const directionKeys = (): string[] => [...DIRECTIONS.keys()];

/** Fewer divisions than this give no parts worth naming. */
const MIN_DIVISIONS = 4;

interface Centre {
  region: string;
  lat: number;
  lon: number;
}

const centresByCountry = new Map<string, Centre[]>();

/** Each division's centre, weighted by its cities' populations. */
function centres(countryCode: string): Centre[] {
  let out = centresByCountry.get(countryCode);
  if (out) return out;
  const sums = new Map<string, { lat: number; lon: number; weight: number }>();
  for (const c of allCities()) {
    if (c.countryCode !== countryCode || !c.region) continue;
    const w = Math.max(c.population, 1);
    const s = sums.get(c.region) ?? { lat: 0, lon: 0, weight: 0 };
    s.lat += c.lat * w;
    s.lon += c.lon * w;
    s.weight += w;
    sums.set(c.region, s);
  }
  out = [...sums].map(([region, s]) => ({ region, lat: s.lat / s.weight, lon: s.lon / s.weight }));
  centresByCountry.set(countryCode, out);
  return out;
}

/**
 * The span of the divisions' centres: of all of them, or without the outermost twentieth each
 * way when there are twenty or more (Alaska and Hawaii would make Texas eastern).
 */
function span(values: number[]): [number, number] {
  const sorted = [...values].sort((a, b) => a - b);
  const trim = sorted.length >= 20 ? Math.floor(sorted.length * 0.05) : 0;
  return [sorted[trim] as number, sorted[sorted.length - 1 - trim] as number];
}

/** The direction word(s) at the start of a place key and the rest, or null. */
function splitDirection(key: string): { adjective: string; sides: Side[]; rest: string } | null {
  const words = key.split(' ');
  for (const n of [2, 1]) {
    const d = DIRECTIONS.get(words.slice(0, n).join(' '));
    if (d && words.length > n) return { ...d, rest: words.slice(n).join(' ') };
  }
  return null;
}

/**
 * The part of a country a text names ("northern italy", "South India"), or null: when the text
 * is no direction and a country, the country has too few divisions, or the side takes all or
 * none of them. Names of countries that hold a direction ("South Africa") are countries first:
 * callers look those up before this.
 */
export function directionalPart(text: string): DirectionalPart | null {
  const split = splitDirection(placeKey(text));
  if (!split) return null;
  const countryCode = findCountryCode(split.rest);
  // The country by its own name: "Northern England" is no part of the United Kingdom's span.
  // Not the United States, whose parts are named regions ("the South", "the Midwest"), nor a
  // country named like a US state ("north Georgia" is the state's north).
  if (!countryCode || placeKey(countryName(countryCode)) !== split.rest || countryCode === 'US' || findUsState(split.rest)) return null;
  const all = centres(countryCode);
  if (all.length < MIN_DIVISIONS) return null;
  const [minLat, maxLat] = span(all.map((c) => c.lat));
  const [minLon, maxLon] = span(all.map((c) => c.lon));
  // A country across the antimeridian (Fiji, Russia's far east) has no east and west to speak of.
  if (maxLon - minLon > 180) return null;
  const share = 1 / 3;
  const latSpan = maxLat - minLat;
  const lonSpan = maxLon - minLon;
  const onSide = (c: Centre, side: Side): boolean => {
    if (side === 'north') return c.lat >= maxLat - latSpan * share;
    if (side === 'south') return c.lat <= minLat + latSpan * share;
    if (side === 'east') return c.lon >= maxLon - lonSpan * share;
    return c.lon <= minLon + lonSpan * share;
  };
  const chosen = all.filter((c) => split.sides.every((side) => onSide(c, side)));
  if (chosen.length === 0 || chosen.length === all.length) return null;
  return {
    name: `${split.adjective} ${countryName(countryCode)}`,
    countryCode,
    subdivisions: chosen.map((c) => `${countryCode}|${c.region}`).sort(),
  };
}
