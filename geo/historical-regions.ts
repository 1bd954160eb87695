/**
 * Regions people name that no country or US state is: historical and cultural regions made of
 * first-level divisions ("Transylvania", "Dalmatia", "Jutland", "Anatolia"), and groups of
 * countries by language or history ("Lusophone Africa", "Indochina"). Divisions are written as
 * the gazetteer files its cities (`CC|Name`: test/geo/places-lists.test.ts checks each one).
 * Where a region takes part of a division, the whole division is in it when most of its people
 * are (Jutland's Southern Denmark, with Funen; Silesia's Moravian-Silesian Region).
 */
import type { RegionDefinition } from './regions.js';

const RO = (names: string[]) => names.map((n) => `RO|${n}`);
const RU = (names: string[]) => names.map((n) => `RU|${n}`);
/** Turkey's provinces in Europe (East Thrace): Anatolia is the rest. */
const THRACE = new Set(['Edirne', 'Kirklareli', 'Tekirdag', 'Istanbul']);
const TURKISH_PROVINCES =
  'Adana Adiyaman Afyon Agri Amasya Ankara Antalya Artvin Aydin Balikesir Batman Bilecik Bingöl Bitlis Bolu Burdur Bursa Denizli Diyarbakir Edirne Elazig Erzincan Erzurum Eskisehir Gaziantep Giresun Gümüshane Hakkari Hatay Isparta Istanbul Izmir K._Maras Karaman Kars Kastamonu Kayseri Kinkkale Kirklareli Kirsehir Kocaeli Konya Kütahya Malatya Manisa Mardin Mersin Mugla Mus Nevsehir Nigde Ordu Rize Sakarya Samsun Sanliurfa Siirt Sinop Sivas Tekirdag Tokat Trabzon Tunceli Usak Van Yozgat Zinguldak Çanakkale Çankiri Çorum'
    .split(' ')
    .map((n) => n.replace('_', ' '));

export const HISTORICAL_REGIONS: RegionDefinition[] = [
  {
    name: 'Transylvania',
    aliases: ['transilvania', 'ardeal'],
    // With Crișana and Maramureș, as the name is used today; the Banat (Timiș, Arad, Caraș-Severin) apart.
    subdivisions: RO([
      'Alba',
      'Bihor',
      'Bistrita-Nasaud',
      'Brasov',
      'Cluj',
      'Covasna',
      'Harghita',
      'Hunedoara',
      'Maramures',
      'Mures',
      'Salaj',
      'Satu Mare',
      'Sibiu',
    ]),
  },
  {
    name: 'Dalmatia',
    aliases: ['dalmatian coast'],
    subdivisions: ['HR|Zadarska', 'HR|Šibensko-Kninska', 'HR|Splitsko-Dalmatinska', 'HR|Dubrovacko-Neretvanska'],
  },
  { name: 'Jutland', aliases: ['jylland'], subdivisions: ['DK|Nordjylland', 'DK|Midtjylland', 'DK|Syddanmark'] },
  {
    name: 'Anatolia',
    aliases: ['asia minor'],
    subdivisions: TURKISH_PROVINCES.filter((p) => !THRACE.has(p)).map((p) => `TR|${p}`),
  },
  {
    name: 'Silesia',
    // "Lower Silesia" stays the Lower Silesian voivodeship.
    aliases: [],
    subdivisions: ['PL|Silesian', 'PL|Opole', 'PL|Lower Silesian', 'CZ|Moravskoslezský'],
  },
  {
    name: 'Kurdistan Region',
    aliases: ['iraqi kurdistan', 'kurdistan region of iraq', 'krg'],
    subdivisions: ['IQ|Arbil', 'IQ|Dihok', 'IQ|As-Sulaymaniyah'],
  },
  { name: 'Bengal', aliases: ['bengal region'], countries: ['BD'], subdivisions: ['IN|West Bengal'] },
  { name: 'Scottish Highlands', aliases: ['highlands of scotland'], subdivisions: ['GB|Highland'] },
  // The oil-producing states of southern Nigeria (Bayelsa's towns are filed under no state).
  {
    name: 'Niger Delta',
    aliases: ['the niger delta'],
    subdivisions: ['NG|Rivers', 'NG|Delta', 'NG|Akwa Ibom', 'NG|Cross River', 'NG|Edo', 'NG|Imo', 'NG|Abia', 'NG|Ondo'],
  },
  {
    name: 'Mekong Delta',
    aliases: ['the mekong delta'],
    subdivisions: [
      'An Giang',
      'Bạc Liêu',
      'Bến Tre',
      'Can Tho',
      'Cà Mau',
      'Kiên Giang',
      'Long An',
      'Sóc Trang',
      'Tiền Giang',
      'Trà Vinh',
      'Vinh Long',
      'Đồng Tháp',
    ].map((n) => `VN|${n}`),
  },
  // The Philippines' largest island with Metro Manila, as its provinces the gazetteer files cities under.
  {
    name: 'Luzon',
    aliases: [],
    subdivisions: [
      'Albay',
      'Batangas',
      'Benguet',
      'Cagayan',
      'Camarines Sur',
      'Ilocos Norte',
      'Ilocos Sur',
      'Laguna',
      'Metropolitan Manila',
      'Nueva Ecija',
      'Pampanga',
      'Pangasinan',
      'Tarlac',
      'Zambales',
    ].map((n) => `PH|${n}`),
  },
  // Mexico's central plateau of industry and farming.
  {
    name: 'Bajío',
    aliases: ['el bajio', 'bajio region'],
    subdivisions: ['MX|Guanajuato', 'MX|Querétaro', 'MX|Aguascalientes', 'MX|San Luis Potosí'],
  },
  { name: 'Indochina', aliases: ['french indochina'], countries: ['KH', 'LA', 'VN'] },
  {
    name: 'Lusophone Africa',
    aliases: ['portuguese-speaking africa', 'portuguese speaking africa', 'palop'],
    countries: ['AO', 'MZ', 'GW', 'CV', 'ST'],
  },
  {
    name: 'Francophone Africa',
    aliases: ['french-speaking africa', 'french speaking africa'],
    countries: [
      'BJ',
      'BF',
      'BI',
      'CM',
      'CF',
      'TD',
      'KM',
      'CG',
      'CD',
      'CI',
      'DJ',
      'GQ',
      'GA',
      'GN',
      'MG',
      'ML',
      'NE',
      'RW',
      'SN',
      'SC',
      'TG',
    ],
  },
  {
    name: 'Anglophone Africa',
    aliases: ['english-speaking africa', 'english speaking africa'],
    countries: [
      'BW',
      'CM',
      'GM',
      'GH',
      'KE',
      'LS',
      'LR',
      'MW',
      'MU',
      'NA',
      'NG',
      'RW',
      'SC',
      'SL',
      'ZA',
      'SS',
      'SZ',
      'TZ',
      'UG',
      'ZM',
      'ZW',
    ],
  },
  // United Nations subregions of Oceania, and the Arabian Peninsula.
  { name: 'Algarve', aliases: ['the algarve'], subdivisions: ['PT|Faro'] },
  // The Czech lands west of Moravia, by the regions the gazetteer files its cities under (the
  // Central Bohemian, Plzeň, Ústí and Pardubice regions have none there). Moravia is left out: its
  // cities but Ostrava are filed under no region.
  {
    name: 'Bohemia',
    aliases: ['bohmen', 'cechy'],
    subdivisions: ['CZ|Prague', 'CZ|Jihoceský', 'CZ|Karlovarský', 'CZ|Královéhradecký', 'CZ|Liberecký'],
  },
  // Norway's county since 2018, filed under its two former halves.
  { name: 'Trøndelag', aliases: ['trondelag', 'trondheim region'], subdivisions: ['NO|Nord-Trøndelag', 'NO|Sør-Trøndelag'] },
  // The peninsula's Croatian county (Pula, Rovinj, Poreč); Slovenia's coast (Koper) is filed under no region.
  { name: 'Istria', aliases: ['istrian peninsula'], subdivisions: ['HR|Istarska'] },
  // Ireland's provinces, by the counties the gazetteer files its cities under (Ulster's are partly in Northern Ireland: left out).
  { name: 'Leinster', aliases: [], subdivisions: ['IE|Dublin', 'IE|Kilkenny', 'IE|Louth'] },
  // Named with its country or "province": "Munster" alone is Münster, the German city.
  {
    name: 'Munster Province',
    aliases: ['munster ireland', 'province of munster'],
    subdivisions: ['IE|Cork', 'IE|Limerick', 'IE|Kerry', 'IE|Clare'],
  },
  { name: 'Connacht', aliases: ['connaught'], subdivisions: ['IE|Galway', 'IE|Sligo', 'IE|Roscommon'] },
  // Russia east of the Urals to the Pacific watershed (West and East Siberia, Yakutia); the Pacific coast is the Russian Far East.
  {
    name: 'Siberia',
    aliases: ['siberian russia'],
    subdivisions: RU([
      'Novosibirsk',
      'Omsk',
      'Krasnoyarsk',
      'Irkutsk',
      'Kemerovo',
      'Tomsk',
      'Altay',
      'Gorno-Altay',
      'Buryat',
      'Chita',
      'Tuva',
      'Khakass',
      "Tyumen'",
      'Khanty-Mansiy',
      'Yamal-Nenets',
      'Evenk',
      'Taymyr',
      'Ust-Orda Buryat',
      'Aga Buryat',
      'Sakha (Yakutia)',
    ]),
  },
  {
    name: 'Russian Far East',
    aliases: ['far eastern russia', 'the russian far east'],
    subdivisions: RU([
      "Primor'ye",
      'Khabarovsk',
      'Amur',
      'Sakhalin',
      'Kamchatka',
      'Yevrey',
      'Chukchi Autonomous Okrug',
      'Koryak',
      'Maga Buryatdan',
      'Sakha (Yakutia)',
    ]),
  },
  { name: 'Melanesia', aliases: [], countries: ['FJ', 'PG', 'SB', 'VU', 'NC'] },
  { name: 'Polynesia', aliases: [], countries: ['WS', 'TO', 'TV', 'PF', 'CK', 'NU', 'AS', 'WF', 'PN', 'TK'] },
  { name: 'Arabian Peninsula', aliases: ['arabia', 'the arabian peninsula'], countries: ['SA', 'AE', 'QA', 'KW', 'BH', 'OM', 'YE'] },
  {
    name: 'Pacific Islands',
    aliases: ['south pacific islands', 'pacific island countries', 'south pacific', 'the south pacific'],
    countries: ['FJ', 'PG', 'SB', 'VU', 'NC', 'WS', 'TO', 'TV', 'KI', 'NR', 'FM', 'MH', 'PW', 'PF', 'CK', 'NU'],
  },
];
