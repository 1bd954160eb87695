/**
 * Business and technology districts people search by, which belong to a larger city: "in Sandton"
 * is Johannesburg, "in Canary Wharf" London, "in Whitefield" Bengaluru. The best-known ones per
 * continent, as recruiters name them; a name several cities use for a district ("Docklands" of
 * London, Dublin and Melbourne, "Santa Fe" of Mexico City) is left out. Records of people there
 * say the city, so a district is read as its city (query-planner/places.ts), after a place word as
 * a town is, with the district as written kept in the filter's text.
 */
import { type City, findCities } from './gazetteer.js';
import { placeKey } from './place-key.js';
import { findTowns } from './towns.js';

/** [district and its other names, "|" between them; the city as the gazetteer (or geo/towns.ts) names it; country code]. */
const DISTRICTS: readonly [string, string, string][] = [
  // Europe
  ['Canary Wharf|Shoreditch', 'London', 'GB'],
  ['La Défense|La Defense', 'Paris', 'FR'],
  ['Kista', 'Stockholm', 'SE'],
  ['Zuidas', 'Amsterdam', 'NL'],
  ['Silicon Docks', 'Dublin', 'IE'],
  // Africa
  ['Sandton|Rosebank|Midrand', 'Johannesburg', 'ZA'],
  ['Umhlanga', 'Durban', 'ZA'],
  ['Westlands', 'Nairobi', 'KE'],
  ['Victoria Island|Ikoyi', 'Lagos', 'NG'],
  // Asia
  ['Pudong|Lujiazui|Zhangjiang', 'Shanghai', 'CN'],
  ['Zhongguancun', 'Beijing', 'CN'],
  ['Gangnam|Yeouido', 'Seoul', 'KR'],
  ['Pangyo', 'Seongnam', 'KR'],
  ['Shinjuku|Marunouchi|Shibuya|Roppongi', 'Tokyo', 'JP'],
  ['BGC|Bonifacio Global City', 'Taguig', 'PH'],
  ['Ortigas', 'Pasig', 'PH'],
  ['BKC|Bandra Kurla Complex|Powai', 'Mumbai', 'IN'],
  ['Whitefield|Electronic City|Koramangala', 'Bengaluru', 'IN'],
  ['Hinjewadi', 'Pune', 'IN'],
  ['HITEC City|Hitech City|Gachibowli', 'Hyderabad', 'IN'],
  ['Cyber City|DLF Cyber City', 'Gurgaon', 'IN'],
  ['One-North', 'Singapore', 'SG'],
  // The Middle East
  ['DIFC|Dubai Marina|Business Bay|Dubai Internet City|JLT', 'Dubai', 'AE'],
  ['Lusail', 'Doha', 'QA'],
  ['KAFD', 'Riyadh', 'SA'],
  // The Americas and Oceania
  ['Brickell', 'Miami', 'US'],
  ['Kendall Square', 'Cambridge', 'US'],
  ['Faria Lima', 'São Paulo', 'BR'],
  ['Polanco', 'Mexico City', 'MX'],
  ['Puerto Madero', 'Buenos Aires', 'AR'],
  ['Barangaroo', 'Sydney', 'AU'],
];

let index: Map<string, City> | null = null;

function districts(): Map<string, City> {
  if (index) return index;
  index = new Map();
  for (const [names, city, countryCode] of DISTRICTS) {
    const found = [...findCities(city), ...findTowns(city)].find((c) => c.countryCode === countryCode);
    if (!found) continue;
    for (const name of names.split('|')) index.set(placeKey(name), found);
  }
  return index;
}

/** The city a business or technology district belongs to ("Sandton": Johannesburg), or null. */
export function findDistrictCity(name: string): City | null {
  return districts().get(placeKey(name)) ?? null;
}

/** Every key {@link findDistrictCity} answers. */
export function districtKeys(): string[] {
  return [...districts().keys()];
}
