/**
 * Person rows of people search: the public fields, requester-relative connection flags, social
 * proximity, previous correspondence, match reasons and evidence, and column selection.
 */
import type { AdvancedFilters } from '../../query-planner/advanced-filters.js';
import { recentPosts } from '../commands/read-profile.js';
import { presentText } from '../routes/profiles/presenter.js';
import type { Services } from '../services.js';
import { CorrespondenceReader } from '../store/communications.js';
import type { ConnectionSource } from '../store/graph.js';
import { GraphStore } from '../store/graph.js';
import { matchReasons } from './match-reasons.js';
import { connectionDegree, type RequesterNetwork, socialProximity } from './network.js';

export type RelationshipDetail = 'none' | 'summary' | 'intro_paths';

export interface RowOptions {
  /** Columns to return (id and user_id always come); null for all. */
  fields: string[] | null;
  /** Deterministic match reasons. */
  reasons: boolean;
  /** Evidence text (profile text in `textMode`). */
  evidenceText: boolean;
  /** Evidence as JSON (reasons plus the matched values). */
  evidenceJson: boolean;
  textMode: 'base' | 'full';
  postsLimit: number;
  relationshipDetail: RelationshipDetail;
  /** v2: the profile text of each row. */
  profileText: boolean;
}

export const DEFAULT_ROW_OPTIONS: RowOptions = {
  fields: null,
  reasons: false,
  evidenceText: false,
  evidenceJson: false,
  textMode: 'base',
  postsLimit: 3,
  relationshipDetail: 'none',
  profileText: false,
};

/** Every column a row can carry, in output order. */
export const PERSON_FIELDS = [
  'id',
  'user_id',
  'name',
  'first_name',
  'last_name',
  'headline',
  'current_title',
  'current_company',
  'current_company_id',
  'location',
  'bio',
  'picture',
  'professional_username',
  'professional_url',
  'service_url',
  'seniority',
  'function',
  'years_experience',
  'social_proximity_score',
  'connection_degree',
  'service_connected',
  'is_service_connection',
  'professional_connected',
  'is_professional_connection',
  'has_previous_correspondence',
  'correspondence_count',
  'last_correspondence_at',
  'mutual_connection_count',
  'intro_paths',
  'match_reasons',
  'evidence_text',
  'evidence_json',
  'profile_text',
] as const;

export interface RowInput {
  docs: Record<string, unknown>[];
  network: RequesterNetwork | null;
  actingUserId: string;
  filters: AdvancedFilters;
  keywords: string[];
  options: RowOptions;
  /** First-degree verified pages: who each person was confirmed by, and which sources were checked. */
  verified: { confirmedBy: Map<string, ConnectionSource[]>; checked: ConnectionSource[] } | null;
}

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/**
 * A source's flag for one person: true or false when the source was checked for the requester,
 * null when it was not (never false for "unknown").
 */
function flag(network: RequesterNetwork | null, id: string, source: ConnectionSource, checked: ConnectionSource[] | null): boolean | null {
  if (!network) return null;
  const checkable = checked ?? network.checkable;
  if (!checkable.includes(source)) return null;
  return network.firstDegree.get(id)?.has(source) ?? false;
}

export async function presentRows(services: Services, input: RowInput): Promise<Record<string, unknown>[]> {
  const { docs, network, options } = input;
  const ids = docs.map((d) => d.id as string);
  const correspondence = new CorrespondenceReader(services.db).forTargets(input.actingUserId, ids);
  const graph = services.graph;
  const rows: Record<string, unknown>[] = [];
  for (const doc of docs) {
    const id = doc.id as string;
    const loc = doc.location as { raw?: string } | undefined;
    const degree = connectionDegree(network, id);
    const mutual = network?.secondDegree.get(id) ?? null;
    const corr = correspondence.get(id);
    const reasons =
      options.reasons || options.evidenceJson
        ? matchReasons(doc, {
            filters: input.filters,
            keywords: input.keywords,
            degree,
            mutual,
            confirmedBy: input.verified?.confirmedBy.get(id),
          })
        : null;
    const needsText = options.evidenceText || options.profileText;
    const text = needsText
      ? (presentText(doc as never, options.textMode, options.textMode === 'full' ? await recentPosts(services, id, options.postsLimit) : [])
          .text as string)
      : null;
    const checked = input.verified?.checked ?? null;
    const service = flag(network, id, 'service', checked);
    const professional = flag(network, id, 'professional', checked);
    const row: Record<string, unknown> = {
      id,
      user_id: id,
      name: str(doc.display_name),
      first_name: str(doc.first_name),
      last_name: str(doc.last_name),
      headline: str(doc.headline),
      current_title: str(doc.current_title),
      current_company: str(doc.current_company_name),
      current_company_id: str(doc.current_company_id),
      location: str(loc?.raw),
      bio: str(doc.bio),
      picture: str(doc.picture_url),
      professional_username: str(doc.professional_username),
      professional_url: str(doc.professional_url),
      service_url: str(doc.service_url),
      seniority: str(doc.seniority),
      function: str(doc.function),
      years_experience: typeof doc.years_experience === 'number' ? doc.years_experience : null,
      social_proximity_score: socialProximity(network, id),
      connection_degree: degree,
      service_connected: service,
      is_service_connection: service,
      professional_connected: professional,
      is_professional_connection: professional,
      has_previous_correspondence: corr ? corr.count > 0 : false,
      correspondence_count: corr?.count ?? 0,
      last_correspondence_at: corr?.lastAt ? new Date(corr.lastAt).toISOString() : null,
      match_reasons: options.reasons ? reasons : null,
      evidence_text: options.evidenceText ? text : null,
    };
    if (options.evidenceJson) row.evidence_json = { match_reasons: reasons, connection_degree: degree, mutual_connection_count: mutual };
    if (options.relationshipDetail !== 'none' && network) {
      row.mutual_connection_count = degree === '1st' ? graph.mutualConnections(network.self, id, 1000).length : (mutual ?? 0);
      if (options.relationshipDetail === 'intro_paths') {
        const via = graph.mutualConnections(network.self, id, 3);
        const viaDocs = via.length ? await services.engine.mget<Record<string, unknown>>('proxima-profiles', via) : [];
        row.intro_paths = via.map((v, i) => ({ via_user_id: v, via_name: str(viaDocs[i]?.display_name) }));
      }
    }
    if (options.profileText) row.profile_text = text;
    rows.push(options.fields ? pick(row, options.fields) : row);
  }
  return rows;
}

function pick(row: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, user_id: row.user_id };
  for (const f of fields) if (f in row) out[f] = row[f];
  return out;
}
