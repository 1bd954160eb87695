/**
 * Writes geo/data/division-names.tsv: other names of the first-level divisions the gazetteer's
 * cities are filed under ("Styria" and "Steiermark", "East Java" and "Jawa Timur", "Asturias" and
 * "Principado de Asturias"). Run `node --import tsx geo/build-division-names.ts` after the
 * gazetteer's sources change; test/geo/division-names.test.ts checks the file is what this makes.
 *
 * Sources (development dependencies): ISO 3166-2's subdivisions with their official names, in
 * the country's own language (the `iso-3166` package, MIT), and Unicode CLDR's English names of
 * the same subdivisions (`cldr-subdivisions-full`, Unicode licence). A subdivision is the
 * gazetteer's division of that country when one of its names has the division's place key; its
 * other names are then written as the division's. ISO's inverted names ("Asturias, Principado
 * de") are read both ways: the short name and the full one. A subdivision no gazetteer city is
 * filed under (Natural Earth files Xining under Gansu and no city under Flevoland) is written as a
 * division of its own, marked "unfiled", under the rules `unfiled` below lists.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isGivenName } from '../lib/names/given-names.js';
import { fromPackageRoot } from '../lib/package-root.js';
import { OTHER_NAMES_FILE } from './build-other-names.js';
import { TOWNS_FILE } from './build-towns.js';
import {
  compoundOf,
  FILLER,
  formerPrefix,
  isoNames,
  joinLeftOver,
  PLAIN_NAME,
  sameWords,
  spellingVariant,
  withoutKindWord,
} from './division-name-match.js';
import { allCities, findCountryCode, otherKeys } from './gazetteer.js';
import { placeKey } from './place-key.js';
import { OTHER_SUBDIVISIONS } from './us-states.js';

/**
 * The 32 London boroughs and the City of London (ISO 3166-2:GB, category "London borough" and
 * "city corporation"): records of people there say London, so a borough is no division to filter by.
 */
const LONDON_BOROUGHS = new Set(
  `BDG BNE BEX BEN BRY CMD CRY EAL ENF GRE HCK HMF HRY HRW HAV HIL HNS ISL KEC KTT LBH LEW MRT NWM RDB RIC SWK STN TWH WFT WND WSM LND`
    .split(' ')
    .map((c) => `GB-${c}`),
);

export const DIVISION_NAMES_FILE = fromPackageRoot('geo/data/division-names.tsv');

interface Subdivision {
  code: string;
  name: string;
  parent: string;
}

/** The file's text: a header, then one division a line (country code, the gazetteer's name, its other names joined by "|"), sorted. */
export function buildDivisionNames(): string {
  const require = createRequire(import.meta.url);
  const { iso31662 } = require('iso-3166') as { iso31662: Subdivision[] };
  const english = (
    require('cldr-subdivisions-full/subdivisions/en/en.json') as {
      subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } };
    }
  ).subdivisions.localeDisplayNames.subdivisions;
  // The gazetteer's divisions by country and place key.
  const divisions = new Map<string, string>();
  // The gazetteer's cities and towns by country and place key: a subdivision of one's name is not read as a division of its own.
  const cityNames = new Set<string>();
  const anyCity = new Set<string>();
  for (const c of allCities()) {
    anyCity.add(placeKey(c.name));
    if (c.countryCode === 'US') continue;
    if (c.region) divisions.set(`${c.countryCode}|${placeKey(c.region)}`, c.region);
    // Korea's provinces are said without their "-do", as geo/divisions.ts reads them ("Gangwon").
    const stem = /^(.+)-do$/.exec(c.region);
    if (stem && (c.countryCode === 'KR' || c.countryCode === 'KP'))
      divisions.set(`${c.countryCode}|${placeKey(stem[1] as string)}`, c.region);
    for (const k of [placeKey(c.name), ...otherKeys(placeKey(c.name), c.countryCode)]) cityNames.add(`${c.countryCode}|${k}`);
  }
  // Other languages' names of the cities ("Asgabat" for Ashgabat, "Oryol" for Orel): read from the
  // file, whose own build leaves out names of divisions, so what it holds now stays.
  for (const line of fs.readFileSync(OTHER_NAMES_FILE, 'utf8').split('\n')) {
    const [key, , , countryCode] = line.split('\t');
    if (key && countryCode && !line.startsWith('#')) cityNames.add(`${countryCode}|${key}`);
  }
  for (const line of fs.readFileSync(TOWNS_FILE, 'utf8').split('\n')) {
    const [name, , countryCode] = line.split('\t');
    if (!name || !countryCode || line.startsWith('#')) continue;
    for (const k of [placeKey(name), ...otherKeys(placeKey(name), countryCode)]) cityNames.add(`${countryCode}|${k}`);
    anyCity.add(placeKey(name));
  }
  // Divisions written as unfiled: "city" when named as a city of the country (read only with a kind word).
  const unfiledNames = new Map<string, 'unfiled' | 'city'>();
  const byCountry = new Map<string, string[]>();
  for (const [key, region] of divisions) {
    const country = key.slice(0, 2);
    byCountry.set(country, [...(byCountry.get(country) ?? []), region]);
  }
  // Spelt a vowel, an "h" or a final "n" apart in one word of four letters or more ("Sind" and
  // "Sindh", "Baluchistan" and "Balochistan", "Lower Silesian" and "Lower Silesia"), and only one
  // division of the country that close: "Derby" is not "Derry", nor "Hà Giang" "Hậu Giang".
  // Or the gazetteer's name is the ISO one with words before it ("Orange Free State", today's "Free
  // State") or joined to another by "and" ("Magallanes y Antártica Chilena").
  const nearOne = (country: string, names: string[]): string | undefined => {
    const near = new Set<string>();
    for (const region of byCountry.get(country) ?? [])
      for (const n of names) {
        const key = placeKey(n);
        const r = placeKey(region);
        if (spellingVariant(key, r) || formerPrefix(r, key) || compoundOf(r, key) || sameWords(r, key)) near.add(region);
      }
    return near.size === 1 ? [...near][0] : undefined;
  };
  const firstLevel = iso31662.filter((s) => s.parent.length === 2);
  const englishOf = (s: Subdivision) => english[s.code.replace('-', '').toLowerCase()];
  // Countries whose codes CLDR numbers differently from ISO: an English name there is another
  // subdivision's ISO name (Iran's "Khuzestan" on Esfahan's code). Their English names are not used.
  const isoKeys = new Map<string, Set<string>>();
  for (const s of firstLevel)
    for (const n of isoNames(s.name)) isoKeys.set(s.parent, (isoKeys.get(s.parent) ?? new Set()).add(placeKey(n)));
  const renumbered = new Set<string>();
  // Morocco: CLDR names its regions before 2015 under today's numbers ("Meknès-Tafilalet" on
  // Casablanca-Settat's code), and no English name equals an ISO one there, so say it.
  renumbered.add('MA');
  for (const s of firstLevel) {
    const en = englishOf(s);
    if (!en) continue;
    const own = new Set(isoNames(s.name).map(placeKey));
    if (!own.has(placeKey(en)) && isoKeys.get(s.parent)?.has(placeKey(en))) renumbered.add(s.parent);
  }
  // A subdivision none of the gazetteer's cities is filed under (Natural Earth files Xining under
  // Gansu, Hamilton under Auckland, and has no city in Flevoland) is a division of its own, by
  // its English name where CLDR gives a plain one, else ISO's without its kind word: people write
  // "Qinghai" and "Waikato" whatever their city's record says. Not one whose name is a
  // gazetteer city or town of the country, nor a country's: a city's own code ("Gwangju City",
  // "Hong Kong SAR", "Croydon"), a capital district under the city's other name ("Praha"), a
  // nation of the United Kingdom or a territory with a country code ("Scotland", "Aruba").
  // ISO's groupings of divisions the gazetteer files cities under (the Philippines' regions of its
  // provinces) are no division records are filed under; a region of districts (Czechia's kraje)
  // or of departments (France's regions since 2016) is.
  const groupings = new Set(
    iso31662
      .filter((s) => s.parent.length > 2 && isoNames(s.name).some((n) => divisions.has(`${s.parent.slice(0, 2)}|${placeKey(n)}`)))
      .map((s) => s.parent),
  );
  const listed = new Set(
    Object.entries(OTHER_SUBDIVISIONS).flatMap(([cc, list]) =>
      list
        .filter((d) => divisions.has(`${cc}|${placeKey(d.name)}`))
        .flatMap((d) => [d.name, ...(d.aliases ?? [])].map((n) => `${cc}|${placeKey(n)}`)),
    ),
  );
  const anywhere = new Set(allCities().map((c) => placeKey(c.region)));
  // The last words and the ISO name of each subdivision's names, by country: "java" of "Jawa Barat" (CLDR's "West Java").
  const namesWithin = new Map<string, Set<string>>();
  for (const s of firstLevel)
    for (const n of [...isoNames(s.name), englishOf(s) ?? '']) {
      const words = placeKey(n).split(' ');
      for (let i = 1; i < words.length; i++)
        for (const part of [words.slice(i).join(' '), words.slice(0, i).join(' ')]) {
          const k = `${s.parent}|${part}`;
          namesWithin.set(k, (namesWithin.get(k) ?? new Set()).add(s.code));
        }
    }
  const cityWithFiller = (country: string, key: string): boolean => {
    const words = key.split(' ');
    for (let i = 0; i < words.length; i++)
      for (let j = i + 1; j <= words.length; j++) {
        const rest = [...words.slice(0, i), ...words.slice(j)];
        if (rest.length && rest.every((w) => FILLER.test(w)) && cityNames.has(`${country}|${words.slice(i, j).join(' ')}`)) return true;
      }
    return false;
  };
  const unfiled = (s: Subdivision, names: string[], bare: string[]): string | undefined => {
    // The United States' states are geo/us-states.ts's. Where CLDR numbers codes otherwise (above)
    // ISO's names alone are other spellings of divisions the gazetteer has (Iran's "Khorāsān-e
    // Jonūbī" is South Khorasan, Estonia's "Harjumaa" Harju, beside its municipalities); Morocco's
    // are its regions of 2015, which the gazetteer lacks ("Fès-Meknès").
    if (groupings.has(s.code) || s.parent === 'US' || (renumbered.has(s.parent) && s.parent !== 'MA')) return undefined;
    // London's boroughs are parts of the city records file under London, never a division of their own.
    if (LONDON_BOROUGHS.has(s.code)) return undefined;
    const en = renumbered.has(s.parent) ? undefined : englishOf(s);
    const name = [en ?? '', ...bare, ...isoNames(s.name)].find((n) => PLAIN_NAME.test(n))?.replace(/\u2019/g, "'");
    if (!name) return undefined;
    const plainKeys = [...names, ...bare, name].map(placeKey);
    const cityKeys = plainKeys.flatMap((k) => [k, k.replace(/ (city|sar|shi|teukbyeolsi)$/, '')]);
    if (cityKeys.some((k) => findCountryCode(k) !== null)) return undefined;
    // A subdivision named as a city or town of its country, word for word ("Nakuru" of Kenya's
    // counties, "Rangpur" of Bangladesh's divisions, "Durham" of England's counties), is a division
    // of its own, read only with the word its country calls its divisions by ("Nakuru County",
    // "County Durham"): the name alone stays the city. Not a city's own code, named so only without
    // its "City" or "SAR" ("Gwangju City", "Hong Kong SAR"), which is the city.
    const cityNamed = plainKeys.some((k) => cityNames.has(`${s.parent}|${k}`));
    if (!cityNamed && cityKeys.some((k) => cityNames.has(`${s.parent}|${k}`))) return undefined;
    // Nor a city with words that make it the city's division ("Ciudad de México", "Jelgava
    // Municipality", "El Callao", "Bishkek Shaary"): the gazetteer files the city under its own.
    // A city's name with its kind word alone ("Buenos Aires Province") is the division named as the city.
    const kindless = (n: string) =>
      cityNamed
        ? placeKey(n)
            .replace(/ ?\b(province|region|oblysy|kommune)\b ?/g, ' ')
            .trim()
        : placeKey(n);
    if ([name, ...names].some((n) => cityWithFiller(s.parent, kindless(n)))) return undefined;
    // Nor another country's city or town: "Camden" is New Jersey's before London's borough.
    if (!cityNamed && anyCity.has(placeKey(name))) return undefined;
    // The hand list's divisions of the gazetteer keep their other names ("Telangana" is Andhra
    // Pradesh's, where Natural Earth files Hyderabad).
    if (cityKeys.some((k) => listed.has(`${s.parent}|${k}`))) return undefined;
    // Another country's division of that name keeps it ("Svalbard" is Svalbard and Jan Mayen's, not Norway's county).
    if (anywhere.has(placeKey(name))) return undefined;
    // A given name ("Isabel", "Tori") is more often a person; a name that others of the country
    // carry with a word before it is their grouping ("Java" of "West Java"); a union of places
    // ("England and Wales") is none of them.
    const key = placeKey(name);
    if (
      (!key.includes(' ') && isGivenName(key) && !cityNamed) ||
      [key, ...names.map(placeKey)].some((k) => [...(namesWithin.get(`${s.parent}|${k}`) ?? [])].some((c) => c !== s.code))
    )
      return undefined;
    if (key.includes(' and ') && key.split(' and ').every((k) => findCountryCode(k) !== null || anywhere.has(k))) return undefined;
    divisions.set(`${s.parent}|${placeKey(name)}`, name);
    unfiledNames.set(`${s.parent}\t${name}`, cityNamed ? 'city' : 'unfiled');
    return name;
  };
  // What names join, against the divisions the gazetteer's cities give; then a subdivision left
  // over is the one division left over of its country a misspelling apart ("Region Midjylland",
  // ISO's for Midtjylland), one to one (joinLeftOver), unless it is named as a city of its country.
  const namesOf = (s: Subdivision) => {
    const names = [...isoNames(s.name), renumbered.has(s.parent) ? '' : (englishOf(s) ?? '')].filter(Boolean);
    return { names, bare: names.map(withoutKindWord).filter((n): n is string => n !== null) };
  };
  const claimed = new Set<string>();
  const leftOver: { code: string; country: string; keys: string[] }[] = [];
  for (const s of firstLevel) {
    const { names, bare } = namesOf(s);
    const region =
      [...names, ...bare].map((n) => divisions.get(`${s.parent}|${placeKey(n)}`)).find(Boolean) ?? nearOne(s.parent, [...names, ...bare]);
    if (region) claimed.add(`${s.parent}|${region}`);
    // Not one named as a city of its country ("Luang Prabang", "Sidi Bouzid"): the name stays the city's.
    else if (![...names, ...bare].some((n) => cityNames.has(`${s.parent}|${placeKey(n)}`)))
      leftOver.push({ code: s.code, country: s.parent, keys: [...names, ...bare].map(placeKey) });
  }
  const unclaimed = new Map<string, { region: string; key: string }[]>();
  for (const [country, regions] of byCountry)
    unclaimed.set(
      country,
      [...new Set(regions)].filter((r) => !claimed.has(`${country}|${r}`)).map((region) => ({ region, key: placeKey(region) })),
    );
  const misspelt = joinLeftOver(leftOver, unclaimed);
  const aliases = new Map<string, Set<string>>();
  for (const s of firstLevel) {
    const names = [...isoNames(s.name), renumbered.has(s.parent) ? '' : (englishOf(s) ?? '')].filter(Boolean);
    // A name without the word for the kind of division it is ("Region Hovedstaden", "Nei Mongol
    // Zizhiqu", "Jihomoravský kraj") is the division the gazetteer files under the rest.
    const bare = names.map(withoutKindWord).filter((n): n is string => n !== null);
    const region =
      [...names, ...bare].map((n) => divisions.get(`${s.parent}|${placeKey(n)}`)).find(Boolean) ??
      nearOne(s.parent, [...names, ...bare]) ??
      misspelt.get(s.code) ??
      unfiled(s, names, bare);
    if (!region) continue;
    const key = `${s.parent}\t${region}`;
    const set = aliases.get(key) ?? new Set<string>();
    // A name that is another division of the country is not this one's (CLDR and ISO number some
    // countries' subdivisions differently); nor is a name cut at a hyphen.
    for (const n of names) {
      const k = placeKey(n);
      const other = divisions.get(`${s.parent}|${k}`);
      if (k !== placeKey(region) && (!other || other === region) && k.length >= 3 && !/-$|[\d\u00b2\u00b3\u00b9]/.test(n)) set.add(n);
    }
    aliases.set(key, set);
  }
  const rows = [...aliases]
    .filter(([key, names]) => names.size > 0 || unfiledNames.has(key))
    .map(([key, names]) => `${key}\t${[...names].sort().join('|')}${unfiledNames.has(key) ? `\t${unfiledNames.get(key)}` : ''}`)
    .sort();
  return [
    "# Other names of the gazetteer's first-level divisions, made by geo/build-division-names.ts.",
    '# From ISO 3166-2 (the iso-3166 package, MIT) and Unicode CLDR English names (cldr-subdivisions-full, Unicode licence).',
    '# country_code\tdivision (as records store it)\tother names, "|" between them\t"unfiled" when no gazetteer city is filed under it, "city" when it is also named as a city of the country',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const text = buildDivisionNames();
  fs.writeFileSync(DIVISION_NAMES_FILE, text);
  process.stdout.write(`wrote ${text.split('\n').length - 4} divisions to ${DIVISION_NAMES_FILE}\n`);
}
