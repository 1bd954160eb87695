import { actAsDelegate } from '../../auth/authenticate.js';
import { BULK_EXPORT_MAX_ROWS, EXPORT_COLUMNS, runBulkExport } from '../../commands/bulk-export.js';
import { searchRequest } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';
import { checkKeywordText, peopleSearchInput } from './people-search.js';
import { reshape } from './schema-tools.js';

const search = peopleSearchInput(searchRequest);
const props = search.properties as Record<string, unknown>;

interface Args {
  description?: string;
  filters?: Record<string, unknown>;
  network_filter_mode?: 'boost' | 'filter' | 'ignore' | 'connected_to';
  max_rows?: number;
  delegate_user_id?: string;
}

/**
 * `bulk_export`: a private CSV of up to 5,000 people of a search behind a signed link that
 * expires in 24 hours (commands/bulk-export.ts). Billed per exported row.
 */
export const bulkExportTool = defineTool<Args>({
  name: 'bulk_export',
  title: 'Export people to CSV',
  description: [
    `Export the people matching a description and/or AdvancedFilters (as people_search takes them) to a private CSV file of up to ${BULK_EXPORT_MAX_ROWS} rows (max_rows, default 1000), ranked as people_search ranks them.`,
    `Returns url: a signed download link that works without a key for 24 hours (keep it private), with row_count and the columns (${EXPORT_COLUMNS.join(', ')}).`,
    'Costs the bulk_export price per exported row (0.004 credit: 20 credits for 5,000); max_rows must fit in the remaining credits; a failed export costs nothing.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: reshape(
    { type: 'object', additionalProperties: false, properties: {} },
    {
      add: {
        description: props.description,
        filters: props.filters,
        network_filter_mode: props.network_filter_mode,
        max_rows: {
          type: 'integer',
          minimum: 1,
          maximum: BULK_EXPORT_MAX_ROWS,
          default: 1000,
          description: `Rows at most (1-${BULK_EXPORT_MAX_ROWS}).`,
        },
        delegate_user_id: props.delegate_user_id,
      },
    },
  ),
  outputSchema: {
    type: 'object',
    required: ['success', 'export_id', 'row_count', 'bytes', 'columns', 'url', 'expires_at', 'format'],
    properties: {
      success: { const: true },
      export_id: { type: 'string' },
      row_count: { type: 'integer' },
      bytes: { type: 'integer' },
      columns: { type: 'array', items: { type: 'string' } },
      url: { type: 'string', description: 'Signed download link; private; expires at expires_at.' },
      expires_at: { type: 'string' },
      format: { const: 'text/csv' },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    checkKeywordText(args as Record<string, unknown>);
    const actor = actAsDelegate(ctx.services, ctx.actor, args.delegate_user_id);
    const done = await runBulkExport(
      ctx.services,
      actor,
      {
        text: args.description?.trim() ? args.description : null,
        filters: args.filters ?? null,
        networkMode: args.network_filter_mode ?? 'boost',
        maxRows: args.max_rows ?? 1000,
      },
      ctx.requestId,
    );
    return {
      success: true,
      export_id: done.exportId,
      row_count: done.rowCount,
      bytes: done.bytes,
      columns: [...EXPORT_COLUMNS],
      url: done.url,
      expires_at: new Date(done.expiresAt).toISOString(),
      format: 'text/csv',
    };
  },
});
