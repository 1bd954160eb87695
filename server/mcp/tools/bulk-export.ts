import { actAsDelegate } from '../../auth/authenticate.js';
import { missingScopes } from '../../auth/scopes.js';
import { BULK_EXPORT_MAX_ROWS, EXPORT_COLUMNS, EXPORT_FORMATS, type ExportFormat, runBulkExport } from '../../commands/bulk-export.js';
import { PROJECT_EXPORT_COLUMNS, PROJECT_EXPORT_MAX_ROWS, runProjectExport } from '../../commands/projects/export.js';
import { insufficientScope, invalidField } from '../../errors.js';
import type { JsonSchema } from '../../http/route.js';
import { searchRequest } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';
import { peopleLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { checkKeywordText, peopleSearchInput, publishedFilters } from './people-search.js';
import { reshape } from './schema-tools.js';

const search = peopleSearchInput(searchRequest);
const props = search.properties as Record<string, unknown>;

interface Args {
  description?: string;
  filters?: Record<string, unknown>;
  network_filter_mode?: 'boost' | 'filter' | 'ignore' | 'connected_to';
  max_rows?: number;
  project_id?: string;
  format?: ExportFormat;
  delegate_user_id?: string;
}

const INPUT = reshape(
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
        description: `Rows at most (1-${BULK_EXPORT_MAX_ROWS}; default 1000; a project export holds at most ${PROJECT_EXPORT_MAX_ROWS}, its default).`,
      },
      project_id: { type: 'string', format: 'uuid', description: 'Export this project’s targets instead of a search.' },
      format: { enum: Object.keys(EXPORT_FORMATS), default: 'csv', description: 'csv (RFC 4180) or xlsx (a workbook with one sheet).' },
      delegate_user_id: props.delegate_user_id,
    },
  },
);

/**
 * `bulk_export`: a private CSV of up to 5,000 people of a search behind a signed link that
 * expires in 24 hours (commands/bulk-export.ts). Billed per exported row.
 */
export const bulkExportTool = defineTool<Args>({
  name: 'bulk_export',
  title: 'Export people or a project to a spreadsheet',
  description: [
    `Export the people matching a description and/or AdvancedFilters (as people_search takes them) to a private CSV file of up to ${BULK_EXPORT_MAX_ROWS} rows (max_rows, default 1000), ranked as people_search ranks them.`,
    `Returns url: a signed download link that works without a key for 24 hours (keep it private), with row_count and the columns (${EXPORT_COLUMNS.join(', ')}).`,
    'Costs the bulk_export price per exported row (0.004 credit: 20 credits for 5,000); max_rows must fit in the remaining credits; a failed export costs nothing.',
    `With project_id instead: the project's targets (up to ${PROJECT_EXPORT_MAX_ROWS} rows) with drafts, review and delivery state, replies and link clicks (${PROJECT_EXPORT_COLUMNS.join(', ')}); free.`,
    'format: csv (default) or xlsx.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: INPUT,
  publishedInputSchema: reshape(INPUT, { add: { filters: publishedFilters(props.filters as JsonSchema) } }),
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
      format: { enum: Object.values(EXPORT_FORMATS) },
      source: { enum: ['search', 'project'] },
    },
  },
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  run: async (args, ctx) => {
    checkKeywordText(args as Record<string, unknown>);
    rejectOverLimit([
      ...textLimitProblems(args as Record<string, unknown>, ['description']),
      ...peopleLimitProblems(args as Record<string, unknown>),
    ]);
    const actor = actAsDelegate(ctx.services, ctx.actor, args.delegate_user_id);
    const format = args.format ?? 'csv';
    if (args.project_id !== undefined) {
      if (args.description !== undefined || args.filters !== undefined)
        throw invalidField('body', '/project_id', 'exports a project’s targets: send it without description or filters');
      if ((args.max_rows ?? 0) > PROJECT_EXPORT_MAX_ROWS)
        throw invalidField('body', '/max_rows', `must be at most ${PROJECT_EXPORT_MAX_ROWS} for a project export`);
      // Projects are read with the communications scope (the search scope alone does not open them).
      const missing = missingScopes({ anyOf: ['communications'] }, ctx.actor.scopes);
      if (missing.length) throw insufficientScope(missing, ctx.actor.scopes);
      const done = await runProjectExport(ctx.services, actor, {
        projectId: args.project_id,
        format,
        maxRows: args.max_rows ?? PROJECT_EXPORT_MAX_ROWS,
      });
      return {
        success: true,
        export_id: done.exportId,
        row_count: done.rowCount,
        bytes: done.bytes,
        columns: done.columns,
        url: done.url,
        expires_at: new Date(done.expiresAt).toISOString(),
        format: EXPORT_FORMATS[format],
        source: 'project',
      };
    }
    // An export of no description, filters or project would be the first people of the whole
    // corpus, charged by the row: almost surely a call whose arguments went missing.
    const keywords = (args as { keywords?: unknown }).keywords;
    const asked =
      Boolean(args.description?.trim()) ||
      (args.filters !== undefined && Object.keys(args.filters).length > 0) ||
      (args as { search_metadata?: unknown }).search_metadata !== undefined ||
      (typeof keywords === 'string' ? keywords.trim() !== '' : Array.isArray(keywords) && keywords.length > 0);
    if (!asked)
      throw invalidField('body', '', 'say whom to export: a description, filters (or an earlier search_metadata), or a project_id');
    const done = await runBulkExport(
      ctx.services,
      actor,
      {
        text: args.description?.trim() ? args.description : null,
        filters: args.filters ?? null,
        networkMode: args.network_filter_mode ?? 'boost',
        maxRows: args.max_rows ?? 1000,
        format,
      },
      ctx.requestId,
      ctx.signal,
    );
    return {
      success: true,
      export_id: done.exportId,
      row_count: done.rowCount,
      bytes: done.bytes,
      columns: [...EXPORT_COLUMNS],
      url: done.url,
      expires_at: new Date(done.expiresAt).toISOString(),
      format: EXPORT_FORMATS[format],
      source: 'search',
    };
  },
});
