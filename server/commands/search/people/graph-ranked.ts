/**
 * People search, a relevance page ranked by the requester's network in tiers (docs/people-search.md,
 * "How boosts run"). The ranking is the boosted query's: score = relevance + 3 for a boosted
 * first-degree person + 1.5 for a boosted second-degree one, ties by id. But no query carries the
 * second degree (tens of thousands of ids for a well-connected requester), so the cost follows
 * the page, not the network:
 * - tier 1: the query restricted to the first degree (short), its best `offset + limit` hits;
 * - the query alone, read in score order (ids and scores only), each hit tested against the
 *   cached second-degree set and given its boost;
 * - the merge is exact once no hit left unread can reach the page: the last hit read, with the
 *   largest boost it could get, ranks below the page's last row. The reading grows (200, then
 *   doubling) until that holds, up to {@link SCAN_CAP} hits; a page it cannot prove by then is
 *   searched as the one boosted query instead (the same ranking, the old cost).
 */
import { INDICES } from '../../../../mappings/indices.js';
import { anyOf, termsClauses } from '../../../../query-planner/build/dsl.js';
import { FIRST_DEGREE_BOOST, SECOND_DEGREE_BOOST } from '../../../../query-planner/build/graph.js';
import type { PeoplePlan } from '../../../../query-planner/build/people-plan.js';
import type { SearchBody, SearchEngine, SearchHit } from '../../../../search-engine/port.js';
import type { RequesterNetwork } from '../../../search/network.js';

const PROFILES = INDICES.profiles.alias;

/** Hits the first read of the plain query takes (or twice the page depth, if more). */
export const SCAN_FIRST = 200;
/** Most hits read before the page is searched as one boosted query. */
export const SCAN_CAP = 2_000;

type Rank = NonNullable<PeoplePlan['graphRank']>;

export interface RankedPage {
  /** The page's ids, in order. */
  ids: string[];
  total: number;
  relation: 'eq' | 'gte';
  /** Engine searches made, in order (the bench replays them). */
  bodies: SearchBody[];
  /** Hits of the plain query read. */
  scanned: number;
}

interface Candidate {
  id: string;
  score: number;
}

const byRank = (a: Candidate, b: Candidate): number => b.score - a.score || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** Membership in the boosted sets: the network's own maps when the boosts hold all of it, else sets of the ids named. */
const truncatedSets = new WeakMap<RequesterNetwork, { first: Set<string>; second: Set<string>; key: string }>();
function membership(network: RequesterNetwork | null, rank: Rank): { first: (id: string) => boolean; second: (id: string) => boolean } {
  const wholeFirst = network !== null && rank.first.length === network.firstIds.filter((id) => id !== network.self).length;
  const wholeSecond = network !== null && rank.second.length === network.secondIds.length;
  if (network && wholeFirst && wholeSecond)
    return { first: (id) => network.firstDegree.has(id), second: (id) => network.secondDegree.has(id) };
  // The boosts stop at the terms limit (a network beyond 65,536 people): sets of what they name, kept per network.
  const key = `${rank.first.length}:${rank.second.length}`;
  let sets = network ? truncatedSets.get(network) : undefined;
  if (!sets || sets.key !== key) {
    sets = { first: new Set(rank.first), second: new Set(rank.second), key };
    if (network) truncatedSets.set(network, sets);
  }
  const { first, second } = sets;
  return { first: (id) => first.has(id), second: (id) => second.has(id) };
}

/**
 * The page of a boosted relevance search, ranked in tiers; null when it cannot be proven within
 * the scan cap (the caller then runs the boosted body).
 */
export async function graphRankedPage(
  engine: SearchEngine,
  plan: PeoplePlan,
  rank: Rank,
  network: RequesterNetwork | null,
  offset: number,
): Promise<RankedPage | null> {
  const size = plan.body.size ?? 10;
  const depth = offset + size;
  if (size === 0 || depth > SCAN_CAP) return null;
  const { first: isFirst, second: isSecond } = membership(network, rank);
  // OpenSearch scores are 32-bit floats, and two base scores may round to one boosted score: add
  // as it does, and let only a strict bound prove a page there (a tie could then go either way).
  const single = engine.kind === 'opensearch';
  const plus = single
    ? (score: number, boost: number) => Math.fround(Math.fround(score) + boost)
    : (score: number, boost: number) => score + boost;
  const sort = plan.body.sort;
  const bodies: SearchBody[] = [];
  const search = (body: SearchBody): Promise<{ hits: SearchHit[]; total: number; relation: 'eq' | 'gte' }> => {
    bodies.push(body);
    return engine.search(PROFILES, body).then((r) => ({ hits: r.hits, total: r.total?.value ?? 0, relation: r.total?.relation ?? 'eq' }));
  };
  const tierOne: SearchBody | null = rank.first.length
    ? {
        query: { bool: { must: [rank.baseQuery], filter: [anyOf(termsClauses('id', rank.first))] } },
        sort,
        from: 0,
        size: depth,
        _source: false,
        track_total_hits: false,
      }
    : null;
  const scanBody = (from: number, n: number): SearchBody => ({
    query: rank.baseQuery,
    sort,
    from,
    size: n,
    _source: false,
    track_total_hits: from === 0,
  });
  // Tier 1 and the first read run at once (the engine has a worker for each).
  let read = Math.min(SCAN_CAP, Math.max(SCAN_FIRST, 2 * depth));
  const [firstHits, firstRead] = await Promise.all([tierOne ? search(tierOne) : Promise.resolve(null), search(scanBody(0, read))]);
  const candidates: Candidate[] = (firstHits?.hits ?? []).map((h) => ({ id: h.id, score: plus(h.score ?? 0, FIRST_DEGREE_BOOST) }));
  // A refresh between two reads can shift a window: an id is taken once.
  const taken = new Set(candidates.map((c) => c.id));
  const { total, relation } = firstRead;
  const unreadBoost = rank.second.length ? SECOND_DEGREE_BOOST : 0;
  let hits = firstRead.hits;
  let scanned = 0;
  for (;;) {
    for (const h of hits) {
      if (isFirst(h.id) || taken.has(h.id)) continue; // tier 1 ranks the first degree
      taken.add(h.id);
      candidates.push({ id: h.id, score: plus(h.score ?? 0, isSecond(h.id) ? SECOND_DEGREE_BOOST : 0) });
    }
    scanned += hits.length;
    candidates.sort(byRank);
    if (candidates.length > depth) candidates.length = depth;
    const last = hits[hits.length - 1];
    const exhausted = hits.length < read || scanned >= total;
    if (exhausted) break;
    if (candidates.length === depth && last) {
      // The best an unread hit can do: the last read hit's score and boost, with a later id.
      const bound = plus(last.score ?? 0, unreadBoost);
      const edge = candidates[depth - 1]!;
      if (bound < edge.score || (bound === edge.score && last.id >= edge.id && !(single && unreadBoost > 0))) break;
    }
    if (scanned >= SCAN_CAP) return null;
    read = Math.min(SCAN_CAP - scanned, scanned);
    hits = (await search(scanBody(scanned, read))).hits;
  }
  return { ids: candidates.slice(offset, depth).map((c) => c.id), total, relation, bodies, scanned };
}
