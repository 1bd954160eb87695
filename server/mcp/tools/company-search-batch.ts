import { AppError } from '../../errors.js';
import { toAppError } from '../../middleware/request-context.js';
import { defineTool } from '../tool.js';
import { COMPANY_CRITERIA, COMPANY_SEARCH_OUTPUT, companySearchInput } from './company-search.js';
import { companyCriterion, requireCriterion } from './criteria.js';
import { companyLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { batchInput, batchOutput } from './schema-tools.js';

/** Searches in one batch call. */
export const COMPANY_BATCH_MAX = 10;

const itemInput = companySearchInput();
const { delegate_user_id: _d, ...itemProperties } = itemInput.properties as Record<string, unknown>;

/**
 * `company_search_batch`: several company searches in one call, each run and billed exactly as
 * `company_search`; one failing (credits, engine) does not fail the others.
 */
export const companySearchBatchTool = defineTool<{ searches: Record<string, unknown>[]; delegate_user_id?: string }>({
  name: 'company_search_batch',
  title: 'Search companies (batch)',
  description: [
    `Run up to ${COMPANY_BATCH_MAX} company searches at once (each item takes company_search's arguments) and get one result per item, in order.`,
    'Each item is billed as one company_search; an item that fails (for example credits_exhausted) reports its own error and the others still run.',
    'Use it to compare segments or resolve several company descriptions in one step.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: batchInput(
    'searches',
    COMPANY_BATCH_MAX,
    { ...itemInput, properties: itemProperties },
    'company_search arguments, one per search.',
  ),
  outputSchema: batchOutput({
    anyOf: [
      COMPANY_SEARCH_OUTPUT,
      {
        type: 'object',
        required: ['success', 'error', 'message'],
        properties: { success: { const: false }, error: { type: 'string' }, message: { type: 'string' } },
      },
    ],
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    for (const [i, search] of args.searches.entries())
      requireCriterion(companyCriterion(search), 'each search of company_search_batch', COMPANY_CRITERIA, `/searches/${i}`);
    // Every item is checked before any runs: an over-limit item refuses the call, as a bad argument does.
    rejectOverLimit(
      args.searches.flatMap((search, i) => [
        ...textLimitProblems(search, ['query', 'description'], `/searches/${i}`),
        ...companyLimitProblems(search, `/searches/${i}`),
      ]),
    );
    const results: Record<string, unknown>[] = [];
    for (const search of args.searches) {
      const body = args.delegate_user_id ? { ...search, delegate_user_id: args.delegate_user_id } : search;
      try {
        results.push((await ctx.route('POST /api/v1/companies/search/preview', { body })) as Record<string, unknown>);
      } catch (err) {
        const e = err instanceof AppError ? err : toAppError(err);
        results.push({ success: false, error: e.code, message: e.message });
      }
    }
    return { success: true, results };
  },
});
