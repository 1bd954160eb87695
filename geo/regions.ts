/**
 * Named regions and the places they contain. A region is a union of countries (ISO codes),
 * US states (postal codes) and other regions. Membership is computed for every resolved place,
 * so a region filter is a plain keyword match on `location.regions`.
 */
export interface RegionDefinition {
  name: string;
  aliases: string[];
  countries?: string[];
  usStates?: string[];
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

export const REGIONS: RegionDefinition[] = [
  { name: 'Nordics', aliases: ['nordic', 'nordic countries', 'scandinavia'], countries: NORDICS },
  { name: 'DACH', aliases: ['d-a-ch'], countries: DACH },
  { name: 'Benelux', aliases: [], countries: BENELUX },
  { name: 'Western Europe', aliases: [], countries: WESTERN_EUROPE },
  { name: 'Southern Europe', aliases: [], countries: SOUTHERN_EUROPE },
  { name: 'Central Europe', aliases: [], countries: CENTRAL_EUROPE },
  { name: 'Eastern Europe', aliases: ['cee', 'central and eastern europe'], countries: EASTERN_EUROPE },
  {
    name: 'Europe',
    aliases: ['european union', 'eu'],
    includes: ['Nordics', 'Western Europe', 'Southern Europe', 'Central Europe', 'Eastern Europe'],
  },
  { name: 'Middle East', aliases: ['mena', 'gcc'], countries: MIDDLE_EAST },
  { name: 'North Africa', aliases: [], countries: NORTH_AFRICA },
  {
    name: 'Sub-Saharan Africa',
    aliases: ['ssa'],
    countries: ['NG', 'KE', 'ZA', 'GH', 'ET', 'TZ', 'UG', 'RW', 'SN', 'CI', 'CM', 'ZM', 'ZW', 'AO', 'MZ', 'BW', 'NA', 'MU'],
  },
  { name: 'Africa', aliases: [], includes: ['North Africa', 'Sub-Saharan Africa'] },
  { name: 'EMEA', aliases: ['europe middle east and africa'], includes: ['Europe', 'Middle East', 'Africa'] },
  { name: 'Southeast Asia', aliases: ['sea', 'asean'], countries: SOUTHEAST_ASIA },
  { name: 'East Asia', aliases: [], countries: EAST_ASIA },
  { name: 'South Asia', aliases: [], countries: SOUTH_ASIA },
  { name: 'ANZ', aliases: ['australia and new zealand', 'oceania', 'australasia'], countries: ANZ },
  { name: 'APAC', aliases: ['asia pacific', 'asia-pacific', 'asia'], includes: ['Southeast Asia', 'East Asia', 'South Asia', 'ANZ'] },
  { name: 'North America', aliases: [], countries: ['US', 'CA', 'MX'] },
  { name: 'Central America', aliases: [], countries: CENTRAL_AMERICA },
  { name: 'South America', aliases: [], countries: SOUTH_AMERICA },
  { name: 'Caribbean', aliases: [], countries: CARIBBEAN },
  { name: 'LATAM', aliases: ['latin america'], countries: ['MX'], includes: ['Central America', 'South America', 'Caribbean'] },
  { name: 'AMER', aliases: ['americas', 'the americas', 'amers'], includes: ['North America', 'LATAM'] },
  // United States regions.
  { name: 'West Coast', aliases: ['us west coast'], usStates: ['CA', 'OR', 'WA'] },
  { name: 'Pacific Northwest', aliases: ['pnw'], usStates: ['OR', 'WA', 'ID'] },
  {
    name: 'East Coast',
    aliases: ['us east coast', 'eastern seaboard'],
    usStates: ['ME', 'NH', 'MA', 'RI', 'CT', 'NY', 'NJ', 'DE', 'MD', 'DC', 'VA', 'NC', 'SC', 'GA', 'FL'],
  },
  { name: 'New England', aliases: [], usStates: ['ME', 'NH', 'VT', 'MA', 'RI', 'CT'] },
  { name: 'Mid-Atlantic', aliases: ['mid atlantic'], usStates: ['NY', 'NJ', 'PA', 'DE', 'MD', 'DC', 'VA'] },
  { name: 'DMV', aliases: ['dc metro', 'dc area', 'dc-maryland-virginia'], usStates: ['DC', 'MD', 'VA'] },
  { name: 'Midwest', aliases: ['midwestern us'], usStates: ['IL', 'IN', 'IA', 'KS', 'MI', 'MN', 'MO', 'NE', 'ND', 'OH', 'SD', 'WI'] },
  {
    name: 'South',
    aliases: ['southern us', 'southeast'],
    usStates: ['AL', 'AR', 'FL', 'GA', 'KY', 'LA', 'MS', 'NC', 'SC', 'TN', 'TX', 'VA', 'WV', 'OK'],
  },
  { name: 'Southwest', aliases: ['us southwest'], usStates: ['AZ', 'NM', 'NV', 'TX', 'OK', 'UT'] },
  { name: 'Mountain West', aliases: ['mountain states', 'rockies'], usStates: ['CO', 'UT', 'ID', 'MT', 'WY', 'NV', 'AZ', 'NM'] },
  { name: 'Gulf Coast', aliases: [], usStates: ['TX', 'LA', 'MS', 'AL', 'FL'] },
  { name: 'Sun Belt', aliases: ['sunbelt'], usStates: ['AZ', 'NV', 'TX', 'FL', 'GA', 'NC', 'SC', 'TN', 'AL', 'NM'] },
];

const BY_NAME = new Map(REGIONS.map((r) => [r.name, r]));

/** Every region a place belongs to, including regions that include those regions. */
export function regionsOf(countryCode: string | null, usState: string | null): string[] {
  const direct = REGIONS.filter(
    (r) => (countryCode && r.countries?.includes(countryCode)) || (countryCode === 'US' && usState && r.usStates?.includes(usState)),
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
