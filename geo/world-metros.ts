/**
 * Metropolitan areas outside the United States by the names and abbreviations their people and
 * governments use for them, where the name is not "Greater X" or "X metropolitan area" (those
 * fall back to the city X: query-planner/places.ts). Each is an area (geo/metros.ts, `area`): a
 * filter on it matches its larger cities, but a city keeps no metro of it, so a filter on one
 * city does not widen to the others. Members are the gazetteer's spellings ("Antwerpen", "Thāne").
 *
 * Sources, for the names and what they cover: each area's own government or statistics office as
 * cited beside it; member lists are the larger cities inside the official boundary that the
 * gazetteer holds. No abbreviation that is as often something else is an alias ("MMR", "SEQ",
 * "GBA", "ZMG"): those are left to their long names.
 */
import type { MetroDefinition } from './metros.js';

/** `Name|Division|CC` members of one country's division. */
const within = (division: string, countryCode: string, names: string[]) => names.map((n) => `${n}|${division}|${countryCode}`);

export const WORLD_METROS: MetroDefinition[] = (
  [
    // Ontario's Growth Plan names the GTHA: the GTA's regions with the City of Hamilton.
    [
      'Greater Toronto and Hamilton Area',
      ['gtha', 'greater toronto hamilton area', 'greater toronto & hamilton area'],
      within('Ontario', 'CA', ['Toronto', 'Hamilton', 'Mississauga', 'Brampton', 'Markham', 'Vaughan', 'Oakville', 'Burlington', 'Oshawa']),
    ],
    // Argentina's AMBA: the City of Buenos Aires and the partidos around it (La Plata included).
    [
      'Buenos Aires Metropolitan Area',
      ['amba', 'area metropolitana de buenos aires', 'gran buenos aires', 'greater buenos aires', 'conurbano bonaerense'],
      within('Ciudad de Buenos Aires', 'AR', ['Buenos Aires', 'Quilmes', 'Merlo', 'La Plata']),
    ],
    // South Africa's Nelson Mandela Bay Metropolitan Municipality: Gqeberha (Port Elizabeth) and Kariega (Uitenhage).
    [
      'Nelson Mandela Bay',
      ['nelson mandela bay metro', 'nelson mandela bay metropolitan municipality', 'nelson mandela metro'],
      within('Eastern Cape', 'ZA', ['Port Elizabeth', 'Uitenhage']),
    ],
    // The Philippines' Metro Cebu (Cebu, Mandaue and Lapu-Lapu, which the gazetteer reads as Cebu) and Metro Davao.
    ['Metro Cebu', ['metropolitan cebu', 'cebu metro', 'greater cebu'], within('Cebu', 'PH', ['Cebu'])],
    ['Metro Davao', ['metropolitan davao', 'davao metro', 'greater davao'], within('Davao Del Sur', 'PH', ['Davao'])],
    // India's Mumbai Metropolitan Region (MMRDA).
    [
      'Mumbai Metropolitan Region',
      ['mumbai metro region', 'mumbai metropolitan area'],
      within('Maharashtra', 'IN', ['Mumbai', 'Thāne', 'Kalyan', 'Bhiwandi']),
    ],
    // Queensland's South East Queensland region.
    [
      'South East Queensland',
      ['southeast queensland', 'south-east queensland', 'south east qld'],
      within('Queensland', 'AU', ['Brisbane', 'Gold Coast', 'Sunshine Coast', 'Toowoomba']),
    ],
    // Mexico's Zona Metropolitana del Valle de México (CONAPO/INEGI).
    [
      'Greater Mexico City',
      ['zmvm', 'zona metropolitana del valle de mexico', 'valle de mexico', 'valley of mexico', 'mexico city metropolitan area'],
      [...within('Distrito Federal', 'MX', ['Mexico City']), ...within('México', 'MX', ['Nezahualcoyotl'])],
    ],
    // Mexico's second and third: Guadalajara's and Monterrey's zonas metropolitanas.
    [
      'Greater Guadalajara',
      ['zona metropolitana de guadalajara', 'guadalajara metropolitan area'],
      ['Guadalajara|Jalisco|MX', 'Zapopan||MX'],
    ],
    [
      'Greater Monterrey',
      ['zona metropolitana de monterrey', 'monterrey metropolitan area'],
      ['Monterrey|Nuevo León|MX', 'San Nicolás de los Garza||MX'],
    ],
    // China's Jing-Jin-Ji (Beijing-Tianjin-Hebei) integration region.
    [
      'Jing-Jin-Ji',
      ['jingjinji', 'beijing-tianjin-hebei', 'beijing tianjin hebei', 'capital economic circle'],
      ['Beijing|Beijing|CN', 'Tianjin|Tianjin|CN', 'Shijianzhuang|Hebei|CN', 'Baoding|Hebei|CN'],
    ],
    // France's Métropole du Grand Paris (Paris and the petite couronne).
    [
      'Grand Paris',
      ['greater paris', 'metropole du grand paris', 'paris metropolitan area'],
      within('Île-de-France', 'FR', ['Paris', 'Argenteuil', 'Montreuil']),
    ],
    // Peru's Lima Metropolitana with Callao.
    [
      'Lima Metropolitana',
      ['metropolitan lima', 'lima metropolitan area', 'lima metro', 'greater lima', 'lima callao', 'lima y callao'],
      within('Lima', 'PE', ['Lima', 'Callao']),
    ],
    // Colombia's Área Metropolitana del Valle de Aburrá (Medellín).
    [
      'Aburrá Valley',
      ['valle de aburra', 'aburra valley', 'area metropolitana del valle de aburra', 'medellin metropolitan area'],
      ['Medellin|Antioquia|CO', 'Bello|Antioquia|CO', 'Itagüí||CO', 'Envigado||CO'],
    ],
    // Brazil's Região Metropolitana de São Paulo and do Rio de Janeiro (IBGE).
    [
      'Greater São Paulo',
      ['grande sao paulo', 'greater sao paulo', 'sao paulo metropolitan area', 'regiao metropolitana de sao paulo'],
      within('São Paulo', 'BR', ['Sao Paulo', 'Guarulhos', 'Osasco', 'Santo Andre']),
    ],
    [
      'Greater Rio de Janeiro',
      ['grande rio', 'greater rio', 'rio metropolitan area', 'regiao metropolitana do rio de janeiro'],
      within('Rio de Janeiro', 'BR', ['Rio de Janeiro', 'Niteroi', 'Duque de Caxias', 'Nova Iguacu']),
    ],
    // Japan's Greater Tokyo Area (the national capital region, shutoken).
    [
      'Greater Tokyo Area',
      ['tokyo metropolitan area', 'shutoken', 'greater tokyo', 'tokyo-yokohama'],
      ['Tokyo|Tokyo|JP', 'Yokohama|Kanagawa|JP', 'Kawasaki|Kanagawa|JP', 'Saitama||JP', 'Chiba||JP'],
    ],
    // Japan's Chūkyō metropolitan area (Nagoya's).
    ['Chukyo Metropolitan Area', ['chukyo', 'chukyo area', 'greater nagoya', 'nagoya metropolitan area'], ['Nagoya|Aichi|JP']],
    // Uganda's Greater Kampala Metropolitan Area (GKMA: Kampala with Wakiso and Mukono districts).
    [
      'Greater Kampala Metropolitan Area',
      ['gkma', 'greater kampala', 'kampala metropolitan area'],
      ['Kampala|Kampala|UG', 'Entebbe|Wakiso|UG', 'Mukono||UG'],
    ],
    // Thailand's Bangkok Metropolitan Region (NESDC).
    [
      'Bangkok Metropolitan Region',
      ['greater bangkok', 'bangkok metropolitan area'],
      ['Bangkok|Bangkok Metropolis|TH', 'Nonthaburi|Nonthaburi|TH', 'Samut Prakan|Samut Prakan|TH', 'Pak Kret||TH'],
    ],
    // Polycentric regions named as a whole, as the Randstad is: Belgium's Flemish Diamond, Poland's
    // Tricity (Trójmiasto) and the Upper Silesian metropolis (Metropolia GZM, its union of cities).
    [
      'Flemish Diamond',
      ['vlaamse ruit'],
      ['Antwerpen|Antwerp|BE', 'Gent|East Flanders|BE', 'Brussels|Brussels|BE', 'Leuven|Flemish Brabant|BE', 'Mechelen||BE'],
    ],
    ['Tricity', ['trojmiasto', 'tri-city gdansk', 'gdansk tricity'], within('Pomeranian', 'PL', ['Gdansk', 'Gdynia', 'Sopot'])],
    [
      'Upper Silesian Metropolis',
      ['metropolia gzm', 'gzm metropolis', 'upper silesian metropolitan area', 'silesian metropolis', 'katowice metropolitan area'],
      ['Katowice|Silesian|PL', 'Gliwice|Silesian|PL', 'Zabrze||PL', 'Bytom|Silesian|PL'],
    ],
  ] as [string, string[], string[]][]
).map(([name, aliases, members]): MetroDefinition => ({ name, aliases, members, area: true }));
