import { PROFESSIONAL_NETWORK_HOSTS } from '../../commands/search/people/people-lookup.js';
import { AppError } from '../../errors.js';
import { searchResponse } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';
import { batchInput, batchOutput } from './schema-tools.js';

/** People in one lookup batch. */
export const LOOKUP_BATCH_MAX = 25;

const personRow = (searchResponse.properties.users as { items: unknown }).items;

/**
 * `people_lookup_batch`: several direct lookups by professional username or profile URL, each
 * the lookup path of `POST /api/v1/search/people` (same command, same price per person found).
 */
export const peopleLookupBatchTool = defineTool<{ profiles: string[]; delegate_user_id?: string }>({
  name: 'people_lookup_batch',
  title: 'Look people up by profile URL or username',
  description: [
    `Look up to ${LOOKUP_BATCH_MAX} people at once by professional-network username or profile URL (…/in/<username>); one result per input, in order, with the person row when found.`,
    'Each lookup that finds the person is billed as one people_search; one that finds nobody, or an input that is not a username or profile URL (reported as invalid), is not billed.',
    'Use it to resolve a list of profile links before reading profiles or adding people to a project.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: batchInput(
    'profiles',
    LOOKUP_BATCH_MAX,
    { type: 'string', minLength: 1, maxLength: 300 },
    'Professional usernames or profile URLs.',
  ),
  outputSchema: batchOutput({
    type: 'object',
    required: ['input', 'status', 'person', 'search_id'],
    properties: {
      input: { type: 'string' },
      status: { enum: ['found', 'not_found', 'invalid', 'failed'] },
      person: { anyOf: [personRow, { type: 'null' }] },
      search_id: { type: ['string', 'null'] },
      error: { type: 'string', description: 'invalid and failed: the error code.' },
      message: { type: 'string' },
    },
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const results: Record<string, unknown>[] = [];
    for (const input of args.profiles) {
      const field = input.includes('/') ? 'professional_profile_url' : 'professional_username';
      try {
        const body = (await ctx.route('POST /api/v1/search/people', {
          body: { [field]: input, ...(args.delegate_user_id ? { delegate_user_id: args.delegate_user_id } : {}) },
        })) as { users: Record<string, unknown>[]; search_id: string | null };
        const person = body.users[0] ?? null;
        results.push({ input, status: person ? 'found' : 'not_found', person, search_id: body.search_id });
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const invalid = err.code === 'validation_failed';
        results.push({
          input,
          status: invalid ? 'invalid' : 'failed',
          person: null,
          search_id: null,
          error: err.code,
          // Said of this input, not of the REST body the lookup went through.
          message: invalid
            ? `"${input}" is not a professional-network username or profile URL (…/in/<username> on ${PROFESSIONAL_NETWORK_HOSTS.join(' or ')}).`
            : err.message,
        });
      }
    }
    return { success: true, results };
  },
});
