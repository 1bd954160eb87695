/**
 * Given names written as the abbreviations ledgers, parish registers and old HR systems use
 * ("Wm." William, "Chas." Charles, "Jas." James, "Geo." George, "Jno." John, "Thos." Thomas,
 * "Fco." Francisco, "Ma." María): the standard scribal contractions genealogists read
 * (lib/names/data/given-abbreviations.csv). A contraction stands for its name, never for the
 * names its letters begin ("Jas." is James, not Jasmine; "Chas." Charles, not Chasity).
 */
import fs from 'node:fs';
import { fromPackageRoot } from '../package-root.js';
import { isGivenName } from './given-names.js';

interface Abbreviation {
  names: string[];
  /** Written without its dot too ("Wm", "Xtopher"): a form no given name has. */
  bare: boolean;
}

let table: Map<string, Abbreviation> | null = null;

function abbreviations(): Map<string, Abbreviation> {
  if (table) return table;
  table = new Map();
  const text = fs.readFileSync(fromPackageRoot('lib/names/data', 'given-abbreviations.csv'), 'utf8');
  for (const line of text.split('\n').slice(1)) {
    const [abbreviation, names, bare] = line.trim().split(',');
    if (!abbreviation || !names) continue;
    table.set(abbreviation, { names: names.split('|'), bare: bare === 'yes' });
  }
  return table;
}

/**
 * The names a written given name abbreviates, or null: `word` is the lowercase ASCII word,
 * `dotted` whether it was written with its dot ("Jas."). Without the dot only a contraction no
 * given name spells ("Wm", "Thos", "Xtopher"; "Jos" and "Hy" are names).
 */
export function abbreviatedGivenName(word: string, dotted: boolean): string[] | null {
  const entry = abbreviations().get(word);
  if (!entry) return null;
  if (!dotted && (!entry.bare || isGivenName(word))) return null;
  return entry.names;
}
