/**
 * Patronymics in a name (docs/contacts.md, "The matcher"): a name formed from the father's given
 * name, written between the given and the family name or after them. East Slavic ФИО ("Petrov Ivan
 * Sergeyevich", "Ivan Sergeyevich Petrov", Ukrainian "Petrovych"/"Petrivna"), and Azerbaijani,
 * Kyrgyz and Kazakh ones written as a word of their own after the father's name ("Ali Huseyn oglu",
 * "kyzy", "uulu"). A patronymic is never the person's given name: read as one, "Juddovich" would be
 * a form of Judd, the father.
 *
 * Icelandic "-son"/"-dóttir" are not set aside: Icelanders are filed under them, as their family
 * name. Arabic "bin"/"ibn" begin family names too ("bin Laden"): person-name.ts reads them as
 * particles.
 */

/** Endings only a woman's patronymic has ("Aleksandrovna", "Nikolayevna", "Petrivna", "Ilyinichna", "Fominichna"). */
const FEMALE = /^[a-z]{3,}(?:ovna|evna|ivna|ichna)$/;
/**
 * Endings of a man's patronymic ("Sergeyevich", "Petrovych", "Yuriyovych") and Kazakh "-uly"/"-kyzy"
 * written onto the father's name. Family names end so too ("Abramovich", "Jovanovich"): such a word
 * is read as a patronymic only where a family name cannot stand (see {@link patronymicLast}).
 */
const MALE = /^[a-z]{3,}(?:ovich|evich|ovych|evych|yich|uly|kyzy|qyzy)$/;
/** Irregular East Slavic ones ("Ilyich", "Fomich", "Lukich", "Kuzmich", "Savvich", "Nikitich"). */
const IRREGULAR = new Set(['ilyich', 'ilich', 'fomich', 'lukich', 'kuzmich', 'savvich', 'nikitich', 'lvovich', 'lvovna']);
/** A word of its own after the father's name: "son of"/"daughter of" in Azerbaijani, Kyrgyz, Kazakh and Uzbek. */
const MARKERS = new Set(['oglu', 'ogly', 'oghlu', 'ugli', 'qizi', 'gizi', 'kizi', 'kyzy', 'qyzy', 'uulu', 'uly']);

/** Whether a name word (lower-case ASCII) is written as a woman's patronymic: no other name ends so. */
export const isFemalePatronymic = (w: string): boolean => FEMALE.test(w) || (IRREGULAR.has(w) && w.endsWith('na'));

/** Whether a name word (lower-case ASCII) is written as a patronymic, a man's or a woman's. */
export const isPatronymic = (w: string): boolean => isFemalePatronymic(w) || MALE.test(w) || IRREGULAR.has(w);

/** Whether `word` is a patronymic formed from the given name `given` ("juddovich" from Judd, "ivanovna" from Ivan). */
export function patronymicOf(word: string, given: string): boolean {
  if (!isPatronymic(word) || given.length < 2) return false;
  // The father's name loses a final vowel or "y" before the ending ("Nikolay" → "Nikolayevich", "Ilya" → "Ilyich").
  const stem = given.replace(/[aeiouy]$/, '');
  // A stem of one or two letters ("Jo" → "j") starts too many names to say whose son he is ("Jovanovich").
  return stem.length >= 3 && word.startsWith(stem) && word.length >= stem.length + 3;
}

/** The name words without a patronymic written as a word pair ("huseyn oglu"): the marker (at `at`) and the father's name before it. */
export function withoutMarkedPatronymic(tokens: string[]): { tokens: string[]; patronymic: string; at: number } | null {
  const at = tokens.findIndex((w, i) => i >= 2 && MARKERS.has(w));
  // "Ali Huseyn oglu": the given name alone is left (the father's name and the marker set aside).
  if (at < 0 || tokens.length - 2 < 1) return null;
  return { tokens: [...tokens.slice(0, at - 1), ...tokens.slice(at + 1)], patronymic: `${tokens[at - 1]}${tokens[at]}`, at };
}

/** How a name of three words holds a patronymic: between the given and the family name, or last, after them. */
export type PatronymicPlace = 'middle' | 'last' | null;

/**
 * Where the patronymic of a name of three words is ("Ivan Sergeyevich Petrov": middle; "Petrov
 * Ivan Sergeyevich": last), or null. A man's ending in the middle, between two words that are
 * not patronymics; last only when the middle word is no patronymic (a family name "Jovanovich"
 * after two given names is read so only when the name read as written finds no one: matcher.ts).
 */
export function patronymicPlace(tokens: string[]): PatronymicPlace {
  if (tokens.length !== 3) return null;
  const [a, b, c] = tokens as [string, string, string];
  if (isPatronymic(a)) return null;
  if (isPatronymic(b) && !isPatronymic(c)) return 'middle';
  if (isPatronymic(c) && !isPatronymic(b)) return 'last';
  return null;
}

/** A word in capitals ("PETROV"), three letters or more. */
const inCapitals = (w: string): boolean => /^\p{L}{3,}$/u.test(w) && w === w.toUpperCase() && w !== w.toLowerCase();

/**
 * A name's words without its patronymic (patronymics.ts), with their written forms: "Ivan
 * Sergeyevich Petrov" and "Aliyev Ilham Heydar oglu" lose it; "Petrov Ivan Sergeyevich" is read
 * family name first when a woman's ending or the family name in capitals says so ("SHEVCHENKO Maria
 * Aleksandrovna"), else marked to be read so when the name as written finds no one.
 */
export function patronymicReading(
  tokens: string[],
  written: string[],
): { tokens: string[]; written: string[]; patronymic: string; last: boolean; familyFirst: boolean } | null {
  const marked = withoutMarkedPatronymic(tokens);
  if (marked) {
    const kept = written.filter((_, i) => i !== marked.at && i !== marked.at - 1);
    return { tokens: marked.tokens, written: kept, patronymic: marked.patronymic, last: false, familyFirst: false };
  }
  const place = patronymicPlace(tokens);
  const [a, b, c] = tokens as [string, string, string];
  if (place === 'middle') return { tokens: [a, c], written: [written[0]!, written[2]!], patronymic: b, last: false, familyFirst: false };
  if (place !== 'last') return null;
  if (isFemalePatronymic(c) || (inCapitals(written[0]!) && !inCapitals(written[1]!)))
    return { tokens: [b, a], written: [written[1]!, written[0]!], patronymic: c, last: false, familyFirst: true };
  return { tokens, written, patronymic: c, last: true, familyFirst: false };
}
