/**
 * The company query parser on the twelfth session's families of phrasing: founding years by
 * events, by a thousands "k", by decades in words, by "prior to", a label of two words, the
 * current decade, a founding that "falls" in a year, years restated in brackets, a listing's year.
 * The phrases are written for these tests, not taken from an evaluation set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';

const filters = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;
const founded = (q: string) => filters(q).founded_year;

test('events of the late 20th century date a founding, glued to pre- or post- too', () => {
  assert.equal(founded('mints founded before the euro'), { max: 1998 });
  assert.equal(founded('post-euro payment firms'), { min: 2000 });
  assert.equal(founded('handset makers founded before the iPhone'), { max: 2006 });
  assert.equal(founded('studios started after the end of apartheid'), { min: 1995 });
  assert.equal(founded('banks founded after the euro crisis'), { min: 2013 });
  // The name as a modifier dates nothing.
  assert.equal(founded('lenders founded in the euro area'), undefined);
});

test('years by "k", decades in words, "prior to", the current decade', () => {
  assert.equal(founded('caterers founded 2k21 or later'), { min: 2021 });
  assert.equal(founded('tanneries founded in the eighteen-eighties'), { min: 1880, max: 1889 });
  assert.equal(founded('labels founded in the nineteen seventies'), { min: 1970, max: 1979 });
  assert.equal(founded('apps founded in the twenty-tens'), { min: 2010, max: 2019 });
  assert.equal(founded('quarries established prior to 1950'), { max: 1949 });
  assert.equal(founded('agencies started subsequent to 2012'), { min: 2013 });
  assert.equal(founded('robotics firms launched in the present decade'), { min: 2020 });
  // "2k" alone is an amount, no year.
  assert.equal(founded('2k employees logistics firms'), undefined);
});

test('a founding "falls" in a year, "founded year:" labels one, brackets restate it', () => {
  assert.equal(founded('kennels whose founding fell before 1990'), { max: 1989 });
  assert.equal(founded('bike shops | founded year: 1998'), { min: 1998, max: 1998 });
  assert.equal(founded('mills founded in the late 1990s (1997-1999)'), { min: 1997, max: 1999 });
  assert.equal(founded('post-crisis startup from 2012'), { min: 2012, max: 2012 });
});

test('a listing year is no founding year', () => {
  assert.equal(founded('brewers listed since 2015'), undefined);
  assert.equal(founded('brewers in business since 2015'), { min: 2015, max: 2015 });
});

const types = (q: string) => filters(q).company_types;
const stages = (q: string) => filters(q).funding_stages;

test('a listing by its parts is public; denied, private', () => {
  assert.equal(types('kayak makers whose shares trade in Oslo'), ['public_company']);
  assert.equal(types('insurers you can purchase stock in'), ['public_company']);
  assert.equal(types('miners that are meme stocks'), ['public_company']);
  assert.equal(types('hotel groups on a stock exchange'), ['public_company']);
  assert.equal(types('seed growers without a ticker'), ['privately_held']);
  assert.equal(types('bakeries with no free float'), ['privately_held']);
  assert.equal(types('brewers not on a stock exchange'), ['privately_held']);
  // Investing on a market trades others' shares.
  assert.equal(types('apps for investing on the stock market'), undefined);
});

test('legal forms by country, only where they are forms', () => {
  assert.equal(types('robotics firms organised as a Pte Ltd'), ['privately_held']);
  assert.equal(types('logistics firms that are Ltda'), ['privately_held']);
  assert.equal(types('food groups registered as a Tbk'), ['public_company']);
  assert.equal(types('museums run as companies limited by guarantee'), ['nonprofit']);
  assert.equal(types('choirs that are an e.V.'), ['nonprofit']);
  assert.equal(types('Acme Pty Ltd rivals in Perth'), undefined);
});

test('rounds and sources of money: friends and family, revenue alone, nothing raised, PE portfolios, past a round', () => {
  assert.equal(stages('kombucha brands with friends and family money'), ['pre_seed']);
  assert.equal(stages('agencies financed entirely through cash flow'), ['bootstrapped']);
  assert.equal(stages('tool makers that never took a penny'), ['bootstrapped']);
  assert.equal(stages("bakeries that don't have outside investors"), ['bootstrapped']);
  assert.equal(stages('dental chains bought out by a private equity firm'), ['private_equity']);
  assert.equal(stages('bottlers that are buyout fund portfolio companies'), ['private_equity']);
  assert.equal(stages('crm vendors past Series C'), ['series_d', 'series_e_plus']);
  assert.equal(stages('crm vendors beyond Series A'), ['series_b', 'series_c', 'series_d', 'series_e_plus']);
  // Investors had, not denied, say nothing of the stage.
  assert.equal(stages('kiln makers with investors'), undefined);
});

const funding = (q: string) => filters(q).total_funding_usd;

test('amounts in other currencies and scales: dollars, converted when the currency is far from one', () => {
  // Rupees, reais, yen, Hong Kong dollars, kronor: at the reference rate (currencies.ts).
  assert.equal(funding('agritechs that raised ₹12 crore'), { min: 1_440_000 });
  assert.equal(funding('agritechs that raised 8 lakhs rupees'), { min: 9_600 });
  assert.equal(funding('agritechs with INR 5 crore in funding'), { min: 600_000 });
  assert.equal(funding('fintechs that raised R$ 15 milhões'), { min: 2_700_000 });
  assert.equal(funding('robotics firms with ¥2bn+ raised'), { min: 13_400_000 });
  assert.equal(funding('game studios that raised 3億円'), { min: 2_010_000 });
  assert.equal(funding('edtechs that raised HK$8m'), { min: 1_040_000 });
  assert.equal(funding('marketplaces that raised between ₹10 and 30 crore'), { min: 1_200_000, max: 3_600_000 });
  assert.equal(funding('apps that raised SEK 40m or less'), { max: 4_000_000 });
  assert.equal(funding('startups that raised CN¥50m'), { min: 7_000_000 });
  // Near a dollar, face value: euros, pounds, Swiss francs.
  assert.equal(funding('reagent makers with CHF 3m+ raised'), { min: 3_000_000 });
  assert.equal(funding('startups that raised €10M'), { min: 10_000_000 });
  // Lakhs and crores with no currency written are rupees; "Rs" and "Rs." are the rupee.
  assert.equal(funding('startups that raised 50 crore'), { min: 6_000_000 });
  assert.equal(funding('startups that raised Rs. 50 crore'), { min: 6_000_000 });
  assert.equal(filters('dairies with revenue of 100 crore').revenue_usd, { min: 12_000_000 });
  assert.equal(funding('tiffin services that raised 5 lakh'), { min: 6_000 });
  assert.equal(funding('startups from Karachi that raised PKR 5 crore'), { min: 180_000 });
  // "¥" before the simplified Chinese scale sign is the yuan.
  assert.equal(funding('battery startups that raised ¥5亿'), { min: 70_000_000 });
  // An ISO code alone is money only with a scale or a money word ("50 PHP developers" are developers).
  assert.equal(funding('agencies with 50 PHP developers'), undefined);
  assert.equal(funding('top 50 TMT companies'), undefined);
  assert.equal(filters('top 50 TMT companies').categories?.include, ['tmt']);
  assert.equal(funding('startups with SEK 400000 in funding'), { min: 40_000 });
  // A name several currencies share, or a scale alone: face value.
  assert.equal(funding('apps that raised 40 millones de pesos or less'), { max: 40_000_000 });
  assert.equal(funding('biotechs that raised 2 milliards'), { min: 2_000_000_000 });
  // A code that is an English word, a name after a bare number, a letter before digits: no money.
  assert.equal(funding('TOP 50 fintechs'), undefined);
  assert.equal(funding('50 real estate agents'), undefined);
  assert.equal(funding('F5 competitors'), undefined);
});

test('a limit said by what sets it is a maximum', () => {
  assert.equal(funding('bakeries with funding capped at $2M'), { max: 2_000_000 });
  assert.equal(funding('bakeries with funding limited to €900k'), { max: 900_000 });
  assert.equal(funding('bakeries with funding no higher than £3M'), { max: 3_000_000 });
  assert.equal(filters('clinics with headcount capped at 40 staff').employee_count, { max: 40 });
});

test('head counts by "-plus" and by a trade with the rest of the staff', () => {
  assert.equal(filters('climbing gyms with 300-plus staff').employee_count, { min: 300 });
  assert.equal(filters('care homes with 80-plus nurses and staff').employee_count, { min: 80 });
  assert.equal(filters('ski schools with under 60 instructors & staff').employee_count, { max: 60 });
  // A count of things and staff is no head count.
  assert.equal(filters('hospitals with 40 beds and staff').employee_count, undefined);
});

test('a short word glued to the next is part of it in a sector', () => {
  assert.equal(filters('hi-fi amplifier makers').categories?.include, ['hi-fi amplifier']);
  assert.equal(filters('in-store analytics vendors').categories?.include, ['in-store analytics']);
  // "ex-" is a former employer's, a chain of links is read as before.
  assert.not.ok(filters('startups run by ex-Stripe engineers').categories?.include?.some((c) => c.startsWith('ex')));
});

test('participles held as verbs are adjectives before a noun', () => {
  assert.equal(filters('live streaming studios').categories?.include, ['live streaming']);
  assert.equal(filters('raised floor installers').categories?.include?.[0], 'raised floor installation');
  // A verb still: after the company, or before a place word.
  assert.equal(filters('bakeries living in Berlin').categories?.include, ['bakery', 'bakeries']);
  assert.equal(filters('kiln makers that raised $4M').categories?.include, ['kiln']);
});

test.run();
