/**
 * The company query parser on what surrounds a sector without being one: events that date a
 * company, money never taken, founders' pasts, a stage glued in front, contractions, questions,
 * and size words that belong to a trade's name. The phrases are written for these tests.
 */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { BLOCS } from '../../geo/blocs.js';
import { CLUSTERS } from '../../geo/clusters.js';
import { findCities } from '../../geo/gazetteer.js';
import { HISTORICAL_REGIONS } from '../../geo/historical-regions.js';
import { parseCompanyQuery } from '../../query-planner/parse/company-query.js';
import { resolvePlace } from '../../query-planner/places.js';

const filters = (q: string) => parseCompanyQuery(q, { year: 2026 }).filters;
const included = (q: string) => filters(q).categories?.include ?? [];

test('an event that dates a company is no sector', () => {
  assert.equal(filters('fintech launched in 2007, the year the iPhone came out').founded_year, { min: 2007, max: 2007 });
  assert.equal(included('fintech launched in 2007, the year the iPhone came out'), ['fintech', 'financial services']);
  assert.equal(included('brewery founded in 2016, the year of the Rio Olympics'), ['brewery']);
  assert.equal(filters('logistics firms that weathered the 2008 financial crisis').founded_year, { max: 2007 });
  assert.ok(included('logistics firms that weathered the 2008 financial crisis').every((c) => c.startsWith('logistics')));
  // A season or a year that names no event stays a trade.
  assert.equal(included('summer camp operators'), ['summer camp']);
});

test('money never taken is bootstrapped; money sought names no stage', () => {
  for (const q of [
    'robotics firms that never took outside money',
    'robotics firms with no VC funding',
    'robotics firms without external capital',
  ]) {
    assert.equal(filters(q).funding_stages, ['bootstrapped'], q);
    assert.equal(included(q), ['robotics'], q);
  }
  assert.equal(filters('robotics startups that took venture funding').funding_stages, [
    'seed',
    'series_a',
    'series_b',
    'series_c',
    'series_d',
    'series_e_plus',
  ]);
  assert.equal(filters('robotics startups seeking outside investment').funding_stages, undefined);
  assert.equal(filters('robotics startups seeking outside investment').categories?.exclude, undefined);
  // "outside of" still negates.
  assert.equal(filters('robotics outside of Germany').locations?.exclude, ['Germany']);
});

test('founders’ pasts, stages glued in front, contractions and questions are not sectors', () => {
  assert.equal(included('ex-Shopify founders’ startup that raised a seed round'), []);
  assert.equal(included('Spotify alumni company building music tools'), ['music']);
  assert.equal(included('alumni engagement software vendors'), ['alumni engagement software']);
  assert.equal(included('pre-revenue fusion energy startup'), ['fusion energy']);
  assert.equal(included("edtech that's growing fast"), ['edtech', 'education']);
  assert.equal(included('which vertical farming startups are at Series B'), ['vertical farming', 'agriculture']);
  assert.equal(included('who makes electric bikes in Taiwan'), ['electric bikes']);
});

test('a size word that is part of a trade’s name is no headcount', () => {
  assert.equal(filters('small satellite launch companies').employee_count, undefined);
  assert.equal(included('small satellite launch companies'), ['small satellite launch']);
  assert.equal(included('big data companies'), ['big data']);
  assert.equal(included('tiny house builders'), ['tiny house']);
  assert.equal(included('local news companies in Ohio'), ['local news']);
  assert.equal(included('well intervention service companies'), ['well intervention']);
  // A size word before a company still sizes it, and "small businesses" are small companies; a
  // lead whose partner another recogniser read is no topic ("small", "local" alone).
  assert.equal(filters('small robotics companies').employee_count, { max: 200 });
  assert.equal(filters('small businesses in Ohio'), { locations: { include: ['Ohio'] }, employee_count: { max: 200 } });
  assert.equal(included('small business accounting software'), ['software']);
  assert.equal(included('local search startups'), []);
  // The customers' size is not the company's.
  assert.equal(filters('payments company serving small businesses').employee_count, undefined);
  // "outside" before money that ends its phrase is no negation; before a trade it is.
  assert.equal(filters('banks outside investment banking').categories?.exclude, ['investment banking']);
  assert.equal(included('well funded robotics startups'), ['robotics']);
});

test('a private startup in a trade that private practices also name is a private company', () => {
  assert.equal(filters('private dental imaging unicorn').company_types, ['privately_held']);
  assert.equal(filters('private dental clinics in Texas').company_types, undefined);
  assert.equal(filters('private security startups').company_types, undefined);
});

test('ages told by a founding verb: "founded more than 100 years ago"', () => {
  assert.equal(filters('distillery founded more than 100 years ago').founded_year, { max: 1925 });
  assert.equal(filters('agency started less than 5 years ago').founded_year, { min: 2022 });
  assert.equal(filters('fintech that raised 2 years ago').founded_year, undefined);
  assert.equal(included('fintech that raised 2 years ago'), ['fintech', 'financial services']);
});

test('blocs, business territories and clusters are places', () => {
  for (const [text, kind, name] of [
    ['Mercosur countries', 'region', 'Mercosur'],
    ['ECOWAS', 'region', 'ECOWAS'],
    ['the Visegrád countries', 'region', 'Visegrad Group'],
    ['the Far East', 'region', 'Far East'],
    ['NORAM', 'region', 'NORAM'],
    ['CEEMEA', 'region', 'CEEMEA'],
    ['Siberia', 'region', 'Siberia'],
    ['the Algarve', 'region', 'Algarve'],
    ['Leinster', 'region', 'Leinster'],
    ['Intermountain West', 'region', 'Mountain West'],
    ['Silicon Wadi', 'metro', 'Silicon Wadi'],
    ['Medicon Valley', 'metro', 'Medicon Valley'],
    ['Brainport', 'metro', 'Brainport Eindhoven'],
    ['Orange County', 'metro', 'Orange County'],
    ['Treasure Coast', 'metro', 'Treasure Coast'],
  ] as const) {
    const m = resolvePlace(text);
    assert.equal([m?.kind, m?.name], [kind, name], text);
  }
  assert.equal(filters('leather tanneries based out of Arzignano').locations?.include, ['Arzignano']);
  assert.is(resolvePlace('Mecca')?.city, 'Makkah');
  assert.is(resolvePlace('Port Said')?.city, 'Bur Said');
});

test('no new region, bloc or cluster takes the name of a city of 100,000 people or more', () => {
  const added = [
    ...BLOCS,
    ...CLUSTERS,
    ...HISTORICAL_REGIONS.filter((r) =>
      ['Algarve', 'Leinster', 'Munster Province', 'Connacht', 'Siberia', 'Russian Far East'].includes(r.name),
    ),
  ];
  for (const r of added)
    for (const name of [r.name, ...r.aliases]) {
      const city = findCities(name).find((c) => c.population >= 100_000);
      assert.is(city, undefined, `${name} is the city ${city?.name}, ${city?.countryCode}`);
    }
});

test.run();
