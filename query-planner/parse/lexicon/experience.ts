/**
 * Number words for years of experience ("seven years", "a decade").
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */

/** Number words for experience ("seven years", "a decade"). */
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
  }),
);
