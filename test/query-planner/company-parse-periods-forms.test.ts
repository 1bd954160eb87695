/**
 * The company query parser on the eleventh session's families of phrasing: historical periods and
 * nicknamed years, quarters of a century, restated years, a decade still running; public bodies
 * by other names, legal forms, control by the state, family-held shares; the round before Series
 * A, customer funding, leveraged buyouts; number words in a range, "N people strong", a payroll.
 * The phrases are written for these tests, not taken from an evaluation set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';

const filters = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;
const founded = (q: string) => filters(q).founded_year;

test('historical periods date a founding by their usual years', () => {
  assert.equal(founded('shipyards founded during the cold war'), { min: 1947, max: 1991 });
  assert.equal(founded('department stores founded in the interwar period'), { min: 1918, max: 1939 });
  assert.equal(founded('breweries founded between the wars'), { min: 1918, max: 1939 });
  assert.equal(founded('carmakers founded after WWII'), { min: 1946 });
  assert.equal(founded('banks founded before the Great Depression'), { max: 1928 });
  assert.equal(founded('tailors founded in the Victorian era'), { min: 1837, max: 1901 });
  assert.equal(founded('software houses founded since the fall of the Berlin Wall'), { min: 1989 });
  assert.equal(founded('mills that date from the Edwardian era'), { min: 1901, max: 1910 });
  assert.equal(founded('potteries that dates back to 1890'), { min: 1890, max: 1890 });
  // A war named as a trade or a game is no period.
  assert.equal(founded('cold war memorabilia dealers'), undefined);
  assert.equal(founded('world war ii reenactment suppliers'), undefined);
});

test('Y2K is the year 2000, as a year or a bound', () => {
  assert.equal(founded('web agencies born between Y2K and 2008'), { min: 2000, max: 2008 });
  assert.equal(founded('hosting firms founded after Y2K'), { min: 2001 });
  assert.equal(founded('post-Y2K hosting firms'), { min: 2001 });
  // Y2K alone, with no founding word, dates nothing.
  assert.equal(founded('Y2K remediation consultancies'), undefined);
});

test('a quarter of a century counts the century as 1900-1999', () => {
  assert.equal(founded('foundries founded in the last quarter of the 20th century'), { min: 1975, max: 1999 });
  assert.equal(founded('printers founded in the first quarter of the 20th century'), { min: 1900, max: 1924 });
  assert.equal(founded('mills founded in the third quarter of the nineteenth century'), { min: 1850, max: 1874 });
});

test('a restated year replaces the vaguer one before it', () => {
  assert.equal(founded('toy makers founded mid-1980s, say 1984 to 1986'), { min: 1984, max: 1986 });
  assert.equal(founded('toy makers founded in the early 90s, i.e. 1990-1992'), { min: 1990, max: 1992 });
  assert.ok(!(filters('toy makers founded mid-1980s, say 1984 to 1986').categories?.include ?? []).includes('say'));
});

test('a decade still running is open-ended; a closed one keeps its end', () => {
  assert.equal(founded('agencies founded in the 2020s'), { min: 2020 });
  assert.equal(founded('agencies founded in the 2010s'), { min: 2010, max: 2019 });
  assert.equal(founded('agencies founded this year'), { min: 2026, max: 2026 });
});

test('circa, a bare "since" and a venue\'s opening', () => {
  assert.equal(founded('bakeries founded c. 2015'), { min: 2015, max: 2015 });
  assert.equal(founded('bakeries founded ca. 1920'), { min: 1920, max: 1920 });
  // "…, since '92" dates the firm as "in business since" does; "founded since" starts a span.
  assert.equal(founded("sign makers in Leeds, since '92"), { min: 1992, max: 1992 });
  assert.equal(founded('sign makers founded since 1992'), { min: 1992 });
  assert.equal(founded('escape rooms that opened after 2017'), { min: 2018 });
  assert.equal(founded('cinemas that opened in 2011'), { min: 2011, max: 2011 });
  // "opened" before a place: the year is not right after its link, so not a founding.
  assert.equal(founded('restaurants that opened in Berlin in 2019'), undefined);
  // A number that is no year: "vitamin C" and a head count.
  assert.equal(founded('labs with 2000 employees'), undefined);
});

const types = (q: string) => filters(q).company_types;
const stages = (q: string) => filters(q).funding_stages;

test("public bodies by their countries' names and control by the state are government agencies", () => {
  for (const q of [
    'museums run as statutory boards',
    'heritage trusts set up as quangos',
    'steel makers that are public sector undertakings',
    'crown entities running ports',
    'airlines under state control',
    'utilities in public ownership',
    'nationalised railways',
  ])
    assert.equal(types(q), ['government_agency'], q);
  // "public relations agencies" and "state control systems" are trades.
  assert.equal(types('public relations agencies'), undefined);
});

test("legal forms: a PLC is listed, a GmbH or an LLC private; a name's suffix is neither", () => {
  assert.equal(types('PLCs making packaging'), ['public_company']);
  assert.equal(types('machine builders organised as a GmbH'), ['privately_held']);
  assert.equal(types('roofers set up as an LLC'), ['privately_held']);
  assert.equal(types('mom-and-pop hardware stores'), ['privately_held']);
  assert.equal(types('companies like Acme GmbH'), undefined);
});

test('shares held only in the family: privately held; outside shareholders alone say nothing', () => {
  assert.equal(types('tool makers with no shareholders outside the founding family'), ['privately_held']);
  assert.equal(types('tool makers with no outside shareholders'), ['privately_held']);
  assert.equal(types('tool makers with outside shareholders'), undefined);
});

test('"listed" alone in a list is public; listed buildings are heritage', () => {
  assert.equal(types('chip makers in Korea with 500+ employees, listed'), ['public_company']);
  assert.equal(types('listed building surveyors'), undefined);
  assert.equal(types('listed monuments restoration firms'), undefined);
});

test('the round before Series A is seed; customer money is bootstrapped; an LBO is private equity', () => {
  assert.equal(stages('pre-A robotics startups'), ['seed']);
  assert.equal(stages('pre-Series A robotics startups'), ['seed']);
  assert.equal(stages('customer-funded SaaS companies'), ['bootstrapped']);
  assert.equal(stages('SaaS companies funded by revenue'), ['bootstrapped']);
  assert.equal(stages('packaging makers that went through an LBO'), ['private_equity']);
  assert.equal(stages('medtech startups in Pune, seed, under $1M raised'), ['seed']);
  // A seed that is a product stays a product.
  assert.equal(stages('bird seed, wholesale'), undefined);
  assert.equal(stages('seed oil refiners, organic'), undefined);
});

const employees = (q: string) => filters(q).employee_count;

test('head counts: number words in a range, "N people strong", a payroll', () => {
  assert.equal(employees('dairies with five to fifteen staff'), { min: 5, max: 15 });
  assert.equal(employees('dairies with between two and ten employees'), { min: 2, max: 10 });
  assert.equal(employees('studios that are 20 people strong or smaller'), { max: 20 });
  assert.equal(employees('brands with a global payroll above 2,000'), { min: 2000 });
  // A small number word alone stays a word; money on a payroll is no head count.
  assert.equal(employees('one stop shops'), undefined);
  assert.equal(employees('payroll software with a payroll of $2M'), undefined);
});

test.run();
