/**
 * Person rows of people search, the data: for each document of a page, what its row shows that
 * is not in the document itself. Requester-relative connection flags, social proximity, previous
 * correspondence, match reasons, evidence text (the profile chunks built only when asked for),
 * mutual connections and intro paths. Shaped into rows by the presenter
 * (server/routes/people-search/person-row.ts).
 */
import { INDICES } from '../../../../mappings/indices.js';
import type { ConnectionSource } from '../../../../mappings/record-schemas.js';
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import { presentText } from '../../../routes/profiles/presenter.js';
import { connectionDegree, type RequesterNetwork, socialProximity } from '../../../search/network.js';
import type { Services } from '../../../services.js';
import { CorrespondenceReader } from '../../../store/communications.js';
import { recentPosts } from '../../read-profile.js';
import { matchReasons } from './match-reasons.js';

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

/** What a person's row shows beyond the document. */
export interface PersonRowData {
  id: string;
  doc: Record<string, unknown>;
  degree: '1st' | '2nd' | '3rd+' | null;
  proximity: number | null;
  /** Second-degree mutual connections (null when not second degree). */
  mutual: number | null;
  /** Per source: true/false when checked for the requester, null when not. */
  service: boolean | null;
  professional: boolean | null;
  correspondence: { count: number; lastAt: number | null } | null;
  /** Computed when reasons or evidence JSON are asked for. */
  reasons: string[] | null;
  /** The profile text in the asked mode, when evidence or profile text is asked for. */
  text: string | null;
  /** With relationship detail (and a graph). */
  mutualCount?: number;
  introPaths?: { via_user_id: string; via_name: string | null }[];
}

/** Loads the rows of a page's documents, in order. */
export async function loadPersonRows(services: Services, input: RowInput): Promise<PersonRowData[]> {
  const { docs, network, options } = input;
  const ids = docs.map((d) => d.id as string);
  // Evidence and profile text are built from the chunks (presenter.ts builds them from the document).
  const needsText = options.evidenceText || options.profileText;
  const correspondence = new CorrespondenceReader(services.db).forTargets(input.actingUserId, ids);
  const graph = services.graph;
  const checked = input.verified?.checked ?? null;
  const rows: PersonRowData[] = [];
  for (const doc of docs) {
    const id = doc.id as string;
    const degree = connectionDegree(network, id);
    const mutual = network?.secondDegree.get(id) ?? null;
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
    const text = needsText
      ? (presentText(doc as never, options.textMode, options.textMode === 'full' ? await recentPosts(services, id, options.postsLimit) : [])
          .text as string)
      : null;
    const row: PersonRowData = {
      id,
      doc,
      degree,
      proximity: socialProximity(network, id),
      mutual,
      service: flag(network, id, 'service', checked),
      professional: flag(network, id, 'professional', checked),
      correspondence: correspondence.get(id) ?? null,
      reasons,
      text,
    };
    if (options.relationshipDetail !== 'none' && network) {
      row.mutualCount = degree === '1st' ? graph.mutualConnections(network.self, id, 1000).length : (mutual ?? 0);
      if (options.relationshipDetail === 'intro_paths') {
        const via = graph.mutualConnections(network.self, id, 3);
        const viaDocs = via.length ? await services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, via) : [];
        row.introPaths = via.map((v, i) => {
          const name = viaDocs[i]?.display_name;
          return { via_user_id: v, via_name: typeof name === 'string' && name !== '' ? name : null };
        });
      }
    }
    rows.push(row);
  }
  return rows;
}
