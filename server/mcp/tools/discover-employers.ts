import { PEOPLE_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import { previewRequest } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';
import { PEOPLE_CRITERIA, peopleCriterion, requireCriterion } from './criteria.js';
import { peopleLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { checkKeywordText, peopleSearchInput, publishedPeopleInput } from './people-search.js';
import { reshape } from './schema-tools.js';

/** People examined per call: one preview page of the largest size. */
const EXAMINED = PEOPLE_SEARCH_LIMITS.limit.max;
/** People shown per employer. */
const SAMPLES = 3;

interface Row {
  id: string;
  name: string | null;
  current_title: string | null;
  current_company: string | null;
  current_company_id: string | null;
  connection_degree?: string | null;
}

const input = reshape(peopleSearchInput(previewRequest), {
  drop: ['limit', 'count_only', 'fields', 'include_evidence_text', 'evidence_text_mode', 'evidence_posts_limit'],
});

/**
 * `discover_employers`: where the people matching a description work. One people search preview
 * (`POST /api/v1/search/people/preview`, its price) of the 25 best-ranked people, grouped by
 * current employer; `offset` looks at the next 25.
 */
export const discoverEmployersTool = defineTool<Record<string, unknown> & { offset?: number }>({
  name: 'discover_employers',
  title: 'Discover employers of matching people',
  description: [
    "Find which companies employ the people matching a description (e.g. 'ML engineers in Toronto'): runs one people search preview over the 25 best-ranked matches (graph-weighted) and groups them by current employer, most matches first, with a few sample people each.",
    'Costs one people_search_preview. offset (0-10000) looks at the next 25 people. To find people at an employer, pass its company_id to people_search as filters.companies[].where.identity.ids (company_search takes names, not ids).',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: input,
  publishedInputSchema: publishedPeopleInput(input),
  outputSchema: {
    type: 'object',
    required: ['success', 'examined_people', 'employers', 'next_offset'],
    properties: {
      success: { const: true },
      examined_people: { type: 'integer', description: 'Matching people looked at (at most 25).' },
      employers: {
        type: 'array',
        items: {
          type: 'object',
          required: ['company_id', 'company_name', 'people_count', 'sample_people'],
          properties: {
            company_id: { type: ['string', 'null'] },
            company_name: { type: 'string' },
            people_count: { type: 'integer' },
            sample_people: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'name', 'current_title'],
                properties: {
                  id: { type: 'string' },
                  name: { type: ['string', 'null'] },
                  current_title: { type: ['string', 'null'] },
                  connection_degree: { type: ['string', 'null'] },
                },
              },
            },
          },
        },
      },
      without_employer: { type: 'integer', description: 'Matching people with no current employer on record.' },
      next_offset: { type: ['integer', 'null'], description: 'offset for the next 25 people, or null.' },
    },
  },
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (args, ctx) => {
    requireCriterion(peopleCriterion(args), 'discover_employers', PEOPLE_CRITERIA);
    checkKeywordText(args);
    rejectOverLimit([...textLimitProblems(args, ['description', 'query']), ...peopleLimitProblems(args)]);
    const body = (await ctx.route('POST /api/v1/search/people/preview', { body: { ...args, limit: EXAMINED } })) as {
      users: Row[];
      pagination: { offset: number; returned: number; has_more: boolean };
    };
    const groups = new Map<string, { company_id: string | null; company_name: string; people: Row[] }>();
    let without = 0;
    for (const row of body.users) {
      if (!row.current_company) {
        without++;
        continue;
      }
      const key = row.current_company_id ?? `name:${row.current_company.toLowerCase()}`;
      const group = groups.get(key) ?? { company_id: row.current_company_id, company_name: row.current_company, people: [] };
      group.people.push(row);
      groups.set(key, group);
    }
    const employers = [...groups.values()]
      .sort((a, b) => b.people.length - a.people.length)
      .map((g) => ({
        company_id: g.company_id,
        company_name: g.company_name,
        people_count: g.people.length,
        sample_people: g.people.slice(0, SAMPLES).map((p) => ({
          id: p.id,
          name: p.name,
          current_title: p.current_title,
          connection_degree: p.connection_degree ?? null,
        })),
      }));
    const { offset, returned, has_more } = body.pagination;
    return {
      success: true,
      examined_people: body.users.length,
      employers,
      without_employer: without,
      next_offset: has_more && offset + returned <= PEOPLE_SEARCH_LIMITS.offset.max ? offset + returned : null,
    };
  },
});
