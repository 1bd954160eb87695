/**
 * People search, a relevance page ranked by the requester's network in tiers (docs/people-search.md,
 * "How boosts run"). The ranking is the boosted query's: score = relevance + 3 for a boosted
 * first-degree person + 1.5 for a boosted second-degree one, ties by id. But no query carries a
 * large second degree (tens of thousands of ids for a well-connected requester), so the cost
 * follows the page, not the network:
 * - the query alone, read in score order (ids and scores only), each hit tested against the
 *   first degree and the cached second-degree set and given its boost;
 * - the page is exact once no hit left unread can reach it: the last hit read, with the largest
 *   boost it could still get, ranks below the page's last row;
 * - when that fails, tier 1 (the query restricted to the first degree, a short id list: its best
 *   `offset + limit` hits) takes the first degree off the unread hits, so they can gain at most
 *   the second-degree boost;
 * - when that fails too and the second degree is small ({@link TIER_TWO_MAX} ids at most), tier 2
 *   (the query restricted to it, its best `offset + limit` hits) takes it off the unread hits, so
 *   they gain nothing and the read's own order proves the page. Without it, a page whose scores
 *   tie (filters only) could not be proven before its last hit;
 * - then the reading grows (200, then doubling) until the proof holds, up to {@link SCAN_CAP}
 *   hits. A page not proven by then is searched as the one boosted query instead (the same
 *   ranking, the old cost).
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
/**
 * Largest second degree tier 2 names: a list the engines bound a query by cheaply (the embedded
 * engine drives from an id list this short; docs/search-engine.md), far below the terms limit.
 */
export const TIER_TWO_MAX = 10_000;

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
  /** The largest second degree tier 2 names (tests set 0 to rank without it). */
  tierTwoMax = TIER_TWO_MAX,
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
  /** A tier: the query restricted to an id list, its best `depth` hits. */
  const restrictedTo = (ids: string[]): SearchBody => ({
    query: { bool: { must: [rank.baseQuery], filter: [anyOf(termsClauses('id', ids))] } },
    sort,
    from: 0,
    size: depth,
    _source: false,
    track_total_hits: false,
  });
  const tierOne = rank.first.length ? restrictedTo(rank.first) : null;
  const tierTwo = rank.second.length > 0 && rank.second.length <= tierTwoMax ? restrictedTo(rank.second) : null;
  const scanBody = (from: number, n: number): SearchBody => ({
    query: rank.baseQuery,
    sort,
    from,
    size: n,
    _source: false,
    track_total_hits: from === 0,
  });
  // The first read comes first, first-degree hits included with their boost: when the page is
  // proven from it (an unread hit could gain at most the first-degree boost), tier 1 is not run.
  // An engine gives one request one worker at a time, so tier 1 would cost a whole second search.
  let read = Math.min(SCAN_CAP, Math.max(SCAN_FIRST, 2 * depth));
  const firstRead = await search(scanBody(0, read));
  const { total, relation } = firstRead;
  const candidates: Candidate[] = [];
  // An id is taken once: tier 1 and the read overlap, and a refresh between reads can shift a window.
  const taken = new Set<string>();
  let tierOneDone = tierOne === null;
  let tierTwoDone = false;
  let scanned = 0;
  let last: SearchHit | undefined;
  let exhausted = false;
  const keep = () => {
    candidates.sort(byRank);
    if (candidates.length > depth) candidates.length = depth;
  };
  const absorb = (hits: SearchHit[], asked: number) => {
    for (const h of hits) {
      if (taken.has(h.id)) continue;
      const first = isFirst(h.id);
      // Once tier 1 (2) has run, it holds every first-degree (second-degree) person who can reach the page.
      if (first && tierOneDone && tierOne) continue;
      if (!first && tierTwoDone && isSecond(h.id)) continue;
      taken.add(h.id);
      candidates.push({
        id: h.id,
        score: plus(h.score ?? 0, first ? FIRST_DEGREE_BOOST : isSecond(h.id) ? SECOND_DEGREE_BOOST : 0),
      });
    }
    scanned += hits.length;
    last = hits[hits.length - 1] ?? last;
    exhausted = hits.length < asked || scanned >= total;
    keep();
  };
  /** No unread hit can reach the page: the last read hit's score plus the largest boost it could still get, with a later id. */
  const proven = (): boolean => {
    if (exhausted) return true;
    if (candidates.length < depth || !last) return false;
    const unreadBoost = !tierOneDone ? FIRST_DEGREE_BOOST : rank.second.length && !tierTwoDone ? SECOND_DEGREE_BOOST : 0;
    const bound = plus(last.score ?? 0, unreadBoost);
    const edge = candidates[depth - 1]!;
    return bound < edge.score || (bound === edge.score && last.id >= edge.id && !(single && unreadBoost > 0));
  };
  absorb(firstRead.hits, read);
  while (!proven()) {
    if (!tierOneDone && tierOne) {
      for (const h of (await search(tierOne)).hits) {
        if (taken.has(h.id)) continue;
        taken.add(h.id);
        candidates.push({ id: h.id, score: plus(h.score ?? 0, FIRST_DEGREE_BOOST) });
      }
      tierOneDone = true;
      keep();
      continue;
    }
    if (!tierTwoDone && tierTwo) {
      for (const h of (await search(tierTwo)).hits) {
        // A first-degree person gets the larger boost, from the read or tier 1.
        if (taken.has(h.id) || isFirst(h.id)) continue;
        taken.add(h.id);
        candidates.push({ id: h.id, score: plus(h.score ?? 0, SECOND_DEGREE_BOOST) });
      }
      tierTwoDone = true;
      keep();
      continue;
    }
    if (scanned >= SCAN_CAP) return null;
    read = Math.min(SCAN_CAP - scanned, scanned);
    absorb((await search(scanBody(scanned, read))).hits, read);
  }
  return { ids: candidates.slice(offset, depth).map((c) => c.id), total, relation, bodies, scanned };
}
