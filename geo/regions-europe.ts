/**
 * Europe's historical and cultural lands that people name and that no division, country or region
 * of geo/regions.ts is ("Moravia", "Wallachia", "Bukovina", "Thrace", "Friuli", "Galilee" with its
 * neighbours of the Levant), by the first-level divisions the gazetteer files their cities under
 * (`CC|Name`, spelt as it does: test/geo/places-lists.test.ts checks each). A division counts
 * whole when most of its people live in the land; lands that hold a small part of several
 * divisions (Swabia, Franconia, Westphalia, the Black Forest) are areas of their towns instead
 * (geo/world-areas.ts).
 */
import type { RegionDefinition } from './regions.js';

const RO = (names: string[]) => names.map((n) => `RO|${n}`);

export const EUROPEAN_LANDS: RegionDefinition[] = [
  // Brno and Zlín are filed under Vysočina, Olomouc with Ostrava under the Moravian-Silesian Region.
  { name: 'Moravia', aliases: ['morava', 'mahren'], subdivisions: ['CZ|Kraj Vysocina', 'CZ|Moravskoslezský'] },
  // Muntenia and Oltenia, the lands south of the Carpathians (Bucharest included).
  {
    name: 'Wallachia',
    aliases: ['valahia', 'tara romaneasca'],
    subdivisions: RO([
      'Bucharest',
      'Arges',
      'Braila',
      'Buzau',
      'Calarasi',
      'Dâmbovita',
      'Giurgiu',
      'Ialomita',
      'Prahova',
      'Teleorman',
      'Dolj',
      'Gorj',
      'Mehedinti',
      'Olt',
      'Vâlcea',
    ]),
  },
  { name: 'Oltenia', aliases: [], subdivisions: RO(['Dolj', 'Gorj', 'Mehedinti', 'Olt', 'Vâlcea']) },
  {
    name: 'Muntenia',
    aliases: ['greater wallachia'],
    subdivisions: RO(['Bucharest', 'Arges', 'Braila', 'Buzau', 'Calarasi', 'Dâmbovita', 'Giurgiu', 'Ialomita', 'Prahova', 'Teleorman']),
  },
  // Romania's Moldavia ("Moldavia" alone is the country's old name): Iași to Galați.
  {
    name: 'Western Moldavia',
    aliases: ['romanian moldavia', 'moldavia region of romania', 'moldova region of romania'],
    subdivisions: RO(['Bacau', 'Botosani', 'Galati', 'Iasi', 'Neamt', 'Suceava', 'Vaslui', 'Vrancea']),
  },
  // Timiș and Caraș-Severin in Romania, Central Banat in Serbia (Zrenjanin).
  { name: 'Banat', aliases: ['the banat', 'banat region'], subdivisions: ['RO|Timis', 'RO|Caras-Severin', 'RS|Srednje-Banatski'] },
  { name: 'Bukovina', aliases: ['bucovina', 'bukowina'], subdivisions: ['UA|Chernivtsi', 'RO|Suceava'] },
  // Moldova between the Prut and the Dniester (the Budjak's towns are Odessa Oblast's few).
  { name: 'Bessarabia', aliases: ['basarabia'], countries: ['MD'] },
  // Greek Western Thrace (filed with Eastern Macedonia), Turkey's East Thrace without Istanbul, and
  // Bulgaria's Upper Thracian plain.
  {
    name: 'Thrace',
    aliases: ['thraki', 'trakya', 'thracia'],
    subdivisions: [
      'GR|Anatoliki Makedonia kai Thraki',
      'TR|Edirne',
      'TR|Kirklareli',
      'TR|Tekirdag',
      'BG|Plovdiv',
      'BG|Stara Zagora',
      'BG|Haskovo',
      'BG|Sliven',
    ],
  },
  // Central Anatolia's Nevşehir, Kayseri, Niğde, Aksaray and Kırşehir; Aksaray's towns are filed under none.
  {
    name: 'Cappadocia',
    aliases: ['kapadokya', 'cappadocia region'],
    subdivisions: ['TR|Nevsehir', 'TR|Kayseri', 'TR|Nigde', 'TR|Kirsehir'],
  },
  // Most of Friuli-Venezia Giulia's people are Friulian (Udine, Pordenone); Trieste comes with it.
  { name: 'Friuli', aliases: ['friul'], subdivisions: ['IT|Friuli-Venezia Giulia'] },
  // The Italian Riviera is Liguria's coast, where nearly all its people live.
  {
    name: 'Italian Riviera',
    aliases: ['ligurian riviera', 'riviera ligure', 'the italian riviera', 'the ligurian riviera'],
    subdivisions: ['IT|Liguria'],
  },
  // Italy's south, as its economic policy names it: the mainland regions below Lazio and the islands.
  {
    name: 'Mezzogiorno',
    aliases: ['the mezzogiorno'],
    subdivisions: ['IT|Abruzzo', 'IT|Molise', 'IT|Campania', 'IT|Apulia', 'IT|Basilicata', 'IT|Calabria', 'IT|Sicily', 'IT|Sardegna'],
  },
  { name: 'Dolomites', aliases: ['the dolomites', 'dolomiti', 'dolomite mountains'], subdivisions: ['IT|Trentino-Alto Adige'] },
  // Schleswig-Holstein's people are mostly Holstein's (Kiel, Lübeck, Neumünster).
  { name: 'Holstein', aliases: [], subdivisions: ['DE|Schleswig-Holstein'] },
  // The Kingdom's heartland and East Prussia, by the divisions that hold them now.
  { name: 'East Prussia', aliases: ['ostpreussen'], subdivisions: ['RU|Kaliningrad', 'PL|Warmian-Masurian'] },
  {
    name: 'Prussia',
    aliases: ['preussen', 'brandenburg-prussia'],
    subdivisions: ['DE|Brandenburg', 'DE|Berlin'],
    includes: ['East Prussia'],
  },
  { name: 'Masuria', aliases: ['mazury', 'masurian lake district'], subdivisions: ['PL|Warmian-Masurian'] },
  { name: 'Frisia', aliases: ['friesland region', 'west frisia'], subdivisions: ['NL|Friesland'] },
  { name: 'Galilee', aliases: ['the galilee', 'galil'], subdivisions: ['IL|HaZafon'] },
  { name: 'Negev', aliases: ['the negev', 'negev desert'], subdivisions: ['IL|HaDarom'] },
  { name: 'Slavonia', aliases: [], subdivisions: ['HR|Osjecko-Baranjska', 'HR|Brodsko-Posavska'] },
  {
    name: 'Donbas',
    aliases: ['donbass', 'the donbas', 'donets basin'],
    subdivisions: ["UA|Donets'k", "UA|Luhans'k"],
  },
];
