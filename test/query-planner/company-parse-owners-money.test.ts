/**
 * The company query parser on the thirteenth session's families of phrasing: what only a listed
 * company has (a share price, quarterly earnings), the Nordic, Baltic and Hungarian legal forms,
 * nonprofit forms and volunteers, a level of government's departments, "zero" money, investors on
 * the cap table, equity never sold, an owner named by example, the rounds after D by letter, a
 * company's own round after "for their"; founding years compared ("newer than"), "up to and
 * including", ages "ago", a bracket after the founding's noun; dollars by their country's letters,
 * a restated amount; a prefix glued to a filler word ("co-living"). The phrases are written for
 * these tests, not taken from an evaluation set.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';

const filters = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;
const types = (q: string) => filters(q).company_types;
const stages = (q: string) => filters(q).funding_stages;

test('company types by what only a listed company has, by legal form, by who runs it', () => {
  assert.equal(types('hearing aid makers whose stock price fell this year'), ['public_company']);
  assert.equal(types('tyre makers that publish quarterly results'), ['public_company']);
  assert.equal(types('sauna builders set up as an Oy'), ['privately_held']);
  assert.equal(types('sawmills organised as a UAB'), ['privately_held']);
  assert.equal(types('spa hotels that are Zrt'), ['privately_held']);
  assert.equal(types('chess clubs registered as a ry'), ['nonprofit']);
  assert.equal(types('language schools run as an association loi 1901'), ['nonprofit']);
  assert.equal(types('food banks staffed by volunteers'), ['nonprofit']);
  assert.equal(types('volunteer-led animal shelters'), ['nonprofit']);
  assert.equal(types('bus depots under a county transport department'), ['government_agency']);
  assert.equal(types('museums run by the federal ministry'), ['government_agency']);
  // A province's code is no form ("Red Deer, AB"), nor does a supplier of a department belong to it.
  assert.equal(types('canola crushers in Red Deer, AB'), undefined);
  assert.equal(types('state department contractors'), undefined);
  assert.equal(types('department stores in Ohio'), undefined);
  // The verb that sets up the form is no part of the sector.
  assert.equal(filters('sauna builders set up as an Oy').categories?.include, ['sauna']);
});

test("funding stages by money denied, an owner by example, rounds by letter, the company's own round", () => {
  assert.equal(stages('ski schools grown solely on customer revenue'), ['bootstrapped']);
  assert.equal(stages('cargo bike brands with zero VC money'), ['bootstrapped']);
  assert.equal(stages('map publishers that never had investors on their cap table'), ['bootstrapped']);
  assert.equal(stages('glassworks that never gave up equity'), ['bootstrapped']);
  assert.equal(stages('payroll tools owned by Thoma Bravo or another PE shop'), ['private_equity']);
  assert.equal(stages('satellite startups that reached an F round'), ['series_e_plus']);
  assert.equal(stages('lidar startups preparing for their Series C'), ['series_c']);
  // "zero-waste" is a trade; "for Series A startups" names customers.
  assert.equal(stages('zero-waste grocery chains'), undefined);
  assert.equal(stages('cap table tools for Series A startups'), undefined);
});

test('founding years compared with a year, up to and including one, as an age ago, restated in brackets', () => {
  const founded = (q: string) => filters(q).founded_year;
  assert.equal(founded('bakeries newer than 2012'), { min: 2013 });
  assert.equal(founded('shipyards older than 1950'), { max: 1949 });
  assert.equal(founded('canneries founded up to and including 1980'), { max: 1980 });
  assert.equal(founded('distilleries founded at least 80 years ago'), { max: 1946 });
  assert.equal(founded('yoga studios, post-pandemic launches (2022+)'), { min: 2022 });
});

test("dollars by their country's letters, and an amount restated more precisely", () => {
  const funding = (q: string) => filters(q).total_funding_usd;
  assert.equal(funding('agritech startups that raised NZ$3M or less'), { max: 3_000_000 });
  assert.equal(funding('agritech startups that raised SG$4M+'), { min: 4_000_000 });
  assert.equal(funding('robotics startups that raised about $10M, i.e. over $8M'), { min: 8_000_000 });
});

test('a prefix glued to a filler word makes one word of the sector ("co-living", "re-roofing")', () => {
  assert.equal(filters('co-living brands in Lisbon').categories?.include, ['co-living']);
});

test('"out of" after a business\'s plural places it; "kiwi", "swiss", "polish" before produce are the words', () => {
  assert.equal(filters('knife brands out of Solingen').locations?.include, ['Solingen']);
  assert.equal(filters('swiss chard growers').locations, undefined);
  assert.equal(filters('kiwi berry orchards in Otago').locations?.include, ['Otago']);
  // Capitalised, or before anything else, the demonym.
  assert.equal(filters('kiwi fintechs').locations?.include, ['New Zealand']);
});

test.run();
