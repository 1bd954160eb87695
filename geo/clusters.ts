/**
 * Places people name by the industry that grew there: tech and life-science clusters by their
 * nicknames ("Silicon Wadi", "Silicon Fen", "Medicon Valley", "Brainport"). Each is an area of the
 * cities people mean by it (geo/metros.ts, `area`): a filter on the cluster matches those cities,
 * but a city does not take the cluster as its metro. Nicknames that stand for a metro already
 * ("Silicon Valley", "Silicon Beach", "Silicon Slopes") are that metro's aliases; those that name
 * no definite place ("Silicon Prairie", "Silicon Bayou") are left out.
 */
import type { MetroDefinition } from './metros.js';

const area = (name: string, aliases: string[], members: string[]): MetroDefinition => ({ name, aliases, area: true, members });

export const CLUSTERS: MetroDefinition[] = [
  area('Silicon Alley', [], ['New York|New York|US', 'Brooklyn|New York|US']),
  area('Silicon Hills', [], ['Austin|Texas|US', 'Round Rock|Texas|US']),
  area('Silicon Forest', [], ['Portland|Oregon|US', 'Hillsboro|Oregon|US', 'Beaverton|Oregon|US']),
  area('Silicon Desert', [], ['Phoenix|Arizona|US', 'Scottsdale|Arizona|US', 'Chandler|Arizona|US', 'Tempe|Arizona|US']),
  area('Silicon Wadi', [], ['Tel Aviv-Yafo|Tel Aviv|IL', 'Herzliya||IL', 'Haifa|Haifa|IL']),
  area('Silicon Fen', ['cambridge cluster'], ['Cambridge|Cambridgeshire|GB']),
  area('Silicon Glen', [], ['Glasgow|Glasgow|GB', 'Edinburgh|Edinburgh|GB']),
  area('Silicon Docks', [], ['Dublin|Dublin|IE']),
  area('Silicon Roundabout', [], ['London|Westminster|GB']),
  area('Silicon Savannah', [], ['Nairobi|Nairobi|KE']),
  area('Medicon Valley', [], ['Copenhagen|Hovedstaden|DK', 'Malmö|Skåne|SE', 'Lund|Skåne|SE', 'Helsingborg|Skåne|SE']),
  area(
    'Brainport Eindhoven',
    ['brainport', 'brainport region', 'brainport eindhoven region'],
    ['Eindhoven|Noord-Brabant|NL', 'Helmond|Noord-Brabant|NL'],
  ),
];
