import { LANGUAGE_PROFICIENCIES } from '../../../mappings/record-schemas.js';
import { splitKeywords } from '../../../query-planner/build/normalize.js';
import { PEOPLE_SEARCH_LIMITS } from '../../../query-planner/limits.js';
import { rateFor, toCredits } from '../../billing/rate-card.js';
import { type ValidationProblem, validationFailed } from '../../errors.js';
import type { JsonSchema } from '../../http/route.js';
import { searchRequest, searchResponse } from '../../routes/people-search/schemas.js';
import { defineTool } from '../tool.js';
import { PEOPLE_CRITERIA, peopleCriterion, requireCriterion } from './criteria.js';
import { peopleLimitProblems, rejectOverLimit, textLimitProblems } from './over-limit.js';
import { connectorDescriptions, DELEGATE_ARGUMENT, enforceLimits, NEXT_PAGE_SCHEMA, reshape, tighten } from './schema-tools.js';

/** Keyword lists of the connector (the contract's MCP connector rules). */
export const CONNECTOR_KEYWORD_LIMITS = { contextKeywords: 15, keywords: 64 } as const;

/** AdvancedFilters with the connector's limits, at the top level and under `where`. */
function connectorFilters(filters: JsonSchema): JsonSchema {
  const L = PEOPLE_SEARCH_LIMITS;
  let out = enforceLimits(filters, {
    listValues: L.listValues,
    valueChars: L.valueChars,
    byName: { connected_to: L.connectedTo, exclude_connected_to: L.connectedTo, names: L.companyNames },
  });
  for (const base of [[], ['where']] as const) {
    out = tighten(out, [...base, 'additional_context_keywords_core'], { maxItems: CONNECTOR_KEYWORD_LIMITS.contextKeywords });
    out = tighten(out, [...base, 'additional_context_keywords_supporting'], { maxItems: CONNECTOR_KEYWORD_LIMITS.contextKeywords });
    out = tighten(out, [...base, 'keywords', 'anyOf', 1], { maxItems: CONNECTOR_KEYWORD_LIMITS.keywords });
    out = tighten(out, [...base, 'languages', 'items', 'proficiency'], {
      enum: [...LANGUAGE_PROFICIENCIES],
      description: 'One of the five proficiency levels, exactly as written.',
    });
  }
  return out;
}

/** The people search arguments of the connector: the REST body, with its limits enforced instead of clamped. */
export function peopleSearchInput(base: JsonSchema): JsonSchema {
  const L = PEOPLE_SEARCH_LIMITS;
  let s = connectorDescriptions(reshape(base, { add: { delegate_user_id: DELEGATE_ARGUMENT } }));
  const given = s.properties as Record<string, JsonSchema>;
  // The deprecated keywords are one more filter list: values of 200 characters.
  if (given.keywords)
    s = reshape(s, { add: { keywords: enforceLimits(given.keywords, { listValues: L.listValues, valueChars: L.valueChars }) } });
  if (given.count_only)
    s = tighten(s, ['count_only'], {
      description: `${String(given.count_only.description)} Costs what the search costs (${countPrice(base)}), not a preview: it counts the same search.`,
    });
  s = tighten(s, ['description'], {
    maxLength: L.queryChars,
    description: `Natural-language description of the people wanted (up to ${L.queryChars.toLocaleString('en')} characters; longer is refused).`,
  });
  s = tighten(s, ['query'], { maxLength: L.queryChars, description: 'Legacy alias of description (the same limit).' });
  s = tighten(s, ['limit'], { minimum: L.limit.min, maximum: L.limit.max });
  s = tighten(s, ['offset'], { minimum: L.offset.min, maximum: L.offset.max });
  if ((s.properties as Record<string, unknown>).evidence_posts_limit)
    s = tighten(s, ['evidence_posts_limit'], { maximum: L.evidencePosts.max });
  const properties = s.properties as Record<string, JsonSchema | undefined>;
  // The deprecated keywords, at the top and in an earlier search_metadata, count as filters.keywords do.
  for (const path of [['keywords'], ['search_metadata', 'keywords']] as const)
    if (hasPath(s, path)) s = tighten(s, [...path, 'anyOf', 1], { maxItems: CONNECTOR_KEYWORD_LIMITS.keywords });
  if (properties.filters) s = reshape(s, { add: { filters: connectorFilters(properties.filters) } });
  // An earlier search_metadata sent back is held to the same rules as the filters it stands for.
  const metadata = (s.properties as Record<string, JsonSchema | undefined>).search_metadata;
  const metadataFilters = (metadata?.properties as Record<string, JsonSchema> | undefined)?.filters;
  if (metadata && metadataFilters)
    s = reshape(s, { add: { search_metadata: reshape(metadata, { add: { filters: connectorFilters(metadataFilters) } }) } });
  return s;
}

/** The price a count costs: the search's own (full or preview), from the rate card. */
function countPrice(base: JsonSchema): string {
  const preview = !(base.properties as Record<string, unknown>).professional_username;
  const entry = rateFor(preview ? 'people_search_preview' : 'people_search');
  return `${toCredits(entry.priceMicro)} credit, the ${entry.operation} price`;
}

/**
 * AdvancedFilters as published to clients: `where`, the alternative nesting of the same fields,
 * said in a sentence instead of repeating all of them (validation still holds it to the full schema).
 */
export function publishedFilters(filters: JsonSchema): JsonSchema {
  return reshape(filters, {
    add: {
      where: {
        type: 'object',
        description:
          'Alternative nesting: the same fields as filters itself (as some clients send them), merged into filters and held to the same limits.',
      },
    },
  });
}

/**
 * The people search arguments as `tools/list` publishes them (docs/mcp.md, "Schema size"): the
 * validated schema ({@link peopleSearchInput}) with `search_metadata` an opaque object to send
 * back as returned, and `filters.where` said in a sentence. It admits all the validated schema
 * admits; the server validates against the full one.
 */
export function publishedPeopleInput(input: JsonSchema): JsonSchema {
  const properties = input.properties as Record<string, JsonSchema | undefined>;
  const add: Record<string, unknown> = {};
  if (properties.filters) add.filters = publishedFilters(properties.filters);
  if (properties.search_metadata)
    add.search_metadata = {
      type: 'object',
      description:
        'The search_metadata of an earlier response, sent back unchanged (treat it as opaque): its filters and keywords run again, parsing skipped; its other fields are ignored. Held to the same rules as filters.',
    };
  return reshape(input, { add });
}

/** Whether an object schema has properties along `path`. */
const hasPath = (schema: JsonSchema, path: readonly string[]): boolean => {
  let node: JsonSchema | undefined = schema;
  for (const step of path) node = (node?.properties as Record<string, JsonSchema> | undefined)?.[step];
  return node !== undefined;
};

/**
 * The keyword-count rule for keywords given as text (split as REST splits it), which a schema
 * cannot count: over 64 is the same `invalid_search_request` as a list of 65. It holds for
 * `filters.keywords`, the deprecated top-level `keywords`, and both in a `search_metadata` sent back.
 */
export function checkKeywordText(input: Record<string, unknown>): void {
  const filters = input.filters as Record<string, unknown> | undefined;
  const metadata = input.search_metadata as Record<string, unknown> | undefined;
  const metadataFilters = metadata?.filters as Record<string, unknown> | undefined;
  const problems: ValidationProblem[] = [];
  for (const [base, holder] of [
    ['', input],
    ['/filters', filters],
    ['/filters/where', filters?.where as Record<string, unknown> | undefined],
    ['/search_metadata', metadata],
    ['/search_metadata/filters', metadataFilters],
    ['/search_metadata/filters/where', metadataFilters?.where as Record<string, unknown> | undefined],
  ] as const) {
    const text = holder?.keywords;
    if (typeof text === 'string' && splitKeywords(text).length > CONNECTOR_KEYWORD_LIMITS.keywords)
      problems.push({
        in: 'body',
        pointer: `${base}/keywords`,
        message: `must not have more than ${CONNECTOR_KEYWORD_LIMITS.keywords} keywords`,
      });
  }
  // The deprecated top-level keywords are applied with filters.keywords: one list, one limit.
  const words = (value: unknown): string[] =>
    typeof value === 'string' ? splitKeywords(value) : Array.isArray(value) ? value.filter((w): w is string => typeof w === 'string') : [];
  const together = new Set(
    [input.keywords, filters?.keywords, (filters?.where as Record<string, unknown> | undefined)?.keywords]
      .flatMap(words)
      .map((w) => w.trim().toLowerCase())
      .filter(Boolean),
  );
  if (!problems.length && input.keywords !== undefined && together.size > CONNECTOR_KEYWORD_LIMITS.keywords)
    problems.push({
      in: 'body',
      pointer: '/keywords',
      message: `keywords and filters.keywords are applied together: at most ${CONNECTOR_KEYWORD_LIMITS.keywords} keywords in all (they hold ${together.size})`,
    });
  if (problems.length > 0) throw validationFailed(problems);
}

/** The arguments of the next page, or null when this page was the last. */
export function nextPage(input: Record<string, unknown>, pagination: { offset: number; returned: number; has_more: boolean }) {
  const next = pagination.offset + pagination.returned;
  if (!pagination.has_more || pagination.returned === 0 || next > PEOPLE_SEARCH_LIMITS.offset.max) return null;
  return { request: { ...input, offset: next } };
}

const PEOPLE_INPUT = peopleSearchInput(searchRequest);

/**
 * `people_search`: the full people search of `POST /api/v1/search/people`: same command, same
 * price, same rows. Limits are enforced (`invalid_search_request`), and `next_page.request`
 * continues it.
 */
export const peopleSearchTool = defineTool<Record<string, unknown>>({
  name: 'people_search',
  title: 'Search people',
  description: [
    "Find people in the professional corpus from a natural-language description (e.g. 'senior data engineers in Berlin who worked at fintechs') and/or typed AdvancedFilters, ranked with the caller's social graph (1st- then 2nd-degree connections first).",
    'Or look one person up with professional_username / professional_profile_url / person_id.',
    'Rows carry id, name, headline, current title and company, location, social_proximity_score and match_reasons; the search_id replays the page for free (replay_search_result) and feeds watch_signals.',
    'To read a profile: people_lookup_batch with the row ids (each row with its profile text, billed as a lookup), or include_evidence_text:true with evidence_text_mode "full" here. fields selects columns and adds none: a column that needs an option (evidence_text, intro_paths, mutual_connection_count...) comes back as a receipt naming it.',
    'Costs the people_search price (see search_capabilities) per call. limit 1-25 (default 10), offset up to 10000; to continue, call again with next_page.request exactly as returned.',
    'Keyword lists: at most 15 in additional_context_keywords_core and _supporting, 64 keywords; connected_to and exclude_connected_to at most 25 people, a company identity at most 100 names, other filter lists 100 values of 200 characters. Over-limit input is rejected with invalid_search_request and receipts.',
  ].join(' '),
  auth: { anyOf: ['search'] },
  kind: 'search',
  inputSchema: PEOPLE_INPUT,
  publishedInputSchema: publishedPeopleInput(PEOPLE_INPUT),
  outputSchema: reshape(searchResponse, { add: { next_page: NEXT_PAGE_SCHEMA } }),
  annotations: { readOnlyHint: true, openWorldHint: false },
  run: async (input, ctx) => {
    requireCriterion(peopleCriterion(input), 'people_search', `${PEOPLE_CRITERIA}, or a professional_username / professional_profile_url`);
    checkKeywordText(input);
    rejectOverLimit([...textLimitProblems(input, ['description', 'query']), ...peopleLimitProblems(input)]);
    const body = (await ctx.route('POST /api/v1/search/people', { body: input })) as Record<string, unknown> & {
      pagination: { offset: number; returned: number; has_more: boolean };
    };
    return { ...body, next_page: body.pagination ? nextPage(input, body.pagination) : null };
  },
});
