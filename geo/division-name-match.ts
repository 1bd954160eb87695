/**
 * How an ISO 3166-2 or CLDR name of a first-level division is matched to the division the
 * gazetteer files cities under (geo/build-division-names.ts uses these): ISO's inverted names,
 * spellings a vowel apart, words for the kind of division, "North" for "Northern", a former or
 * compound name.
 */
import { distance } from 'fastest-levenshtein';

/** The names an ISO 3166-2 entry is written with: "Asturias, Principado de" is "Principado de Asturias" and "Asturias". */
export function isoNames(name: string): string[] {
  const out: string[] = [];
  for (const part of name.split(/\s*[;/]\s*/)) {
    const inverted = /^([^,]+), ([^,]+)$/.exec(part);
    if (inverted) out.push(`${inverted[2]} ${inverted[1]}`, inverted[1] as string);
    else out.push(part);
  }
  return out.map((n) => n.replace(/\s*\[[^\]]*\]|\s*\([^)]*\)/g, '').trim()).filter(Boolean);
}

/** Whether two place keys differ by one vowel, "h" or final "n", in one word of four letters or more. */
export function spellingVariant(a: string, b: string): boolean {
  const wa = a.split(' ');
  const wb = b.split(' ');
  if (wa.length !== wb.length) return false;
  const differ = wa.map((w, i) => [w, wb[i] as string] as const).filter(([x, y]) => x !== y);
  if (differ.length !== 1) return false;
  const [x, y] = differ[0] as readonly [string, string];
  if (Math.min(x.length, y.length) < 4 || distance(x, y) !== 1) return false;
  if (x.length === y.length) {
    const i = [...x].findIndex((c, k) => c !== y[k]);
    return /[aeiouy]/.test(x[i] as string) && /[aeiouy]/.test(y[i] as string);
  }
  const [long, short] = x.length > y.length ? [x, y] : [y, x];
  const i = [...short].findIndex((c, k) => c !== long[k]);
  const extra = long[i === -1 ? short.length : i] as string;
  return /[aeiouyh]/.test(extra) || (extra === 'n' && (i === -1 || i === short.length));
}

/**
 * Whether a division's name is another of several words with one word before it that does not make
 * it a city ("Orange Free State", the former name of "Free State"; not "Ciudad de Buenos Aires",
 * the city, for the province "Buenos Aires", nor "Eastern Uusimaa" for "Uusimaa").
 */
export function formerPrefix(region: string, iso: string): boolean {
  if (!iso.includes(' ') || !region.endsWith(` ${iso}`)) return false;
  const before = region.slice(0, -iso.length - 1);
  return !before.includes(' ') && !/^(city|ciudad|grad|cidade|citta|ville|stadt)$/.test(before) && !POSITION.test(before);
}
/** An English name written in letters only: not CLDR's "Province 3", "Gandaki²" or "Prague, Hlavní mešto". */
export const PLAIN_NAME = /^\p{L}[\p{L}' \u2019-]*$/u;
const POSITION = /^(north|south|east|west|northern|southern|eastern|western|upper|lower|central|greater)$/;

/**
 * Whether a division's name is another's joined to more by "and" ("Magallanes y Antártica
 * Chilena" for ISO's "Magallanes"): the first part of five letters or more.
 */
export function compoundOf(region: string, iso: string): boolean {
  return iso.length >= 5 && /^(y|and|e|et|und|i) /.test(region.startsWith(`${iso} `) ? region.slice(iso.length + 1) : '');
}

/** Words that make a city's name its division's ("Ciudad Autónoma de Buenos Aires", "Grad Beograd", "Metro Manila"). */
export const FILLER =
  /^(ciudad|autonoma|de|del|la|el|city|of|the|municipality|grad|metro|metropolitan|capital|district|federal|shaary|oblysy|region|province|kommune|special|administrative|area|territory|sar)$/;

/** Words that place a part, in the languages ISO 3166-2 writes: no name of its own after another. */
const PART_WORD =
  /^(north|south|east|west|northern|southern|eastern|western|central|nord|sud|est|ouest|norte|sur|este|oeste|centre|centro|upper|lower|rural|urban)$/;

/**
 * Whether the gazetteer's key `a` and ISO's or CLDR's `b` name one division written two ways: the same words with "North" for
 * "Northern" and without "and", "al" or "el" ("North Darfur" and "Northern Darfur", "Western
 * Bahr el Ghazal" and "West Bahr-al-Ghazal", "Brunei-Muara" and "Brunei and Muara"), or one with
 * the gazetteer's with a word after ISO's that places no part ("Ningxia Hui" for "Ningxia",
 * "Sakha (Yakutia)" for "Sakha").
 */
export function sameWords(a: string, b: string): boolean {
  const norm = (k: string) =>
    k
      .split(' ')
      .filter((w) => !/^(and|va|y|i|e|et|al|el)$/.test(w))
      .map((w) => w.replace(/^(north|south|east|west)ern$/, '$1'))
      .join(' ');
  const [x, y] = [norm(a), norm(b)];
  if (x === y) return true;
  // Only the gazetteer's name longer: ISO's "Lääne-Harju" (a municipality) is not Lääne county.
  const extra = x.startsWith(`${y} `) ? x.slice(y.length + 1) : '';
  return y.length >= 5 && /^[a-z]+$/.test(extra) && !PART_WORD.test(extra) && !KIND_WORDS.test(extra);
}

/** Words for a kind of first-level division, before or after its name, in the languages ISO 3166-2 writes. */
const KIND_WORDS =
  /^(region|regione|región|regiao|province|provincia|provinz|sheng|shi|zizhiqu|kraj|kray|krai|oblast|okrug|respublika|county|prefecture|governorate|department|departamento|state|estado|district|division|županija|zupanija|oblysy|shaary|municipality|kommune|kommunia)$/i;

/** A name without the one word for its kind before or after it, or null: "Region Hovedstaden" → "Hovedstaden". */
export function withoutKindWord(name: string): string | null {
  const w = name.split(/\s+/);
  if (w.length < 2) return null;
  if (KIND_WORDS.test(w[0] as string)) return w.slice(1).join(' ');
  if (KIND_WORDS.test(w.at(-1) as string)) return w.slice(0, -1).join(' ');
  return null;
}

/**
 * Whether two place keys are a misspelling apart: one letter for names of six letters or more,
 * two from twelve when each word keeps its first letter ("midjylland" and "midtjylland", ISO's
 * "Region Midjylland" for Midtjylland; "kuyavia pomerania" and "kuyavian pomeranian").
 * Used only between a country's subdivisions and divisions no other name joined, one to one.
 */
export function nearMisspelling(a: string, b: string): boolean {
  const shorter = Math.min(a.length, b.length);
  if (shorter < 6) return false;
  const d = distance(a, b);
  if (d <= 1) return true;
  // Two letters only where every word keeps its first letter: not "West Berkshire" for "West Yorkshire".
  const initials = (k: string) =>
    k
      .split(/[\s-]+/)
      .map((w) => w[0])
      .join('');
  return d === 2 && shorter >= 12 && initials(a) === initials(b);
}

/**
 * Joins what the names left unjoined: each subdivision (its code and place keys) to the one
 * division of its country that no other subdivision claims and that is a misspelling apart
 * (nearMisspelling), where that division is near no other unjoined subdivision either.
 */
export function joinLeftOver(
  subdivisions: { code: string; country: string; keys: string[] }[],
  unclaimed: Map<string, { region: string; key: string }[]>,
): Map<string, string> {
  const candidates = new Map<string, string[]>();
  const suitors = new Map<string, number>();
  for (const s of subdivisions) {
    const near = (unclaimed.get(s.country) ?? []).filter((d) => s.keys.some((k) => nearMisspelling(k, d.key)));
    candidates.set(
      s.code,
      near.map((d) => d.region),
    );
    for (const d of near) suitors.set(`${s.country}|${d.region}`, (suitors.get(`${s.country}|${d.region}`) ?? 0) + 1);
  }
  const out = new Map<string, string>();
  for (const s of subdivisions) {
    const near = candidates.get(s.code) ?? [];
    if (near.length === 1 && suitors.get(`${s.country}|${near[0]}`) === 1) out.set(s.code, near[0] as string);
  }
  return out;
}
