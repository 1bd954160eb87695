/** The people-search plan (query-planner/build/people-plan.ts): pure, the one place the query is built. */
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { matchNone } from '../../query-planner/build/dsl.js';
import { membershipQuery } from '../../query-planner/build/membership-query.js';
import { type PlanInput, planPeopleSearch, RESULT_WINDOW } from '../../query-planner/build/people-plan.js';
import { buildPeopleQuery } from '../../query-planner/build/people-query.js';

const graph = { firstDegree: ['f1', 'f2'], secondDegree: ['s1'], self: 'me', distinct: true };

const input = (over: Partial<PlanInput> = {}): PlanInput => ({
  filters: { job_titles: { include: ['Engineer'] } } as PlanInput['filters'],
  residual: [],
  graph,
  networkMode: 'boost',
  cohorts: [],
  offset: 0,
  limit: 10,
  ...over,
});

test('without cohorts the body is the builder body, and the plan is deterministic', () => {
  const plan = planPeopleSearch(input());
  const built = buildPeopleQuery({
    filters: input().filters,
    text: [],
    textRequired: false,
    graph,
    networkMode: 'boost',
    from: 0,
    size: 10,
  });
  assert.equal(plan.body, built.body);
  assert.equal(planPeopleSearch(input()), plan);
  assert.is(plan.verify, null);
  assert.is(plan.matchesNothing, null);
});

test('cohorts: each is a filter around the query; a stored query as it is, ids as terms, no ids as match-none', () => {
  const stored = { bool: { filter: [{ term: { seniority: 'senior' } }] } };
  const plan = planPeopleSearch(
    input({
      cohorts: [
        { kind: 'query', query: stored },
        { kind: 'ids', ids: ['a', 'b'] },
        { kind: 'ids', ids: [] },
      ],
    }),
  );
  const inner = planPeopleSearch(input()).body.query;
  assert.equal(plan.body.query, { bool: { must: [inner], filter: [stored, { terms: { id: ['a', 'b'] } }, matchNone()] } });
  assert.equal(plan.cohortQuery, membershipQuery(plan.body.query!));
});

test('the cohort a search stores keeps who matches, not the network boosts', () => {
  const plan = planPeopleSearch(input());
  const text = JSON.stringify(plan.cohortQuery);
  assert.ok(JSON.stringify(plan.body.query).includes('"f1"'), 'the boost names the first degree');
  assert.not.ok(text.includes('"f1"'), 'the cohort does not');
});

test('residual words are required only when no filter narrows the set', () => {
  const withFilters = planPeopleSearch(input({ residual: ['platform'] }));
  const wordsOnly = planPeopleSearch(input({ filters: {}, residual: ['platform'] }));
  assert.not.equal(withFilters.body.query, wordsOnly.body.query);
  const required = buildPeopleQuery({
    filters: {},
    text: ['platform'],
    textRequired: true,
    graph,
    networkMode: 'boost',
    from: 0,
    size: 10,
  });
  assert.equal(wordsOnly.body.query, required.body.query);
});

test('the page is clamped to the result window, with a receipt at /limit', () => {
  const plan = planPeopleSearch(input({ offset: RESULT_WINDOW - 4, limit: 10 }));
  assert.is(plan.body.size, 4);
  assert.is(plan.body.from, RESULT_WINDOW - 4);
  assert.equal(
    plan.receipts.map((r) => [r.path, r.action]),
    [['/limit', 'clamped']],
  );
});

test('verification: first-degree only in filter mode with 1st alone; builder receipts filed under /filters', () => {
  const first = planPeopleSearch(input({ networkMode: 'filter', filters: { connection_degrees: ['1st'] } }));
  assert.equal(first.verify, { firstDegreeOnly: true, postFilterIds: null });
  const both = planPeopleSearch(input({ networkMode: 'filter', filters: { connection_degrees: ['1st', '2nd'] } }));
  assert.is(both.verify, null);
  const defaulted = planPeopleSearch(input({ networkMode: 'filter', filters: {} }));
  assert.ok(defaulted.receipts.some((r) => r.path === '/filters/connection_degrees' && r.action === 'defaulted'));
});

test('connected_to: the resolved connections become the id filter; none known matches nothing', () => {
  const plan = planPeopleSearch(
    input({ networkMode: 'connected_to', filters: { connected_to: ['p'] }, connectedTo: { include: ['x', 'y'], exclude: ['z'] } }),
  );
  const q = JSON.stringify(plan.body.query);
  assert.ok(q.includes('{"terms":{"id":["x","y"]}}'));
  assert.ok(q.includes('{"terms":{"id":["z"]}}'));
  const none = planPeopleSearch(
    input({ networkMode: 'connected_to', filters: { connected_to: ['p'] }, connectedTo: { include: [], exclude: [] } }),
  );
  assert.type(none.matchesNothing, 'string');
});

test.run();
