/**
 * Regions outside the United States that take a small part of one or more first-level divisions,
 * as areas of their larger towns (geo/areas.ts explains areas): Swabia, Franconia and Westphalia,
 * the Black Forest and the Cotswolds, the French Riviera, the Outback and Australia's wine and
 * farming regions, Kerala's Malabar and India's Coromandel Coast, the Nile Delta. The lists are
 * the towns the gazetteer knows (cities, and GeoNames' towns of 15,000 people or more): a record
 * in a smaller town of the region is not found by it.
 */
import type { MetroDefinition } from './metros.js';

/** Towns of one country, as members (`Name||CC`: a member outside the US is keyed by name and country). */
const of = (countryCode: string, names: string[]) => names.map((t) => `${t}||${countryCode}`);

export const WORLD_AREAS: MetroDefinition[] = (
  [
    // Europe.
    [
      'Swabia',
      ['schwaben', 'swabian region'],
      of('DE', ['Stuttgart', 'Augsburg', 'Ulm', 'Reutlingen', 'Tübingen', 'Esslingen', 'Ludwigsburg', 'Aalen', 'Göppingen']),
    ],
    [
      'Franconia',
      ['franken', 'frankenland'],
      of('DE', ['Nürnberg', 'Furth', 'Erlangen', 'Wurzburg', 'Bamberg', 'Bayreuth', 'Schweinfurt', 'Aschaffenburg', 'Ansbach', 'Coburg']),
    ],
    // North Rhine-Westphalia's Rhenish half with the Rhineland-Palatinate's cities.
    [
      'Rhineland',
      ['rheinland', 'the rhineland'],
      of('DE', ['Cologne', 'Düsseldorf', 'Duisburg', 'Essen', 'Bonn', 'Aachen', 'Krefeld', 'Mönchengladbach', 'Koblenz', 'Mainz', 'Trier']),
    ],
    [
      'Westphalia',
      ['westfalen'],
      of('DE', ['Dortmund', 'Bochum', 'Gelsenkirchen', 'Münster', 'Bielefeld', 'Paderborn', 'Hagen', 'Hamm', 'Siegen', 'Gütersloh']),
    ],
    [
      'Black Forest',
      ['schwarzwald', 'the black forest'],
      of('DE', ['Freiburg', 'Pforzheim', 'Offenburg', 'Villingen-Schwenningen', 'Baden-Baden', 'Lahr', 'Freudenstadt']),
    ],
    ['East Frisia', ['ostfriesland'], of('DE', ['Emden', 'Aurich', 'Norden'])],
    ['South Tyrol', ['sudtirol', 'alto adige', 'suedtirol', 'province of bolzano'], of('IT', ['Bolzano', 'Merano', 'Bressanone'])],
    // The coast's villages (Amalfi, Positano) are too small for the gazetteer: Salerno is its city and port.
    ['Amalfi Coast', ['the amalfi coast', 'costiera amalfitana'], of('IT', ['Salerno'])],
    [
      'French Riviera',
      ['riviera', 'the french riviera', 'cote dazur', 'the cote dazur', 'azure coast'],
      [...of('FR', ['Nice', 'Cannes', 'Antibes', 'Menton', 'Cagnes-sur-Mer', 'Grasse', 'Fréjus']), 'Monaco||MC'],
    ],
    [
      'Savoy',
      ['savoie', 'the savoy region', 'savoy region'],
      of('FR', ['Chambéry', 'Annecy', 'Annemasse', 'Aix-les-Bains', 'Thonon-les-Bains']),
    ],
    ['Cotswolds', ['the cotswolds', 'cotswold'], of('GB', ['Cheltenham', 'Cirencester', 'Stroud'])],
    // The county, which Natural Earth files only Penzance under; Cornwall in Ontario (47,000) needs its province.
    ['Cornwall', ['kernow', 'cornwall uk', 'cornwall england'], of('GB', ['Truro', 'Penzance', 'St Austell', 'Newquay', 'Camborne'])],
    // The towns along the M4 west of London that employers and recruiters name together.
    [
      'M4 Corridor',
      ['the m4 corridor', 'm4 tech corridor'],
      of('GB', ['Reading', 'Bracknell', 'Wokingham', 'Newbury', 'Swindon', 'Chippenham', 'Bath', 'Bristol', 'Newport', 'Cardiff']),
    ],
    // Asia.
    [
      'Malabar',
      ['malabar coast', 'the malabar coast', 'malabar region'],
      of('IN', ['Kozhikode', 'Kannur', 'Malappuram', 'Kasaragod', 'Pālghāt']),
    ],
    ['Coromandel Coast', ['coromandel', 'the coromandel coast'], of('IN', ['Chennai', 'Pondicherry', 'Cuddalore', 'Nellore'])],
    ['Konkan', ['konkan coast', 'the konkan', 'konkan region'], of('IN', ['Ratnagiri', 'Chiplun', 'Alibag', 'Panvel'])],
    ['Saurashtra', ['kathiawar', 'saurashtra region'], of('IN', ['Rajkot', 'Bhavnagar', 'Jamnagar', 'Junagadh', 'Porbandar'])],
    ['Vidarbha', [], of('IN', ['Nagpur', 'Amravati', 'Akola', 'Chandrapur', 'Yavatmal'])],
    ['Marathwada', [], of('IN', ['Aurangabad', 'Nanded', 'Latur', 'Parbhani', 'Jalna'])],
    ['Isan', ['isaan'], of('TH', ['Nakhon Ratchasima', 'Khon Kaen', 'Udon Thani', 'Ubon Ratchathani'])],
    // Africa.
    [
      'Nile Delta',
      ['the nile delta', 'lower egypt'],
      of('EG', ['Alexandria', 'Tanta', 'El Mansura', 'Zagazig', 'Damanhur', 'Kafr el Sheikh', 'Shibin el Kom', 'Banha', 'Damietta']),
    ],
    ['Upper Egypt', [], of('EG', ['Asyut', 'Sohag', 'Luxor', 'Aswan', 'Qena', 'El Minya', 'Beni Suef'])],
    ['Garden Route', ['the garden route'], of('ZA', ['George', 'Knysna', 'Mossel Bay', 'Oudtshoorn', 'Plettenberg Bay'])],
    ['Cape Winelands', ['the cape winelands', 'boland'], of('ZA', ['Stellenbosch', 'Paarl', 'Worcester'])],
    ['Karoo', ['the karoo', 'great karoo', 'the great karoo'], of('ZA', ['Beaufort West', 'Oudtshoorn', 'Cradock', 'Colesberg', 'De Aar'])],
    // Latin America.
    [
      'Sertão',
      ['sertao', 'the sertao', 'sertao nordestino'],
      of('BR', ['Petrolina', 'Juazeiro do Norte', 'Crato', 'Patos', 'Sousa', 'Cajazeiras', 'Serra Talhada', 'Arcoverde']),
    ],
    ['Pantanal', ['the pantanal'], of('BR', ['Corumba', 'Cáceres', 'Aquidauana', 'Poconé'])],
    ['Riviera Maya', ['mayan riviera', 'the riviera maya'], of('MX', ['Cancun', 'Playa del Carmen', 'Cozumel', 'Tulum'])],
    // Oceania.
    [
      'Outback',
      ['australian outback', 'the australian outback'],
      of('AU', ['Alice Springs', 'Broken Hill', 'Mount Isa', 'Kalgoorlie', 'Tennant Creek', 'Longreach']),
    ],
    ['Top End', ['the top end'], of('AU', ['Darwin', 'Palmerston', 'Katherine'])],
    ['Riverina', ['the riverina'], of('AU', ['Wagga Wagga', 'Griffith', 'Albury', 'Leeton', 'Deniliquin'])],
    ['Gippsland', [], of('AU', ['Traralgon', 'Sale', 'Bairnsdale', 'Warragul'])],
    ['Far North Queensland', ['fnq', 'tropical north queensland'], of('AU', ['Cairns', 'Port Douglas', 'Atherton'])],
    ['Northern Rivers', ['the northern rivers'], of('AU', ['Lismore', 'Ballina', 'Byron Bay'])],
    ['The Kimberley', ['kimberley region', 'kimberley western australia'], of('AU', ['Broome', 'Kununurra', 'Derby'])],
    ['Hutt Valley', ['the hutt valley', 'the hutt'], of('NZ', ['Lower Hutt', 'Upper Hutt'])],
    ['Wairarapa', ['the wairarapa'], of('NZ', ['Masterton'])],
    // Canada.
    ['Gaspé Peninsula', ['gaspesie', 'the gaspe peninsula', 'the gaspe', 'gaspe'], of('CA', ['Gaspé', 'Rimouski'])],
    ['Klondike', ['klondike region'], of('CA', ['Dawson City'])],
    ['Fraser Valley', ['the fraser valley'], of('CA', ['Abbotsford', 'Chilliwack', 'Langley'])],
    ['Eastern Townships', ['the eastern townships', 'estrie', 'cantons de lest'], of('CA', ['Sherbrooke', 'Granby', 'Magog'])],
    ['Kootenays', ['the kootenays', 'kootenay', 'west kootenay', 'east kootenay'], of('CA', ['Cranbrook', 'Nelson'])],
    ['Northern Ontario', [], of('CA', ['Greater Sudbury', 'Sudbury', 'Thunder Bay', 'Sault Ste. Marie', 'North Bay', 'Timmins'])],
    ['Southwestern Ontario', [], of('CA', ['London', 'Windsor', 'Kitchener', 'Waterloo', 'Cambridge', 'Guelph', 'Sarnia', 'Brantford'])],
  ] as [string, string[], string[]][]
).map(([name, aliases, members]): MetroDefinition => ({ name, aliases, members, area: true }));
