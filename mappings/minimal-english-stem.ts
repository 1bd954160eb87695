/**
 * Lucene's EnglishMinimalStemmer (OpenSearch's `stemmer` filter with `language:
 * minimal_english`): Harman's "S-stemmer", which folds plurals and nothing else. The title
 * analyzer (`proxima_title`, analysis.ts) applies it; the embedded engine applies this function
 * to the same tokens at index and at query time, and match reasons to the titles they compare.
 *
 * The rules, as Lucene writes them, on a lowercase token:
 * - shorter than 3 characters, or not ending in "s": unchanged;
 * - "-us", "-ss": unchanged ("status", "boss");
 * - "-ies" after a fourth-last letter other than "a" or "e", in a token longer than 3: "-y"
 *   ("activities" → "activity"; "series" → "sery", as Lucene does; "ies" stays);
 * - "-aes", "-ees", "-ies", "-oes" otherwise: unchanged ("employees", "heroes");
 * - any other "-s": dropped ("engineers" → "engineer", "boxes" → "boxe", "sales" → "sale",
 *   alike on both sides of a match).
 */
export function minimalEnglishStem(token: string): string {
  const len = token.length;
  if (len < 3 || token.charCodeAt(len - 1) !== S) return token;
  const before = token[len - 2];
  if (before === 'u' || before === 's') return token;
  if (before === 'e') {
    const third = token[len - 3];
    if (len > 3 && third === 'i' && token[len - 4] !== 'a' && token[len - 4] !== 'e') return `${token.slice(0, -3)}y`;
    if (third === 'i' || third === 'a' || third === 'o' || third === 'e') return token;
  }
  return token.slice(0, -1);
}
const S = 's'.charCodeAt(0);
