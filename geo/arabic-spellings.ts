/**
 * Romanisations of Arabic names that records and people write two ways: the diphthong "ay" is as
 * often "ai" ("Al Ayn" and "Al Ain", "Ras al Khaymah" and "Ras al Khaimah"). Natural Earth and
 * GeoNames write "ay"; English, the cities' own signs and most people write "ai". Read only in the
 * countries with Arabic as an official language (countries-list), where no other place has the key.
 */
import { countries } from 'countries-list';

let arabic: Set<string> | null = null;

/** The countries with Arabic as an official language. */
export function arabicCountries(): Set<string> {
  arabic ??= new Set(
    Object.entries(countries as Record<string, { languages: string[] }>)
      .filter(([, c]) => c.languages.includes('ar'))
      .map(([code]) => code),
  );
  return arabic;
}

/** A place key's "ay" before a consonant or a word's end written "ai" ("al ayn" as "al ain"), or null when it has none. */
export function diphthongVariant(key: string): string | null {
  const out = key.replace(/ay(?![aeiouy])/g, 'ai');
  return out === key ? null : out;
}
