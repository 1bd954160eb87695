/**
 * Company stages ("seed", "Series B", "pre-IPO"), company contexts ("startup", "big tech") and the sizes they imply.
 * Part of the people parser's lexicon (parse/lexicon/): general English and job-market words,
 * written as people type them and split the way the tokenizer splits text.
 */
import type { FundingStage } from '../../advanced-filters.js';
import { words } from './words.js';

/** Company stage words → funding stages. */
export const STAGE_PHRASES: [string, FundingStage[]][] = [
  ['bootstrapped', ['bootstrapped']],
  ['self-funded', ['bootstrapped']],
  ['pre-seed', ['pre_seed']],
  ['preseed', ['pre_seed']],
  ['pre-seed stage', ['pre_seed']],
  ['seed', ['seed']],
  ['seed stage', ['seed']],
  ['seed-stage', ['seed']],
  ['seed funded', ['seed']],
  ['seed-funded', ['seed']],
  ['series a', ['series_a']],
  ['series b', ['series_b']],
  ['series c', ['series_c']],
  ['series d', ['series_d']],
  ['series e', ['series_e_plus']],
  ['series f', ['series_e_plus']],
  ['series e+', ['series_e_plus']],
  // The round named by its letter: "B round", "round B" ("A-round" in tokens.ts expandShorthand;
  // not "a round" or "round a": the article).
  ['b round', ['series_b']],
  ['c round', ['series_c']],
  ['d round', ['series_d']],
  ['round b', ['series_b']],
  ['round c', ['series_c']],
  // The letters after D are one stage, E and later ("a G round", "round F").
  ...['e', 'f', 'g', 'h'].flatMap((l): [string, FundingStage[]][] => [
    [`${l} round`, ['series_e_plus']],
    [`round ${l}`, ['series_e_plus']],
  ]),
  ['series a-b', ['series_a', 'series_b']],
  ['series a/b', ['series_a', 'series_b']],
  ['series b-c', ['series_b', 'series_c']],
  ['series b/c', ['series_b', 'series_c']],
  ['series a-c', ['series_a', 'series_b', 'series_c']],
  ['series a to c', ['series_a', 'series_b', 'series_c']],
  ['series a or b', ['series_a', 'series_b']],
  ['series b or c', ['series_b', 'series_c']],
  ['series a through c', ['series_a', 'series_b', 'series_c']],
  ['early stage', ['pre_seed', 'seed', 'series_a']],
  ['early-stage', ['pre_seed', 'seed', 'series_a']],
  ['early stage startup', ['pre_seed', 'seed', 'series_a']],
  ['early-stage startup', ['pre_seed', 'seed', 'series_a']],
  ['early stage startups', ['pre_seed', 'seed', 'series_a']],
  ['early-stage startups', ['pre_seed', 'seed', 'series_a']],
  ['growth stage', ['series_b', 'series_c', 'series_d']],
  ['growth-stage', ['series_b', 'series_c', 'series_d']],
  ['late stage', ['series_d', 'series_e_plus']],
  ['late-stage', ['series_d', 'series_e_plus']],
  ['venture backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['venture-backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['vc backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['vc-backed', ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus']],
  ['pe backed', ['private_equity']],
  ['pe-backed', ['private_equity']],
  ['private equity backed', ['private_equity']],
  ['private equity-backed', ['private_equity']],
  ['public company', ['public']],
  ['public companies', ['public']],
  ['publicly traded', ['public']],
  ['publicly-traded', ['public']],
  ['listed company', ['public']],
  ['listed companies', ['public']],
];

/** Company context without a numeric filter of its own ("startup", "big tech", "FAANG", "unicorn"). */
export const CONTEXT_PHRASES: [string, string][] = [
  ['startup', 'startup'],
  ['startups', 'startup'],
  ['start-up', 'startup'],
  ['start-ups', 'startup'],
  ['big tech', 'big_tech'],
  ['faang', 'big_tech'],
  ['maang', 'big_tech'],
  ['manga', 'big_tech'],
  ['fang', 'big_tech'],
  ['yc', 'startup'],
  ['yc-backed', 'startup'],
  ['y combinator', 'startup'],
  ['unicorn', 'unicorn'],
  ['unicorns', 'unicorn'],
  ['scaleup', 'scaleup'],
  ['scale-up', 'scaleup'],
  ['scaleups', 'scaleup'],
  ['scale-ups', 'scaleup'],
  ['fortune 500', 'large_enterprise'],
  ['fortune 100', 'large_enterprise'],
  ['enterprise', 'enterprise'],
  ['enterprises', 'enterprise'],
  ['large enterprise', 'large_enterprise'],
  ['large enterprises', 'large_enterprise'],
  ['small business', 'small_business'],
  ['small businesses', 'small_business'],
];

/** Company sizes implied by a context word (employee counts). */
export const CONTEXT_SIZES: ReadonlyMap<string, { min?: number; max?: number }> = new Map(
  Object.entries<{ min?: number; max?: number }>({
    big_tech: { min: 10_000 },
    large_enterprise: { min: 1_000 },
    small_business: { max: 200 },
  }),
);

/** Words after "enterprise" that make it a sales segment inside a title ("Enterprise AE"). */
export const SEGMENT_FOLLOWERS = new Set(
  words(
    'sales account accounts ae aes csm csms customer architect architects solutions sdr sdrs bdr bdrs executive executives segment product support success marketing partnerships partner program programs risk it data integration integrations development security application applications systems infrastructure relationship client operations services tam tams',
  ),
);
