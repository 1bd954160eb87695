import { CONNECTION_SOURCES } from '../../../mappings/record-schemas.js';
import { actAsDelegate } from '../../auth/authenticate.js';
import { loadNetwork } from '../../search/network.js';
import { defineTool } from '../tool.js';
import { DELEGATE_ARGUMENT } from './schema-tools.js';

const sourceState = {
  type: 'object',
  required: ['status', 'synced_at', 'detail', 'first_degree'],
  properties: {
    status: { enum: ['synced', 'syncing', 'stale', 'failed', 'not_synced'] },
    synced_at: { type: ['string', 'null'], description: 'When this source last synced (RFC 3339).' },
    detail: { type: ['string', 'null'] },
    first_degree: { type: 'integer', description: 'First-degree connections known from this source.' },
  },
} as const;

/**
 * `social_proximity_status`: how much of the acting user's graph Proxima knows: per connection
 * source its sync state and first-degree count, the distinct first- and second-degree totals,
 * and how to read "not connected". Free.
 */
export const socialProximityStatusTool = defineTool<{ delegate_user_id?: string }>({
  name: 'social_proximity_status',
  title: 'Social graph status',
  description: [
    "Report how much of the caller's (or a delegate's) social graph Proxima knows, which weights every search: per connection source (service, professional) whether it is synced, stale, failed or not synced, when it last synced and how many first-degree connections it holds; the distinct first- and second-degree totals.",
    "Check it before trusting connection_degree: 'not connected' on a row means unknown when a source is stale or not synced, not 'no path'. Free.",
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'read',
  inputSchema: { type: 'object', additionalProperties: false, properties: { delegate_user_id: DELEGATE_ARGUMENT } },
  outputSchema: {
    type: 'object',
    required: ['success', 'user_id', 'sources', 'first_degree_total', 'second_degree_total', 'complete', 'note'],
    properties: {
      success: { const: true },
      user_id: { type: 'string', description: 'Whose graph this is (the acting user).' },
      sources: {
        type: 'object',
        required: [...CONNECTION_SOURCES],
        properties: Object.fromEntries(CONNECTION_SOURCES.map((s) => [s, sourceState])),
      },
      first_degree_total: { type: 'integer' },
      second_degree_total: { type: 'integer' },
      complete: { type: 'boolean', description: 'Whether every source is synced and fresh.' },
      note: { type: 'string' },
    },
  },
  annotations: { readOnlyHint: true, idempotentHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const actor = actAsDelegate(ctx.services, ctx.actor, args.delegate_user_id);
    const graph = ctx.services.graph;
    const userId = actor.actingUserId;
    const status = graph.syncStatus(userId);
    // Every count from one read of the network (cached until the graph changes, as searches use it).
    const network = loadNetwork(graph, userId);
    const firstDegree = [...(network?.firstDegree.values() ?? [])];
    const sources = Object.fromEntries(
      CONNECTION_SOURCES.map((source) => {
        const s = status[source];
        return [
          source,
          {
            status: s.status,
            synced_at: s.syncedAt === null ? null : new Date(s.syncedAt).toISOString(),
            detail: s.detail,
            first_degree: firstDegree.filter((held) => held.has(source)).length,
          },
        ];
      }),
    );
    const complete = CONNECTION_SOURCES.every((s) => status[s].status === 'synced');
    return {
      success: true,
      user_id: userId,
      sources,
      first_degree_total: firstDegree.length,
      second_degree_total: network?.secondDegree.size ?? 0,
      complete,
      note: complete
        ? 'Every source is synced: a person with no connection_degree has no known path within two degrees.'
        : "Some sources are not synced or stale: 'not connected' means unknown, not 'no path'.",
    };
  },
});
