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
    aliases: ['the black sea region', 'black sea countries', 'the black sea countries', 'black sea basin', 'the black sea', 'black sea'],
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
  // Mountain ranges, by the countries they cover and the divisions the gazetteer files their cities under.
  {
    name: 'Alps',
    aliases: ['the alps', 'alpine region', 'the alpine region', 'alpine countries', 'alpine arc'],
    countries: ['AT', 'CH', 'LI'],
    subdivisions: ["IT|Valle d'Aosta", 'IT|Trentino-Alto Adige', 'FR|Rhône-Alpes', "FR|Provence-Alpes-Côte-d'Azur", 'DE|Bayern'],
  },
  {
    name: 'Himalayas',
    aliases: ['the himalayas', 'himalaya', 'the himalaya', 'himalayan region', 'the himalayan region'],
    countries: ['NP', 'BT'],
    subdivisions: ['IN|Himachal Pradesh', 'IN|Uttaranchal', 'IN|Sikkim', 'IN|Arunachal Pradesh', 'IN|Jammu and Kashmir', 'CN|Xizang'],
  },
  // Seas, by the countries on their shores.
  {
    name: 'Adriatic',
    aliases: ['the adriatic', 'adriatic region', 'adriatic coast', 'the adriatic coast'],
    countries: ['IT', 'SI', 'HR', 'BA', 'ME', 'AL'],
  },
  { name: 'Aegean', aliases: ['the aegean', 'aegean region', 'the aegean region', 'aegean coast'], countries: ['GR', 'TR'] },
  {
    name: 'Caspian region',
    aliases: [
      'the caspian',
      'caspian',
      'the caspian sea',
      'caspian sea',
      'the caspian region',
      'caspian sea region',
      'caspian countries',
      'caspian states',
    ],
    countries: ['RU', 'KZ', 'TM', 'IR', 'AZ'],
  },
  {
    name: 'Baltic Sea region',
    aliases: ['the baltic sea region', 'baltic sea countries', 'baltic rim', 'the baltic sea', 'baltic sea'],
    countries: ['DK', 'EE', 'FI', 'DE', 'LV', 'LT', 'PL', 'RU', 'SE'],
  },
  {
    name: 'Red Sea region',
    aliases: ['the red sea region', 'red sea coast', 'the red sea coast', 'red sea countries'],
    countries: ['EG', 'SD', 'ER', 'DJ', 'SA', 'YE', 'JO', 'IL'],
  },
  {
    name: 'North Sea region',
    aliases: ['the north sea region', 'north sea countries', 'the north sea', 'north sea'],
    countries: ['GB', 'NO', 'DK', 'DE', 'NL', 'BE'],
  },
  // Mountain ranges and deserts, by the countries or divisions they cover.
  {
    name: 'Pyrenees',
    aliases: ['the pyrenees', 'pyrenean region', 'the pyrenean region'],
    countries: ['AD'],
    subdivisions: [
      'ES|Aragón',
      'ES|Cataluña',
      'ES|Comunidad Foral de Navarra',
      'ES|País Vasco',
      'FR|Midi-Pyrénées',
      'FR|Languedoc-Roussillon',
      'FR|Aquitaine',
    ],
  },
  {
    name: 'Carpathians',
    aliases: ['the carpathians', 'carpathian mountains', 'the carpathian mountains', 'carpathian region', 'the carpathian region'],
    countries: ['SK', 'RO'],
    subdivisions: ['PL|Subcarpathian', 'PL|Lesser Poland', 'UA|Zakarpattia', "UA|Ivano-Frankivs'k", "UA|L'viv", 'UA|Chernivtsi'],
  },
  // The Cascade Range runs the length of Washington and Oregon into British Columbia.
  {
    name: 'Cascade Range',
    aliases: ['the cascade range', 'cascade mountains', 'the cascades'],
    usStates: ['WA', 'OR'],
    subdivisions: ['CA|British Columbia'],
  },
  { name: 'Atlas Mountains', aliases: ['the atlas mountains', 'atlas mountains'], countries: ['MA', 'DZ', 'TN'] },
  {
    name: 'Sahara',
    aliases: ['the sahara', 'sahara desert', 'the sahara desert'],
    countries: ['DZ', 'LY', 'EG', 'TD', 'NE', 'ML', 'MR', 'EH', 'SD', 'TN', 'MA'],
  },
  { name: 'Gobi', aliases: ['the gobi', 'gobi desert', 'the gobi desert'], countries: ['MN'], subdivisions: ['CN|Nei Mongol'] },
  {
    name: 'Kalahari',
    aliases: ['the kalahari', 'kalahari desert', 'the kalahari desert'],
    countries: ['BW', 'NA'],
    subdivisions: ['ZA|Northern Cape'],
  },
  { name: 'Korean Peninsula', aliases: ['the korean peninsula'], countries: ['KR', 'KP'] },
  // Rivers and basins.
  {
    name: 'Danube region',
    aliases: ['the danube region', 'danube countries', 'danube basin', 'the danube basin', 'the danube', 'danube'],
    // The river's countries downstream of Germany, whose Danube states are half of it.
    countries: ['AT', 'SK', 'HU', 'HR', 'RS', 'BG', 'RO', 'MD'],
    subdivisions: ['DE|Bayern', 'DE|Baden-Württemberg'],
  },
  {
    name: 'Amazonia',
    aliases: [
      'amazon',
      'amazon basin',
      'the amazon basin',
      'amazon region',
      'the amazon region',
      'amazon rainforest',
      'the amazon rainforest',
    ],
    subdivisions: ['BR|Amazonas', 'BR|Pará', 'BR|Acre', 'BR|Rondônia', 'BR|Roraima', 'BR|Amapá'],
  },
  // Plains, plateaus and coasts.
  {
    name: 'Pampas',
    aliases: ['the pampas', 'pampa region', 'the pampa'],
    countries: ['UY'],
    subdivisions: ['AR|Ciudad de Buenos Aires', 'AR|Córdoba', 'AR|La Pampa', 'AR|Santa Fe', 'AR|Entre Ríos'],
  },
  {
    name: 'Deccan',
    aliases: ['the deccan', 'deccan plateau', 'the deccan plateau'],
    subdivisions: ['IN|Maharashtra', 'IN|Karnataka', 'IN|Andhra Pradesh'],
  },
  { name: 'Swahili Coast', aliases: ['the swahili coast'], countries: ['KE', 'TZ'] },
  {
    name: 'African Great Lakes',
    aliases: ['the african great lakes', 'great lakes region of africa', 'african great lakes region'],
    countries: ['BI', 'RW', 'UG', 'KE', 'TZ', 'CD'],
  },
  {
    name: 'Mesoamerica',
    aliases: ['the mesoamerica region', 'mesoamerican region'],
    countries: ['MX', 'GT', 'BZ', 'SV', 'HN', 'NI', 'CR'],
  },
  { name: 'Gulf South', aliases: ['the gulf south'], usStates: ['LA', 'MS', 'AL'] },
  { name: 'Delmarva Peninsula', aliases: ['delmarva', 'the delmarva peninsula'], usStates: ['DE', 'MD', 'VA'] },
  { name: 'Corn Belt', aliases: ['the corn belt'], usStates: ['IA', 'IL', 'IN', 'OH', 'NE', 'MN', 'SD', 'MO', 'KS'] },
  { name: 'Cascadia', aliases: ['the cascadia region'], usStates: ['WA', 'OR'], subdivisions: ['CA|British Columbia'] },
];
