/**
 * A contact's location cell read as a place (docs/contacts.md, "Locations"): its city, metro and
 * country, with how someone works, postal addresses, codes written otherwise, time zones and parts
 * of town read as what they are. The matcher compares the result with a profile's location.
 */
import { findCities, findUsState, metroOf } from '../../geo/gazetteer.js';
import { placeKey } from '../../geo/place-key.js';
import { resolvePlace } from '../../query-planner/places.js';
import { timeZoneOf } from './time-zones.js';

/** A place as the matcher compares it: its city as a place key (gazetteer.ts, placeKey), its metro and country. */
export type Place = { city: string | null; metro: string | null; country: string | null } | null;

/**
 * Reads a free-text location with the gazetteer people search uses ("Austin, TX", "Greater
 * London", "Cambridge, Massachusetts, United States", "France"): its city, metro and country.
 */
export function placeOf(text: string | null | undefined): Place {
  const written = text?.trim();
  if (!written) return null;
  // "IST", "America/Chicago", "Eastern Time (US & Canada)": a time zone, at most a country.
  const zone = timeZoneOf(written);
  if (zone) return zone.country ? { city: null, metro: null, country: zone.country } : null;
  // "Remote (Miami)", "Hybrid - Austin, TX", "WFH Denver", "Boston office (hybrid)": the place without how one works there.
  const t = WORK_MODE.test(written)
    ? written
        .replace(WORK_MODE_ALL, ' ')
        .replace(/[()[\]]/g, ' ')
        .replace(/^[\s,;:/|–—-]+|[\s,;:/|–—-]+$/g, '')
        .replace(/\s+/g, ' ') || written
    : written;
  const read = [t, codeQualified(t), withCommas(t)].map((x) => (x ? placeNamed(x) : null));
  const place = read.find((p) => p?.city) ?? unseparated(t) ?? read.find((p) => p !== null) ?? null;
  if (place?.city || !/\d/.test(t)) return place;
  // A postal address ("New York NY 10118, United States", "75002 Paris", "1 Main St, Springfield,
  // IL 62704"): without its numbers, then each part and each pair of neighbouring parts, the
  // town first (a part that names a city wins over one that names only a country).
  const parts = t
    .split(',')
    .map((p) =>
      p
        .replace(/\S*\d\S*/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter(Boolean);
  // "New York NY": a state or province code after the town, without its comma.
  const coded = parts.flatMap((p) => {
    const m = /^(.+?)\s+([A-Z]{2,3})$/.exec(p);
    return m ? [`${m[1]}, ${m[2]}`] : [];
  });
  const tries = [parts.join(', '), ...coded, ...parts.slice(0, -1).map((p, i) => `${p}, ${parts[i + 1]}`), ...parts];
  let fallback: Place = place;
  for (const attempt of tries) {
    const found = placeNamed(attempt);
    if (found?.city) return found;
    fallback ??= found;
  }
  return fallback;
}

/**
 * A town with a country or state code written otherwise than after a comma: "Bhilai (IN)",
 * "IN-Bengaluru", "Lyon FR", as "Town, CC"; or null.
 */
function codeQualified(t: string): string | null {
  const m = /^(.+?)\s*\(([A-Z]{2})\)$/.exec(t) ?? /^(.+?)\s+([A-Z]{2})$/.exec(t);
  if (m) return `${m[1]}, ${m[2]}`;
  const lead = /^([A-Z]{2})\s*[-–—:]\s*(.+)$/.exec(t);
  return lead ? `${lead[2]}, ${lead[1]}` : null;
}

/**
 * A place's parts joined otherwise than by commas: "Stuttgart · Germany", "Portland | Maine |
 * United States", "Barranquilla; Colombia", "Denver (Colorado, United States)"; or null.
 */
function withCommas(t: string): string | null {
  const out = t
    .replace(/\s*[·•|;]\s*/g, ', ')
    .replace(/^([^(),]+?)\s*\(([^()]+)\)$/, '$1, $2')
    .replace(/^[\s,]+|[\s,]+$/g, '');
  return out === t ? null : out;
}

/**
 * "Austin Texas United States", "Salt Lake City Utah United States": the parts written without any
 * separator, read by trying where the commas go (three parts, then two) until a city is named.
 */
function unseparated(t: string): Place {
  const ws = t.split(/\s+/);
  if (/[,;|·()]/.test(t) || ws.length < 2 || ws.length > 7) return null;
  const cut = (a: number, b?: number) => [ws.slice(0, a), ws.slice(a, b), ...(b ? [ws.slice(b)] : [])].map((p) => p.join(' ')).join(', ');
  const tries: string[] = [];
  for (let a = 1; a < ws.length - 1; a++) for (let b = a + 1; b < ws.length; b++) tries.push(cut(a, b));
  for (let a = 1; a < ws.length; a++) tries.push(cut(a));
  for (const attempt of tries) {
    const found = placeNamed(attempt);
    // The last part names the country the town is in ("San, Jose, California United States" is no San of Mali).
    if (found?.city && resolvePlace(attempt.slice(attempt.lastIndexOf(',') + 1).trim())?.countryCode === found.country) return found;
  }
  return null;
}

/** Words that say how someone works, not where: dropped from a location cell. */
const WORK_MODE = /\b(remote|hybrid|wfh|work from home|on-?site|in-office|office|onsite)\b/i;
const WORK_MODE_ALL = new RegExp(WORK_MODE.source, 'gi');

/** The place a location cell names as it is written. */
function placeNamed(t: string): Place {
  // A bare name is a city first, then a US state ("Victoria", "Washington", "Georgia"), as an
  // address book means it; "City, State" and countries ("France") go through resolvePlace.
  if (!t.includes(',')) {
    const city = findCities(t)[0];
    if (city) return { city: placeKey(city.name), metro: metroOf(city)?.name.toLowerCase() ?? null, country: city.countryCode };
    if (findUsState(t)) return { city: null, metro: null, country: 'US' };
  }
  // "Le Marais, Paris", "Capitol Hill, Seattle", "Chelsea, London": a part of town before its town.
  // A town after the first comma wins over the first part when that part names no city, a town
  // only (Capitol Hill, Northern Mariana Islands) or a city of another country; a region, a
  // country or a continent after it never displaces a city before it ("Lyon, Auvergne-Rhône-Alpes,
  // France", "Berlin, DE, EU").
  const parts = t.split(',').map((p) => p.trim());
  const whole = resolvePlace(t);
  const head = whole ? null : resolvePlace(parts[0]!);
  const tails = whole ? [] : parts.slice(1).map((_, i) => resolvePlace(parts.slice(i + 1).join(', ')));
  const town = tails.find((m) => m?.kind === 'city' || m?.kind === 'metro') ?? null;
  const match =
    whole ??
    (town && (head?.kind !== 'city' || head.lessCertain || head.countryCode !== town.countryCode) ? town : null) ??
    head ??
    tails.find((m) => m !== null) ??
    null;
  if (!match) return null;
  const place = {
    city: match.city ? placeKey(match.city) : null,
    metro: match.metro?.toLowerCase() ?? null,
    country: match.countryCode ?? null,
  };
  return place.city || place.metro || place.country ? place : null;
}
