/**
 * The other ways a mountain range or a valley is written, from the one a region or metro list
 * holds: "the Rockies", "the Rocky Mountains" and "Rocky Mountains" for "Rockies"; "the
 * Appalachians" for "Appalachian Mountains"; "the Poconos" for "Pocono Mountains"; "the Shenandoah
 * Valley" for "Shenandoah Valley". A form is read only where it resolves to a region or metro
 * (query-planner/places.ts), so forms of names that are no ranges ("Baltic Mountains") name nothing
 * anyone writes.
 */
import { isOrdinaryName } from './common-words.js';

/** Words a landform's name ends in, after which "the" before it is the article of the feature. */
const LANDFORM_END = /\s(mountains|mountain range|range|valley|hills|highlands|lowlands|plateau|peninsula|delta|basin|coast)$/;

/**
 * The other forms of a place key that names a range or a valley: with or without "the", and a
 * range's plural for "X Mountains" and the reverse ("rockies" ⇄ "rocky mountains"). Empty for
 * keys that name neither.
 */
export function landformForms(key: string): string[] {
  const bare = key.replace(/^the /, '');
  const forms: string[] = [];
  const mountains = /^(.+) mountains$/.exec(bare);
  // "Rocky Mountains" ⇄ "Rockies", "Pocono Mountains" ⇄ "Poconos", "Appalachian Mountains" ⇄
  // "Appalachians"; not where the word is an ordinary one ("White Mountains" are no "Whites").
  if (mountains && !(mountains[1] as string).includes(' ') && !isOrdinaryName(`${mountains[1]}s`)) {
    const stem = mountains[1] as string;
    // "Andes Mountains" is "the Andes"; "Atlas Mountains" no "Atlas" (an ordinary word).
    if (!stem.endsWith('s')) forms.push(stem.endsWith('y') ? `${stem.slice(0, -1)}ies` : `${stem}s`);
    else if (!isOrdinaryName(stem)) forms.push(stem);
  }
  // A one-word plural of a range: "rockies" → "rocky mountains", "andes" → "andes mountains".
  const plural = /^([a-z]{3,}?)(ies|s)$/.exec(bare);
  if (plural && !bare.includes(' ') && !isOrdinaryName(bare)) {
    forms.push(`${bare} mountains`, `${plural[1]}${plural[2] === 'ies' ? 'y' : ''} mountains`);
  }
  const all = [bare, ...forms];
  // "The" before a range's or valley's name is the article; the plural of a range takes it too.
  if (mountains || plural || LANDFORM_END.test(` ${bare}`)) for (const f of [...all]) all.push(`the ${f}`);
  return [...new Set(all)].filter((f) => f !== key);
}
