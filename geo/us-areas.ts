/**
 * Parts of US states people name by a valley, a coast, a peninsula or a trade (wine country, the
 * Iron Range), as areas (geo/areas.ts explains areas). Most are written as the counties they are
 * made of ({@link US_COUNTY_PARTS}: "Cape Cod" is Barnstable County, "the Upper Peninsula" is
 * Michigan's counties north of the straits), whose towns geo/counties.ts lists; the rest,
 * parts of counties, as their larger towns ({@link US_TOWN_AREAS}: the Antelope Valley is
 * Lancaster and Palmdale, not all of Los Angeles County).
 */
import type { MetroDefinition } from './metros.js';

/** A part of a state by its counties (`County|ST`, as geo/data/us-counties.tsv names them) and towns of no county there (`Town|ST`: Virginia's independent cities). */
export interface CountyPart {
  name: string;
  aliases: string[];
  counties: string[];
  towns?: string[];
}

const counties = (state: string, names: string[]) => names.map((n) => `${n} County|${state}`);

export const US_COUNTY_PARTS: CountyPart[] = [
  { name: 'Napa Valley', aliases: ['napa county wine country', 'the napa valley'], counties: ['Napa County|CA'] },
  { name: 'Sonoma', aliases: ['sonoma valley', 'sonoma wine country'], counties: ['Sonoma County|CA'] },
  { name: 'Wine Country', aliases: ['california wine country', 'napa and sonoma'], counties: ['Napa County|CA', 'Sonoma County|CA'] },
  // The oil field's counties: Williston, Watford City, Stanley, Dickinson, and Sidney across the Montana line.
  {
    name: 'Bakken',
    aliases: ['the bakken', 'bakken formation', 'the bakken formation', 'bakken oil patch'],
    counties: ['Williams County|ND', 'McKenzie County|ND', 'Mountrail County|ND', 'Stark County|ND', 'Richland County|MT'],
  },
  { name: 'Cape Cod', aliases: ['the cape cod', 'cape cod ma'], counties: ['Barnstable County|MA'] },
  { name: 'Berkshires', aliases: ['the berkshires', 'berkshire hills'], counties: ['Berkshire County|MA'] },
  { name: 'Outer Banks', aliases: ['the outer banks', 'obx'], counties: ['Dare County|NC', 'Currituck County|NC'] },
  {
    name: 'Eastern Shore',
    aliases: ['the eastern shore', 'eastern shore of maryland', 'eastern shore of virginia', 'delmarva eastern shore'],
    counties: [
      ...counties('MD', ['Wicomico', 'Worcester', "Queen Anne's", 'Talbot', 'Dorchester', 'Caroline', 'Somerset', 'Kent']),
      ...counties('VA', ['Accomack']),
    ],
  },
  {
    name: 'Shenandoah Valley',
    aliases: ['the shenandoah valley', 'the shenandoah'],
    counties: counties('VA', ['Rockingham', 'Augusta', 'Shenandoah', 'Warren', 'Page']),
    towns: ['Harrisonburg|VA', 'Winchester|VA', 'Staunton|VA', 'Waynesboro|VA'],
  },
  {
    name: 'Finger Lakes',
    aliases: ['the finger lakes', 'finger lakes region'],
    counties: counties('NY', ['Tompkins', 'Cayuga', 'Ontario', 'Seneca', 'Yates', 'Steuben']),
  },
  {
    name: 'Upper Peninsula',
    aliases: [
      'the upper peninsula',
      'upper michigan',
      'michigans upper peninsula',
      'the michigan upper peninsula',
      'upper peninsula of michigan',
    ],
    counties: counties('MI', [
      'Marquette',
      'Houghton',
      'Delta',
      'Chippewa',
      'Dickinson',
      'Menominee',
      'Gogebic',
      'Iron',
      'Schoolcraft',
      'Mackinac',
      'Alger',
    ]),
  },
  {
    name: 'Driftless Area',
    aliases: ['driftless', 'the driftless', 'the driftless area', 'driftless region'],
    counties: [
      ...counties('WI', ['La Crosse', 'Vernon', 'Crawford', 'Grant', 'Richland']),
      ...counties('IA', ['Allamakee', 'Winneshiek']),
      ...counties('MN', ['Winona', 'Houston', 'Fillmore']),
    ],
  },
  {
    name: 'Western Slope',
    aliases: ['the western slope', 'colorado western slope', 'western slope of colorado'],
    counties: counties('CO', ['Mesa', 'Garfield', 'Montrose', 'Delta', 'La Plata', 'Eagle', 'Pitkin', 'Routt', 'Montezuma', 'Gunnison']),
  },
  {
    name: 'Thumb of Michigan',
    aliases: ['the thumb of michigan', 'michigans thumb', 'the michigan thumb', 'michigan thumb'],
    counties: counties('MI', ['Huron', 'Tuscola', 'Sanilac']),
  },
  { name: 'Palouse', aliases: ['the palouse'], counties: ['Whitman County|WA', 'Latah County|ID'] },
  { name: 'Olympic Peninsula', aliases: ['the olympic peninsula'], counties: ['Clallam County|WA', 'Jefferson County|WA'] },
  { name: 'Kenai Peninsula', aliases: ['the kenai peninsula', 'the kenai'], counties: ['Kenai Peninsula Borough|AK'] },
  // Mountain ranges by the counties that lie in them; the plural without "the" is read too, and
  // "the Poconos" as "the Pocono Mountains" (geo/landform-names.ts).
  {
    name: 'Pocono Mountains',
    aliases: ['pocono region', 'the pocono region'],
    counties: counties('PA', ['Monroe', 'Pike', 'Carbon', 'Wayne']),
  },
  {
    name: 'Adirondack Mountains',
    aliases: ['adirondack park', 'the adirondack park', 'north country adirondacks'],
    counties: counties('NY', ['Essex', 'Franklin', 'Warren']),
  },
  { name: 'Catskill Mountains', aliases: ['catskill region'], counties: counties('NY', ['Greene', 'Ulster', 'Delaware', 'Sullivan']) },
  {
    name: 'Great Smoky Mountains',
    aliases: ['smoky mountains', 'the great smokies', 'great smokies'],
    counties: [...counties('TN', ['Sevier', 'Blount']), ...counties('NC', ['Swain', 'Haywood'])],
  },
  {
    name: 'Texas Hill Country',
    aliases: ['hill country', 'the hill country', 'the texas hill country'],
    counties: counties('TX', ['Kerr', 'Gillespie', 'Kendall', 'Comal', 'Llano', 'Burnet']),
  },
];

const inState = (state: string, towns: string[]) => towns.map((t) => `${t}|${state}|US`);

export const US_TOWN_AREAS: MetroDefinition[] = (
  [
    [
      'Merrimack Valley',
      ['the merrimack valley'],
      inState('Massachusetts', ['Lowell', 'Haverhill', 'Methuen', 'North Andover', 'Chelmsford']),
    ],
    ['Antelope Valley', ['the antelope valley'], inState('California', ['Lancaster', 'Palmdale'])],
    ['Conejo Valley', ['the conejo valley'], inState('California', ['Thousand Oaks', 'Agoura Hills'])],
    // California's Victor and Antelope Valleys and Central Oregon: each is "the High Desert" where it lies.
    [
      'High Desert',
      ['the high desert'],
      [...inState('California', ['Victorville', 'Hesperia', 'Apple Valley', 'Lancaster', 'Palmdale']), ...inState('Oregon', ['Bend'])],
    ],
    ['Iron Range', ['the iron range', 'mesabi range', 'the mesabi range'], inState('Minnesota', ['Hibbing', 'Virginia'])],
    // Texas's and Florida's panhandles together, as a county name two states share is both until the state is said.
    [
      'Panhandle',
      [],
      [...inState('Florida', ['Pensacola', 'Panama City', 'Fort Walton Beach', 'Tallahassee']), ...inState('Texas', ['Amarillo'])],
    ],
  ] as [string, string[], string[]][]
).map(([name, aliases, members]): MetroDefinition => ({ name, aliases, members, area: true }));
