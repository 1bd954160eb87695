/**
 * Areas people name that are wider than one city's surroundings: parts of US states ("Upstate New
 * York", "West Texas", "NorCal"), valleys and regions of towns. Each lists the towns people mean by
 * it; a filter on the area matches those towns, but no town takes the area as its metro, so a
 * filter on one town does not widen to the others (geo/metros.ts, `area`). The lists are the
 * larger towns, not every one: a record in a smaller town of the area is not found by the area.
 */
import type { MetroDefinition } from './metros.js';

const inState = (state: string, towns: string[]) => towns.map((t) => `${t}|${state}|US`);

export const AREAS: MetroDefinition[] = (
  [
    [
      'Central Valley',
      ['san joaquin valley', 'californias central valley'],
      inState('California', ['Fresno', 'Bakersfield', 'Stockton', 'Modesto', 'Visalia', 'Merced']),
    ],
    [
      'Northern California',
      ['norcal', 'nor cal', 'northern ca'],
      inState('California', ['San Francisco', 'Oakland', 'San Jose', 'Sacramento', 'Santa Rosa', 'Redding', 'Chico', 'Eureka']),
    ],
    [
      'Upstate New York',
      ['upstate ny'],
      inState('New York', ['Albany', 'Syracuse', 'Rochester', 'Buffalo', 'Utica', 'Binghamton', 'Ithaca', 'Schenectady']),
    ],
    ['Western New York', ['western ny', 'wny'], inState('New York', ['Buffalo', 'Rochester', 'Niagara Falls', 'Jamestown'])],
    ['Western Pennsylvania', ['western pa', 'western penn'], inState('Pennsylvania', ['Pittsburgh', 'Erie', 'Johnstown', 'Altoona'])],
    ['Central Texas', ['central tx'], inState('Texas', ['Austin', 'Waco', 'Killeen', 'Temple', 'San Marcos'])],
    ['West Texas', ['west tx'], inState('Texas', ['El Paso', 'Midland', 'Odessa', 'Lubbock', 'Abilene', 'San Angelo'])],
    ['South Texas', ['south tx'], inState('Texas', ['San Antonio', 'Corpus Christi', 'Laredo', 'McAllen', 'Brownsville'])],
    [
      'Central Florida',
      ['central fl'],
      inState('Florida', ['Orlando', 'Lakeland', 'Kissimmee', 'Daytona Beach', 'Sanford', 'Deltona', 'Ocala']),
    ],
    ['East Tennessee', ['east tn'], inState('Tennessee', ['Knoxville', 'Chattanooga', 'Johnson City', 'Kingsport'])],
    ['Middle Tennessee', ['middle tn'], inState('Tennessee', ['Nashville', 'Murfreesboro', 'Clarksville', 'Franklin'])],
    ['South Jersey', ['southern new jersey', 'southern nj'], inState('New Jersey', ['Camden', 'Atlantic City', 'Vineland'])],
    ['North Jersey', ['northern new jersey', 'northern nj'], inState('New Jersey', ['Newark', 'Jersey City', 'Paterson'])],
    ['West Michigan', ['western michigan'], inState('Michigan', ['Grand Rapids', 'Kalamazoo', 'Holland', 'Muskegon'])],
    ['Northeast Ohio', ['northeastern ohio'], inState('Ohio', ['Cleveland', 'Akron', 'Canton', 'Youngstown'])],
    ['Northern Colorado', ['noco'], inState('Colorado', ['Fort Collins', 'Loveland', 'Greeley'])],
    ['Coachella Valley', [], inState('California', ['Palm Springs', 'Indio', 'La Quinta'])],
    // Orange County, California: its larger cities (a county of Greater Los Angeles; "Orange" alone is the city).
    [
      'Orange County',
      ['orange county california', 'orange county ca'],
      inState('California', ['Anaheim', 'Santa Ana', 'Irvine', 'Huntington Beach', 'Costa Mesa', 'Fullerton', 'Newport Beach']),
    ],
    ['Treasure Coast', ['the treasure coast'], inState('Florida', ['Port Saint Lucie', 'Fort Pierce', 'Vero Beach', 'Stuart'])],
    [
      'Lowcountry',
      ['low country', 'south carolina lowcountry'],
      inState('South Carolina', ['Charleston', 'Beaufort', 'Hilton Head Island', 'Bluffton', 'Summerville']),
    ],
    [
      'Florida Panhandle',
      ['the florida panhandle', 'northwest florida'],
      inState('Florida', ['Pensacola', 'Panama City', 'Fort Walton Beach', 'Tallahassee']),
    ],
    ['Texas Panhandle', ['the texas panhandle'], inState('Texas', ['Amarillo'])],
    [
      'Inland Northwest',
      ['inland empire of the pacific northwest'],
      [...inState('Washington', ['Spokane', 'Spokane Valley']), "Coeur d'Alene|Idaho|US"],
    ],
    [
      'Appalachia',
      ['appalachian region', 'central appalachia', 'appalachian mountains'],
      [
        ...inState('West Virginia', ['Charleston', 'Huntington', 'Morgantown']),
        ...inState('North Carolina', ['Asheville']),
        ...inState('Tennessee', ['Knoxville', 'Johnson City']),
        ...inState('Virginia', ['Roanoke']),
        ...inState('Pennsylvania', ['Scranton', 'Wilkes Barre', 'Altoona', 'Johnstown']),
      ],
    ],
  ] as [string, string[], string[]][]
).map(([name, aliases, members]): MetroDefinition => ({ name, aliases, members, area: true }));

/** Towns of one division of a country, as members (`Name|Division|CC`). */
const towns = (division: string, countryCode: string, names: string[]) => names.map((t) => `${t}|${division}|${countryCode}`);
/** English towns, which GeoNames files under no county. */
const england = (names: string[]) => towns('', 'GB', names);

/** The cities of Norfolk, Suffolk and Cambridgeshire: East Anglia's, and the East of England's first. */
const EAST_ANGLIAN_CITIES = ['Norwich|Norfolk|GB', 'Ipswich|Suffolk|GB', 'Cambridge|Cambridgeshire|GB', 'Peterborough|Peterborough|GB'];

/** Wider areas of towns outside the US (geo/metros.ts spreads both lists). */
export const OTHER_AREAS: MetroDefinition[] = [
  // Capital regions named as a whole: their larger cities (areas, so "Seoul" alone stays the city).
  {
    name: 'Seoul Capital Area',
    aliases: ['sudogwon', 'greater seoul', 'seoul metropolitan area', 'seoul national capital area'],
    area: true,
    members: ['Seoul||KR', 'Incheon||KR', 'Suwon||KR', 'Songnam||KR', 'Goyang||KR', "Puch'on||KR", 'Ansan||KR'],
  },
  {
    name: 'Gush Dan',
    aliases: ['greater tel aviv', 'tel aviv metropolitan area', 'tel aviv metro'],
    area: true,
    members: ['Tel Aviv-Yafo||IL', 'Ramat Gan||IL', 'Holon||IL', 'Bnei Brak||IL', 'Herzliya||IL'],
  },
  // England's regions beyond London: their principal towns (English towns carry no county).
  {
    name: 'South East England',
    aliases: ['southeast england', 'south-east england', 'the south east of england'],
    area: true,
    members: [
      'Brighton|Brighton and Hove|GB',
      'Southampton|Southampton|GB',
      'Portsmouth|Portsmouth|GB',
      'Oxford|Oxfordshire|GB',
      'Reading|Oxfordshire|GB',
      ...england(['Milton Keynes', 'Basingstoke', 'Canterbury', 'Maidstone', 'Crawley', 'Guildford', 'Woking', 'High Wycombe']),
    ],
  },
  {
    name: 'South West England',
    aliases: ['west country', 'southwest england', 'south-west england', 'the south west of england'],
    area: true,
    members: [
      'Bristol|Bristol|GB',
      'Plymouth|Plymouth|GB',
      'Exeter|Devon|GB',
      'Bath|Bath and North East Somerset|GB',
      'Bournemouth|Bournemouth|GB',
      ...england(['Swindon', 'Gloucester', 'Cheltenham', 'Taunton', 'Truro', 'Torquay']),
    ],
  },
  { name: 'Lake District', aliases: [], area: true, members: england(['Kendal', 'Penrith']) },
  {
    name: 'East of England',
    aliases: ['the east of england'],
    area: true,
    members: [
      ...EAST_ANGLIAN_CITIES,
      'Luton|Luton|GB',
      'Southend-on-Sea|Southend-on-Sea|GB',
      ...england(['Chelmsford', 'Colchester', 'Watford', 'St Albans', 'Stevenage', 'Basildon']),
    ],
  },
  {
    name: 'North East England',
    aliases: ['northeast england', 'north-east england', 'the north east of england'],
    area: true,
    members: [
      'Newcastle|Tyne and Wear|GB',
      'Sunderland|Tyne and Wear|GB',
      'Middlesbrough|Stockton-on-Tees|GB',
      ...england(['Durham', 'Darlington', 'Hartlepool']),
    ],
  },
  {
    name: 'North West England',
    aliases: ['northwest england', 'north-west england', 'the north west of england'],
    area: true,
    members: [
      'Manchester|Manchester|GB',
      'Liverpool|Merseyside|GB',
      'Blackpool|Lancashire|GB',
      'Carlisle|Cumbria|GB',
      ...england(['Preston', 'Bolton', 'Warrington', 'Lancaster', 'Stockport', 'Wigan']),
    ],
  },
  {
    name: 'Midlands',
    aliases: ['the midlands', 'english midlands'],
    area: true,
    members: [
      'Birmingham|West Midlands|GB',
      'Coventry|West Midlands|GB',
      'Nottingham|Nottingham|GB',
      'Leicester|Leicester|GB',
      'Stoke|Stoke-on-Trent|GB',
      ...england(['Wolverhampton', 'Northampton', 'Telford', 'Worcester', 'Lincoln']),
    ],
  },
  // Spain's coasts, by their towns.
  {
    name: 'Costa del Sol',
    aliases: [],
    area: true,
    members: towns('Andalucía', 'ES', ['Malaga', 'Marbella', 'Fuengirola', 'Torremolinos', 'Estepona', 'Benalmádena']),
  },
  { name: 'Costa Blanca', aliases: [], area: true, members: towns('Comunidad Valenciana', 'ES', ['Alicante', 'Benidorm', 'Torrevieja']) },
  { name: 'Costa Brava', aliases: [], area: true, members: towns('Cataluña', 'ES', ['Girona', 'Lloret de Mar', 'Figueres']) },
  { name: 'Costa Dorada', aliases: ['costa daurada'], area: true, members: towns('Cataluña', 'ES', ['Tarragona', 'Reus', 'Salou']) },
  {
    name: 'Pilbara',
    aliases: ['the pilbara'],
    area: true,
    members: ['Port Hedland|Western Australia|AU', 'Karratha|Western Australia|AU'],
  },
  {
    name: 'Okanagan',
    aliases: ['okanagan valley'],
    area: true,
    members: [
      'Kelowna|British Columbia|CA',
      'West Kelowna|British Columbia|CA',
      'Vernon|British Columbia|CA',
      'Penticton|British Columbia|CA',
    ],
  },
  {
    name: 'Ozarks',
    aliases: ['the ozarks', 'ozark mountains'],
    area: true,
    members: [
      'Springfield|Missouri|US',
      'Joplin|Missouri|US',
      'Fayetteville|Arkansas|US',
      'Springdale|Arkansas|US',
      'Bentonville|Arkansas|US',
    ],
  },
  {
    name: 'East Anglia',
    aliases: [],
    area: true,
    members: [...EAST_ANGLIAN_CITIES, "King's Lynn||GB", 'Bury St Edmunds||GB', 'Lowestoft||GB', 'Great Yarmouth||GB'],
  },
  {
    name: 'Home Counties',
    aliases: ['the home counties'],
    area: true,
    members: [
      'Guildford||GB',
      'Woking||GB',
      'Reading|Oxfordshire|GB',
      'Maidstone||GB',
      'Chelmsford||GB',
      'Watford||GB',
      'St Albans||GB',
      'Luton|Luton|GB',
      'High Wycombe||GB',
      'Basildon||GB',
      'Southend-on-Sea|Southend-on-Sea|GB',
      'Crawley||GB',
      'Stevenage||GB',
      'Hemel Hempstead||GB',
      'Bracknell||GB',
      'Royal Tunbridge Wells||GB',
      'Aylesbury||GB',
      'Redhill||GB',
      'Harlow||GB',
      'Sevenoaks||GB',
    ],
  },
];
