/**
 * Groups of countries people name by a treaty, an alliance or a sales territory: trade blocs
 * ("Mercosur", "ECOWAS", "the Visegrád countries"), political groups ("G7", "Five Eyes") and the
 * business regions that name a territory ("NORAM", "CEEMEA", "the Far East"). Members are the
 * current ones (Mali, Burkina Faso and Niger left ECOWAS in January 2025; Bolivia joined Mercosur
 * in 2024). Each is also inside the continent-wide region that holds all its members (`within`),
 * so a filter on "LATAM" keeps what one on "Mercosur" finds.
 */
import type { RegionDefinition } from './regions.js';

/** A bloc as a region, with "X countries" / "the X countries" and "X members" / "X member states" as names too. */
function bloc(name: string, aliases: string[], countries: string[]): RegionDefinition {
  const names = [name.toLowerCase(), ...aliases];
  const grouped = names.flatMap((n) => [`${n} countries`, `the ${n} countries`, `${n} member states`, `${n} members`, `${n} region`]);
  return { name, aliases: [...aliases, ...grouped], countries };
}

export const BLOCS: RegionDefinition[] = [
  bloc('Mercosur', ['mercosul', 'southern common market'], ['AR', 'BR', 'PY', 'UY', 'BO']),
  bloc(
    'ECOWAS',
    ['economic community of west african states', 'cedeao'],
    ['BJ', 'CV', 'CI', 'GM', 'GH', 'GN', 'GW', 'LR', 'NG', 'SN', 'SL', 'TG'],
  ),
  // The Arab League's 22 members: "the Arab world" as people mean it.
  bloc(
    'Arab League',
    ['arab world', 'the arab world', 'arab countries', 'arab states', 'the arab states', 'league of arab states'],
    ['DZ', 'BH', 'KM', 'DJ', 'EG', 'IQ', 'JO', 'KW', 'LB', 'LY', 'MR', 'MA', 'OM', 'PS', 'QA', 'SA', 'SO', 'SD', 'SY', 'TN', 'AE', 'YE'],
  ),
  bloc('Visegrad Group', ['visegrad', 'visegrad four', 'visegrad 4'], ['PL', 'CZ', 'SK', 'HU']),
  bloc(
    'SADC',
    ['southern african development community'],
    ['AO', 'BW', 'KM', 'CD', 'SZ', 'LS', 'MG', 'MW', 'MU', 'MZ', 'NA', 'SC', 'ZA', 'TZ', 'ZM', 'ZW'],
  ),
  bloc('EAC', ['east african community'], ['KE', 'UG', 'TZ', 'RW', 'BI', 'SS', 'CD', 'SO']),
  bloc('CARICOM', ['caribbean community'], ['AG', 'BS', 'BB', 'BZ', 'DM', 'GD', 'GY', 'HT', 'JM', 'MS', 'KN', 'LC', 'VC', 'SR', 'TT']),
  bloc('Andean Community', ['comunidad andina'], ['BO', 'CO', 'EC', 'PE']),
  bloc('Pacific Alliance', ['alianza del pacifico'], ['CL', 'CO', 'MX', 'PE']),
  bloc('EFTA', ['european free trade association'], ['IS', 'LI', 'NO', 'CH']),
  bloc('G7', ['group of seven'], ['US', 'CA', 'GB', 'FR', 'DE', 'IT', 'JP']),
  bloc('Five Eyes', ['fvey'], ['US', 'GB', 'CA', 'AU', 'NZ']),
  // Sales territories: North America as sales teams write it; Central and Eastern Europe, the
  // Middle East and Africa.
  { name: 'NORAM', aliases: ['noram region'], includes: ['North America'] },
  { name: 'CEEMEA', aliases: ['ceemea region'], includes: ['Central Europe', 'Eastern Europe', 'Middle East', 'Africa'] },
  // East and Southeast Asia, as English has long called them.
  { name: 'Far East', aliases: ['the far east'], includes: ['East Asia', 'Southeast Asia'] },
];

/** The region each bloc lies within: what it widens to (regions.ts adds it to that region's `includes`). */
export const BLOCS_WITHIN: Record<string, string[]> = {
  LATAM: ['Mercosur', 'Andean Community', 'CARICOM', 'Pacific Alliance'],
  Africa: ['ECOWAS', 'SADC', 'EAC'],
  Europe: ['Visegrad Group', 'EFTA'],
  APAC: ['Far East'],
  'Middle East': ['GCC'],
};
