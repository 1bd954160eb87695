/**
 * Number words as people write counts ("seven years", "fifteen years old", "a team of twelve").
 * Part of the parser's lexicon (parse/lexicon/): general English, shared by the people parser
 * (years of experience) and the company parser (company ages).
 */

/** Count words and their values. */
export const NUMBER_WORDS: ReadonlyMap<string, number> = new Map(
  Object.entries<number>({
    one: 1,
    two: 2,
    three: 3,
    four: 4,
    five: 5,
    six: 6,
    seven: 7,
    eight: 8,
    nine: 9,
    ten: 10,
    eleven: 11,
    twelve: 12,
    thirteen: 13,
    fourteen: 14,
    fifteen: 15,
    sixteen: 16,
    seventeen: 17,
    eighteen: 18,
    nineteen: 19,
    twenty: 20,
    'twenty-five': 25,
    thirty: 30,
    forty: 40,
    fifty: 50,
    hundred: 100,
  }),
);
