/**
 * Network boosts ranked in tiers (docs/people-search.md, "How boosts run"): on a generated
 * corpus, for the most connected and a median requester, every page of many searches (filters
 * only, text, both; shallow and deep offsets) equals the page of the one boosted query, the
 * total is the same, and only tier 2 names second-degree ids: all of them, in one query, and
 * only for a second degree of at most TIER_TWO_MAX ids.
 */
import path from 'node:path';
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { generateCorpus } from '../../fixtures/generator/index.js';
import { INDICES } from '../../mappings/indices.js';
import type { PeoplePlan } from '../../query-planner/build/people-plan.js';
import type { SearchBody } from '../../search-engine/port.js';
import type { Actor } from '../../server/auth/actor.js';
import { graphRankedPage, TIER_TWO_MAX } from '../../server/commands/search/people/graph-ranked.js';
import { DEFAULT_ROW_OPTIONS } from '../../server/commands/search/people/person-rows.js';
import { searchPeople } from '../../server/commands/search/people/search-people.js';
import { loadNetwork } from '../../server/search/network.js';
import { checkEveryRequest } from '../helpers/contract-engine.js';
import { indexSnapshots } from '../helpers/snapshots.js';
import { startTestApp } from '../helpers/test-app.js';

const SEARCHES: { text: string | null; filters: Record<string, unknown> | null }[] = [
  { text: null, filters: { current_titles: ['Software Engineer'] } },
  { text: null, filters: { locations: ['United States'] } },
  { text: null, filters: { years_experience: { min: 3 } } },
  { text: 'engineers', filters: null },
  { text: 'product managers in London', filters: null },
  { text: 'python machine learning', filters: null },
  { text: 'data', filters: { locations: ['Europe'] } },
  { text: 'sales director', filters: null },
  { text: null, filters: { skills: ['SQL'] } },
  { text: 'designer', filters: { years_experience: { min: 1, max: 12 } } },
];
const PAGES = [
  { offset: 0, limit: 10 },
  { offset: 10, limit: 25 },
  { offset: 90, limit: 10 },
  { offset: 400, limit: 25 },
  { offset: 2100, limit: 10 },
];

test('boosted pages ranked in tiers equal the one boosted query, for a well-connected and a median requester', async () => {
  let contract: { problems: string[] } = { problems: [] };
  const app = await startTestApp({
    mutate: (services) => {
      contract = checkEveryRequest(services);
    },
  });
  try {
    const summary = await generateCorpus({ profiles: 2_500, seed: 29, outDir: path.join(app.dataDir, 'corpus'), gzip: false });
    assert.is(
      (
        await indexSnapshots(
          app,
          Object.values(summary.files).map((f) => f.path),
        )
      ).rejected,
      0,
    );
    const services = app.services;
    const byEdges = services.graph.byDegree();
    // The most connected, the median, and a sparse one (its network is rare among hits: the tiers read further).
    // Two sparse ones: which pages need tier 2 depends on the generated corpus (its places come
    // from the gazetteer, so it changes when the gazetteer grows).
    const sparse = [0.9, 0.97].map(
      (at) => byEdges.slice(Math.floor(byEdges.length * at)).find((r) => loadNetwork(services.graph, r.id)!.secondDegree.size > 0)!,
    );
    const requesters = [byEdges[0]!.id, byEdges[Math.floor(byEdges.length / 2)]!.id, ...new Set(sparse.map((r) => r.id))];
    let tierTwo = 0;
    let ranked = 0;
    let compared = 0;
    for (const personId of requesters) {
      const network = loadNetwork(services.graph, personId)!;
      assert.ok(network.secondDegree.size > 0, 'the requester has a second degree');
      const { userId } = app.account({ personId, scopes: ['search'] });
      const owner = services.users.get(userId)!;
      const actor: Actor = {
        owner,
        ownerUserId: userId,
        actingUserId: userId,
        isDelegate: false,
        keyId: 'k',
        keyPrefix: 'k',
        scopes: ['search'],
        via: 'api_key',
        clientId: null,
      };
      for (const s of SEARCHES)
        for (const page of PAGES) {
          const outcome = await searchPeople(services, actor, {
            route: 'preview',
            text: s.text,
            filters: s.filters,
            keywords: [],
            lookup: null,
            limit: page.limit,
            offset: page.offset,
            networkMode: 'boost',
            countOnly: false,
            rows: DEFAULT_ROW_OPTIONS,
            receipts: [],
          });
          if (!outcome.body) continue;
          const reference = await services.engine.search(INDICES.profiles.alias, { ...outcome.body, _source: false });
          const label = `${personId} ${JSON.stringify(s)} ${JSON.stringify(page)}`;
          assert.equal(
            outcome.profileIds,
            reference.hits.map((h) => h.id),
            label,
          );
          assert.is(outcome.total, reference.total?.value, label);
          compared++;
          if (outcome.rankedBodies) {
            ranked++;
            for (const body of outcome.rankedBodies) {
              const sent = JSON.stringify(body);
              const named = [...network.secondDegree.keys()].filter((id) => sent.includes(id)).length;
              if (named === 0) continue;
              // Tier 2: the whole second degree, once, and only when it is short.
              assert.is(named, network.secondDegree.size, `${label}: tier 2 names the whole second degree`);
              assert.ok(network.secondDegree.size <= TIER_TWO_MAX, `${label}: a second degree this large is never sent`);
              tierTwo++;
            }
            assert.ok(
              outcome.rankedBodies.filter((b) => [...network.secondDegree.keys()].some((id) => JSON.stringify(b).includes(id))).length <= 1,
              `${label}: tier 2 runs at most once`,
            );
          }
        }
    }
    assert.ok(compared >= 60, `${compared} pages compared`);
    // Pages within the scan cap are proven in tiers, some after reading further; deeper ones run the boosted query.
    assert.ok(ranked >= compared * 0.6 && ranked < compared, `${ranked} of ${compared} pages ranked in tiers`);
    assert.ok(tierTwo > 0, 'some pages needed tier 2');
    assert.equal(contract.problems, [], 'every engine request is valid OpenSearch');

    // A network beyond the terms limit is boosted only as far as the boost lists go: the tiers
    // test membership against those lists, not the whole network (here: every other second-degree id).
    const network = loadNetwork(services.graph, requesters[0]!)!;
    const first = network.firstIds.slice(0, Math.ceil(network.firstIds.length / 2));
    const second = network.secondIds.filter((_, i) => i % 2 === 0);
    const baseQuery = { bool: { must_not: [{ term: { id: network.self } }] } };
    for (const [offset, size] of [
      [0, 10],
      [40, 25],
      [300, 10],
    ] as const) {
      const boosted: SearchBody = {
        query: {
          bool: {
            must_not: [{ term: { id: network.self } }],
            should: [
              { constant_score: { filter: { terms: { id: first } }, boost: 3 } },
              { constant_score: { filter: { terms: { id: second } }, boost: 1.5 } },
            ],
            minimum_should_match: 0,
          },
        },
        sort: [{ _score: 'desc' }, { id: 'asc' }],
        from: offset,
        size,
        track_total_hits: true,
        _source: false,
      };
      const plan = { body: boosted, graphRank: { baseQuery, first, second } } as unknown as PeoplePlan;
      const reference = await services.engine.search(INDICES.profiles.alias, boosted);
      // With tier 2, and without it (as for a second degree above TIER_TWO_MAX): the reads alone.
      for (const tierTwoMax of [TIER_TWO_MAX, 0]) {
        const page = await graphRankedPage(services.engine, plan, plan.graphRank!, network, offset, tierTwoMax);
        assert.ok(page, `offset ${offset}: proven within the scan cap`);
        assert.equal(
          page!.ids,
          reference.hits.map((h) => h.id),
          `truncated boost lists, offset ${offset}, tier 2 up to ${tierTwoMax}`,
        );
        const namesSecond = page!.bodies.some((b) => second.some((id) => JSON.stringify(b).includes(id)));
        if (tierTwoMax === 0) {
          assert.is(namesSecond, false, 'without tier 2 no query names the second degree');
        }
      }
    }
  } finally {
    await app.close();
  }
});

test.run();
