import { PROFESSIONAL_NETWORK_HOSTS, usernameFromInput } from '../../commands/search/people/people-lookup.js';
import { AppError } from '../../errors.js';
import { searchResponse } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';
import { batchInput, batchOutput } from './schema-tools.js';

/** People in one lookup batch. */
export const LOOKUP_BATCH_MAX = 25;

const personRow = (searchResponse.properties.users as { items: unknown }).items;

/** A person id (the `id` of a search row), as the profiles index keys people. */
const PERSON_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** How an input is looked up: the REST lookup field it goes in. */
function lookupField(input: string): 'person_id' | 'professional_profile_url' | 'professional_username' {
  if (PERSON_ID.test(input.trim())) return 'person_id';
  return input.includes('/') ? 'professional_profile_url' : 'professional_username';
}

/**
 * The person an input names, when an earlier result already found them: the same id, or the
 * same professional username (a username and its profile URL name one person). Found without a
 * lookup, so a person named twice is billed once.
 */
function earlierFind(input: string, results: readonly Record<string, unknown>[]): number {
  const id = PERSON_ID.test(input.trim()) ? input.trim().toLowerCase() : null;
  const username = id ? null : usernameFromInput(input);
  return results.findIndex((r) => {
    const person = r.person as { id?: string; professional_username?: string | null } | null;
    if (r.status !== 'found' || !person || r.duplicate_of !== undefined) return false;
    return id ? person.id?.toLowerCase() === id : username !== null && person.professional_username?.toLowerCase() === username;
  });
}

/**
 * `people_lookup_batch`: several direct lookups by professional username, profile URL or person
 * id, each the lookup path of `POST /api/v1/search/people` (same command, same price per person
 * found); a person named again is answered from the first find, not looked up (or billed) again.
 */
export const peopleLookupBatchTool = defineTool<{ profiles: string[]; delegate_user_id?: string }>({
  name: 'people_lookup_batch',
  title: 'Look people up by id, profile URL or username',
  description: [
    `Look up to ${LOOKUP_BATCH_MAX} people at once by person id (the id of a people_search row, a post author, a project target), professional-network username or profile URL (…/in/<username>); one result per input, in order, with the person row when found.`,
    'This is how to read a profile: the row comes with match reasons and evidence_text (the profile text).',
    'Each lookup that finds the person is billed as one people_search; one that finds nobody, or an input that is not an id, username or profile URL (reported as invalid), is not billed.',
    'A person named more than once (the same id, or a username and its URL) is looked up and billed once: later copies carry duplicate_of, the index of the first.',
    'Billing reserves first: with no credits left even a lookup that would find nobody fails with credits_exhausted.',
    'Use it to resolve a list of profile links before reading profiles or adding people to a project.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: batchInput(
    'profiles',
    LOOKUP_BATCH_MAX,
    { type: 'string', minLength: 1, maxLength: 300 },
    'Person ids (uuid), professional usernames or profile URLs.',
  ),
  outputSchema: batchOutput({
    type: 'object',
    required: ['input', 'status', 'person', 'search_id'],
    properties: {
      input: { type: 'string' },
      status: { enum: ['found', 'not_found', 'invalid', 'failed'] },
      person: { anyOf: [personRow, { type: 'null' }] },
      search_id: { type: ['string', 'null'] },
      duplicate_of: {
        type: 'integer',
        minimum: 0,
        description: 'This input names the person an earlier input found (its index): answered from it, not billed again.',
      },
      error: { type: 'string', description: 'invalid and failed: the error code.' },
      message: { type: 'string' },
    },
  }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    const results: Record<string, unknown>[] = [];
    for (const input of args.profiles) {
      const first = earlierFind(input, results);
      if (first >= 0) {
        const earlier = results[first] as Record<string, unknown>;
        results.push({ input, status: 'found', person: earlier.person, search_id: earlier.search_id, duplicate_of: first });
        continue;
      }
      const field = lookupField(input);
      try {
        const body = (await ctx.route('POST /api/v1/search/people', {
          body: {
            [field]: field === 'person_id' ? input.trim() : input,
            ...(args.delegate_user_id ? { delegate_user_id: args.delegate_user_id } : {}),
          },
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
            ? `"${input}" is not a person id, professional-network username or profile URL (…/in/<username> on ${PROFESSIONAL_NETWORK_HOSTS.join(' or ')}).`
            : err.message,
        });
      }
    }
    return { success: true, results };
  },
});
