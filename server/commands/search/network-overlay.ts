/**
 * Network overlays for job and post results: for a set of companies, the viewer's first- and
 * second-degree connections who work there now, counted and sampled. Two searches on the
 * profiles index per overlay (one per degree), whatever the number of companies: the viewer's
 * connections at any of the companies, grouped here by current company.
 */
import { INDICES } from '../../../mappings/indices.js';
import { connectionsAtCompaniesBody } from '../../../query-planner/build/overlay-query.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { SearchEngine } from '../../../search-engine/port.js';
import type { Actor } from '../../auth/actor.js';
import { loadNetwork, type RequesterNetwork } from '../../search/network.js';
import type { Services } from '../../services.js';

const PROFILES = INDICES.profiles.alias;

/** Connections read per degree for one overlay; beyond it, counts are lower bounds. */
export const OVERLAY_SCAN = 2_000;
/**
 * Second-degree people an overlay looks for: the ones with the most mutual connections. A
 * well-connected viewer has tens of thousands; matching all of them against the page's companies
 * costs the embedded engine about 5 µs per id (300 ms for 65,536), so beyond this the counts are
 * lower bounds.
 */
export const OVERLAY_SECOND_DEGREE = 5_000;

export interface OverlayPerson {
  id: string;
  name: string | null;
  headline: string | null;
  current_title: string | null;
  connection_degree: '1st' | '2nd';
  /** Mutual connections with the viewer (second degree only). */
  mutual_connections: number | null;
}

export interface CompanyNetwork {
  first_degree: { count: number; people: OverlayPerson[] };
  second_degree: { count: number; people: OverlayPerson[] };
  /**
   * `exact`, or `lower_bound` when the viewer has more than OVERLAY_SECOND_DEGREE second-degree
   * people or more connections at these companies than one overlay reads.
   */
  count_relation: 'exact' | 'lower_bound';
}

export interface OverlayStatus {
  status: 'applied' | 'no_viewer_profile' | 'no_connections';
  viewer_profile_id: string | null;
  first_degree_connections: number;
  second_degree_connections: number;
  /** Sources that could not be checked (their people are missing from the overlay). */
  unchecked_sources: string[];
}

export interface Viewer {
  network: RequesterNetwork | null;
  profile: Record<string, unknown> | null;
}

/** The viewer of a search: the acting user (the delegate when one acts), with their network. */
export async function loadViewer(services: Services, actor: Actor): Promise<Viewer> {
  const acting = services.users.get(actor.actingUserId);
  const profileId = acting?.userId ?? null;
  const network = loadNetwork(services.graph, profileId);
  if (!profileId) return { network, profile: null };
  let doc: Record<string, unknown> | null = null;
  try {
    doc = (await services.engine.mget<Record<string, unknown>>(PROFILES, [profileId]))[0] ?? null;
  } catch (e) {
    if (!(e instanceof SearchEngineError && e.code === 'index_not_found')) throw e;
  }
  return {
    network,
    profile: {
      id: profileId,
      user_id: actor.actingUserId,
      name: (doc?.display_name as string | undefined) ?? acting?.name ?? null,
      headline: (doc?.headline as string | undefined) ?? null,
      current_company_id: (doc?.current_company_id as string | undefined) ?? null,
    },
  };
}

/** What the overlay could use: the viewer's connection counts and unchecked sources. */
export function overlayStatus(viewer: Viewer): OverlayStatus {
  const n = viewer.network;
  if (!viewer.profile || !n)
    return {
      status: 'no_viewer_profile',
      viewer_profile_id: null,
      first_degree_connections: 0,
      second_degree_connections: 0,
      unchecked_sources: [],
    };
  return {
    status: n.firstIds.length || n.secondIds.length ? 'applied' : 'no_connections',
    viewer_profile_id: n.self,
    first_degree_connections: n.firstIds.length,
    second_degree_connections: n.secondIds.length,
    unchecked_sources: [...n.unchecked],
  };
}

async function connectionsAt(
  engine: SearchEngine,
  companyIds: string[],
  ids: readonly string[],
): Promise<{ hits: { id: string; source: Record<string, unknown> }[]; total: number }> {
  if (!ids.length || !companyIds.length) return { hits: [], total: 0 };
  const res = await engine.search<Record<string, unknown>>(PROFILES, connectionsAtCompaniesBody(companyIds, ids, OVERLAY_SCAN));
  return { hits: res.hits.map((h) => ({ id: h.id, source: h.source })), total: res.total?.value ?? res.hits.length };
}

/**
 * The viewer's connections at each company, `perCompany` people sampled per degree (second
 * degree by most mutual connections, first degree by name).
 */
export async function networkAtCompanies(
  services: Services,
  viewer: Viewer,
  companyIds: string[],
  perCompany: number,
): Promise<Map<string, CompanyNetwork>> {
  const out = new Map<string, CompanyNetwork>();
  const unique = [...new Set(companyIds)];
  for (const id of unique)
    out.set(id, { first_degree: { count: 0, people: [] }, second_degree: { count: 0, people: [] }, count_relation: 'exact' });
  const n = viewer.network;
  if (!n || !unique.length) return out;
  const checkableFirst = n.firstIds.filter((id) => [...(n.firstDegree.get(id) ?? [])].some((s) => n.checkable.includes(s)));
  for (const degree of ['1st', '2nd'] as const) {
    // secondIds is ordered strongest first (most mutual connections).
    const ids = degree === '1st' ? checkableFirst : n.secondIds.slice(0, OVERLAY_SECOND_DEGREE);
    const { hits, total } = await connectionsAt(services.engine, unique, ids);
    const byCompany = new Map<string, OverlayPerson[]>();
    for (const h of hits) {
      const company = h.source.current_company_id as string;
      const list = byCompany.get(company) ?? [];
      list.push({
        id: h.id,
        name: (h.source.display_name as string | undefined) ?? null,
        headline: (h.source.headline as string | undefined) ?? null,
        current_title: (h.source.current_title as string | undefined) ?? null,
        connection_degree: degree,
        mutual_connections: degree === '2nd' ? (n.secondDegree.get(h.id) ?? 0) : null,
      });
      byCompany.set(company, list);
    }
    for (const [company, people] of byCompany) {
      const slot = out.get(company);
      if (!slot) continue;
      if (degree === '2nd') people.sort((a, b) => (b.mutual_connections ?? 0) - (a.mutual_connections ?? 0) || (a.id < b.id ? -1 : 1));
      else people.sort((a, b) => (a.name ?? '\uffff').localeCompare(b.name ?? '\uffff') || (a.id < b.id ? -1 : 1));
      const block = degree === '1st' ? slot.first_degree : slot.second_degree;
      block.count = people.length;
      block.people = people.slice(0, perCompany);
    }
    const partial = total > hits.length || (degree === '2nd' && n.secondIds.length > OVERLAY_SECOND_DEGREE);
    if (partial) for (const slot of out.values()) slot.count_relation = 'lower_bound';
  }
  return out;
}
