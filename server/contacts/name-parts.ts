/**
 * The parts a written name word holds (docs/contacts.md, "The matcher"): a hyphenated given name's
 * parts, a double-barrelled family name's and a birth name, each a name the person may go by or be
 * filed under. Used by person-name.ts.
 */
import { indexWords, words } from './normalize.js';

/** The parts of the hyphenated word of `text` that is the given name `first` ("Jun-fan" → jun, fan). */
export function hyphenParts(text: string | null | undefined, first: string | null): string[] | undefined {
  if (!text || !first) return undefined;
  for (const w of text.split(/\s+/)) {
    const parts = indexWords(w);
    if (parts.length > 1 && /[-‐]/.test(w) && parts.join('') === first) return parts;
  }
  return undefined;
}

/** The family names a person with this family name may also be filed under. */
export function otherFamilyNames(lastWritten: string | null, birth: string | null): string[] | undefined {
  const parts = lastWritten && /[-‐]/.test(lastWritten) ? indexWords(lastWritten).filter((w) => w.length >= 3) : [];
  const out = [...(parts.length > 1 ? parts : []), ...(birth ? words(birth) : [])];
  return out.length ? [...new Set(out)] : undefined;
}
