/**
 * Named parts of countries other than the United States, by their first-level divisions as the
 * gazetteer files cities under them: Canada's Prairies, New Zealand's islands, France's regions
 * since 2016, Japan's island and traditional regions, the Philippines' island groups, islands
 * shared by countries, and divisions of one name in two countries ("the Punjab"). Part of the
 * region list (geo/regions.ts), in its order: the first definition of a name wins.
 */
import type { RegionDefinition } from './regions.js';

export const COUNTRY_PARTS: RegionDefinition[] = [
  {
    name: 'Prairies',
    aliases: ['the prairies', 'prairie provinces', 'canadian prairies'],
    subdivisions: ['CA|Alberta', 'CA|Saskatchewan', 'CA|Manitoba'],
  },
  {
    name: 'Maritimes',
    aliases: ['the maritimes', 'maritime provinces', 'maritime canada'],
    subdivisions: ['CA|Nova Scotia', 'CA|New Brunswick', 'CA|Prince Edward Island'],
  },
  {
    name: 'Atlantic Canada',
    aliases: ['atlantic provinces', 'atlantic region of canada'],
    subdivisions: ['CA|Newfoundland and Labrador'],
    includes: ['Maritimes'],
  },
  { name: 'Western Canada', aliases: ['western canadian provinces'], subdivisions: ['CA|British Columbia'], includes: ['Prairies'] },
  { name: 'Central Canada', aliases: [], subdivisions: ['CA|Ontario', 'CA|Québec'] },
  // New Zealand's two main islands, by the regions the gazetteer files their cities under.
  {
    name: 'North Island',
    aliases: ['the north island', 'north island nz', 'north island of new zealand'],
    subdivisions: ['NZ|Auckland', 'NZ|Manawatu-Wanganui', 'NZ|Bay of Plenty', 'NZ|Gisborne', 'NZ|Northland', 'NZ|Taranaki'],
  },
  {
    name: 'South Island',
    aliases: ['the south island', 'south island nz', 'south island of new zealand'],
    subdivisions: ['NZ|Canterbury', 'NZ|Otago', 'NZ|Southland', 'NZ|Nelson', 'NZ|Marlborough', 'NZ|West Coast'],
  },
  {
    name: 'Yorkshire',
    aliases: ['yorkshire and the humber'],
    subdivisions: ['GB|North Yorkshire', 'GB|South Yorkshire', 'GB|West Yorkshire', 'GB|York', 'GB|Kingston upon Hull'],
  },
  {
    name: 'Flanders',
    aliases: ['flemish region', 'vlaanderen'],
    // Natural Earth files Bruges under its own name.
    subdivisions: ['BE|Antwerp', 'BE|East Flanders', 'BE|West Flanders', 'BE|Flemish Brabant', 'BE|Limburg', 'BE|Brugge'],
  },
  {
    name: 'Wallonia',
    aliases: ['walloon region', 'wallonie'],
    // Natural Earth files some Walloon cities under their own name (Charleroi, Arlon).
    subdivisions: ['BE|Hainaut', 'BE|Liege', 'BE|Namur', 'BE|Luxembourg', 'BE|Walloon Brabant', 'BE|Charleroi', 'BE|Arlon'],
  },
  // France's regions since 2016, over the earlier regions the gazetteer files cities under.
  { name: 'Normandy', aliases: ['normandie'], subdivisions: ['FR|Basse-Normandie', 'FR|Haute-Normandie'] },
  { name: 'Hauts-de-France', aliases: [], subdivisions: ['FR|Nord-Pas-de-Calais', 'FR|Picardie'] },
  { name: 'Grand Est', aliases: [], subdivisions: ['FR|Alsace', 'FR|Champagne-Ardenne', 'FR|Lorraine'] },
  { name: 'Nouvelle-Aquitaine', aliases: ['new aquitaine'], subdivisions: ['FR|Aquitaine', 'FR|Limousin', 'FR|Poitou-Charentes'] },
  { name: 'Occitanie', aliases: ['occitania'], subdivisions: ['FR|Languedoc-Roussillon', 'FR|Midi-Pyrénées'] },
  { name: 'Bourgogne-Franche-Comté', aliases: ['burgundy-franche-comte'], subdivisions: ['FR|Bourgogne', 'FR|Franche-Comté'] },
  { name: 'Centre-Val de Loire', aliases: ['loire valley'], subdivisions: ['FR|Centre'] },
  { name: 'Auvergne-Rhône-Alpes', aliases: [], subdivisions: ['FR|Auvergne', 'FR|Rhône-Alpes'] },
  {
    name: 'North of England',
    aliases: ['northern england', 'the north of england', 'north england'],
    subdivisions: [
      'GB|Northumberland',
      'GB|Tyne and Wear',
      'GB|Durham',
      'GB|Stockton-on-Tees',
      'GB|Middlesbrough',
      'GB|Hartlepool',
      'GB|Darlington',
      'GB|Redcar and Cleveland',
      'GB|Cumbria',
      'GB|Lancashire',
      'GB|Blackpool',
      'GB|Merseyside',
      'GB|Manchester',
      'GB|Cheshire',
      'GB|Warrington',
      'GB|Halton',
    ],
    includes: ['Yorkshire'],
  },
  {
    name: 'Romandy',
    aliases: ['romandie', 'suisse romande', 'la romandie', 'french speaking switzerland', 'western switzerland'],
    subdivisions: ['CH|Genève', 'CH|Vaud', 'CH|Neuchâtel', 'CH|Jura', 'CH|Fribourg', 'CH|Valais'],
  },
  // Japan's island and traditional regions, by prefecture (Kansai is a metro, geo/metros.ts).
  {
    name: 'Kyushu',
    aliases: ['kyushu region', 'kyushu island'],
    subdivisions: ['JP|Fukuoka', 'JP|Saga', 'JP|Nagasaki', 'JP|Kumamoto', 'JP|Oita', 'JP|Miyazaki', 'JP|Kagoshima'],
  },
  { name: 'Shikoku', aliases: ['shikoku region'], subdivisions: ['JP|Tokushima', 'JP|Kagawa', 'JP|Ehime', 'JP|Kochi'] },
  {
    name: 'Tohoku',
    aliases: ['tohoku region'],
    subdivisions: ['JP|Aomori', 'JP|Iwate', 'JP|Miyagi', 'JP|Akita', 'JP|Yamagata', 'JP|Fukushima'],
  },
  {
    name: 'Kanto',
    aliases: ['kanto region', 'kanto area'],
    subdivisions: ['JP|Tokyo', 'JP|Kanagawa', 'JP|Saitama', 'JP|Chiba', 'JP|Ibaraki', 'JP|Tochigi', 'JP|Gunma'],
  },
  {
    name: 'Chugoku',
    aliases: ['chugoku region'],
    subdivisions: ['JP|Tottori', 'JP|Shimane', 'JP|Okayama', 'JP|Hiroshima', 'JP|Yamaguchi'],
  },
  {
    name: 'Chubu',
    aliases: ['chubu region', 'chūbu'],
    subdivisions: ['JP|Niigata', 'JP|Toyama', 'JP|Ishikawa', 'JP|Fukui', 'JP|Yamanashi', 'JP|Nagano', 'JP|Gifu', 'JP|Shizuoka', 'JP|Aichi'],
  },
  { name: 'Tokai', aliases: ['tokai region', 'tōkai'], subdivisions: ['JP|Aichi', 'JP|Gifu', 'JP|Mie', 'JP|Shizuoka'] },
  { name: 'Hokuriku', aliases: ['hokuriku region'], subdivisions: ['JP|Toyama', 'JP|Ishikawa', 'JP|Fukui'] },
  // The Philippines' southern island groups, by province (both spellings the sources use).
  {
    name: 'Mindanao',
    aliases: ['mindanao island'],
    subdivisions: [
      'Agusan del Norte',
      'Agusan del Sur',
      'Basilan',
      'Bukidnon',
      'Camiguin',
      'Compostela Valley',
      'Cotabato',
      'Davao del Norte',
      'Davao Del Norte',
      'Davao del Sur',
      'Davao Del Sur',
      'Davao Oriental',
      'Dinagat Islands',
      'Lanao del Norte',
      'Lanao del Sur',
      'Maguindanao',
      'Misamis Occidental',
      'Misamis Oriental',
      'Sarangani',
      'Shariff Kabunsuan',
      'South Cotabato',
      'Sultan Kudarat',
      'Sulu',
      'Surigao del Norte',
      'Surigao del Sur',
      'Tawi-Tawi',
      'Zamboanga del Norte',
      'Zamboanga del Sur',
      'Zamboanga Del Sur',
      'Zamboanga Sibugay',
    ].map((p) => `PH|${p}`),
  },
  {
    name: 'Visayas',
    aliases: ['the visayas', 'visayas islands'],
    subdivisions: [
      'Aklan',
      'Antique',
      'Biliran',
      'Bohol',
      'Capiz',
      'Cebu',
      'Eastern Samar',
      'Guimaras',
      'Iloilo',
      'Leyte',
      'Negros Occidental',
      'Negros Oriental',
      'Northern Samar',
      'Samar',
      'Siquijor',
      'Southern Leyte',
    ].map((p) => `PH|${p}`),
  },
  // Islands shared by countries or made of several provinces.
  {
    name: 'Borneo',
    aliases: ['borneo island'],
    countries: ['BN'],
    subdivisions: [
      'MY|Sabah',
      'MY|Sarawak',
      'ID|Kalimantan Barat',
      'ID|Kalimantan Tengah',
      'ID|Kalimantan Selatan',
      'ID|Kalimantan Timur',
      'ID|Kalimantan Utara',
    ],
  },
  {
    name: 'Sumatra',
    aliases: ['sumatera'],
    subdivisions: [
      'Aceh',
      'Sumatera Utara',
      'Sumatera Barat',
      'Sumatera Selatan',
      'Riau',
      'Jambi',
      'Bengkulu',
      'Lampung',
      'Bangka-Belitung',
    ].map((p) => `ID|${p}`),
  },
  {
    name: 'Sulawesi',
    aliases: ['celebes'],
    subdivisions: ['Sulawesi Selatan', 'Sulawesi Tengah', 'Sulawesi Tenggara', 'Sulawesi Utara', 'Sulawesi Barat', 'Gorontalo'].map(
      (p) => `ID|${p}`,
    ),
  },
  {
    name: 'Patagonia',
    aliases: ['patagonian region'],
    subdivisions: [
      'AR|Neuquén',
      'AR|Río Negro',
      'AR|Chubut',
      'AR|Santa Cruz',
      'AR|Tierra del Fuego',
      'CL|Aisén del General Carlos Ibáñez del Campo',
      'CL|Magallanes y Antártica Chilena',
    ],
  },
  // Divisions of the same name in two countries, named together as one region.
  { name: 'Punjab', aliases: ['the punjab', 'punjab region'], subdivisions: ['IN|Punjab', 'PK|Punjab'] },
  { name: 'Limburg', aliases: ['limburg region'], subdivisions: ['BE|Limburg', 'NL|Limburg'] },
];
