/**
 * A location cell that names a time zone, not a place ("IST", "EST", "UTC+2", "America/Chicago",
 * "Eastern Time (US & Canada)", "India Standard Time"): address books and CRMs fill the location
 * with one. Read as a place, "EST" was Estonia and "IST" nothing at all; read as a zone, it says a
 * country when only one country keeps it, and nothing otherwise.
 */
import { createRequire } from 'node:module';
import { findCountryCode } from '../../geo/gazetteer.js';

/** Abbreviations of zones one country keeps; the others (EST, IST, CST, CET, BST...) say no country. */
const ONE_COUNTRY: Readonly<Record<string, string>> = {
  jst: 'JP',
  kst: 'KR',
  aest: 'AU',
  aedt: 'AU',
  acst: 'AU',
  acdt: 'AU',
  awst: 'AU',
  nzst: 'NZ',
  nzdt: 'NZ',
  sgt: 'SG',
  hkt: 'HK',
  msk: 'RU',
  brt: 'BR',
  sast: 'ZA',
  pkt: 'PK',
  wib: 'ID',
  wita: 'ID',
  wit: 'ID',
  art: 'AR',
  clt: 'CL',
  cot: 'CO',
  pet: 'PE',
  uyt: 'UY',
  npt: 'NP',
  mmt: 'MM',
};
const SHARED =
  'est edt cst cdt mst mdt pst pdt akst akdt hst ast adt nst ndt ist idt cet cest eet eest wet west bst gmt utc ict gst cat eat wat wast mut sct pht'.split(
    ' ',
  );
const ABBREVIATIONS = new Set([...Object.keys(ONE_COUNTRY), ...SHARED]);

const IANA = /^(Africa|America|Antarctica|Arctic|Asia|Atlantic|Australia|Europe|Indian|Pacific|Etc)\/[A-Za-z0-9_+\-/]+$/;
const OFFSET = /^(?:utc|gmt|z)\s*(?:[+\-\u2212]\s*\d{1,2}(?::?\d{2})?)?$/i;
const LONG_NAME = /^(.*?)\b(?:standard|daylight|summer)?\s*time\b\s*(?:\(([^)]*)\))?\s*$/i;

let zoneCountries: Map<string, string | null> | null = null;

/** The country an IANA zone is kept in, from the gazetteer's cities: the one with nine tenths of their people, else none. */
function zoneCountry(zone: string): string | null {
  if (!zoneCountries) {
    const rows = (createRequire(import.meta.url)('city-timezones') as { cityMapping: { timezone: string; iso2: string; pop: number }[] })
      .cityMapping;
    const people = new Map<string, Map<string, number>>();
    for (const r of rows) {
      const byCountry = people.get(r.timezone) ?? new Map<string, number>();
      byCountry.set(r.iso2, (byCountry.get(r.iso2) ?? 0) + (r.pop || 1));
      people.set(r.timezone, byCountry);
    }
    zoneCountries = new Map(
      [...people].map(([z, byCountry]) => {
        const total = [...byCountry.values()].reduce((a, b) => a + b, 0);
        const [top, n] = [...byCountry].sort((a, b) => b[1] - a[1])[0] as [string, number];
        return [z, n >= 0.9 * total ? top : null];
      }),
    );
  }
  return zoneCountries.get(zone) ?? null;
}

/** The cell read as a time zone: `{ country }` (null when several countries keep it), or null when it names no zone. */
export function timeZoneOf(text: string): { country: string | null } | null {
  const t = text.trim();
  if (!t || t.length > 60) return null;
  if (IANA.test(t)) return { country: zoneCountry(t) };
  if (OFFSET.test(t)) return { country: null };
  const abbreviation = t
    .replace(/[()[\]]/g, '')
    .trim()
    .toLowerCase();
  // In capitals, as zones are written: "est" or "Art" in small letters may be words.
  if (/^[a-z]{2,5}$/.test(abbreviation) && ABBREVIATIONS.has(abbreviation) && t === t.toUpperCase())
    return { country: ONE_COUNTRY[abbreviation] ?? null };
  const long = LONG_NAME.exec(t);
  if (long && /\btime\b/i.test(t) && t.split(/\s+/).length <= 6) {
    // "India Standard Time", "Japan Standard Time": a country's name; "Eastern Time (US & Canada)": several.
    const before = (long[1] ?? '').trim();
    if (!before && !long[2]) return null;
    if (long[2] && /&|\band\b|,/.test(long[2])) return { country: null };
    const named = findCountryCode(before) ?? (long[2] ? findCountryCode(long[2]) : null);
    return { country: named };
  }
  return null;
}
