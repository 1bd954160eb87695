/**
 * Numbers of a company query: money (total funding, revenue, valuation; money.ts), founding
 * years (founded.ts) and employee counts (headcount.ts), sharing the comparatives of
 * number-words.ts.
 *
 * Conventions (the evaluation labels read them this way; docs/natural-language.md):
 * - every bound is inclusive and sits at the number written: "under 30 people" → max 30,
 *   "fewer than 50" → max 50, "more than $500M" → min 500M, "400+" → min 400, "50-150" →
 *   50..150; founding years follow the words instead ("founded after 2020" → min 2021,
 *   "founded before 2008" → max 2007, "since 2015" → min 2015; founded.ts);
 * - a single number without a comparative is a floor: "raised $50 million" → min 50M,
 *   "with 50 employees" → min 50 (people name a figure they want reached);
 * - money: "$100M+", "1B+", "$10-30M" (the scale of the second number applies to the first),
 *   "$200M-$500M", "between $100M and $300M", "$50 million", "€10M" (read as USD: the filters
 *   have no currency). Money is funding unless a revenue word ("revenue", "ARR", "sales",
 *   "turnover") or a valuation word ("valued at", "valuation", "worth") is nearer; valuations
 *   are recognised but not filtered (CompanyFilters has no valuation);
 * - founding years need a cue: "founded / started / established / launched / born /
 *   incorporated in 2019", "since 2015" (min), "from 2023", "2013-era", "class of 2014", a year
 *   in front of the company ("2024 AI company"); ranges "2015-2018", "between 2016 and 2018";
 *   "2020+" (min); decades "2010s" (2010-2019), "early 2000s" (2000-2005), "mid 2010s"
 *   (2013-2017), "late 90s" (1996-1999); events "during COVID" (2020-2021), "COVID lockdowns"
 *   (2020), "financial crisis" / "recession" (2008-2009), "dot-com bubble" (1995-2000);
 *   "survived the 2008 crisis" → max 2007; "after COVID" → min 2022, "before the pandemic" →
 *   max 2019; relative: "this decade", "in the last 5 years", "less than 3 years old". A year
 *   after "raised" / "acquired" without a founding cue is not a founding year. "NOT founded in
 *   2021" is dropped (a range cannot exclude a year);
 * - employee counts need an employee word ("employees", "people", "staff", "headcount",
 *   "FTEs", "-person"), a team phrase ("team of 15", "small teams under 40"), or stand bare as a
 *   range or a "+" ("fintech 80-200", "in the 50-100 range", "500+") or after a comparative
 *   ("still small, under 20"); a unit after the number ("18 months", "5 years", "10x") rules it
 *   out. Size words apply only without a number: tiny team → max 20, small / lean team or
 *   startup → max 50, small company → max 200, mid-size(d) → 200..1,000, large / big / massive /
 *   huge team or company → min 1,000.
 */

import type { Token } from '../tokens.js';
import { scanFounded } from './founded.js';
import { scanEmployees, scanSizeWords } from './headcount.js';
import { scanMoney } from './money.js';
import type { NumberMention } from './number-words.js';
import type { Scopes } from './scopes.js';

export type { NumberKind, NumberMention } from './number-words.js';

export interface NumberScan {
  money: NumberMention[];
  founded: NumberMention[];
  employees: NumberMention[];
  /** Size words ("tiny teams"): used only without an explicit count. */
  sizeWords: NumberMention[];
}

/** Money first (it owns "$" and "M"), then founding years, then head counts. */
export function scanNumbers(tokens: Token[], scopes: Scopes, now: number): NumberScan {
  const money = scanMoney(tokens, scopes);
  const founded = scanFounded(tokens, scopes, now);
  const employees = scanEmployees(tokens, scopes);
  const sizeWords = scanSizeWords(tokens, scopes);
  return { money, founded, employees, sizeWords };
}
