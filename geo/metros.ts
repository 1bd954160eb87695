/**
 * The metro table: the MetroDefinition shape and METROS, every metropolitan and wider area in
 * lookup order (first match wins): the largest US metros (largest-us-metros.ts), the others listed
 * here, then the US, world, area and cluster lists of their own modules.
 */
import { AREAS, OTHER_AREAS } from './areas.js';
import { CLUSTERS } from './clusters.js';
import { LARGEST_US_METROS } from './largest-us-metros.js';
import { US_TOWN_AREAS } from './us-areas.js';
import { US_METROS } from './us-metros.js';
import { WORLD_AREAS } from './world-areas.js';
import { WORLD_METROS } from './world-metros.js';
/**
 * Metropolitan areas: a canonical name, the names people use, and member cities as
 * "City|Region|CC". A place in a member city gets `location.metro`, so a metro filter is a
 * keyword match; a city filter loosely matches its metro too (public facts: loose location).
 */
export interface MetroDefinition {
  name: string;
  aliases: string[];
  members: string[];
  /**
   * The counties the area is officially made of, as "County|ST" (US: the Office of Management and
   * Budget's metropolitan statistical area delineation, or the region's own definition, such as
   * the Bay Area's nine counties): their towns (geo/data/us-counties.tsv) are members too, but
   * not a town whose bare name is only a guess among namesakes (geo/gazetteer.ts `metros`).
   */
  counties?: string[];
  /**
   * A wider area than one city's surroundings ("the Ozarks", "East Anglia"): its filter matches its
   * member cities, but a member city does not take it as its metro, so a filter on one of those
   * cities does not widen to the others (a city filter matches its metro too).
   */
  area?: true;
}

/** Every metro and area, in lookup order (see the file's header). */
export const METROS: MetroDefinition[] = [
  ...LARGEST_US_METROS,
  { name: 'Greater London', aliases: ['london area'], members: ['London|London, City of|GB'] },
  {
    name: 'Delhi NCR',
    aliases: ['ncr', 'delhi ncr', 'national capital region of india'],
    members: ['Delhi|Delhi|IN', 'Gurugram|Haryana|IN', 'Noida|Uttar Pradesh|IN'],
  },
  {
    name: 'Twin Cities',
    aliases: ['minneapolis st paul', 'minneapolis-st. paul', 'minneapolis saint paul', 'msp'],
    members: ['Minneapolis|Minnesota|US', 'St. Paul|Minnesota|US'],
  },
  { name: 'Metro Detroit', aliases: ['greater detroit', 'detroit metro', 'detroit area'], members: ['Detroit|Michigan|US'] },
  { name: 'Inland Empire', aliases: ['riverside san bernardino'], members: ['Riverside|California|US', 'San Bernardino|California|US'] },
  {
    name: 'Hampton Roads',
    aliases: ['tidewater', 'virginia beach norfolk'],
    members: ['Virginia Beach|Virginia|US', 'Norfolk|Virginia|US', 'Chesapeake|Virginia|US'],
  },
  {
    name: 'Greater Vancouver',
    aliases: ['lower mainland', 'metro vancouver', 'vancouver area'],
    members: ['Vancouver|British Columbia|CA', 'Surrey|British Columbia|CA', 'Burnaby|British Columbia|CA'],
  },
  { name: 'Klang Valley', aliases: ['greater kuala lumpur', 'kl metro'], members: ['Kuala Lumpur|Selangor|MY', 'Shah Alam|Selangor|MY'] },
  {
    name: 'Metro Manila',
    aliases: ['metropolitan manila', 'manila metro', 'greater manila', 'mega manila', 'greater manila area'],
    members: [
      'Manila|Metropolitan Manila|PH',
      'Quezon City|Metropolitan Manila|PH',
      'Makati|Metropolitan Manila|PH',
      'Taguig|Metropolitan Manila|PH',
    ],
  },
  {
    name: 'Silicon Slopes',
    aliases: ['wasatch front', 'salt lake metro', 'salt lake area'],
    area: true,
    members: ['Salt Lake City|Utah|US', 'Provo|Utah|US', 'Lehi|Utah|US'],
  },
  {
    name: 'Randstad',
    aliases: [],
    area: true,
    members: ['Amsterdam|Noord-Holland|NL', 'Rotterdam|Zuid-Holland|NL', 'The Hague|Zuid-Holland|NL', 'Utrecht|Utrecht|NL'],
  },
  {
    name: 'Rhine-Ruhr',
    aliases: ['ruhr', 'ruhr area', 'ruhrgebiet', 'rhine ruhr'],
    members: [
      'Essen|Nordrhein-Westfalen|DE',
      'Dortmund|Nordrhein-Westfalen|DE',
      'Duisburg|Nordrhein-Westfalen|DE',
      'Düsseldorf|Nordrhein-Westfalen|DE',
    ],
  },
  {
    name: 'Rhine-Neckar',
    aliases: [
      'rhine neckar',
      'rhein-neckar',
      'rhein neckar',
      'rhine-neckar region',
      'rhine-neckar metropolitan region',
      'metropolregion rhein-neckar',
    ],
    members: ['Mannheim|Baden-Württemberg|DE', 'Heidelberg|Baden-Württemberg|DE', 'Ludwigshafen am Rhein||DE'],
  },
  {
    name: 'Øresund Region',
    aliases: [
      'oresund region',
      'øresund',
      'oresund',
      'öresund',
      'öresund region',
      'the øresund region',
      'the oresund region',
      'oresund area',
    ],
    area: true,
    members: ['Copenhagen|Hovedstaden|DK', 'Malmö|Skåne|SE', 'Lund|Skåne|SE', 'Helsingborg|Skåne|SE'],
  },
  {
    name: 'Ottawa-Gatineau',
    aliases: ['ottawa gatineau', 'ottawa–gatineau', 'national capital region of canada', "canada's capital region"],
    members: ['Ottawa|Ontario|CA'],
  },
  {
    name: 'Pearl River Delta',
    aliases: ['prd'],
    area: true,
    members: ['Shenzhen|Guangdong|CN', 'Guangzhou|Guangdong|CN', 'Dongguan|Guangdong|CN', 'Foshan|Guangdong|CN'],
  },
  {
    name: 'Yangtze River Delta',
    aliases: ['yrd', 'yangtze delta'],
    area: true,
    members: [
      'Shanghai|Shanghai|CN',
      'Hangzhou|Zhejiang|CN',
      'Nanjing|Jiangsu|CN',
      'Suzhou|Jiangsu|CN',
      'Ningbo|Zhejiang|CN',
      'Wuxi|Jiangsu|CN',
    ],
  },
  { name: 'Thames Valley', aliases: [], area: true, members: ['Reading|Oxfordshire|GB', 'Oxford|Oxfordshire|GB'] },
  { name: 'Greater Toronto Area', aliases: ['gta', 'greater toronto'], members: ['Toronto|Ontario|CA'] },
  { name: 'Kitchener-Waterloo', aliases: ['kw region'], members: ['Waterloo|Ontario|CA'] },
  {
    name: 'Golden Horseshoe',
    aliases: ['greater golden horseshoe'],
    area: true,
    members: ['Toronto|Ontario|CA', 'Hamilton|Ontario|CA', 'Oshawa|Ontario|CA'],
  },
  {
    name: 'Frankfurt Rhine-Main',
    aliases: ['rhine-main', 'rhein-main', 'rhine main', 'rhein main', 'frankfurt rhein-main'],
    members: ['Frankfurt|Hessen|DE', 'Wiesbaden|Hessen|DE', 'Mainz|Rheinland-Pfalz|DE'],
  },
  {
    name: 'Kansai',
    aliases: ['keihanshin', 'kansai region', 'kinki region'],
    members: ['Osaka|Osaka|JP', 'Kyoto|Kyoto|JP', 'Kobe|Hyogo|JP'],
  },
  {
    name: 'Treasure Valley',
    aliases: ['boise metro', 'boise area'],
    members: ['Boise|Idaho|US', 'Nampa|Idaho|US', 'Caldwell|Idaho|US'],
  },
  {
    name: 'Hudson Valley',
    aliases: ['the hudson valley', 'mid-hudson'],
    area: true,
    members: ['Poughkeepsie|New York|US', 'Newburgh|New York|US', 'Kingston|New York|US'],
  },

  { name: 'Grand Strand', aliases: ['the grand strand', 'myrtle beach area'], members: ['Myrtle Beach|South Carolina|US'] },
  {
    name: 'Hunter Region',
    aliases: ['hunter valley', 'lower hunter'],
    members: ['Newcastle|New South Wales|AU', 'Maitland|New South Wales|AU', 'Cessnock|New South Wales|AU'],
  },
  {
    name: 'Kathmandu Valley',
    aliases: ['kathmandu metro'],
    members: ['Kathmandu|Bhaktapur|NP', 'Lalitpur|Bhaktapur|NP'],
  },
  { name: 'Lehigh Valley', aliases: [], members: ['Allentown|Pennsylvania|US'] },
  { name: 'Quad Cities', aliases: ['the quad cities'], members: ['Davenport|Iowa|US', 'Rock Island|Illinois|US'] },
  { name: 'Space Coast', aliases: [], members: ['Melbourne|Florida|US', 'Titusville|Florida|US'] },
  {
    name: 'Northern Virginia',
    aliases: ['northern va'],
    members: ['Arlington|Virginia|US', 'Alexandria|Virginia|US', 'Reston|Virginia|US'],
  },
  { name: 'East Midlands', aliases: [], area: true, members: ['Nottingham|Nottingham|GB', 'Leicester|Leicester|GB'] },
  // Areas named after a valley, a basin or a river rather than a city.
  {
    name: 'Rio Grande Valley',
    aliases: ['rgv', 'lower rio grande valley'],
    area: true,
    members: ['McAllen|Texas|US', 'Edinburg|Texas|US', 'Brownsville|Texas|US', 'Harlingen|Texas|US'],
  },
  { name: 'Permian Basin', aliases: ['permian'], area: true, members: ['Midland|Texas|US', 'Odessa|Texas|US'] },
  {
    name: 'Capital District',
    aliases: ['capital district of new york'],
    members: ['Albany|New York|US', 'Schenectady|New York|US', 'Saratoga Springs|New York|US'],
  },
  // English conurbations no county or city is: the towns in them (GeoNames files English towns under no county).
  { name: 'Tyneside', aliases: [], members: ['Newcastle|Tyne and Wear|GB', 'Tynemouth||GB'] },
  { name: 'Teesside', aliases: [], members: ['Middlesbrough|Stockton-on-Tees|GB', 'Hartlepool||GB', 'Redcar||GB'] },
  // Metropolitan areas named after their cities together or a region.
  {
    name: 'Northwest Arkansas',
    aliases: ['nwa', 'nw arkansas'],
    members: ['Fayetteville|Arkansas|US', 'Springdale|Arkansas|US', 'Bentonville|Arkansas|US'],
  },
  { name: 'Champaign-Urbana', aliases: ['champaign urbana', 'chambana'], members: ['Urbana|Illinois|US'] },
  { name: 'Bloomington-Normal', aliases: ['bloomington normal'], members: ['Bloomington|Illinois|US'] },
  {
    name: 'Fox Cities',
    aliases: ['the fox cities', 'fox valley'],
    members: ['Appleton|Wisconsin|US', 'Neenah|Wisconsin|US', 'Oshkosh|Wisconsin|US'],
  },
  {
    name: 'Tri-Valley',
    aliases: ['tri valley'],
    members: ['Pleasanton|California|US', 'Livermore|California|US', 'San Ramon|California|US'],
  },
  { name: 'Piedmont Triad', aliases: ['the triad'], members: ['Greensboro|North Carolina|US', 'Winston-Salem|North Carolina|US'] },
  { name: 'Illawarra', aliases: ['the illawarra'], members: ['Wollongong|New South Wales|AU'] },
  {
    name: 'Jabodetabek',
    aliases: ['jabotabek', 'greater jakarta'],
    members: ['Jakarta|Jakarta Raya|ID', 'Bogor|Jawa Barat|ID', 'Depok||ID', 'Tangerang||ID', 'Bekasi|Jakarta Raya|ID'],
  },
  {
    name: 'Black Country',
    aliases: ['the black country'],
    members: ['Wolverhampton||GB', 'Dudley||GB', 'Walsall||GB', 'Stourbridge||GB', 'Halesowen||GB', 'Tipton||GB', 'Wednesbury||GB'],
  },
  ...US_METROS,
  ...AREAS,
  ...OTHER_AREAS,
  ...US_TOWN_AREAS,
  ...WORLD_AREAS,
  ...WORLD_METROS,
  ...CLUSTERS,
];
