/**
 * Metropolitan areas of the United States beyond the largest few (largest-us-metros.ts): the names the
 * professional network uses for a profile's area ("Greater Philadelphia", "Tampa Bay Area",
 * "Kansas City Metropolitan Area") and the names people type for them. Members are the principal
 * city and the larger places around it that the gazetteer holds, as "City|State|US", but not a
 * town whose bare name is only a guess among namesakes (Franklin, Camden, Henderson, Carmel): a
 * city filter widens to its metro, and "Franklin" should not widen to all of Greater Nashville.
 */
import type { MetroDefinition } from './metros.js';

const inNewYork = (towns: string[]) => towns.map((t) => `${t}|New York|US`);

/** Metropolitan areas of the United States (see the file's header). */
export const US_METROS: MetroDefinition[] = [
  {
    name: 'Greater Philadelphia',
    aliases: ['philadelphia metro', 'philly metro', 'greater philly', 'delaware valley', 'philadelphia metropolitan area'],
    members: [
      'Philadelphia|Pennsylvania|US',
      'Wilmington|Delaware|US',
      'King of Prussia|Pennsylvania|US',
      'Chester|Pennsylvania|US',
      'Norristown|Pennsylvania|US',
    ],
  },
  {
    name: 'Tampa Bay Area',
    aliases: ['tampa bay', 'greater tampa bay', 'greater tampa bay area', 'tampa bay region', 'tampa metro'],
    members: ['Tampa|Florida|US', 'St. Petersburg|Florida|US', 'Clearwater|Florida|US', 'Brandon|Florida|US'],
  },
  {
    name: 'Greater Orlando',
    aliases: ['orlando metro', 'metro orlando', 'orlando metropolitan area'],
    members: ['Orlando|Florida|US', 'Kissimmee|Florida|US', 'Altamonte Springs|Florida|US', 'Clermont|Florida|US'],
  },
  {
    name: 'Greater Pittsburgh',
    aliases: ['pittsburgh metro', 'greater pittsburgh region', 'pittsburgh metropolitan area'],
    members: ['Pittsburgh|Pennsylvania|US', 'Monroeville|Pennsylvania|US', 'Bethel Park|Pennsylvania|US'],
  },
  {
    name: 'Greater San Diego',
    aliases: ['san diego metro', 'san diego county', 'san diego metropolitan area'],
    members: ['San Diego|California|US', 'Chula Vista|California|US', 'Oceanside|California|US', 'Escondido|California|US'],
  },
  {
    name: 'Greater Austin',
    aliases: ['austin metro', 'austin metropolitan area', 'austin-round rock'],
    members: ['Austin|Texas|US', 'Georgetown|Texas|US', 'San Marcos|Texas|US', 'Pflugerville|Texas|US'],
  },
  {
    name: 'Greater San Antonio',
    aliases: ['san antonio metro', 'san antonio metropolitan area'],
    members: ['San Antonio|Texas|US', 'New Braunfels|Texas|US'],
  },
  {
    name: 'Portland Metropolitan Area',
    aliases: ['portland metro', 'portland-vancouver', 'portland metro area'],
    members: ['Portland|Oregon|US', 'Beaverton|Oregon|US', 'Hillsboro|Oregon|US', 'Gresham|Oregon|US', 'Vancouver|Washington|US'],
  },
  {
    name: 'Greater St. Louis',
    aliases: ['st. louis metro', 'st louis metro', 'greater st louis', 'st. louis metropolitan area'],
    members: ['St. Louis|Missouri|US', 'St. Charles|Missouri|US', "O'Fallon|Missouri|US", 'Florissant|Missouri|US', "O'Fallon|Illinois|US"],
  },
  {
    name: 'Kansas City Metropolitan Area',
    aliases: ['kansas city metro', 'kc metro', 'greater kansas city', 'kansas city metro area'],
    members: ['Kansas City|Missouri|US', 'Kansas City|Kansas|US', 'Olathe|Kansas|US'],
  },
  {
    name: 'Greater Sacramento',
    aliases: ['sacramento metro', 'sacramento metropolitan area'],
    members: ['Sacramento|California|US', 'Roseville|California|US', 'Folsom|California|US'],
  },
  {
    name: 'Las Vegas Valley',
    aliases: ['las vegas metro', 'greater las vegas', 'las vegas metropolitan area'],
    members: ['Las Vegas|Nevada|US', 'North Las Vegas|Nevada|US'],
  },
  {
    name: 'Charlotte Metro',
    aliases: ['greater charlotte', 'charlotte metro area', 'charlotte metropolitan area', 'metrolina'],
    members: ['Charlotte|North Carolina|US', 'Gastonia|North Carolina|US', 'Huntersville|North Carolina|US', 'Rock Hill|South Carolina|US'],
  },
  {
    name: 'Greater Nashville',
    aliases: ['nashville metro', 'nashville metropolitan area'],
    members: [
      'Nashville|Tennessee|US',
      'Murfreesboro|Tennessee|US',
      'Brentwood|Tennessee|US',
      'Hendersonville|Tennessee|US',
      'Smyrna|Tennessee|US',
    ],
  },
  {
    name: 'Greater Cleveland',
    aliases: ['cleveland metro', 'cleveland metropolitan area'],
    members: ['Cleveland|Ohio|US', 'Euclid|Ohio|US', 'Strongsville|Ohio|US', 'Elyria|Ohio|US', 'Lorain|Ohio|US'],
  },
  {
    name: 'Greater Cincinnati',
    aliases: ['cincinnati metro', 'cincinnati metropolitan area', 'cincy metro'],
    members: ['Cincinnati|Ohio|US', 'Hamilton|Ohio|US'],
  },
  {
    name: 'Greater Columbus',
    aliases: ['columbus metro', 'columbus metropolitan area'],
    members: ['Columbus|Ohio|US', 'Westerville|Ohio|US', 'Delaware|Ohio|US'],
  },
  {
    name: 'Greater Indianapolis',
    aliases: ['indianapolis metro', 'indy metro', 'indianapolis metropolitan area'],
    members: ['Indianapolis|Indiana|US', 'Noblesville|Indiana|US'],
  },
  {
    name: 'Greater Baltimore',
    aliases: ['baltimore metro', 'baltimore metropolitan area'],
    members: ['Baltimore|Maryland|US', 'Towson|Maryland|US', 'Ellicott City|Maryland|US', 'Glen Burnie|Maryland|US'],
  },
  // Nassau and Suffolk counties: the area's name, not a city's; its larger places (Census Bureau
  // designated places). An area, so a filter on one of them does not widen to the island.
  {
    name: 'Long Island',
    aliases: ['long island ny', 'long island new york', 'nassau suffolk', 'nassau and suffolk'],
    area: true,
    members: inNewYork(['Brentwood', 'Hempstead', 'Levittown', 'Hicksville', 'Valley Stream', 'Central Islip', 'Huntington Station']),
  },
  {
    name: 'Greater Milwaukee',
    aliases: ['milwaukee metro', 'milwaukee metropolitan area'],
    members: ['Milwaukee|Wisconsin|US', 'Waukesha|Wisconsin|US', 'West Allis|Wisconsin|US'],
  },
];
