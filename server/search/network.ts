import type { ConnectionSource } from '../../mappings/record-schemas.js';
import type { GraphStore, SyncState } from '../store/graph.js';

/** The requester's network as people search sees it. */
export interface RequesterNetwork {
  /** The requester's own profile id. */
  self: string;
  /** Current first-degree connections and the sources that hold each. */
  firstDegree: Map<string, Set<ConnectionSource>>;
  /** Second-degree people and their mutual-connection counts, strongest first. */
  secondDegree: Map<string, number>;
  /** The same as id lists, in that order (built once, reused by every search). */
  firstIds: string[];
  secondIds: string[];
  /** Sync status of each source for the requester. */
  sync: Record<ConnectionSource, SyncState>;
  /** Sources whose status allows checking a connection now. */
  checkable: ConnectionSource[];
  /** Sources that cannot be checked (not synced, failed, stale, syncing). */
  unchecked: ConnectionSource[];
}

export const SOURCES: readonly ConnectionSource[] = ['service', 'professional'];

/** Networks read recently, per graph store, valid while the graph version stays the same. */
const CACHE_ENTRIES = 256;
const caches = new WeakMap<object, Map<string, { version: number; network: RequesterNetwork }>>();

/**
 * A requester's network (null without a linked profile). Cached per profile until the graph
 * changes (any edge or sync status written, by this process or another): computing the second
 * degree of a well-connected person reads tens of thousands of edges.
 */
export function loadNetwork(graph: GraphStore, profileId: string | null): RequesterNetwork | null {
  if (!profileId) return null;
  let cache = caches.get(graph.cacheKey);
  if (!cache) {
    cache = new Map();
    caches.set(graph.cacheKey, cache);
  }
  const version = graph.version();
  const hit = cache.get(profileId);
  if (hit && hit.version === version) {
    // Most recently used last.
    cache.delete(profileId);
    cache.set(profileId, hit);
    // Sync states age without a write (a source goes stale past the freshness window): re-read them (two rows).
    const sync = graph.syncStatus(profileId);
    if (SOURCES.some((s) => sync[s].status !== hit.network.sync[s].status)) hit.network = { ...hit.network, ...sourceStates(sync) };
    return hit.network;
  }
  const network = readNetwork(graph, profileId);
  cache.set(profileId, { version, network });
  if (cache.size > CACHE_ENTRIES) cache.delete(cache.keys().next().value as string);
  return network;
}

function sourceStates(sync: RequesterNetwork['sync']): Pick<RequesterNetwork, 'sync' | 'checkable' | 'unchecked'> {
  return {
    sync,
    checkable: SOURCES.filter((s) => sync[s].status === 'synced'),
    unchecked: SOURCES.filter((s) => sync[s].status !== 'synced'),
  };
}

function readNetwork(graph: GraphStore, profileId: string): RequesterNetwork {
  const { sync, checkable, unchecked } = sourceStates(graph.syncStatus(profileId));
  const secondDegree = new Map(graph.secondDegree(profileId).map((r) => [r.id, r.mutual] as const));
  const firstDegree = graph.firstDegree(profileId);
  return {
    self: profileId,
    firstDegree,
    secondDegree,
    firstIds: [...firstDegree.keys()],
    secondIds: [...secondDegree.keys()],
    sync,
    checkable,
    unchecked,
  };
}

/**
 * Social proximity of a person to the requester, 0-1: 1 for a first-degree connection, 0.4 to
 * 0.9 for second degree growing with mutual connections (0.05 each), 0 otherwise.
 */
export function socialProximity(network: RequesterNetwork | null, id: string): number | null {
  if (!network) return null;
  if (network.firstDegree.has(id)) return 1;
  const mutual = network.secondDegree.get(id);
  if (mutual !== undefined) return Math.min(0.9, Math.round((0.35 + 0.05 * mutual) * 100) / 100);
  return 0;
}

export function connectionDegree(network: RequesterNetwork | null, id: string): '1st' | '2nd' | '3rd+' | null {
  if (!network) return null;
  if (network.firstDegree.has(id)) return '1st';
  if (network.secondDegree.has(id)) return '2nd';
  return '3rd+';
}
