/**
 * Named regions and the places they contain. A region is a union of countries (ISO codes),
 * US states (postal codes) and other regions. Membership is computed for every resolved place,
 * so a region filter is a plain keyword match on `location.regions`.
 */
import { BLOCS, BLOCS_WITHIN } from './blocs.js';
import { COUNTRY_PARTS } from './country-parts.js';
import { withDivisionGroups } from './division-groups.js';
import { GEOGRAPHIC_REGIONS } from './geographic-regions.js';
import { HISTORICAL_REGIONS } from './historical-regions.js';
import { EUROPEAN_LANDS } from './regions-europe.js';
import { WORLD_LANDS } from './regions-world.js';
import { US_STATES } from './us-states.js';

export interface RegionDefinition {
  name: string;
  aliases: string[];
  countries?: string[];
  usStates?: string[];
  /**
   * First-level divisions of other countries, as `CC|Name` with the name records store (the
   * gazetteer's spelling of its cities' regions): "CA|Alberta", "BE|East Flanders".
   */
  subdivisions?: string[];
  includes?: string[];
}

const NORDICS = ['DK', 'FI', 'IS', 'NO', 'SE'];
const DACH = ['DE', 'AT', 'CH'];
const BENELUX = ['BE', 'NL', 'LU'];
const WESTERN_EUROPE = ['AT', 'BE', 'CH', 'DE', 'FR', 'IE', 'LI', 'LU', 'MC', 'NL', 'GB'];
const SOUTHERN_EUROPE = ['ES', 'PT', 'IT', 'GR', 'MT', 'CY', 'HR', 'SI', 'AD', 'SM', 'VA'];
const CENTRAL_EUROPE = ['AT', 'CH', 'CZ', 'DE', 'HU', 'LI', 'PL', 'SK', 'SI'];
const EASTERN_EUROPE = ['BG', 'BY', 'CZ', 'EE', 'HU', 'LT', 'LV', 'MD', 'PL', 'RO', 'RU', 'SK', 'UA', 'RS', 'BA', 'ME', 'MK', 'AL', 'XK'];
const MIDDLE_EAST = ['AE', 'BH', 'EG', 'IL', 'IQ', 'IR', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'TR', 'YE'];
const SOUTHEAST_ASIA = ['BN', 'KH', 'ID', 'LA', 'MY', 'MM', 'PH', 'SG', 'TH', 'TL', 'VN'];
const EAST_ASIA = ['CN', 'HK', 'JP', 'KP', 'KR', 'MN', 'MO', 'TW'];
const SOUTH_ASIA = ['AF', 'BD', 'BT', 'IN', 'LK', 'MV', 'NP', 'PK'];
const ANZ = ['AU', 'NZ'];
const CENTRAL_AMERICA = ['BZ', 'CR', 'SV', 'GT', 'HN', 'NI', 'PA'];
const SOUTH_AMERICA = ['AR', 'BO', 'BR', 'CL', 'CO', 'EC', 'GY', 'PY', 'PE', 'SR', 'UY', 'VE'];
const CARIBBEAN = ['CU', 'DO', 'HT', 'JM', 'PR', 'TT', 'BS', 'BB'];
const NORTH_AFRICA = ['DZ', 'EG', 'LY', 'MA', 'SD', 'TN'];

/** The 27 members of the European Union (2020 on). */
const EU = [
  'AT',
  'BE',
  'BG',
  'HR',
  'CY',
  'CZ',
  'DK',
  'EE',
  'FI',
  'FR',
  'DE',
  'GR',
  'HU',
  'IE',
  'IT',
  'LV',
  'LT',
  'LU',
  'MT',
  'NL',
  'PL',
  'PT',
  'RO',
  'SK',
  'SI',
  'ES',
  'SE',
];

export const REGIONS: RegionDefinition[] = withDivisionGroups(
  [
    // The EU's single market with Iceland, Liechtenstein and Norway.
    { name: 'EEA', aliases: ['the eea', 'european economic area'], countries: [...EU, 'IS', 'LI', 'NO'] },
    { name: 'Nordics', aliases: ['nordic', 'nordic countries', 'scandinavia'], countries: NORDICS },
    { name: 'DACH', aliases: ['d-a-ch'], countries: DACH },
    { name: 'Benelux', aliases: ['low countries', 'the low countries'], countries: BENELUX },
    { name: 'Western Europe', aliases: [], countries: WESTERN_EUROPE },
    { name: 'Southern Europe', aliases: [], countries: SOUTHERN_EUROPE },
    { name: 'Central Europe', aliases: [], countries: CENTRAL_EUROPE },
    { name: 'Eastern Europe', aliases: ['cee', 'central and eastern europe'], countries: EASTERN_EUROPE },
    {
      name: 'Europe',
      aliases: ['european union', 'eu'],
      includes: ['Nordics', 'Western Europe', 'Southern Europe', 'Central Europe', 'Eastern Europe'],
    },
    { name: 'Northern Europe', aliases: [], includes: ['Nordics', 'Baltics', 'UK and Ireland'] },
    // The British Isles, the Low Countries, France, Germany and Scandinavia with Iceland.
    {
      name: 'Northwestern Europe',
      aliases: ['northwest europe', 'north west europe', 'north western europe', 'nw europe'],
      countries: ['BE', 'DE', 'DK', 'FR', 'GB', 'IE', 'IS', 'LU', 'NL', 'NO', 'SE'],
    },
    // Europe's mainland: not the islands of Britain, Ireland, Iceland, Malta and Cyprus.
    {
      name: 'Continental Europe',
      aliases: ['mainland europe'],
      countries: [...new Set([...NORDICS, ...WESTERN_EUROPE, ...SOUTHERN_EUROPE, ...CENTRAL_EUROPE, ...EASTERN_EUROPE])]
        .filter((c) => !['GB', 'IE', 'IS', 'MT', 'CY'].includes(c))
        .sort(),
    },
    { name: 'Baltics', aliases: ['baltic states', 'the baltics', 'baltic countries'], countries: ['EE', 'LV', 'LT'] },
    { name: 'UK and Ireland', aliases: ['uk&i', 'uki', 'uk & ireland', 'british isles', 'uk ireland'], countries: ['GB', 'IE'] },
    { name: 'Iberia', aliases: ['iberian peninsula'], countries: ['ES', 'PT', 'AD'] },
    {
      name: 'Balkans',
      aliases: ['the balkans', 'western balkans', 'balkan countries'],
      countries: ['AL', 'BA', 'BG', 'HR', 'XK', 'ME', 'MK', 'RS', 'SI'],
    },
    // The Balkans with Greece, Romania and Moldova, as "South-East Europe" is used (SEE).
    {
      name: 'Southeast Europe',
      aliases: ['south east europe', 'southeastern europe', 'south eastern europe', 'see region'],
      countries: ['AL', 'BA', 'BG', 'HR', 'XK', 'ME', 'MK', 'RS', 'SI', 'GR', 'RO', 'MD'],
    },
    { name: 'Middle East', aliases: [], countries: MIDDLE_EAST },
    {
      name: 'GCC',
      aliases: ['gulf cooperation council', 'gulf states', 'gulf countries', 'gulf region', 'persian gulf', 'arabian gulf'],
      countries: ['SA', 'AE', 'QA', 'KW', 'BH', 'OM'],
    },
    { name: 'Levant', aliases: ['the levant'], countries: ['LB', 'SY', 'JO', 'IL', 'PS'] },
    // The UN's Western Asia (M49): the Middle East without Egypt and Iran, with the Caucasus and Cyprus.
    {
      name: 'Western Asia',
      aliases: ['west asia'],
      countries: ['AE', 'AM', 'AZ', 'BH', 'CY', 'GE', 'IL', 'IQ', 'JO', 'KW', 'LB', 'OM', 'PS', 'QA', 'SA', 'SY', 'TR', 'YE'],
    },
    // The countries on the sea's eastern shores.
    {
      name: 'Eastern Mediterranean',
      aliases: ['east mediterranean', 'the eastern mediterranean', 'east med', 'eastern med'],
      countries: ['CY', 'EG', 'GR', 'IL', 'LB', 'PS', 'SY', 'TR'],
    },
    { name: 'Central Asia', aliases: [], countries: ['KZ', 'KG', 'TJ', 'TM', 'UZ'] },
    { name: 'Caucasus', aliases: ['the caucasus', 'south caucasus', 'transcaucasia'], countries: ['AM', 'AZ', 'GE'] },
    {
      name: 'CIS',
      aliases: ['commonwealth of independent states'],
      countries: ['AM', 'AZ', 'BY', 'KZ', 'KG', 'MD', 'RU', 'TJ', 'UZ'],
    },
    { name: 'North Africa', aliases: ['northern africa'], countries: NORTH_AFRICA },
    { name: 'Maghreb', aliases: ['the maghreb'], countries: ['MA', 'DZ', 'TN', 'LY', 'MR'] },
    { name: 'MENA', aliases: ['middle east and north africa'], includes: ['Middle East', 'North Africa'] },
    {
      name: 'Sub-Saharan Africa',
      aliases: ['ssa'],
      countries: ['NG', 'KE', 'ZA', 'GH', 'ET', 'TZ', 'UG', 'RW', 'SN', 'CI', 'CM', 'ZM', 'ZW', 'AO', 'MZ', 'BW', 'NA', 'MU'],
    },
    { name: 'Horn of Africa', aliases: [], countries: ['ET', 'SO', 'DJ', 'ER'] },
    { name: 'East Africa', aliases: ['eastern africa'], countries: ['KE', 'TZ', 'UG', 'RW', 'BI', 'ET', 'SO', 'DJ', 'ER', 'SS'] },
    {
      name: 'West Africa',
      aliases: ['western africa'],
      countries: ['NG', 'GH', 'SN', 'CI', 'BJ', 'TG', 'BF', 'ML', 'NE', 'GN', 'SL', 'LR', 'GM', 'CV'],
    },
    { name: 'Southern Africa', aliases: [], countries: ['ZA', 'BW', 'NA', 'LS', 'SZ', 'ZW', 'ZM', 'MZ', 'MW', 'AO'] },
    // The UN's Middle Africa.
    { name: 'Central Africa', aliases: ['middle africa'], countries: ['AO', 'CM', 'CF', 'TD', 'CG', 'CD', 'GQ', 'GA', 'ST'] },
    // The countries mostly in the belt: the G5 Sahel, Senegal and Sudan.
    { name: 'Sahel', aliases: ['the sahel', 'sahel region'], countries: ['MR', 'ML', 'BF', 'NE', 'TD', 'SN', 'SD'] },
    {
      name: 'Africa',
      aliases: [],
      includes: ['North Africa', 'Sub-Saharan Africa', 'East Africa', 'West Africa', 'Southern Africa', 'Central Africa'],
    },
    { name: 'EMEA', aliases: ['europe middle east and africa'], includes: ['Europe', 'Middle East', 'Africa'] },
    { name: 'MEA', aliases: ['middle east and africa'], includes: ['Middle East', 'Africa'] },
    { name: 'Southeast Asia', aliases: ['south-eastern asia', 'sea', 'asean', 'south east asia', 'se asia'], countries: SOUTHEAST_ASIA },
    {
      name: 'East Asia',
      aliases: ['eastern asia', 'north asia', 'northeast asia', 'north east asia', 'northeastern asia'],
      countries: EAST_ASIA,
    },
    { name: 'Greater China', aliases: [], countries: ['CN', 'HK', 'MO', 'TW'] },
    { name: 'South Asia', aliases: ['southern asia', 'indian subcontinent'], countries: SOUTH_ASIA },
    { name: 'ANZ', aliases: ['australia and new zealand', 'oceania', 'australasia'], countries: ANZ },
    {
      name: 'APAC',
      // JAPAC and APJ name Japan apart from the rest of Asia-Pacific: the same countries.
      aliases: ['asia pacific', 'asia-pacific', 'asia', 'apj', 'asia pacific and japan', 'japac', 'japan and asia pacific'],
      includes: ['Southeast Asia', 'East Asia', 'South Asia', 'ANZ'],
    },
    { name: 'North America', aliases: ['namer'], countries: ['US', 'CA', 'MX'] },
    // The United Nations' subregion: North America without Mexico.
    { name: 'Northern America', aliases: [], countries: ['US', 'CA', 'BM', 'GL', 'PM'] },
    { name: 'Central America', aliases: [], countries: CENTRAL_AMERICA },
    { name: 'South America', aliases: [], countries: SOUTH_AMERICA },
    { name: 'Southern Cone', aliases: [], countries: ['AR', 'CL', 'UY', 'PY'] },
    { name: 'Andean Region', aliases: ['andes', 'andean countries', 'the andes'], countries: ['BO', 'CO', 'EC', 'PE', 'CL', 'VE'] },
    { name: 'Caribbean', aliases: ['west indies', 'the antilles'], countries: CARIBBEAN },
    // "LAC": Latin America and the Caribbean, as development banks and global companies name it (before
    // Chad's Lac province, which keeps "Lac Province").
    {
      name: 'LATAM',
      aliases: ['latin america', 'latin america and the caribbean', 'latin america and caribbean', 'lac'],
      countries: ['MX'],
      includes: ['Central America', 'South America', 'Caribbean'],
    },
    { name: 'AMER', aliases: ['americas', 'the americas', 'amers'], includes: ['North America', 'LATAM'] },
    // United States regions.
    { name: 'West Coast', aliases: ['us west coast'], usStates: ['CA', 'OR', 'WA'] },
    { name: 'Pacific Northwest', aliases: ['pnw'], usStates: ['OR', 'WA', 'ID'] },
    // The Census Bureau's West ("the West" alone is as often the Western world: not an alias).
    {
      name: 'Western US',
      aliases: ['western united states', 'western u.s.', 'the western us', 'the western united states'],
      usStates: ['AK', 'AZ', 'CA', 'CO', 'HI', 'ID', 'MT', 'NV', 'NM', 'OR', 'UT', 'WA', 'WY'],
    },
    {
      name: 'East Coast',
      aliases: ['us east coast', 'eastern seaboard'],
      usStates: ['ME', 'NH', 'MA', 'RI', 'CT', 'NY', 'NJ', 'DE', 'MD', 'DC', 'VA', 'NC', 'SC', 'GA', 'FL'],
    },
    { name: 'New England', aliases: [], usStates: ['ME', 'NH', 'VT', 'MA', 'RI', 'CT'] },
    {
      name: 'Northeast',
      aliases: ['northeastern us', 'us northeast', 'the northeast'],
      usStates: ['ME', 'NH', 'VT', 'MA', 'RI', 'CT', 'NY', 'NJ', 'PA'],
    },
    { name: 'Great Lakes', aliases: ['great lakes region'], usStates: ['IL', 'IN', 'MI', 'MN', 'NY', 'OH', 'PA', 'WI'] },
    { name: 'Mid-Atlantic', aliases: ['mid atlantic'], usStates: ['NY', 'NJ', 'PA', 'DE', 'MD', 'DC', 'VA'] },
    {
      name: 'Northeast Corridor',
      aliases: ['the northeast corridor', 'boston-washington corridor', 'bos-wash', 'boswash'],
      usStates: ['MA', 'RI', 'CT', 'NY', 'NJ', 'PA', 'DE', 'MD', 'DC'],
    },
    { name: 'DMV', aliases: ['dc metro', 'dc area', 'dc-maryland-virginia'], usStates: ['DC', 'MD', 'VA'] },
    // The Census Bureau's West North Central and West South Central divisions: the Plains and the states below them.
    {
      name: 'Central US',
      aliases: ['central united states', 'central usa', 'central u.s.', 'us central', 'the central us', 'the central united states'],
      usStates: ['AR', 'IA', 'KS', 'LA', 'MN', 'MO', 'ND', 'NE', 'OK', 'SD', 'TX'],
    },
    { name: 'Midwest', aliases: ['midwestern us'], usStates: ['IL', 'IN', 'IA', 'KS', 'MI', 'MN', 'MO', 'NE', 'ND', 'OH', 'SD', 'WI'] },
    {
      name: 'South',
      aliases: ['southern us', 'the south', 'us south'],
      usStates: ['AL', 'AR', 'FL', 'GA', 'KY', 'LA', 'MS', 'NC', 'SC', 'TN', 'TX', 'VA', 'WV', 'OK'],
    },
    // The South without Texas and Oklahoma (the Bureau of Economic Analysis's Southeast).
    {
      name: 'Southeast',
      aliases: [
        'southeastern us',
        'southeastern united states',
        'us southeast',
        'southeast us',
        'the southeast',
        'southeast united states',
      ],
      usStates: ['AL', 'AR', 'FL', 'GA', 'KY', 'LA', 'MS', 'NC', 'SC', 'TN', 'VA', 'WV'],
    },
    { name: 'Southwest', aliases: ['us southwest'], usStates: ['AZ', 'NM', 'NV', 'TX', 'OK', 'UT'] },
    {
      name: 'Mountain West',
      aliases: ['mountain states', 'rockies', 'intermountain west', 'the intermountain west'],
      usStates: ['CO', 'UT', 'ID', 'MT', 'WY', 'NV', 'AZ', 'NM'],
    },
    { name: 'Gulf Coast', aliases: [], usStates: ['TX', 'LA', 'MS', 'AL', 'FL'] },
    { name: 'Great Plains', aliases: ['the plains'], usStates: ['KS', 'NE', 'ND', 'SD', 'OK'] },
    { name: 'Upper Midwest', aliases: [], usStates: ['MN', 'WI', 'MI', 'IA', 'ND', 'SD'] },
    { name: 'Mid-South', aliases: ['midsouth', 'mid south'], usStates: ['TN', 'AR', 'MS', 'KY'] },
    { name: 'Rust Belt', aliases: [], usStates: ['PA', 'OH', 'MI', 'IN', 'IL', 'WI', 'NY', 'WV'] },
    ...COUNTRY_PARTS,
    // The countries on its shores; named so that the adjective alone ("Mediterranean cuisine") is no place.
    {
      name: 'Mediterranean Basin',
      aliases: ['the mediterranean', 'mediterranean region', 'mediterranean countries', 'mediterranean basin'],
      countries: [
        'ES',
        'FR',
        'MC',
        'IT',
        'MT',
        'SI',
        'HR',
        'BA',
        'ME',
        'AL',
        'GR',
        'TR',
        'CY',
        'SY',
        'LB',
        'IL',
        'PS',
        'EG',
        'LY',
        'TN',
        'DZ',
        'MA',
      ],
    },
    { name: 'Deep South', aliases: ['the deep south'], usStates: ['AL', 'GA', 'LA', 'MS', 'SC'] },
    { name: 'Sun Belt', aliases: ['sunbelt'], usStates: ['AZ', 'NV', 'TX', 'FL', 'GA', 'NC', 'SC', 'TN', 'AL', 'NM'] },
    ...pluralStates(),
    // The South's evangelical heartland, by the states every account of it names.
    { name: 'Bible Belt', aliases: ['the bible belt'], usStates: ['AL', 'AR', 'GA', 'KY', 'LA', 'MS', 'NC', 'OK', 'SC', 'TN', 'TX'] },
    ...HISTORICAL_REGIONS,
    ...EUROPEAN_LANDS,
    ...WORLD_LANDS,
    ...GEOGRAPHIC_REGIONS,
    ...BLOCS,
  ].map((r) => (BLOCS_WITHIN[r.name] ? { ...r, includes: [...(r.includes ?? []), ...(BLOCS_WITHIN[r.name] as string[])] } : r)),
);

/**
 * US states named together by the word their names share, in the plural: "the Carolinas" (North
 * and South Carolina), "the Dakotas", "the Virginias" (Virginia and West Virginia).
 */
function pluralStates(): RegionDefinition[] {
  const byWord = new Map<string, string[]>();
  for (const [code, name] of Object.entries(US_STATES)) {
    const word = name.split(' ').at(-1) as string;
    byWord.set(word, [...(byWord.get(word) ?? []), code]);
  }
  return [...byWord]
    .filter(([, codes]) => codes.length >= 2)
    .map(([word, codes]) => ({ name: `${word}s`, aliases: [`the ${word.toLowerCase()}s`], usStates: codes.sort() }));
}

const BY_NAME = new Map(REGIONS.map((r) => [r.name, r]));

/** Every region a place belongs to, including regions that include those regions. */
export function regionsOf(countryCode: string | null, usState: string | null, region: string | null = null): string[] {
  const division = countryCode && region ? `${countryCode}|${region}` : null;
  const direct = REGIONS.filter(
    (r) =>
      (countryCode && r.countries?.includes(countryCode)) ||
      (countryCode === 'US' && usState && r.usStates?.includes(usState)) ||
      (division && r.subdivisions?.includes(division)),
  ).map((r) => r.name);
  const all = new Set(direct);
  let grew = true;
  while (grew) {
    grew = false;
    for (const r of REGIONS) {
      if (!all.has(r.name) && r.includes?.some((i) => all.has(i))) {
        all.add(r.name);
        grew = true;
      }
    }
  }
  return [...all].sort();
}

export function regionByName(name: string): RegionDefinition | undefined {
  return BY_NAME.get(name);
}

/**
 * The countries and US states (postal codes) a region covers, through the regions it includes:
 * what a region filter can match on any record with a country code, whatever named regions its
 * source stored.
 */
export function regionMembers(name: string): { countries: string[]; usStates: string[]; subdivisions: string[] } {
  const countries = new Set<string>();
  const usStates = new Set<string>();
  const subdivisions = new Set<string>();
  const seen = new Set<string>();
  const visit = (n: string) => {
    const r = BY_NAME.get(n);
    if (!r || seen.has(n)) return;
    seen.add(n);
    for (const c of r.countries ?? []) countries.add(c);
    for (const s of r.usStates ?? []) usStates.add(s);
    for (const d of r.subdivisions ?? []) subdivisions.add(d);
    for (const i of r.includes ?? []) visit(i);
  };
  visit(name);
  return { countries: [...countries].sort(), usStates: [...usStates].sort(), subdivisions: [...subdivisions].sort() };
}
