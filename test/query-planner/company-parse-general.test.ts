/**
 * The company query parser on language no vocabulary list holds (issue 12): open-vocabulary
 * sectors, year words, relative ages, number forms, company-type words, demonyms. The phrases
 * here are written for these tests, not taken from the evaluation sets.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';

const YEAR = 2026;
const parse = (q: string) => parseCompanyQuery(q, { year: YEAR });
const filters = (q: string) => parse(q).filters;
const included = (q: string) => filters(q).categories?.include ?? [];

test('open sectors: the descriptive phrase before the head noun becomes a category', () => {
  assert.equal(included('drone inspection companies'), ['drone inspection']);
  assert.equal(included('pet insurance providers in Spain'), ['pet insurance']);
  assert.equal(included('ghost kitchens in Lagos'), ['ghost kitchens']);
  assert.equal(included('artisanal cheese makers founded before 1950'), ['artisanal cheese']);
  assert.equal(included('yacht charter businesses with under 20 employees'), ['yacht charter']);
  assert.equal(included('Series A soil sensor startups'), ['soil sensor']);
  assert.equal(included('public boat ramp operators'), ['boat ramp']);
});

test('open sectors: relative clauses and verbs of doing', () => {
  assert.equal(included('companies that make violins'), ['violins']);
  assert.equal(included('startups building lunar landers'), ['lunar landers']);
  assert.equal(included('firms working on tidal power'), ['tidal power']);
  assert.equal(included('companies in the glassblowing space'), ['glassblowing']);
});

test('open sectors: a known sector inside a longer phrase is part of it, and only expands it', () => {
  const p = parse('immigration legal tech companies in Canada');
  assert.equal(p.filters.categories, { include: ['immigration legal tech'] });
  assert.is(p.filters.industries, undefined);
  assert.ok(p.keywords.includes('legal'));
  assert.equal(included('beekeeping software vendors'), ['beekeeping software']);
});

test('open sectors: places, sizes, years, stages, types and evaluation words are stripped', () => {
  assert.equal(included('the biggest Norwegian privately held fjord cruise operators founded after 1990 with 50+ staff'), ['fjord cruise']);
  assert.equal(included('leading seed-stage greenhouse robot makers'), ['greenhouse robot']);
});

test('open sectors: no category from attributes, agents, or the company noun alone', () => {
  assert.is(filters('companies with a hybrid work policy').categories, undefined);
  assert.is(filters('startups founded by former astronauts').categories, undefined);
  assert.is(filters('biggest companies in Brazil').categories, undefined);
  assert.is(filters('startups that raised a Series B in 2024').categories, undefined);
});

test('open sectors: negation excludes the phrase', () => {
  assert.equal(filters('Icelandic fishing companies, excluding whale watching').categories, {
    include: ['fishing'],
    exclude: ['whale watching'],
  });
});

test('founded year: after / before are strict, since / from / by inclusive', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.equal(y('breweries founded after 1990'), { min: 1991 });
  assert.equal(y('breweries founded before 1990'), { max: 1989 });
  assert.equal(y('breweries founded since 1990'), { min: 1990 });
  assert.equal(y('breweries founded from 1990'), { min: 1990 });
  assert.equal(y('breweries founded by 1990'), { max: 1990 });
  assert.equal(y('breweries founded no later than 1990'), { max: 1990 });
  assert.equal(y('breweries founded no earlier than 1990'), { min: 1990 });
  assert.equal(y('breweries founded in 1990 or 1991'), { min: 1990, max: 1991 });
  assert.equal(y('breweries founded between 1990 and 1995'), { min: 1990, max: 1995 });
  assert.equal(y('breweries founded in the 1990s'), { min: 1990, max: 1999 });
  assert.equal(y('breweries founded in the 1700s'), { min: 1700, max: 1799 });
  assert.equal(y('post-1990 breweries'), { min: 1991 });
  assert.equal(y('pre-1990 breweries'), { max: 1989 });
  assert.equal(y('breweries founded after the 1990s'), { min: 2000 });
});

test('ranges written high to low are the same span: years, head counts, money', () => {
  assert.equal(filters('saas companies founded between 2020 and 2015').founded_year, { min: 2015, max: 2020 });
  assert.equal(filters('startups founded 1999-05').founded_year, { min: 1999, max: 2005 });
  assert.equal(filters('startups founded 2015-18').founded_year, { min: 2015, max: 2018 });
  assert.equal(filters('logistics firms with between 500 and 200 employees').employee_count, { min: 200, max: 500 });
  assert.equal(filters('companies with 10M-5M in funding').total_funding_usd, { min: 5_000_000, max: 10_000_000 });
  assert.equal(filters('companies that raised between $300M and $100M').total_funding_usd, { min: 100_000_000, max: 300_000_000 });
});

test('founding years: halves of a period, thru, slashes, "&", a label\'s colon, a second bound, "no sooner than"', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.equal(y('cardamom traders founded in the first half of the 2000s'), { min: 2000, max: 2004 });
  assert.equal(y('marshmallow brands founded in the second half of the 1990s'), { min: 1995, max: 1999 });
  assert.equal(y('mills founded in the latter half of the 19th century'), { min: 1850, max: 1899 });
  assert.equal(y('bamboo flooring companies founded 2008 thru 2012'), { min: 2008, max: 2012 });
  assert.equal(y('mead producers founded 2016/2017'), { min: 2016, max: 2017 });
  assert.equal(y('syringe manufacturers founded between 1990 & 2000'), { min: 1990, max: 2000 });
  assert.equal(y('craft soda brands | founded: 2019'), { min: 2019, max: 2019 });
  assert.equal(y('detergent makers founded after 1945 but before 1960'), { min: 1946, max: 1959 });
  assert.equal(y('firms founded since 2010 and no later than 2015'), { min: 2010, max: 2015 });
  assert.equal(y('hard hat makers founded no sooner than 2010'), { min: 2010 });
  // A year and its month is no span into the next century.
  assert.equal(y('startups founded 2019-03'), { min: 2019, max: 2019 });
  assert.equal(filters('companies founded in 2015 - 10 employees').employee_count, { min: 10 });
  // Operations in a place since a year do not date the founding.
  assert.equal(y('companies operating in Europe since 2015'), { min: 2015 });
  assert.equal(filters('hard hat makers founded no sooner than 2010').categories?.exclude, undefined);
});

test('head counts and amounts in words: digits, dozens, "sub-", "a million raised"; rounds by their letter', () => {
  assert.equal(filters('notary firms with a single-digit headcount').employee_count, { min: 1, max: 9 });
  assert.equal(filters('translation agencies with a double-digit headcount').employee_count, { min: 10, max: 99 });
  assert.equal(filters('companies with triple-digit growth').employee_count, undefined);
  assert.equal(filters('patent search firms with fewer than a dozen employees').employee_count, { max: 12 });
  assert.equal(filters('sub-50 employee registered agent firms').employee_count, { max: 50 });
  assert.equal(filters('water tower inspection startups with less than a million raised').total_funding_usd, { max: 1_000_000 });
  assert.equal(filters('firms with two to three million in funding').total_funding_usd, { min: 2_000_000, max: 3_000_000 });
  assert.equal(filters('A-round crossfit app startups').funding_stages, ['series_a']);
  assert.equal(filters('B round fintechs').funding_stages, ['series_b']);
  assert.equal(filters('startups that closed a round of funding over $10M').funding_stages, undefined);
  assert.equal(filters('companies that closed a round a few months ago in Berlin').funding_stages, undefined);
  // Millions in words before what they count are no money.
  assert.equal(filters('companies with over a million employees').employee_count, { min: 1_000_000 });
  assert.equal(filters('companies with a million users').total_funding_usd, undefined);
  assert.equal(filters('startups that raised $10M-$5M').total_funding_usd, { min: 5_000_000, max: 10_000_000 });
  assert.equal(filters('companies with a home office in Denver').locations, undefined);
  // A town opening the query before a word for companies is where they are.
  assert.equal(filters('Swindon businesses with 20-100 employees').locations, { include: ['Swindon'] });
  assert.equal(filters('Aktau startups').locations, { include: ['Aktau'] });
  assert.equal(filters('Mobile startups').locations, undefined);
  // Parastatals and state control are the government; an exchange by name is a listing, not a headquarters.
  assert.equal(filters('parastatals in Kisii').company_types, ['government_agency']);
  assert.equal(filters('state-controlled urea plants').company_types, ['government_agency']);
  assert.equal(filters('e-cigarette makers trading on Borsa Istanbul').company_types, ['public_company']);
  assert.equal(filters('e-cigarette makers trading on Borsa Istanbul').locations, undefined);
  assert.equal(filters('coliving operators listed on the Tadawul').categories, { include: ['coliving'] });
  // A head office is the headquarters; offices are not.
  assert.equal(filters('swimwear brands with their head office in Faro').locations, { include: ['Faro'] });
  assert.equal(filters('brands with offices in Lisbon').locations, undefined);
});

test('"been around since", "in business since": the year it began, not any year after', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.equal(y('barbed wire makers that have been around since 1921'), { min: 1921, max: 1921 });
  assert.equal(y('family firms in business since the 1950s'), { min: 1950, max: 1959 });
  assert.equal(y('foundries in operation since 1890'), { min: 1890, max: 1890 });
  assert.equal(y('agencies trading since 1985'), { min: 1985, max: 1985 });
  // "Since" alone is still any year from then on.
  assert.equal(y('fintech startups since 2015'), { min: 2015 });
});

test('founded year: ages and relative spans count from the year option', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.equal(y('wineries older than 30 years'), { max: YEAR - 31 });
  assert.equal(y('wineries more than 30 years old'), { max: YEAR - 31 });
  assert.equal(y('wineries at least 30 years old'), { max: YEAR - 30 });
  assert.equal(y('wineries less than 4 years old'), { min: YEAR - 3 });
  assert.equal(y('wineries under four years old'), { min: YEAR - 3 });
  assert.equal(y('wineries younger than 4 years'), { min: YEAR - 3 });
  assert.equal(y('wineries founded in the last three years'), { min: YEAR - 2 });
  assert.equal(parseCompanyQuery('wineries less than 4 years old', { year: 2030 }).filters.founded_year, { min: 2027 });
});

test('numbers: comparatives, plus signs, scale words and fractions', () => {
  assert.equal(filters('labs with no more than 30 employees').employee_count, { max: 30 });
  assert.equal(filters('labs with not less than 30 employees').employee_count, { min: 30 });
  assert.equal(filters('labs under 50 people').employee_count, { max: 50 });
  assert.equal(filters('labs with 10k+ employees').employee_count, { min: 10000 });
  assert.equal(filters('labs that raised $30 million+').total_funding_usd, { min: 30_000_000 });
  assert.equal(filters('labs that raised half a billion dollars or more').total_funding_usd, { min: 500_000_000 });
  assert.equal(filters('labs that raised a quarter of a billion').total_funding_usd, { min: 250_000_000 });
  assert.equal(filters('labs that raised over 1.5bn').total_funding_usd, { min: 1_500_000_000 });
});

test('company types in general language', () => {
  const t = (q: string) => filters(q).company_types;
  assert.equal(t('not-for-profit theatres'), ['nonprofit']);
  assert.equal(t('not for profit theatres'), ['nonprofit']);
  assert.equal(t('501(c)(3) theatres'), ['nonprofit']);
  assert.equal(t('theatre charities'), ['nonprofit']);
  assert.equal(t('TSX-listed lumber companies'), ['public_company']);
  assert.equal(t('listed lumber companies'), ['public_company']);
  assert.equal(t('lumber companies listed on the stock exchange'), ['public_company']);
  assert.equal(t('family-owned lumber companies'), ['privately_held']);
  assert.equal(t('state-run lumber companies'), ['government_agency']);
  assert.equal(t('port authorities in Europe'), ['government_agency']);
  assert.equal(t('public library agencies'), ['government_agency']);
  assert.is(t('public relations agencies'), undefined);
});

test('demonyms from the world-countries list; every resolved place is in places', () => {
  const p = parse('Lithuanian and Mongolian logistics companies');
  assert.equal(p.filters.locations, { include: ['Lithuania', 'Mongolia'] });
  assert.equal(
    p.places.map((x) => x.name),
    ['Lithuania', 'Mongolia'],
  );
  assert.equal(filters('Irish government agencies').locations, { include: ['Ireland'] });
  assert.equal(filters('call centres in Peru').locations, { include: ['Peru'] });
  // Groups of countries the gazetteer has no region for: their countries.
  assert.equal(filters('Iberian shoe makers').locations, { include: ['Spain', 'Portugal'] });
  assert.equal(filters('startups in the Baltics').locations, { include: ['Estonia', 'Latvia', 'Lithuania'] });
  // A group the gazetteer names is its region (its filter covers the same countries).
  assert.equal(
    parse('fintech in Central Asia').places.map((x) => [x.kind, x.name]),
    [['region', 'Central Asia']],
  );
  // Sites in an attribute clause are not the headquarters.
  assert.is(filters('Dutch company with offices in Peru').locations?.include?.includes('Peru'), false);
});

test('trades named by their agents, "IT", stage ranges, age ranges, head counts and who a company serves', () => {
  // A trade named by its agents is its activity, and the words written.
  assert.equal(included('Peruvian copper smelters'), ['copper smelting', 'copper smelters']);
  assert.equal(included('shipbuilders in Korea'), ['shipbuilding', 'shipbuilders']);
  assert.equal(included('mortgage lenders with under 100 employees'), ['mortgage lending', 'mortgage lenders']);
  // Products that end alike are not trades.
  assert.equal(included('smart speaker companies'), ['smart speaker']);
  // "IT" is information technology when written in capitals or before a word of that trade.
  assert.equal(included('IT outsourcing firms in Vietnam'), ['it outsourcing']);
  assert.equal(included('it support companies in Leeds'), ['it support']);
  assert.equal(included('IT companies in Pune'), ['information technology']);
  assert.equal(included('companies that make it simple to file taxes').includes('it'), false);
  // Stages from, or up to, the one named.
  assert.equal(filters('Series C or later logistics startups').funding_stages, ['series_c', 'series_d', 'series_e_plus']);
  assert.equal(filters('seed stage or earlier').funding_stages, ['pre_seed', 'seed']);
  assert.equal(included('Series D and above insurtech').includes('above'), false);
  // Ages as a range; the comparison right before a year; a count that looks like a year.
  assert.equal(filters('agencies 3-6 years old').founded_year, { min: YEAR - 6, max: YEAR - 3 });
  assert.equal(filters('firms between 10 and 20 years old').founded_year, { min: YEAR - 20, max: YEAR - 10 });
  assert.equal(filters('startups spun out of Oxford since 2019').founded_year, { min: 2019 });
  assert.equal(included('startups spun out of Oxford since 2019'), []);
  const staff = filters('logistics firms with 2500+ staff');
  assert.equal([staff.employee_count, staff.founded_year], [{ min: 2500 }, undefined]);
  // Places: "X-wide", "HQ'd in".
  assert.equal(filters('EMEA-wide payroll bureaus').locations, { include: ['EMEA'] });
  assert.equal(included("payroll bureaus HQ'd in Dublin"), ['payroll bureaus']);
  // Whom a company serves or works with is not its type; where it came from is not its sector.
  assert.equal(filters('public sector consultancies in Wales').company_types, undefined);
  assert.equal(filters('law firms that work with listed companies').company_types, undefined);
  assert.equal(filters('software vendors that sell to government agencies').company_types, undefined);
  assert.equal(filters('public sector bodies in Wales').company_types, ['government_agency']);
  assert.equal(filters('employee-owned architecture practices').company_types, ['privately_held']);
});

test('third own set: bare tech, coinages as written, index members, sector abbreviations, centuries', () => {
  // "tech" alone is the technology sector; with another sector it is that sector's tail.
  assert.equal(included('tech companies headquartered in Japan'), ['technology']);
  assert.equal(included('Armenian tech startups'), ['technology']);
  assert.equal(included('climate tech startups').includes('technology'), false);
  // A "-tech" coinage is kept as written beside the taxonomy's reading.
  assert.equal(included('regtech startups in Lithuania'), ['regtech', 'compliance']);
  // Members of a stock index are listed; a ranking is not an index.
  assert.equal(filters('S&P 500 utilities').company_types, ['public_company']);
  assert.equal(filters('FTSE 100 oil and gas companies').company_types, ['public_company']);
  assert.equal(filters('Fortune 500 cement companies').company_types, undefined);
  // Sector abbreviations; investors are no sector.
  assert.ok(included('VC firms in Warsaw').includes('venture capital'));
  assert.ok(included('PE firms in Stockholm').includes('private equity'));
  assert.ok(included('3PL providers in Panama').includes('third-party logistics'));
  assert.equal(included('startups backed by top VCs'), []);
  assert.equal(filters('cold storage companies owned by private equity').funding_stages, ['private_equity']);
  // Centuries by their ordinal.
  assert.equal(filters('book publishers founded in the 19th century').founded_year, { min: 1800, max: 1899 });
  assert.equal(filters('banks established in the late nineteenth century').founded_year, { min: 1860, max: 1899 });
  assert.equal(filters('companies founded in the 21st century').founded_year, { min: 2000 });
  // Short demonyms; a demonym that starts a country's name leaves it whole.
  assert.equal(filters('uzbek startups founded in 2024').locations, { include: ['Uzbekistan'] });
  assert.equal(included('uzbek startups founded in 2024'), []);
  assert.equal(included('board game publishers in the Czech Republic').includes('republic'), false);
  // The stage of a disease or a drug, and a compound word, are no funding round.
  assert.equal(filters('early-stage cancer detection companies').funding_stages, undefined);
  assert.equal(filters('biotechs in Basel with late-stage clinical assets').funding_stages, undefined);
  assert.equal(filters('seed-to-sale software for cannabis dispensaries').funding_stages, undefined);
  assert.equal(filters('early-stage startups').funding_stages, ['pre_seed', 'seed', 'series_a']);
  // Managers, lessors, pollsters and shipowners name their trade's activity.
  assert.equal(included('asset managers older than 50 years'), ['asset management', 'asset managers']);
  assert.equal(included('aircraft lessors in Ireland'), ['aircraft leasing', 'aircraft lessors']);
  assert.equal(included('reinsurers in Bermuda'), ['reinsurance', 'reinsurers']);
  // A head noun in front modifies the next word.
  assert.equal(included('board game publishers'), ['board game publishing', 'board game publishers']);
  assert.equal(included('label printing companies'), ['label printing']);
  assert.equal(included('office furniture makers'), ['office furniture']);
  // An exclusion is as narrow as it was said.
  assert.equal(filters('crypto exchanges in Argentina but not NFT marketplaces').categories?.exclude, ['nft marketplaces']);
  assert.equal(filters('software companies, no adtech').categories?.exclude, ['adtech']);
});

test('ages in words and adjective ages are at least that old', () => {
  // "A 100-year-old brewery" is a milestone reached; "a 5-year-old startup" is about five years old.
  assert.equal(filters('100-year-old breweries in Germany').founded_year, { max: YEAR - 100 });
  assert.equal(filters('5-year-old startups').founded_year, { min: YEAR - 5, max: YEAR - 5 });
  assert.equal(filters('wineries 50 years old').founded_year, { min: YEAR - 50, max: YEAR - 50 });
  // Ages in words are neither sectors nor exact.
  const century = filters('century-old family businesses in Japan');
  assert.equal([century.founded_year, century.categories], [{ max: YEAR - 100 }, undefined]);
  assert.equal(filters('centuries-old wineries in France').founded_year, { max: YEAR - 200 });
  assert.equal(filters('decades-old foundries').founded_year, { max: YEAR - 20 });
  assert.equal(filters('half-century-old textile mills').founded_year, { max: YEAR - 50 });
  assert.equal(filters('banks over a century old').founded_year, { max: YEAR - 101 });
  assert.equal(filters('insurers less than a century old').founded_year, { min: YEAR - 99 });
});

test('fourth own set: compounds of "public" and "private", rounds before any noun, head counts that look like years, demonyms beside acronyms', () => {
  // "public" and "private" in a fixed phrase are no company type.
  assert.equal(filters('public address system manufacturers').company_types, undefined);
  assert.equal(included('private investigators in Leeds'), ['private investigation', 'private investigators']);
  assert.equal(filters('private investigators in Leeds').company_types, undefined);
  assert.equal(filters('public accounting firms in Ohio').company_types, undefined);
  assert.equal(filters('public SaaS companies').company_types, ['public_company']);
  assert.equal(filters('private companies in fintech').company_types, ['privately_held']);
  // A round's name is a round whatever noun follows; only "early-stage" and "late-stage" can be a disease's.
  assert.equal(filters('pre-seed dementia care apps').funding_stages, ['pre_seed']);
  assert.equal(filters('early-stage dementia care startups').funding_stages, undefined);
  // Right after "headcount" or "workforce", a number in the years' range is a head count.
  assert.equal(filters('bakeries with a headcount above 2,000').employee_count, { min: 2000 });
  assert.equal(filters('firms with a workforce of over 2000').employee_count, { min: 2000 });
  assert.equal(filters('small teams founded after 2005').founded_year, { min: 2006 });
  assert.equal(filters('small teams founded after 2005').employee_count, { max: 50 });
  // An acronym capitalises no name: a demonym in small letters beside it is still the country.
  assert.equal(filters('kenyan NGOs').locations, { include: ['Kenya'] });
  assert.equal(filters('ghanaian NGOs founded after 2010').locations, { include: ['Ghana'] });
  assert.equal(filters('polish the deck for Acme').locations, undefined);
  // Capitals elsewhere (a place's code) leave a small-letter demonym a word: the cuisine, not the country.
  assert.equal(filters('chinese restaurants in NYC').locations, { include: ['NYC'] });
  assert.equal(filters('indian restaurants in NJ').locations, { include: ['NJ'] });
});

test('a thing before a head noun is the sector; "dating" and decades of style are no founding years', () => {
  assert.equal(included('house builders'), ['house']);
  assert.equal(included('mobile app developers in austin'), ['mobile app']);
  assert.equal(included('software tool vendors'), ['software tool']);
  // Generic heads stay heads.
  assert.equal(filters('service providers').categories, undefined);
  // "dating" cues a year only before "back", "from" or "to"; a nearer founding verb governs.
  assert.equal(included('dating apps founded in 2020'), ['dating']);
  assert.equal(filters('dating apps founded in 2020').founded_year, { min: 2020, max: 2020 });
  assert.equal(filters('breweries dating back to 1890').founded_year, { min: 1890, max: 1890 });
  assert.equal(filters('1950s-style diner chains').founded_year, undefined);
  assert.equal(filters('vintage 1990s streetwear resellers').founded_year, undefined);
  assert.equal(filters('1990s software companies').founded_year, { min: 1990, max: 1999 });
});

test('company types: exchanges and government debt are trades, not types', () => {
  assert.equal(filters('stock exchange operators').company_types, undefined);
  assert.equal(filters('companies listed on a stock exchange').company_types, ['public_company']);
  assert.equal(filters('government bond trading platforms').company_types, undefined);
  assert.equal(filters('government agencies in ohio').company_types, ['government_agency']);
});

test('regions: Greater China, Central Africa, the Sahel', () => {
  assert.equal(filters('semiconductor distributors in Greater China').locations, { include: ['Greater China'] });
  assert.equal(filters('mining suppliers in central africa').locations, { include: ['central africa'] });
  assert.equal(filters('solar firms across the Sahel').locations, { include: ['Sahel'] });
});

test('a sector whose plural ends in "-ies" is filed in the singular too', () => {
  assert.equal(included('wineries in Napa'), ['winery', 'wineries']);
  // Only to an English word: "smoothies" stays as written.
  assert.equal(included('smoothies bars in Leeds')[0]?.startsWith('smoothy'), false);
  assert.equal(included('online pharmacies in egypt'), ['online pharmacy', 'online pharmacies']);
  assert.equal(included('TV series producers'), ['tv series']);
  assert.equal(included('consultancies in London'), ['consultancies', 'consulting']);
});

test('a demonym that is also an English word, after a noun in small letters, is the word', () => {
  assert.equal(filters('nail polish brands founded in the 2010s').locations, undefined);
  assert.equal(filters('shoe polish makers').categories?.include, ['shoe polish']);
  // After a size or evaluation word, or opening the query, it is the country.
  assert.equal(filters('small polish banks').locations?.include, ['Poland']);
  assert.equal(filters('polish logistics firms').locations?.include, ['Poland']);
});

test('who owns, leads or backs a company is no part of its sector (2026-11-29)', () => {
  assert.equal(included('women-led fintech startups'), ['fintech', 'financial services']);
  assert.equal(included('veteran-owned cybersecurity firms'), ['cybersecurity', 'computer & network security']);
  assert.equal(included('founder-led SaaS companies'), ['saas', 'software']);
  assert.equal(included('YC-backed robotics startups'), ['robotics']);
  assert.equal(filters('minority-owned businesses in Atlanta').categories, undefined);
  // Kept as a keyword for the text match.
  assert.ok(parse('women-led fintech startups').keywords.includes('women-led'));
  // "-led", "-run", "-operated" and "-founded" say who only after a person or group; after
  // anything else they say how, and the compound stays whole.
  assert.equal(included('instructor-led training providers'), ['instructor-led training']);
  assert.equal(included('coin-operated laundromats'), ['coin-operated laundromats']);
  assert.equal(included('community-led growth startups'), ['community-led growth']);
  // What an asset backs is a product: those compounds stay whole.
  assert.equal(included('asset-backed lending startups'), ['asset-backed lending']);
  assert.equal(included('gold-backed stablecoin issuers'), ['gold-backed stablecoin issuers']);
  // Other glued compounds stay whole.
  assert.equal(included('AI-powered drug discovery'), ['ai-powered drug discovery']);
});

test('an agency of the state: the cue word is the type, the field between is the sector', () => {
  const p = filters('national space agency');
  assert.equal(p.company_types, ['government_agency']);
  assert.equal(p.categories?.include, ['space']);
  assert.equal(filters('state-run space agency in India').categories?.include, ['space']);
  assert.equal(included('federal food safety agency'), ['food safety']);
});

test('a verb after a relative pronoun and a stop-word adverb is no sector', () => {
  assert.equal(included('German climate tech that recently closed a seed round'), ['climate', 'renewables & environment']);
  assert.equal(filters('German climate tech that recently closed a seed round').funding_stages, ['seed']);
  assert.equal(included('robotics startups that just raised'), ['robotics']);
});

test('a demonym before "food tech" is the country; before "food" alone, a cuisine', () => {
  assert.equal(filters('Chilean food tech startup').locations?.include, ['Chile']);
  assert.equal(filters('Mexican food companies in Texas').locations?.include, ['Texas']);
});

test('late in a decade is its second half, as early is its first', () => {
  assert.equal(filters('telecom operators founded in the late 1990s').founded_year, { min: 1995, max: 1999 });
  assert.equal(filters('software companies from the early 2000s').founded_year, { min: 2000, max: 2005 });
});

test('"other than", "~", "w/", public body-trades, centuries, events before a year, shared demonyms', () => {
  // A negation's "than" is no comparison; a customer or an attribute set apart is no sector.
  assert.equal(filters('contact lens makers other than opticians').categories?.exclude, ['opticians']);
  assert.is(filters('SaaS selling to enterprises rather than SMBs').categories?.exclude, undefined);
  assert.is(filters('SaaS backed by US investors rather than local funds').categories?.exclude, undefined);
  assert.equal(filters('companies with more than 50 employees').employee_count, { min: 50 });
  // "~" is about, "w/" with, "w/o" without.
  assert.equal(filters('jade carving studio, ~10 people or fewer').employee_count, { max: 10 });
  assert.equal(filters('steel wool maker that raised ~$15M-$40M').total_funding_usd, { min: 15_000_000, max: 40_000_000 });
  assert.equal(included('Greek proptech w/ <80 employees').includes('proptech w'), false);
  assert.equal(filters('ATM makers w/ 500+ staff').employee_count, { min: 500 });
  assert.equal(filters('fintechs w/o VC money').funding_stages, ['bootstrapped']);
  // "public body armor": a public company making body armor; "public bodies" are the state's.
  assert.equal(filters('public body armor maker').company_types, ['public_company']);
  assert.equal(included('public body armor maker'), ['body armor']);
  assert.equal(filters('public bodies in Kenya').company_types, ['government_agency']);
  // Centuries and the millennium.
  assert.equal(filters('perfume house founded last century').founded_year, { max: 1999 });
  assert.equal(filters('companies founded this century').founded_year, { min: 2000 });
  assert.equal(filters('packaging company set up before the millennium').founded_year, { max: 1999 });
  assert.equal(filters('fintech set up in 2019').founded_year, { min: 2019, max: 2019 });
  // An event named before the year that dates a company is no place and no sector.
  const war = filters('ammunition makers founded after Russia invaded Ukraine (2022+)');
  assert.equal(war.founded_year, { min: 2022 });
  assert.is(war.locations, undefined);
  assert.equal(war.categories?.include, ['ammunition']);
  // A demonym shared by two countries is the far more populous one's.
  assert.equal(filters('Congolese fintech').locations?.include, ['Democratic Republic of the Congo']);
  assert.equal(filters('Dominican resorts').locations?.include, ['Dominican Republic']);
});

test('signs, comparisons after "not", amounts by their digits, market capitalisation, contractions', () => {
  assert.equal(filters('termite control companies ≤ 30 employees').employee_count, { max: 30 });
  assert.equal(filters('screw makers founded ≥ 2012').founded_year, { min: 2012 });
  assert.equal(filters('clinic startups, total funding <= $3M').total_funding_usd, { max: 3000000 });
  assert.equal(filters('startups with >$5M raised').total_funding_usd, { min: 5000000 });
  // "not" before a comparison bounds the other way; it is no negation.
  assert.equal(filters('lobster exporters founded not before 2005').founded_year, { min: 2005 });
  assert.equal(filters('companies founded not after 2010').founded_year, { max: 2010 });
  assert.equal(filters('companies with revenue not above $5M').revenue_usd, { max: 5000000 });
  assert.equal(filters('companies with not below 50 employees').employee_count, { min: 50 });
  assert.equal(filters('companies with headcount not over 500').employee_count, { max: 500 });
  assert.equal(filters('tuna canners, founded 1960 at the latest').founded_year, { max: 1960 });
  assert.equal(filters('pet treat brands from 2021 on').founded_year, { min: 2021 });
  assert.equal(filters('bakeries founded in 2019 on the coast').founded_year, { min: 2019, max: 2019 });
  assert.equal(filters("arcade game makers founded between '78 and '84").founded_year, { min: 1978, max: 1984 });
  assert.equal(filters('nail makers dating back to the 1890s').founded_year, { min: 1890, max: 1899 });
  assert.equal(filters('chess startups that raised south of $5M').total_funding_usd, { max: 5000000 });
  assert.equal(filters('smoke detector brands, 50-person teams or smaller').employee_count, { max: 50 });
  // Amounts by their digits, where the next word says what they count.
  assert.equal(filters('fantasy sports platforms with eight-figure funding').total_funding_usd, { min: 10000000, max: 99999999 });
  assert.equal(filters('window blind makers with a 3-digit headcount').employee_count, { min: 100, max: 999 });
  assert.equal(filters('companies with two-digit revenue growth'), {});
  assert.is(filters('companies paying six-figure salaries').total_funding_usd, undefined);
  // A market capitalisation is a listed company's, unless it names holdings or clients.
  assert.equal(filters('small-cap razor blade manufacturers').company_types, ['public_company']);
  assert.is(filters('asset managers investing in small-cap stocks').company_types, undefined);
  assert.is(filters('agencies with blue chip clients').company_types, undefined);
  assert.equal(filters('soda ash producers that have a ticker').company_types, ['public_company']);
  assert.equal(filters('unlisted candle makers').company_types, ['privately_held']);
  assert.equal(filters('nitrogen fertilizer SOEs').company_types, ['government_agency']);
  assert.equal(filters('govt-owned pathology labs').company_types, ['government_agency']);
  assert.equal(filters('NPOs offering braille transcription').company_types, ['nonprofit']);
});

test('who owns a company, composed: an owner before or after a participle of owning or running', () => {
  assert.equal(filters('ferry operators run by the state').company_types, ['government_agency']);
  assert.equal(filters('council-owned bus companies').company_types, ['government_agency']);
  assert.equal(filters('municipally owned water utilities').company_types, ['government_agency']);
  assert.equal(filters('bakeries that are independently owned').company_types, ['privately_held']);
  assert.equal(filters('breweries owned by their founders').company_types, ['privately_held']);
  assert.equal(filters('sponsor-backed packaging makers').funding_stages, ['private_equity']);
  assert.equal(filters('dental chains owned by a private equity fund').funding_stages, ['private_equity']);
  // A place's name ending in "City" or "County" keeps it: no owner there.
  assert.equal(filters('companies in mexico city run by families').locations?.include, ['mexico city']);
  assert.equal(filters('startups in orange county run by founders').company_types, undefined);
  assert.equal(filters('otc drug makers').company_types, undefined);
  // Leading or funding is not owning: a listed company may be founder-led.
  assert.equal(filters('software firms managed by founders').company_types, undefined);
  // "Publicly held" is listed, as before.
  assert.equal(filters('publicly held insurers').company_types, ['public_company']);
});

test('company types written other ways: over the counter, unquoted, British spellings and plurals', () => {
  assert.equal(filters('OTC-traded mining companies').company_types, ['public_company']);
  assert.equal(filters('unquoted engineering groups').company_types, ['privately_held']);
  assert.equal(filters('charitable organisations in Leeds').company_types, ['nonprofit']);
  assert.equal(filters('not-for-profits in Perth').company_types, ['nonprofit']);
});

test('amounts under a million are money when a money word says so, and decades span to a second one', () => {
  assert.equal(filters('startups that raised 250k').total_funding_usd, { min: 250_000 });
  assert.equal(filters('startups that raised half a million').total_funding_usd, { min: 500_000 });
  assert.equal(filters('startups that raised no more than 750k').total_funding_usd, { max: 750_000 });
  assert.equal(filters('startups with less than 500k raised').total_funding_usd, { max: 500_000 });
  assert.equal(filters('labels that raised a quarter billion or more').total_funding_usd, { min: 250_000_000 });
  assert.equal(filters('brands with 250k followers').total_funding_usd, undefined);
  assert.equal(filters('saas with revenue of 100k employees').revenue_usd, undefined);
  assert.equal(filters('startups that raised 500k users').total_funding_usd, undefined);
  assert.equal(filters('mills founded from the 1950s to the 1970s').founded_year, { min: 1950, max: 1979 });
  assert.equal(filters('mills founded in the 1990s or 2000s').founded_year, { min: 1990, max: 2009 });
  assert.equal(filters('mills founded in the 1990s and 2015').founded_year, { min: 1990, max: 1999 });
  assert.equal(filters('mills founded in the 2000s and the 1990s').founded_year, { min: 1990, max: 2009 });
  assert.equal(filters('agencies founded in the noughties').founded_year, { min: 2000, max: 2009 });
  assert.equal(filters('salvage firms, inception 2011').founded_year, { min: 2011, max: 2011 });
});

test.run();
