import type { ConnectionSource, GraphStore, SyncState } from '../store/graph.js';

/** The requester's network as people search sees it. */
export interface RequesterNetwork {
  /** The requester's own profile id. */
  self: string;
  /** Current first-degree connections and the sources that hold each. */
  firstDegree: Map<string, Set<ConnectionSource>>;
  /** Second-degree people and their mutual-connection counts, strongest first. */
  secondDegree: Map<string, number>;
  /** Sync status of each source for the requester. */
  sync: Record<ConnectionSource, SyncState>;
  /** Sources whose status allows checking a connection now. */
  checkable: ConnectionSource[];
  /** Sources that cannot be checked (not synced, failed, stale, syncing). */
  unchecked: ConnectionSource[];
}

export const SOURCES: readonly ConnectionSource[] = ['service', 'professional'];

/** Reads a requester's network from the graph store (null without a linked profile). */
export function loadNetwork(graph: GraphStore, profileId: string | null): RequesterNetwork | null {
  if (!profileId) return null;
  const sync = graph.syncStatus(profileId);
  const checkable = SOURCES.filter((s) => sync[s].status === 'synced');
  const unchecked = SOURCES.filter((s) => sync[s].status !== 'synced');
  const secondDegree = new Map(graph.secondDegree(profileId).map((r) => [r.id, r.mutual] as const));
  return { self: profileId, firstDegree: graph.firstDegree(profileId), secondDegree, sync, checkable, unchecked };
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
