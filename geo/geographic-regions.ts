/**
 * Regions of physical and cultural geography that people name in searches and that no country
 * list, bloc or subregion holds already: island groups ("the Lesser Antilles"), the shores of a sea
 * ("the Black Sea region"), the parts of a region ("maritime Southeast Asia", "the North
 * Caucasus"), and regions that cross borders ("Cascadia", "the Corn Belt"). Members follow the
 * usual definitions; where usage varies, the core that every definition shares.
 */
import type { RegionDefinition } from './regions.js';

export const GEOGRAPHIC_REGIONS: RegionDefinition[] = [
  { name: 'Greater Antilles', aliases: ['the greater antilles'], countries: ['CU', 'DO', 'HT', 'JM', 'PR', 'KY'] },
  {
    name: 'Lesser Antilles',
    aliases: ['the lesser antilles', 'windward and leeward islands'],
    countries: ['AG', 'AI', 'AW', 'BB', 'BL', 'BQ', 'CW', 'DM', 'GD', 'GP', 'KN', 'LC', 'MF', 'MQ', 'MS', 'SX', 'TT', 'VC', 'VG', 'VI'],
  },
  { name: 'Guianas', aliases: ['the guianas', 'the three guianas'], countries: ['GY', 'SR', 'GF'] },
  { name: 'Mashriq', aliases: ['mashreq', 'the mashriq', 'the mashreq'], countries: ['IQ', 'JO', 'LB', 'PS', 'SY', 'EG'] },
  {
    name: 'Black Sea region',
    aliases: ['the black sea region', 'black sea countries', 'the black sea countries', 'black sea basin'],
    countries: ['BG', 'GE', 'RO', 'RU', 'TR', 'UA'],
  },
  {
    name: 'Maritime Southeast Asia',
    aliases: ['insular southeast asia', 'island southeast asia'],
    countries: ['BN', 'ID', 'MY', 'PH', 'SG', 'TL'],
  },
  {
    name: 'Mainland Southeast Asia',
    aliases: ['continental southeast asia'],
    countries: ['KH', 'LA', 'MM', 'TH', 'VN'],
  },
  {
    name: 'North Caucasus',
    aliases: ['the north caucasus', 'northern caucasus'],
    subdivisions: [
      'RU|Dagestan',
      'RU|Chechnya',
      'RU|Ingush',
      'RU|Kabardin-Balkar',
      'RU|Karachay-Cherkess',
      'RU|North Ossetia',
      "RU|Stavropol'",
    ],
  },
  {
    name: 'Urals',
    aliases: ['the urals', 'ural region', 'the ural region', 'ural mountains region', 'urals region'],
    // The Ural economic region; the Ural Federal District adds Tyumen and the okrugs north of it.
    subdivisions: ['RU|Sverdlovsk', 'RU|Chelyabinsk', 'RU|Kurgan', 'RU|Orenburg', "RU|Perm'", 'RU|Bashkortostan', 'RU|Udmurt'],
  },
  {
    name: 'Gulf of Guinea',
    aliases: ['the gulf of guinea', 'gulf of guinea countries', 'gulf of guinea region'],
    countries: ['CI', 'GH', 'TG', 'BJ', 'NG', 'CM', 'GQ', 'GA', 'ST'],
  },
  {
    name: 'Southwestern Europe',
    aliases: ['southwest europe', 'south-western europe', 'south west europe', 'sw europe', 'southwestern europe region'],
    // The Iberian Peninsula, the core of every definition; some add southern France and Italy.
    countries: ['ES', 'PT', 'AD', 'GI'],
  },
  { name: 'Corn Belt', aliases: ['the corn belt'], usStates: ['IA', 'IL', 'IN', 'OH', 'NE', 'MN', 'SD', 'MO', 'KS'] },
  { name: 'Cascadia', aliases: ['the cascadia region'], usStates: ['WA', 'OR'], subdivisions: ['CA|British Columbia'] },
];
