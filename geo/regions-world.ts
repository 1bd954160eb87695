/**
 * Historical, cultural and economic regions of Asia, Africa, Latin America and Oceania that people
 * name ("Java", "Manchuria", "Kashmir", "the Ferghana Valley", "Nordeste", "the Cerrado", "the
 * Altiplano", "Baja"), by the countries and first-level divisions the gazetteer files their
 * cities under (`CC|Name`: test/geo/places-lists.test.ts checks each). A division counts whole
 * when most of its people live in the region; regions that take a small part of a division are
 * areas of their towns (geo/world-areas.ts).
 */
import type { RegionDefinition } from './regions.js';

const BR = (names: string[]) => names.map((n) => `BR|${n}`);
const IN = (names: string[]) => names.map((n) => `IN|${n}`);

export const WORLD_LANDS: RegionDefinition[] = [
  // Asia.
  {
    name: 'Java',
    aliases: ['java island', 'island of java', 'java indonesia', 'jawa'],
    subdivisions: ['ID|Jakarta Raya', 'ID|Banten', 'ID|Jawa Barat', 'ID|Jawa Tengah', 'ID|Yogyakarta', 'ID|Jawa Timur'],
  },
  {
    name: 'Manchuria',
    aliases: ['dongbei', 'manchuria region'],
    subdivisions: ['CN|Heilongjiang', 'CN|Jilin', 'CN|Liaoning'],
  },
  // India's Jammu and Kashmir with Pakistan's Gilgit-Baltistan (Azad Kashmir's towns are filed under no division).
  {
    name: 'Kashmir',
    aliases: ['kashmir region', 'kashmir valley', 'the kashmir valley'],
    subdivisions: ['IN|Jammu and Kashmir', 'PK|Northern Areas'],
  },
  // Uzbekistan's Andijan and Namangan, Kyrgyzstan's Osh and Jalal-Abad, Tajikistan's Sughd (Fergana city is filed under none).
  {
    name: 'Ferghana Valley',
    aliases: ['fergana valley', 'the ferghana valley', 'the fergana valley'],
    subdivisions: ['UZ|Andijon', 'UZ|Namangan', 'KG|Osh', 'KG|Jalal-Abad', 'TJ|Leninabad'],
  },
  // The Kurdistan Region of Iraq: where "Kurdistan" names a place of work (Erbil, Sulaymaniyah, Duhok).
  { name: 'Kurdistan', aliases: ['kurdistan iraq'], includes: ['Kurdistan Region'] },
  { name: 'Rajputana', aliases: [], subdivisions: ['IN|Rajasthan'] },
  // The Hindi-speaking states of northern and central India.
  {
    name: 'Hindi Belt',
    aliases: ['hindi heartland', 'the hindi belt', 'the hindi heartland', 'cow belt'],
    subdivisions: IN([
      'Uttar Pradesh',
      'Bihar',
      'Madhya Pradesh',
      'Rajasthan',
      'Haryana',
      'Jharkhand',
      'Chhattisgarh',
      'Uttaranchal',
      'Himachal Pradesh',
      'Delhi',
    ]),
  },
  // The range runs the length of Kerala and Goa; the Alps and the Himalayas list divisions so too.
  { name: 'Western Ghats', aliases: ['the western ghats', 'sahyadri', 'sahyadris'], subdivisions: IN(['Kerala', 'Goa']) },
  // Saudi Arabia's west (Mecca, Jeddah, Medina) and centre (Riyadh).
  { name: 'Hejaz', aliases: ['hijaz', 'the hejaz'], subdivisions: ['SA|Makkah', 'SA|Al Madinah'] },
  { name: 'Najd', aliases: ['nejd'], subdivisions: ['SA|Ar Riyad', 'SA|Al Quassim'] },
  // Africa.
  { name: 'Darfur', aliases: [], subdivisions: ['SD|Northern Darfur', 'SD|South Darfur', 'SD|West Darfur'] },
  { name: 'Ogaden', aliases: ['the ogaden'], subdivisions: ['ET|Somali'] },
  {
    name: 'Yorubaland',
    aliases: ['yoruba land'],
    subdivisions: ['NG|Lagos', 'NG|Ogun', 'NG|Oyo', 'NG|Osun', 'NG|Ondo', 'NG|Ekiti'],
  },
  // Latin America.
  {
    name: 'Nordeste',
    aliases: ['brazilian northeast', 'the brazilian northeast', 'nordeste brasileiro'],
    subdivisions: BR(['Maranhão', 'Piauí', 'Ceará', 'Rio Grande do Norte', 'Paraíba', 'Pernambuco', 'Alagoas', 'Sergipe', 'Bahia']),
  },
  {
    name: 'Southeast Brazil',
    aliases: ['sudeste', 'brazilian southeast', 'sudeste brasileiro'],
    subdivisions: BR(['São Paulo', 'Rio de Janeiro', 'Minas Gerais', 'Espírito Santo']),
  },
  {
    name: 'South Brazil',
    aliases: ['sul do brasil', 'regiao sul'],
    subdivisions: BR(['Paraná', 'Santa Catarina', 'Rio Grande do Sul']),
  },
  {
    name: 'Centro-Oeste',
    aliases: ['centro oeste brasileiro'],
    subdivisions: BR(['Goiás', 'Mato Grosso', 'Mato Grosso do Sul', 'Distrito Federal']),
  },
  // The savanna of Brazil's central plateau: the states that lie in it almost whole.
  {
    name: 'Cerrado',
    aliases: ['the cerrado', 'brazilian cerrado', 'cerrado region'],
    subdivisions: BR(['Goiás', 'Tocantins', 'Distrito Federal', 'Mato Grosso', 'Mato Grosso do Sul']),
  },
  // The high plateau of Bolivia (La Paz, Oruro, Potosí); Peru's Puno is filed under Callao, and left out.
  {
    name: 'Altiplano',
    aliases: ['the altiplano', 'bolivian altiplano', 'andean plateau'],
    subdivisions: ['BO|La Paz', 'BO|Oruro', 'BO|Potosí'],
  },
  // The peninsula's two states: "Baja" alone is Baja California to most who name it (Hungary's Baja is a town of 37,000).
  {
    name: 'Baja California Peninsula',
    aliases: ['baja', 'baja peninsula', 'the baja peninsula', 'baja mexico'],
    subdivisions: ['MX|Baja California', 'MX|Baja California Sur'],
  },
  {
    name: 'Yucatán Peninsula',
    aliases: ['the yucatan peninsula', 'yucatan peninsula', 'peninsula de yucatan'],
    subdivisions: ['MX|Yucatán', 'MX|Campeche', 'MX|Quintana Roo'],
  },
  {
    name: 'Coffee Axis',
    aliases: ['eje cafetero', 'coffee triangle', 'colombian coffee region', 'colombias coffee region'],
    subdivisions: ['CO|Caldas', 'CO|Risaralda', 'CO|Quindío'],
  },
  { name: 'Cuyo', aliases: ['cuyo region', 'region de cuyo'], subdivisions: ['AR|Mendoza', 'AR|San Juan', 'AR|San Luis'] },
  { name: 'Gran Chaco', aliases: ['the gran chaco', 'chaco region'], subdivisions: ['AR|Chaco', 'AR|Formosa'] },
];
