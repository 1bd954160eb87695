import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { INDUSTRY_TAXONOMY as INDUSTRIES } from '../../mappings/industries.js';
import { COMPANY_FIELDS, COMPANY_TARGET, evaluateCompanyParser, stageValue } from '../../query-planner/eval/company-eval.js';
import { demonymList } from '../../query-planner/parse/company/demonyms.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { resolvePlace } from '../../query-planner/places.js';

/** A fixed year, so relative phrases ("this decade", "3 years old") are stable. */
const YEAR = 2025;
const parse = (q: string) => parseCompanyQuery(q, { year: YEAR });
const filters = (q: string) => parse(q).filters;
const places = (q: string) => parse(q).places.map((p) => `${p.kind}:${p.name}`);
const sectors = (q: string) => {
  const f = filters(q);
  return { industries: f.industries ?? null, categories: f.categories ?? null };
};

// Industries and categories.

test('sectors: a word naming a whole industry adds the industry as an alternative of its category (an expansion, not a gate)', () => {
  assert.equal(sectors('biotech company in Boston'), { industries: null, categories: { include: ['biotech', 'biotechnology'] } });
  assert.equal(sectors('cybersecurity company in Israel'), {
    industries: null,
    categories: { include: ['cybersecurity', 'computer & network security'] },
  });
  // A phrase the taxonomy only approximates is kept as written; the mapping widens it, never gates it.
  assert.equal(sectors('network security firms'), {
    industries: null,
    categories: { include: ['network security', 'cybersecurity'] },
  });
  assert.equal(sectors('fintech startups'), { industries: null, categories: { include: ['fintech', 'financial services'] } });
  assert.equal(sectors('financial services companies'), {
    industries: null,
    categories: { include: ['fintech', 'financial services'] },
  });
  // "-tech" coinages: the industry, its defining tag and their own tag.
  assert.equal(sectors('French insurtech'), {
    industries: null,
    categories: { include: ['insurtech', 'insurance'] },
  });
  assert.equal(sectors('edtech in LATAM'), { industries: null, categories: { include: ['edtech', 'education'] } });
  assert.equal(sectors('UK proptech'), { industries: null, categories: { include: ['proptech', 'real estate'] } });
  assert.equal(sectors('DACH legaltech'), { industries: null, categories: { include: ['legal', 'legal services'] } });
  assert.equal(sectors('climate tech company'), {
    industries: null,
    categories: { include: ['climate', 'renewables & environment'] },
  });
  assert.equal(sectors('HR tech company based in Sweden'), {
    industries: null,
    categories: { include: ['hr tech', 'human resources'] },
  });
  assert.equal(sectors('crypto/web3 company'), {
    industries: null,
    categories: { include: ['crypto', 'web3', 'blockchain & web3'] },
  });
});

test('sectors: sub-sectors are categories only, and then every sector goes to categories', () => {
  assert.equal(sectors('robotics company'), { industries: null, categories: { include: ['robotics'] } });
  assert.equal(sectors('B2B SaaS company'), { industries: null, categories: { include: ['saas', 'software'] } });
  assert.equal(sectors('Taiwanese chip company'), { industries: null, categories: { include: ['chip', 'semiconductors'] } });
  assert.equal(sectors('PLG software company'), { industries: null, categories: { include: ['plg', 'product-led growth', 'software'] } });
  assert.equal(sectors('biotech doing drug discovery'), {
    industries: null,
    categories: { include: ['biotech', 'drug discovery', 'biotechnology'] },
  });
  assert.equal(sectors('AR/VR company'), { industries: null, categories: { include: ['ar/vr'] } });
  assert.equal(sectors('vector database company'), { industries: null, categories: { include: ['vector database', 'database'] } });
  assert.equal(sectors('feature flag management company'), {
    industries: null,
    categories: { include: ['feature flag management', 'feature management'] },
  });
  assert.equal(sectors('contract lifecycle management company'), {
    industries: null,
    categories: { include: ['contract lifecycle management', 'contract management'] },
  });
  assert.equal(sectors('defense tech with 400+ employees'), { industries: null, categories: { include: ['defense'] } });
  // Two whole industries: both, as alternatives.
  assert.equal(sectors('healthcare and AI'), {
    industries: null,
    categories: { include: ['healthcare', 'ai', 'hospital & health care', 'artificial intelligence'] },
  });
});

test('sectors: exclusions go to categories.exclude', () => {
  assert.equal(sectors('Swiss robotics company building for healthcare NOT manufacturing'), {
    industries: null,
    categories: { include: ['robotics'], exclude: ['manufacturing'] },
  });
  assert.equal(sectors('enterprise software company in Israel outside of cybersecurity'), {
    industries: null,
    categories: { include: ['enterprise software', 'software'], exclude: ['cybersecurity'] },
  });
  assert.equal(sectors("Tel Aviv AI company that don't do cybersecurity or defense"), {
    industries: null,
    categories: { include: ['ai', 'artificial intelligence'], exclude: ['cybersecurity', 'defense'] },
  });
  assert.equal(sectors('B2B SaaS company in Germany NOT in HR or recruiting'), {
    industries: null,
    categories: { include: ['saas', 'software'], exclude: ['hr', 'hr tech', 'recruiting'] },
  });
  assert.equal(sectors('SaaS but not fintech'), { industries: null, categories: { include: ['saas', 'software'], exclude: ['fintech'] } });
  assert.equal(sectors('AI startups excluding robotics'), {
    industries: null,
    categories: { include: ['ai', 'artificial intelligence'], exclude: ['robotics'] },
  });
  // A tag both wanted and contrasted stays wanted; the contrasted phrase is excluded as a phrase.
  assert.equal(sectors('Dutch agritech working on vertical farming vs traditional agriculture'), {
    industries: null,
    categories: { include: ['agritech', 'agriculture', 'agtech', 'vertical farming'], exclude: ['traditional agriculture'] },
  });
  // "not just" is no negation.
  assert.equal(filters('legaltech not just for law firms').categories, { include: ['legal', 'legal services'] });
});

test('sectors: customers and markets stay keywords', () => {
  const p = parse('Swiss robotics company building for healthcare');
  assert.equal(p.filters.categories, { include: ['robotics'] });
  assert.ok(p.keywords.includes('healthcare'));
  assert.equal(filters('vertical AI company for legal document review').categories, { include: ['ai', 'artificial intelligence'] });
  assert.equal(filters('biotech company with Big Pharma partnerships').categories, { include: ['biotech', 'biotechnology'] });
  assert.equal(filters('software used by law firms').categories, { include: ['software'] });
});

test('sectors: everyday words are sectors only as a company noun phrase', () => {
  assert.equal(filters('early 2000s company that successfully transitioned to cloud from on-prem').categories, undefined);
  assert.equal(filters('identity platform in Europe').categories, { include: ['identity'] });
  assert.equal(filters('private space company').categories, { include: ['space'] });
  assert.equal(filters('payments with 50-100 employees').categories, { include: ['payments'] });
  assert.equal(filters('Singapore payments company').categories, { include: ['payments'] });
  assert.equal(filters('companies in the fintech space').categories, { include: ['fintech', 'financial services'] });
  assert.equal(filters('KYC and compliance company').categories, { include: ['kyc', 'compliance'] });
});

test('sectors: every taxonomy tag and industry name is recognised', () => {
  const missed: string[] = [];
  for (const ind of INDUSTRIES) {
    for (const tag of [...ind.categories, ind.name]) {
      if (tag === 'strategy') continue;
      const f = filters(`${tag} company in Germany`);
      const values = [...(f.industries?.include ?? []), ...(f.categories?.include ?? [])].map((v) => v.toLowerCase());
      const typed = (f.company_types ?? []).some((t) => t === 'government_agency' || t === 'nonprofit');
      if (!typed && !values.some((v) => v.includes(tag.toLowerCase()) || tag.toLowerCase().includes(v))) missed.push(tag);
    }
  }
  assert.equal(missed, []);
});

// Places.

test('places: countries, demonyms and "based in" / "headquartered in"', () => {
  assert.equal(places('cybersecurity company in Israel'), ['country:Israel']);
  assert.equal(places('tech company headquartered in Japan'), ['country:Japan']);
  assert.equal(places('fintech based in the Netherlands'), ['country:Netherlands']);
  assert.equal(places('Swiss fintech'), ['country:Switzerland']);
  assert.equal(places('Israeli startup founded in 2019'), ['country:Israel']);
  assert.equal(places('German logistics tech'), ['country:Germany']);
  assert.equal(places('Japanese AI company'), ['country:Japan']);
  assert.equal(places('Brazilian e-commerce'), ['country:Brazil']);
  assert.equal(places('Dutch agritech'), ['country:Netherlands']);
  assert.equal(filters('Swiss fintech').locations, { include: ['Switzerland'] });
  // A language is not a place.
  assert.equal(places('French-speaking SaaS companies'), []);
});

test('places: regions and regional adjectives', () => {
  assert.equal(places('climate tech in the Nordics'), ['region:Nordics']);
  assert.equal(places('climate tech in Scandinavia'), ['region:Nordics']);
  assert.equal(places('Nordic cleantech'), ['region:Nordics']);
  assert.equal(places('Scandinavian fintech'), ['region:Nordics']);
  assert.equal(places('European startup'), ['region:Europe']);
  assert.equal(places('DACH legaltech'), ['region:DACH']);
  assert.equal(places('LATAM edtech'), ['region:LATAM']);
  assert.equal(places('private telecom company in APAC'), ['region:APAC']);
  assert.equal(places('public e-commerce company in Asia'), ['region:APAC']);
  assert.equal(places('tools from Eastern Europe'), ['region:Eastern Europe']);
  assert.equal(places('Eastern European devtools'), ['region:Eastern Europe']);
  assert.equal(places('telemedicine company in the Middle East'), ['region:Middle East']);
  assert.equal(places('Latin American marketplaces'), ['region:LATAM']);
  assert.equal(places('SEA edtech at Series A'), ['region:Southeast Asia']);
});

test('places: cities, "City Country", exclusions', () => {
  assert.equal(places('London AI company'), ['city:London, United Kingdom']);
  assert.equal(places('biotech in Boston'), ['city:Boston, Massachusetts, United States']);
  assert.equal(places('SaaS in SF'), ['city:San Francisco, California, United States']);
  assert.equal(places('Cambridge UK biotech'), ['city:Cambridge, United Kingdom']);
  assert.equal(filters('Cambridge UK biotech').locations, { include: ['Cambridge, United Kingdom'] });
  assert.equal(places('fintech company in São Paulo Brazil'), ['city:Sao Paulo, Brazil']);
  assert.equal(filters('drone startups in Europe but not in France').locations, { include: ['Europe'], exclude: ['France'] });
  assert.equal(filters('telecom companies in the Middle East excluding UAE').locations, { include: ['Middle East'], exclude: ['UAE'] });
  assert.equal(filters('AI companies outside of the US').locations, { exclude: ['US'] });
});

test('places: markets, expansion, offices and investors are not the headquarters', () => {
  assert.equal(places('SaaS company in Toronto that expanded to US before Europe'), ['city:Toronto, Canada']);
  assert.equal(places('European fintech that raised from US VCs'), ['region:Europe']);
  assert.equal(places('European SaaS company with US expansion'), ['region:Europe']);
  assert.equal(places('European company with R&D centers in both US and Asia'), ['region:Europe']);
  assert.equal(places('French SaaS that expanded beyond France'), ['country:France']);
  assert.equal(places('fintech for Indian SMBs'), []);
  assert.equal(places('listed on the London Stock Exchange'), []);
  const other = parse('SaaS company in Toronto that expanded to US before Europe').recognized.filter((r) => r.kind === 'location_other');
  assert.equal(
    other.map((r) => r.text),
    ['US', 'Europe'],
  );
});

test('places: every demonym resolves', () => {
  for (const [adjective, name] of demonymList()) assert.ok(name, `${adjective} does not resolve`);
  assert.is(resolvePlace('Switzerland')?.countryCode, 'CH');
});

// Employee counts.

test('employees: ranges, "+", comparatives (inclusive bounds)', () => {
  const e = (q: string) => filters(q).employee_count;
  assert.equal(e('startups under 30 people'), { max: 30 });
  assert.equal(e('fewer than 50 employees'), { max: 50 });
  assert.equal(e('less than 100 people'), { max: 100 });
  assert.equal(e('UK proptech under 100 employees'), { max: 100 });
  assert.equal(e('at least 50 employees'), { min: 50 });
  assert.equal(e('more than 200 staff'), { min: 200 });
  assert.equal(e('50-150 employees'), { min: 50, max: 150 });
  assert.equal(e('60 to 100 employees'), { min: 60, max: 100 });
  assert.equal(e('between 50 and 200 staff'), { min: 50, max: 200 });
  assert.equal(e('synbio company in the 50-120 employee range'), { min: 50, max: 120 });
  assert.equal(e('HR tech in the 50-100 range'), { min: 50, max: 100 });
  assert.equal(e('400+ employees'), { min: 400 });
  assert.equal(e('1000+ employees'), { min: 1000 });
  assert.equal(e('companies with 1,000+ employees'), { min: 1000 });
  assert.equal(e('1k-5k employees'), { min: 1000, max: 5000 });
  assert.equal(e('a small team of 15-40'), { min: 15, max: 40 });
  assert.equal(e('50+ people'), { min: 50 });
  assert.equal(e('at most 10 employees'), { max: 10 });
  assert.equal(e('200 employees or fewer'), { max: 200 });
  // Bare: a range, a "+", or a comparative.
  assert.equal(e('Scandinavian fintech 80-200'), { min: 80, max: 200 });
  assert.equal(e('fintech 400+'), { min: 400 });
  assert.equal(e('legaltech still small, under 20'), { max: 20 });
  assert.equal(e('AI lab doing foundation models, small teams under 40'), { max: 40 });
  // A single number is a floor.
  assert.equal(e('gaming companies with a team of 30'), { min: 30 });
  assert.equal(e('startups with 25 employees'), { min: 25 });
});

test('employees: units, years and money are not head counts; size words', () => {
  const e = (q: string) => filters(q).employee_count;
  assert.is(e('AI company that went from seed to Series B in under 18 months'), undefined);
  assert.is(e('fintech founded 2015-2018'), undefined);
  assert.is(e('raised $10-30M'), undefined);
  assert.is(e('K-12 edtech'), undefined);
  assert.is(e('top 10 fintech companies'), undefined);
  assert.equal(e('AI startup punching above their weight, tiny teams shipping real products'), { max: 20 });
  assert.equal(e('Indian edtech unicorn with massive teams'), { min: 1000 });
  assert.equal(e('small startups in Berlin'), { max: 50 });
  assert.equal(e('small companies in Berlin'), { max: 200 });
  assert.equal(e('mid-sized logistics companies'), { min: 200, max: 1000 });
  assert.equal(e('large companies in Japan'), { min: 1000 });
  // An explicit count wins over a size word.
  assert.equal(e('mid-sized AI startup, 60 to 100 employees'), { min: 60, max: 100 });
});

// Founding years.

test('founded year: cues, ranges, comparatives', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.equal(y('founded in 2020'), { min: 2020, max: 2020 });
  assert.equal(y('company established in 2015'), { min: 2015, max: 2015 });
  assert.equal(y('mobile-first company started in 2012'), { min: 2012, max: 2012 });
  assert.equal(y('startup born in 2007, the year the iPhone launched'), { min: 2007, max: 2007 });
  assert.equal(y('founded between 2016 and 2018'), { min: 2016, max: 2018 });
  assert.equal(y('fintech company founded in the 2015-2018 wave'), { min: 2015, max: 2018 });
  assert.equal(y('space tech founded between 2015-2020'), { min: 2015, max: 2020 });
  // Year words mean what they say (issue 12): "after 2020" is 2021 on, "before 2008" up to 2007.
  assert.equal(y('founded after 2020'), { min: 2021 });
  assert.equal(y('founded before 2008'), { max: 2007 });
  assert.equal(y('AI companies in Toronto founded since 2019'), { min: 2019 });
  assert.equal(y('founded in 2019 or later'), { min: 2019 });
  assert.equal(y("companies founded in '95"), { min: 1995, max: 1995 });
  assert.equal(y('quantum computing company founded in the NISQ era (2016-2023)'), { min: 2016, max: 2023 });
  assert.equal(y('AI company founded after GPT-3 release (2020+) in Europe'), { min: 2020 });
  // "Opened their doors" is founded, and its words are no sector.
  assert.equal(y('companies that opened their doors in 2011'), { min: 2011, max: 2011 });
  assert.is(filters('companies that opened their doors in 2011').categories, undefined);
  assert.equal(y('bakeries that opened their doors after 2015'), { min: 2016 });
});

test('founded year: decades, uncued forms, events, relative phrases', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.equal(y('started in the early 2000s'), { min: 2000, max: 2005 });
  assert.equal(y('early 2000s company'), { min: 2000, max: 2005 });
  assert.equal(y('Estonian startups founded in the 2010s'), { min: 2010, max: 2019 });
  assert.equal(y('founded in the mid 2010s'), { min: 2013, max: 2017 });
  assert.equal(y('Israeli companies founded in the late 2000s'), { min: 2005, max: 2009 });
  assert.equal(y('Japanese robotics company founded in the 1990s'), { min: 1990, max: 1999 });
  assert.equal(y('2024 AI company'), { min: 2024, max: 2024 });
  assert.equal(y('2013-era startup'), { min: 2013, max: 2013 });
  assert.equal(y('2014 class startup'), { min: 2014, max: 2014 });
  assert.equal(y('Japanese AI company from 2023'), { min: 2023, max: 2023 });
  assert.equal(y('companies founded from 2011'), { min: 2011 });
  assert.equal(y('AI company from 2020+'), { min: 2020 });
  assert.equal(y('fintech 2015-2018'), { min: 2015, max: 2018 });
  assert.equal(y('company founded during COVID lockdowns'), { min: 2020, max: 2020 });
  assert.equal(y('healthtech company founded during COVID'), { min: 2020, max: 2021 });
  assert.equal(y('company that survived the 2008 financial crisis'), { max: 2007 });
  assert.equal(y('startups founded after covid'), { min: 2022 });
  assert.equal(y('founded this decade'), { min: 2020 });
  // N calendar years, this one included; "less than 3 years old" is strict.
  assert.equal(y('edtech founded in the last 5 years'), { min: 2021 });
  assert.equal(y('AI startups less than 3 years old'), { min: 2023 });
  assert.equal(y('20+ year old companies'), { max: 2005 });
});

test('founded year: not from funding or acquisition years, nor from a negation', () => {
  const y = (q: string) => filters(q).founded_year;
  assert.is(y('Singapore fintech that raised Series A in 2024'), undefined);
  assert.is(y('AI company acquired by big tech in 2024'), undefined);
  assert.is(y('DeepMind alumni startup that raised in 2024'), undefined);
  assert.is(y('crypto/web3 company NOT founded during 2021 bull run'), undefined);
  assert.ok(parse('crypto/web3 company NOT founded during 2021 bull run').recognized.some((r) => r.kind === 'founded_year_negated'));
});

// Money.

test('funding: amounts, ranges, comparatives, scales', () => {
  const m = (q: string) => filters(q).total_funding_usd;
  assert.equal(m('$100M+ raised'), { min: 100_000_000 });
  assert.equal(m('raised over $500M'), { min: 500_000_000 });
  assert.equal(m('AI startup that raised under $30M total'), { max: 30_000_000 });
  assert.equal(m('between $100M-$300M'), { min: 100_000_000, max: 300_000_000 });
  assert.equal(m('raised between $100M and $300M'), { min: 100_000_000, max: 300_000_000 });
  assert.equal(m('$10-30M in funding'), { min: 10_000_000, max: 30_000_000 });
  assert.equal(m('raised $30M to $80M'), { min: 30_000_000, max: 80_000_000 });
  assert.equal(m('agritech $5M-$20M'), { min: 5_000_000, max: 20_000_000 });
  assert.equal(m('European AI with $200M-$500M in funding'), { min: 200_000_000, max: 500_000_000 });
  assert.equal(m('raised more than $1B'), { min: 1_000_000_000 });
  assert.equal(m('1B+ raised'), { min: 1_000_000_000 });
  assert.equal(m('raised $50 million'), { min: 50_000_000 });
  assert.equal(m('raised more than 20 million dollars'), { min: 20_000_000 });
  assert.equal(m('raised between 10 and 50 million'), { min: 10_000_000, max: 50_000_000 });
  assert.equal(m('raised less than €10M'), { max: 10_000_000 });
  assert.equal(m('company that burned through $100M+'), { min: 100_000_000 });
});

test('money: revenue and valuation', () => {
  assert.equal(filters('$10M+ revenue SaaS'), { categories: { include: ['saas', 'software'] }, revenue_usd: { min: 10_000_000 } });
  assert.equal(filters('ARR over $50M').revenue_usd, { min: 50_000_000 });
  assert.equal(filters('revenue between $10M and $50M').revenue_usd, { min: 10_000_000, max: 50_000_000 });
  assert.equal(filters('B2B payments startups in LATAM with $5M+ ARR').revenue_usd, { min: 5_000_000 });
  // A valuation is recognised, not filtered; the funding next to it is.
  const p = parse('company valued at $1B+ but raised less than $100M');
  assert.equal(p.filters, { total_funding_usd: { max: 100_000_000 } });
  assert.ok(p.recognized.some((r) => r.kind === 'valuation'));
  // A price paid for the company is no funding, also when the status took "acquired".
  const sold = parse('AI company with under $50M raised that got acquired for $1B+');
  assert.equal(sold.filters.total_funding_usd, { max: 50_000_000 });
  assert.equal(sold.filters.status, ['acquired']);
  assert.equal(filters('startup sold for $300M that raised under $20M').total_funding_usd, { max: 20_000_000 });
  // "raised" before a later amount is that amount's word; one that ends the phrase is this one's.
  assert.equal(filters('Canadian quantum startup with $50M-$150M in funding and 40-120 employees').categories, { include: ['quantum'] });
  assert.equal(filters('$5M raised').total_funding_usd, { min: 5_000_000 });
  // A noun after an amount is that amount's, whatever follows ("$10M revenue in 2023").
  assert.equal(filters('fintech with $10M revenue in 2023').revenue_usd, { min: 10_000_000 });
  assert.equal(filters('fintech with $10M revenue in 2023').total_funding_usd, undefined);
  assert.equal(filters('$5M ARR 50 employees').revenue_usd, { min: 5_000_000 });
  assert.equal(filters('$1B valuation in 2021').total_funding_usd, undefined);
  assert.equal(filters('startups that sold $5M of software').revenue_usd, { min: 5_000_000 });
});

// Stages, types, status.

test('funding stages', () => {
  const s = (q: string) => filters(q).funding_stages;
  assert.equal(s('YC company still at seed stage'), ['seed']);
  assert.equal(s('robotics at pre-seed'), ['pre_seed']);
  assert.equal(s('French insurtech at Series A'), ['series_a']);
  assert.equal(s('embedded finance at Series B'), ['series_b']);
  assert.equal(s('Series E+ companies'), ['series_e_plus']);
  assert.equal(s('Series A or Series B fintech'), ['series_a', 'series_b']);
  assert.equal(s('Series B+ SaaS'), ['series_b', 'series_c', 'series_d', 'series_e_plus']);
  assert.equal(s('growth stage SaaS'), ['series_b', 'series_c', 'series_d']);
  assert.equal(s('bootstrapped SaaS'), ['bootstrapped']);
  assert.equal(s('company that skipped Series A and went straight to B'), ['series_b']);
  assert.equal(s('AI company that went from seed to Series B'), ['seed', 'series_b']);
  assert.is(s('cybersecurity company that was bootstrapped then raised'), undefined);
  assert.equal(s('bootstrapped company with no VC funding'), ['bootstrapped']);
  assert.is(s('seed funds for climate'), undefined);
});

test('company types', () => {
  const t = (q: string) => filters(q).company_types;
  assert.equal(t('public company'), ['public_company']);
  assert.equal(t('publicly traded tech company in Europe'), ['public_company']);
  assert.equal(t('publicly listed biotech company'), ['public_company']);
  assert.equal(t('NYSE-listed insurance companies'), ['public_company']);
  assert.equal(t("IPO'd fintechs"), ['public_company']);
  assert.equal(t('Korean gaming companies that went public'), ['public_company']);
  assert.equal(t('listed on the London Stock Exchange'), ['public_company']);
  assert.equal(t('private space company not yet public'), ['privately_held']);
  assert.equal(t('privately held AI company that chose to stay private despite IPO-ready metrics'), ['privately_held']);
  assert.equal(t('family-owned retail companies'), ['privately_held']);
  assert.equal(t('government agency'), ['government_agency']);
  assert.equal(t('government-backed technology agency in Singapore'), ['government_agency']);
  assert.equal(t('government technology provider'), ['government_agency']);
  assert.equal(t('non-profit organizations in Africa'), ['nonprofit']);
  assert.equal(t('nonprofits in Kenya'), ['nonprofit']);
  assert.equal(t('NGOs in Kenya'), ['nonprofit']);
  assert.equal(t('charity in London'), ['nonprofit']);
  // Not a company type.
  assert.is(t('public health startups'), undefined);
  assert.is(t('private equity firms'), undefined);
  // A company that is not public is a private one: "not public", "haven't gone public", "not yet listed".
  assert.equal(t('companies that are not public'), ['privately_held']);
  assert.equal(t("event ticketing companies in the Middle East that haven't gone public"), ['privately_held']);
  assert.equal(t("companies that didn't go public"), ['privately_held']);
  assert.equal(t('companies that are not yet listed'), ['privately_held']);
  // Going public is no type yet.
  assert.is(t('startups about to go public'), undefined);
  // Only the type itself: not public funding, another exchange, a year's IPO.
  assert.is(t('companies without public funding'), undefined);
  assert.is(t('companies not listed on nasdaq'), undefined);
  assert.is(t('companies that did not go public in 2020'), undefined);
  assert.equal(t('private space company competing with government agency'), ['privately_held']);
  // A sector named with a non-commercial type is kept as written (matched as text), not as its
  // taxonomy tags, and stays a keyword.
  const p = parse('non-profits focused on climate');
  assert.equal(p.filters, { categories: { include: ['climate'] }, company_types: ['nonprofit'] });
  assert.equal(p.keywords, ['climate']);
  assert.equal(parse('nonprofit hospitals in Ohio').filters.categories, { include: ['hospitals'] });
});

test('status', () => {
  const s = (q: string) => filters(q).status;
  assert.equal(s('acquired startups'), ['acquired']);
  assert.equal(s('AI company acquired by big tech in 2024'), ['acquired']);
  assert.equal(s('defunct crypto exchanges'), ['closed']);
  assert.equal(s('companies that shut down'), ['closed']);
  assert.equal(s('crypto companies that went bankrupt'), ['closed']);
  assert.equal(s('closed fintech startups'), ['closed']);
  assert.equal(s('active companies in Berlin'), ['active']);
  assert.is(s('biotech that just closed Series A'), undefined);
  assert.is(s('companies that closed a $10M round'), undefined);
});

// Names and keywords.

test('names: reference companies, never filters', () => {
  const n = (q: string) => parse(q).names;
  assert.equal(n('companies like Stripe in Europe'), ['Stripe']);
  assert.equal(n('companies like Airbnb or Uber'), ['Airbnb', 'Uber']);
  assert.equal(n('companies similar to Figma and Canva'), ['Figma', 'Canva']);
  assert.equal(n('competitors of Acme'), ['Acme']);
  assert.equal(n("Acme's peers in the payments space"), ['Acme']);
  assert.equal(n('Stripe competitors in Latin America'), ['Stripe']);
  assert.equal(n('alternatives to Notion built in Europe'), ['Notion']);
  assert.equal(n('companies competing with Databricks'), ['Databricks']);
  assert.equal(n('Monzo-like neobanks'), ['Monzo']);
  assert.equal(n('the next Stripe'), ['Stripe']);
  assert.equal(n('companies like stripe in fintech'), ['stripe']);
  assert.equal(n('fintech company in Switzerland'), []);
  assert.equal(n('private space company competing with government agency'), []);
  assert.is(filters('companies like Stripe in Europe').names, undefined);
  // After a cue a capitalised place is a company's name; elsewhere it stays a place.
  assert.equal(n('companies like Patagonia with strong environmental commitments'), ['Patagonia']);
  assert.is(filters('companies like Patagonia with strong environmental commitments').locations, undefined);
  assert.equal(n('firms like Boston Consulting Group'), ['Boston Consulting Group']);
  assert.equal(filters('companies in places like Austin').locations, { include: ['Austin'] });
});

test('keywords: residual words, filler and numbers removed', () => {
  assert.equal(parse('cybersecurity company in Israel').keywords, []);
  assert.equal(parse('Dutch workflow automation replacing legacy enterprise systems').keywords, [
    'replacing',
    'legacy',
    'enterprise',
    'systems',
  ]);
  assert.equal(parse('pre-product company with already 30+ people').keywords, ['pre-product']);
  assert.equal(parse('mobile-first company started in 2012').keywords, ['mobile-first']);
  assert.equal(parse('government-backed deep tech venture in Asia').keywords, ['deeptech']);
  assert.equal(parse('company with female founders that raised $50M+').keywords, ['female', 'founders']);
  // Negated words are not keywords.
  // The tags of a known sector inside a longer phrase ("AI accelerator") expand it as keywords.
  assert.equal(parse('Taiwanese chip company focused on AI accelerator not general CPUs').keywords, ['accelerator', 'ai']);
});

test('recognized: what came from which text, in text order', () => {
  const r = parse('German biotech founded after 2020 with $10M+ raised').recognized;
  assert.equal(
    r.map((x) => [x.kind, x.text]),
    [
      ['location', 'German'],
      ['industry', 'biotech'],
      ['founded_year', 'founded after 2020'],
      ['total_funding', '$10M+ raised'],
    ],
  );
});

test('edge input: empty, blank, punctuation, non-string, long', () => {
  for (const q of ['', '   ', '!!!', '$', 'not', 'for', 'like', 'between']) assert.equal(parse(q).filters, {}, q);
  assert.equal(parseCompanyQuery(undefined as unknown as string).filters, {});
  const long = 'German fintech startups with 50-200 employees founded after 2015; '.repeat(400);
  const p = parse(long);
  assert.equal(p.filters.employee_count, { min: 50, max: 200 });
});

// Fresh phrasings (not from the evaluation set): the exact filters and reference names.

const FRESH: [string, Record<string, unknown>, string[]?][] = [
  ['AI agents startup 2023+', { categories: { include: ['ai agents', 'ai'] }, founded_year: { min: 2023 } }],
  [
    'AI companies in Toronto founded since 2019',
    {
      categories: { include: ['ai', 'artificial intelligence'] },
      locations: { include: ['Toronto'] },
      founded_year: { min: 2019 },
    },
  ],
  ['AI companies outside of the US', { categories: { include: ['ai', 'artificial intelligence'] }, locations: { exclude: ['US'] } }],
  [
    'AI startups in Paris, less than 3 years old',
    {
      categories: { include: ['ai', 'artificial intelligence'] },
      locations: { include: ['Paris'] },
      founded_year: { min: 2023 },
    },
  ],
  ['AI-native startups in NYC', { categories: { include: ['ai', 'artificial intelligence'] }, locations: { include: ['NYC'] } }],
  ["Acme's peers in the payments space", { categories: { include: ['payments'] } }, ['Acme']],
  [
    'American defense tech startups founded after 2017',
    { categories: { include: ['defense'] }, locations: { include: ['United States'] }, founded_year: { min: 2018 } },
  ],
  ['Austrian companies with revenue over $100M', { locations: { include: ['Austria'] }, revenue_usd: { min: 100000000 } }],
  [
    'B2B payments startups in LATAM with $5M+ ARR',
    { categories: { include: ['payments'] }, locations: { include: ['LATAM'] }, revenue_usd: { min: 5000000 } },
  ],
  [
    'Belgian medtech founded between 2010 and 2015',
    {
      categories: { include: ['medtech', 'healthcare', 'medical devices', 'hospital & health care'] },
      locations: { include: ['Belgium'] },
      founded_year: { min: 2010, max: 2015 },
    },
  ],
  ['Berlin-based fintech startups', { categories: { include: ['fintech', 'financial services'] }, locations: { include: ['Berlin'] } }],
  [
    'Brazilian e-commerce companies founded before 2015',
    {
      categories: { include: ['e-commerce'] },
      locations: { include: ['Brazil'] },
      founded_year: { max: 2014 },
    },
  ],
  [
    'Canadian biotech with $20M-$50M total funding',
    {
      categories: { include: ['biotech', 'biotechnology'] },
      locations: { include: ['Canada'] },
      total_funding_usd: { min: 20000000, max: 50000000 },
    },
  ],
  [
    'Chilean agritech startups',
    {
      categories: { include: ['agritech', 'agriculture', 'agtech', 'farming & agriculture'] },
      locations: { include: ['Chile'] },
    },
  ],
  ['Danish wind energy companies', { categories: { include: ['wind energy', 'clean energy'] }, locations: { include: ['Denmark'] } }],
  ['Dutch companies that were acquired', { locations: { include: ['Netherlands'] }, status: ['acquired'] }],
  ['Dutch companies with annual revenue under €50M', { locations: { include: ['Netherlands'] }, revenue_usd: { max: 50000000 } }],
  ['EV charging startups in the UK', { categories: { include: ['ev charging', 'electric vehicles'] }, locations: { include: ['UK'] } }],
  ['Estonian startups founded in the 2010s', { locations: { include: ['Estonia'] }, founded_year: { min: 2010, max: 2019 } }],
  [
    'Finnish gaming companies with over 1,000 employees',
    {
      categories: { include: ['gaming', 'computer games'] },
      locations: { include: ['Finland'] },
      employee_count: { min: 1000 },
    },
  ],
  [
    'Fintech startups in Singapore with revenue of at least $5M',
    {
      categories: { include: ['fintech', 'financial services'] },
      locations: { include: ['Singapore'] },
      revenue_usd: { min: 5000000 },
    },
  ],
  [
    'French biotech with 50+ employees founded before 2010',
    {
      categories: { include: ['biotech', 'biotechnology'] },
      locations: { include: ['France'] },
      employee_count: { min: 50 },
      founded_year: { max: 2009 },
    },
  ],
  [
    'German automotive suppliers with 1000+ employees',
    {
      categories: { include: ['automotive'] },
      locations: { include: ['Germany'] },
      employee_count: { min: 1000 },
    },
  ],
  ['German car companies', { categories: { include: ['car', 'automotive'] }, locations: { include: ['Germany'] } }],
  [
    'Indonesian e-commerce founded after 2015',
    {
      categories: { include: ['e-commerce'] },
      locations: { include: ['Indonesia'] },
      founded_year: { min: 2016 },
    },
  ],
  [
    'Irish payments companies with under $10M in funding',
    { categories: { include: ['payments'] }, locations: { include: ['Ireland'] }, total_funding_usd: { max: 10000000 } },
  ],
  ['Israeli companies founded in the late 2000s', { locations: { include: ['Israel'] }, founded_year: { min: 2005, max: 2009 } }],
  [
    'Israeli defence companies founded after 2000',
    { categories: { include: ['defence', 'defense'] }, locations: { include: ['Israel'] }, founded_year: { min: 2001 } },
  ],
  [
    'Japanese robotics company founded in the 1990s',
    { categories: { include: ['robotics'] }, locations: { include: ['Japan'] }, founded_year: { min: 1990, max: 1999 } },
  ],
  [
    'Korean gaming companies that went public',
    {
      categories: { include: ['gaming', 'computer games'] },
      locations: { include: ['South Korea'] },
      company_types: ['public_company'],
    },
  ],
  [
    'Korean semiconductor companies with over $1B in revenue',
    { categories: { include: ['semiconductors'] }, locations: { include: ['South Korea'] }, revenue_usd: { min: 1000000000 } },
  ],
  ['Mexican fintech unicorns', { categories: { include: ['fintech', 'financial services'] }, locations: { include: ['Mexico'] } }],
  ['NYSE-listed insurance companies', { categories: { include: ['insurance'] }, company_types: ['public_company'] }],
  [
    'Nigerian fintechs that raised $10-30M',
    {
      categories: { include: ['fintech', 'financial services'] },
      locations: { include: ['Nigeria'] },
      total_funding_usd: { min: 10000000, max: 30000000 },
    },
  ],
  [
    'Nordic gaming studios with 100-500 employees',
    {
      categories: { include: ['gaming', 'computer games'] },
      locations: { include: ['Nordics'] },
      employee_count: { min: 100, max: 500 },
    },
  ],
  ['Portuguese startups founded in 2022', { locations: { include: ['Portugal'] }, founded_year: { min: 2022, max: 2022 } }],
  [
    'SaaS businesses in Australia, 100–500 staff, Series B+',
    {
      categories: { include: ['saas', 'software'] },
      locations: { include: ['Australia'] },
      employee_count: { min: 100, max: 500 },
      funding_stages: ['series_b', 'series_c', 'series_d', 'series_e_plus'],
    },
  ],
  [
    'Series A or Series B fintech in Lagos',
    {
      categories: { include: ['fintech', 'financial services'] },
      locations: { include: ['Lagos'] },
      funding_stages: ['series_a', 'series_b'],
    },
  ],
  [
    'Series C fintechs in London',
    {
      categories: { include: ['fintech', 'financial services'] },
      locations: { include: ['London'] },
      funding_stages: ['series_c'],
    },
  ],
  [
    'Series D+ healthtech in the US',
    {
      categories: { include: ['healthtech', 'healthcare', 'digital health', 'hospital & health care'] },
      locations: { include: ['US'] },
      funding_stages: ['series_d', 'series_e_plus'],
    },
  ],
  [
    'Singaporean proptech, 50 to 200 employees',
    {
      categories: { include: ['proptech', 'real estate'] },
      locations: { include: ['Singapore'] },
      employee_count: { min: 50, max: 200 },
    },
  ],
  [
    'Southeast Asian logistics startups at Series A',
    {
      categories: { include: ['logistics', 'logistics & supply chain'] },
      locations: { include: ['Southeast Asia'] },
      funding_stages: ['series_a'],
    },
  ],
  [
    'Spanish proptech with between 20 and 100 staff',
    {
      categories: { include: ['proptech', 'real estate'] },
      locations: { include: ['Spain'] },
      employee_count: { min: 20, max: 100 },
    },
  ],
  ['Stripe competitors in Latin America', { locations: { include: ['Latin America'] } }, ['Stripe']],
  [
    'Swedish insurtech with less than $20 million raised',
    {
      categories: { include: ['insurtech', 'insurance'] },
      locations: { include: ['Sweden'] },
      total_funding_usd: { max: 20000000 },
    },
  ],
  ['Swiss banks', { categories: { include: ['banks', 'fintech', 'banking'] }, locations: { include: ['Switzerland'] } }],
  [
    'Turkish e-commerce with revenue above $50M',
    {
      categories: { include: ['e-commerce'] },
      locations: { include: ['Türkiye'] },
      revenue_usd: { min: 50000000 },
    },
  ],
  [
    'UK-based insurtechs with over 200 employees',
    {
      categories: { include: ['insurtech', 'insurance'] },
      locations: { include: ['UK'] },
      employee_count: { min: 200 },
    },
  ],
  [
    'Vietnamese software outsourcing companies with 500-1000 employees',
    {
      // A known sector inside a longer phrase: the phrase is the category (issue 12).
      categories: { include: ['software outsourcing'] },
      locations: { include: ['Vietnam'] },
      employee_count: { min: 500, max: 1000 },
    },
  ],
  [
    'acquired martech startups in the US',
    {
      categories: { include: ['martech', 'marketing', 'marketing & advertising'] },
      locations: { include: ['US'] },
      status: ['acquired'],
    },
  ],
  [
    'ad tech companies in New York with $50M-$200M raised',
    {
      categories: { include: ['marketing', 'adtech', 'marketing & advertising'] },
      locations: { include: ['New York'] },
      total_funding_usd: { min: 50000000, max: 200000000 },
    },
  ],
  [
    'agtech companies in Iowa with 10-50 employees',
    {
      categories: { include: ['agtech', 'agriculture', 'farming & agriculture'] },
      locations: { include: ['Iowa'] },
      employee_count: { min: 10, max: 50 },
    },
  ],
  [
    'ai companies that have raised more than 20 million dollars in the uk',
    {
      categories: { include: ['ai', 'artificial intelligence'] },
      locations: { include: ['UK'] },
      total_funding_usd: { min: 20000000 },
    },
  ],
  ['airlines in Asia', { categories: { include: ['airlines', 'travel'] }, locations: { include: ['Asia'] } }],
  ['alternatives to Notion built in Europe', { locations: { include: ['Europe'] } }, ['Notion']],
  [
    'bootstrapped SaaS companies in Europe with 10-50 employees',
    {
      categories: { include: ['saas', 'software'] },
      locations: { include: ['Europe'] },
      employee_count: { min: 10, max: 50 },
      funding_stages: ['bootstrapped'],
    },
  ],
  ['charities in the UK', { locations: { include: ['UK'] }, company_types: ['nonprofit'] }],
  [
    'cleantech companies in California that raised more than 100M dollars',
    {
      categories: { include: ['cleantech', 'climate', 'renewables & environment'] },
      locations: { include: ['California'] },
      total_funding_usd: { min: 100000000 },
    },
  ],
  [
    'climate startups in Europe that raised between 10 and 50 million',
    {
      categories: { include: ['climate', 'renewables & environment'] },
      locations: { include: ['Europe'] },
      total_funding_usd: { min: 10000000, max: 50000000 },
    },
  ],
  ['companies headquartered in Austin, TX', { locations: { include: ['Austin'] } }],
  ['companies in the food & beverage space in Italy', { categories: { include: ['food & beverage'] }, locations: { include: ['Italy'] } }],
  ['companies like Stripe in Europe', { locations: { include: ['Europe'] } }, ['Stripe']],
  ['companies similar to Figma and Canva', {}, ['Figma', 'Canva']],
  ['companies with 10,000+ employees in India', { locations: { include: ['India'] }, employee_count: { min: 10000 } }],
  ['companies with at most 10 employees', { employee_count: { max: 10 } }],
  ['competitors of Rippling in the HR space', { categories: { include: ['hr tech', 'human resources'] } }, ['Rippling']],
  ['crypto companies that went bankrupt', { categories: { include: ['crypto', 'web3', 'blockchain & web3'] }, status: ['closed'] }],
  [
    'cyber security startups in DACH with 20-80 people',
    {
      categories: { include: ['cybersecurity', 'computer & network security'] },
      locations: { include: ['DACH'] },
      employee_count: { min: 20, max: 80 },
    },
  ],
  [
    'cybersecurity firms in Tel Aviv that raised over $50 million',
    {
      categories: { include: ['cybersecurity', 'computer & network security'] },
      locations: { include: ['Tel Aviv'] },
      total_funding_usd: { min: 50000000 },
    },
  ],
  [
    'cybersecurity vendors in Israel excluding identity management',
    {
      categories: { include: ['cybersecurity', 'computer & network security'], exclude: ['identity management'] },
      locations: { include: ['Israel'] },
    },
  ],
  ['defunct crypto exchanges', { categories: { include: ['crypto exchanges'] }, status: ['closed'] }],
  [
    'drone startups in Europe but not in France',
    { categories: { include: ['drone'] }, locations: { include: ['Europe'], exclude: ['France'] } },
  ],
  [
    'edtech in India founded in the last 5 years',
    {
      categories: { include: ['edtech', 'education'] },
      locations: { include: ['India'] },
      founded_year: { min: 2021 },
    },
  ],
  ['european deep tech startups founded in 2019 or later', { locations: { include: ['Europe'] }, founded_year: { min: 2019 } }],
  [
    'family-owned retail companies in Italy',
    {
      categories: { include: ['retail'] },
      locations: { include: ['Italy'] },
      company_types: ['privately_held'],
    },
  ],
  [
    'find me series b healthtech startups in new york',
    {
      categories: { include: ['healthtech', 'healthcare', 'digital health', 'hospital & health care'] },
      locations: { include: ['new york'] },
      funding_stages: ['series_b'],
    },
  ],
  [
    'fintech startups in Africa at seed stage',
    {
      categories: { include: ['fintech', 'financial services'] },
      locations: { include: ['Africa'] },
      funding_stages: ['seed'],
    },
  ],
  [
    'gaming companies in Montreal with a team of 30',
    {
      categories: { include: ['gaming', 'computer games'] },
      locations: { include: ['Montreal'] },
      employee_count: { min: 30 },
    },
  ],
  [
    'gaming studios in Helsinki or Stockholm',
    { categories: { include: ['gaming', 'computer games'] }, locations: { include: ['Helsinki', 'Stockholm'] } },
  ],
  ['government agencies in Canada', { locations: { include: ['Canada'] }, company_types: ['government_agency'] }],
  [
    'health tech startups in Stockholm that raised a Series A',
    {
      categories: { include: ['health tech', 'healthcare', 'digital health', 'hospital & health care'] },
      locations: { include: ['Stockholm'] },
      funding_stages: ['series_a'],
    },
  ],
  [
    'healthcare companies in Boston with at least 200 employees',
    {
      categories: { include: ['healthcare', 'hospital & health care'] },
      locations: { include: ['Boston'] },
      employee_count: { min: 200 },
    },
  ],
  [
    'healthtech founded in 2021-2023',
    {
      categories: { include: ['healthtech', 'healthcare', 'digital health', 'hospital & health care'] },
      founded_year: { min: 2021, max: 2023 },
    },
  ],
  ['hospitals in Germany', { categories: { include: ['hospitals', 'healthcare'] }, locations: { include: ['Germany'] } }],
  ['hotels in Lisbon', { categories: { include: ['hotels', 'hospitality'] }, locations: { include: ['Lisbon'] } }],
  [
    'insurtech startups headquartered in Zurich with fewer than 50 employees',
    {
      categories: { include: ['insurtech', 'insurance'] },
      locations: { include: ['Zurich'] },
      employee_count: { max: 50 },
    },
  ],
  [
    'late stage fintech with more than 1,000 employees that raised over $1B',
    {
      categories: { include: ['fintech', 'financial services'] },
      employee_count: { min: 1000 },
      funding_stages: ['series_d', 'series_e_plus'],
      total_funding_usd: { min: 1000000000 },
    },
  ],
  [
    'late-stage SaaS companies in New York',
    { categories: { include: ['saas', 'software'] }, locations: { include: ['New York'] }, funding_stages: ['series_d', 'series_e_plus'] },
  ],
  [
    'legal tech startups in Amsterdam not focused on contract management',
    {
      categories: { include: ['legal', 'legal services'], exclude: ['contract management'] },
      locations: { include: ['Amsterdam'] },
    },
  ],
  [
    'logistics companies in Rotterdam, Series B or C',
    {
      categories: { include: ['logistics', 'logistics & supply chain'] },
      locations: { include: ['Rotterdam'] },
      funding_stages: ['series_b', 'series_c'],
    },
  ],
  [
    'looking for fintech companies in germany with 50 to 250 employees',
    {
      categories: { include: ['fintech', 'financial services'] },
      locations: { include: ['germany'] },
      employee_count: { min: 50, max: 250 },
    },
  ],
  [
    'marketplaces in LatAm with 200+ employees',
    { categories: { include: ['marketplace'] }, locations: { include: ['LATAM'] }, employee_count: { min: 200 } },
  ],
  ['medical device companies in Minnesota', { categories: { include: ['medical devices'] }, locations: { include: ['Minnesota'] } }],
  [
    'mid-sized logistics companies in the Netherlands',
    {
      categories: { include: ['logistics', 'logistics & supply chain'] },
      locations: { include: ['Netherlands'] },
      employee_count: { min: 200, max: 1000 },
    },
  ],
  ['non-profits focused on climate', { categories: { include: ['climate'] }, company_types: ['nonprofit'] }],
  [
    'nonprofits working on education in Kenya',
    { categories: { include: ['education'] }, locations: { include: ['Kenya'] }, company_types: ['nonprofit'] },
  ],
  [
    'nordic saas companies excluding sweden',
    { categories: { include: ['saas', 'software'] }, locations: { include: ['Nordics'], exclude: ['sweden'] } },
  ],
  [
    'online learning platforms in Brazil with fewer than 100 employees',
    { categories: { include: ['online learning'] }, locations: { include: ['Brazil'] }, employee_count: { max: 100 } },
  ],
  ['payments startups like Stripe but in Asia', { categories: { include: ['payments'] }, locations: { include: ['Asia'] } }, ['Stripe']],
  [
    'pre-seed climate startups based in Berlin',
    {
      categories: { include: ['climate', 'renewables & environment'] },
      locations: { include: ['Berlin'] },
      funding_stages: ['pre_seed'],
    },
  ],
  [
    'privately owned manufacturing companies in Ohio',
    {
      categories: { include: ['manufacturing'] },
      locations: { include: ['Ohio'] },
      company_types: ['privately_held'],
    },
  ],
  ['proptech startups in Dubai', { categories: { include: ['proptech', 'real estate'] }, locations: { include: ['Dubai'] } }],
  [
    'publicly listed Japanese automakers',
    { categories: { include: ['automakers', 'automotive'] }, locations: { include: ['Japan'] }, company_types: ['public_company'] },
  ],
  [
    'publicly traded semiconductor companies in South Korea',
    { categories: { include: ['semiconductors'] }, locations: { include: ['South Korea'] }, company_types: ['public_company'] },
  ],
  [
    'seed-stage devtools startups in San Francisco',
    { categories: { include: ['devtools', 'developer tools'] }, locations: { include: ['San Francisco'] }, funding_stages: ['seed'] },
  ],
  [
    'show robotics startups headquartered in the bay area founded after 2015',
    { categories: { include: ['robotics'] }, locations: { include: ['bay area'] }, founded_year: { min: 2016 } },
  ],
  ['space companies in Florida', { categories: { include: ['space'] }, locations: { include: ['Florida'] } }],
  ['space tech companies founded between 2015-2020', { categories: { include: ['space'] }, founded_year: { min: 2015, max: 2020 } }],
  ['startups founded by ex-Google engineers in Zurich', { locations: { include: ['Zurich'] } }],
  ['startups with 5 to 10 people', { employee_count: { min: 5, max: 10 } }],
  [
    'state-owned energy companies in the Middle East',
    { categories: { include: ['energy'] }, locations: { include: ['Middle East'] }, company_types: ['government_agency'] },
  ],
  [
    'telecom companies in the Middle East excluding UAE',
    {
      categories: { include: ['telecom', 'telecommunications'] },
      locations: { include: ['Middle East'], exclude: ['UAE'] },
    },
  ],
  [
    'telehealth companies in the US with less than 500 employees',
    { categories: { include: ['telehealth', 'telemedicine'] }, locations: { include: ['US'] }, employee_count: { max: 500 } },
  ],
];

test(`fresh phrasings: ${FRESH.length} queries parse to their exact filters`, () => {
  const failures: string[] = [];
  for (const [q, expected, names] of FRESH) {
    const p = parse(q);
    if (JSON.stringify(p.filters) !== JSON.stringify(expected) || JSON.stringify(p.names) !== JSON.stringify(names ?? []))
      failures.push(
        `${q}\n  expected ${JSON.stringify(expected)} ${JSON.stringify(names ?? [])}\n  got      ${JSON.stringify(p.filters)} ${JSON.stringify(p.names)}`,
      );
  }
  assert.equal(failures, []);
});

// Evaluation.

test('eval: stage labels map to the enum', () => {
  assert.is(stageValue('Series A'), 'series_a');
  assert.is(stageValue('Pre-Seed'), 'pre_seed');
  assert.is(stageValue('Series E+'), 'series_e_plus');
});

test(`eval: every field of the development set meets ${COMPANY_TARGET}%`, () => {
  const r = evaluateCompanyParser();
  assert.equal(
    r.figures.map((f) => f.field),
    [...COMPANY_FIELDS],
  );
  for (const f of r.figures) assert.ok(f.total === 0 || f.pct >= COMPANY_TARGET, `${f.field} ${f.hits}/${f.total} (${f.pct}%)`);
});

test('SaaS, B2B SaaS and enterprise software are the software industry too, as fintech is financial services', () => {
  const included = (q: string) => parseCompanyQuery(q).filters.categories?.include;
  assert.equal(included('SaaS companies in the Bay Area'), ['saas', 'software']);
  assert.ok(['saas', 'software'].every((c) => included('software as a service startups')?.includes(c)));
  assert.equal(included('b2b software companies'), ['enterprise software', 'software']);
  assert.equal(included('fintech companies'), ['fintech', 'financial services']);
  // A sub-sector stays narrow.
  assert.not.ok(included('database companies')?.includes('software'));
});

test.run();
