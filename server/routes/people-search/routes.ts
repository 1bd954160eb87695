import { ListNormalizer } from '../../../query-planner/build/normalize.js';
import { valueField } from '../../../query-planner/input-schemas.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../../query-planner/limits.js';
import { PROFESSIONAL_NETWORK_HOSTS, usernameFromInput } from '../../commands/search/people/people-lookup.js';
import { DEFAULT_ROW_OPTIONS, type RowOptions } from '../../commands/search/people/person-rows.js';
import { type PeopleRoute, type PeopleSearchRequest, searchPeople } from '../../commands/search/people/search-people.js';
import { invalidField } from '../../errors.js';
import { type ErrorCode, PAGING_ERRORS, SEARCH_ENGINE_ERRORS, SEARCH_QUERY_ERRORS } from '../../http/error-schema.js';
import { defineRoute, type SchemaType } from '../../http/route.js';
import { clamp, truncateText } from '../input.js';
import { enrichPage, enrichReservation, replaySearch } from './enrich.js';
import { persistSearch } from './persist.js';
import { presentQueryV2, presentSearchV1, withStoredIds } from './presenter.js';
import {
  enrichRequest,
  enrichResponse,
  previewRequest,
  queryV2Request,
  queryV2Response,
  replayResponse,
  searchRequest,
  searchResponse,
} from './schemas.js';

/** The request bodies, typed from their schemas (schemas.ts). */
type SearchBody = SchemaType<typeof searchRequest>;
type PreviewBody = SchemaType<typeof previewRequest>;
/** The row options every people route reads (each body declares its own subset). */
type RowOptionFields = Partial<
  Pick<
    SearchBody,
    | 'defer_enrichment'
    | 'skip_match_reasons'
    | 'evidence_format'
    | 'include_evidence'
    | 'include_evidence_text'
    | 'include_evidence_json'
    | 'fields'
    | 'evidence_text_mode'
    | 'evidence_posts_limit'
    | 'relationship_detail'
  >
>;
const L = PEOPLE_SEARCH_LIMITS;

function evidenceOptions(body: RowOptionFields, full: boolean, receipts: Receipt[]): RowOptions {
  const format = body.evidence_format ?? null;
  const defer = full && body.defer_enrichment === true && format !== 'reasons';
  const skipReasons = full && body.skip_match_reasons === true && format !== 'reasons';
  const wantsText = body.include_evidence === true || body.include_evidence_text === true || format === 'text' || format === 'both';
  const wantsJson = body.include_evidence_json === true || format === 'json' || format === 'both';
  return {
    ...DEFAULT_ROW_OPTIONS,
    fields: body.fields ?? null,
    reasons: format === 'reasons' || (!skipReasons && !defer && format !== 'none'),
    evidenceText: wantsText && !defer,
    evidenceJson: wantsJson && !defer,
    textMode: body.evidence_text_mode ?? 'base',
    postsLimit: clamp(body.evidence_posts_limit, PEOPLE_SEARCH_LIMITS.evidencePosts, '/evidence_posts_limit', receipts),
    relationshipDetail: body.relationship_detail ?? 'none',
  };
}

/**
 * A receipt for each column asked in `fields` that the request's options leave out of the rows,
 * naming the option that brings it: `fields` selects among the columns a row has, it adds none
 * (docs/people-search.md, "Columns that need an option"). Without it the column just went
 * missing. `route` says where the whole profile text is read.
 */
export function fieldReceipts(fields: readonly string[] | undefined, rows: RowOptions, route: 'v1' | 'v2'): Receipt[] {
  const needs = new Map<string, string | null>([
    [
      'evidence_text',
      rows.evidenceText
        ? null
        : route === 'v2'
          ? 'is not filled on this route: include_profile_text: true adds profile_text'
          : 'needs include_evidence_text: true (evidence_text_mode "full" adds recent posts and company signals)',
    ],
    ['evidence_json', rows.evidenceJson ? null : route === 'v2' ? 'is not filled on this route' : 'needs include_evidence_json: true'],
    [
      'match_reasons',
      rows.reasons ? null : 'needs match reasons: leave out skip_match_reasons and defer_enrichment, or set evidence_format "reasons"',
    ],
    ['mutual_connection_count', rows.relationshipDetail !== 'none' ? null : 'needs relationship_detail "summary" (or "intro_paths")'],
    ['intro_paths', rows.relationshipDetail === 'intro_paths' ? null : 'needs relationship_detail "intro_paths"'],
    [
      'profile_text',
      rows.profileText
        ? null
        : route === 'v2'
          ? 'needs include_profile_text: true'
          : 'is not a column of this search: the whole profile text is evidence_text, with include_evidence_text: true and evidence_text_mode "full"',
    ],
  ]);
  return (fields ?? []).flatMap((field, i) => {
    const need = needs.get(field);
    return need ? [{ path: `/fields/${i}`, action: 'ignored' as const, message: `${field} not filled: it ${need}.` }] : [];
  });
}

/**
 * The deprecated `keywords` (or the ranking words of a `search_metadata`): a text is one keyword
 * (all its words required, as it always was), a list one keyword per value, limited as
 * `filters.keywords` lists are (values cut to 200 characters, duplicates removed, the first 100 kept).
 */
function legacyKeywords(path: string, value: unknown, receipts: Receipt[]): string[] {
  const n = new ListNormalizer(L);
  const keywords = n.list(path, typeof value === 'string' ? [value] : (value as string[] | undefined)) ?? [];
  receipts.push(...n.receipts);
  return keywords;
}

/** Builds the search request shared by the v1 routes. */
function v1Request(route: PeopleRoute, body: SearchBody | PreviewBody): PeopleSearchRequest {
  const receipts: Receipt[] = [];
  const description = typeof body.description === 'string' ? body.description : null;
  const legacy = typeof body.query === 'string' ? body.query : null;
  if (description !== null && legacy !== null && description !== legacy)
    receipts.push({
      path: '/query',
      action: 'ignored',
      message: 'Both description and its legacy alias query were given; description was used.',
    });
  const text = truncateText(description ?? legacy, description !== null ? '/description' : '/query', receipts);
  const meta = body.search_metadata ?? null;
  // An earlier search_metadata runs that search again: its filters as filters (parsing skipped,
  // even when it had none), its keywords as what they were there, the words that ranked.
  const filters = body.filters ?? meta?.filters ?? (meta ? {} : null);
  const keywords = legacyKeywords('/keywords', body.keywords, receipts);
  const rankingWords = body.keywords === undefined ? legacyKeywords('/search_metadata/keywords', meta?.keywords, receipts) : [];
  if (body.keywords !== undefined)
    receipts.push({
      path: '/keywords',
      action: 'normalized',
      message: 'keywords is deprecated; its words were applied as required keywords.',
    });
  let lookup: PeopleSearchRequest['lookup'] = null;
  // Only the full search declares the lookup fields (its schema refuses them elsewhere).
  if (
    route === 'search' &&
    ('professional_username' in body || 'professional_profile_url' in body || 'professional_url' in body || 'person_id' in body)
  ) {
    for (const field of ['professional_username', 'professional_profile_url', 'professional_url'] as const) {
      const v = (body as SearchBody)[field];
      if (typeof v !== 'string' || !v.trim()) continue;
      const username = usernameFromInput(v);
      if (!username)
        throw invalidField(
          'body',
          `/${field}`,
          `is not a professional-network username or profile URL (https://${PROFESSIONAL_NETWORK_HOSTS[1]}/in/<username>; the host one of ${PROFESSIONAL_NETWORK_HOSTS.join(', ')}): "${v}"`,
        );
      if (!lookup) lookup = { field, input: v, username };
      else if (username !== lookup.username)
        receipts.push({
          path: `/${field}`,
          action: 'ignored',
          message: `names another person (${username}) than ${lookup.field} (${lookup.username}); ${lookup.field} was looked up. Send one of them.`,
        });
    }
    const personId = (body as SearchBody).person_id;
    if (personId !== undefined) {
      if (!lookup) lookup = { field: 'person_id', input: personId, username: null, personId };
      else
        receipts.push({
          path: '/person_id',
          action: 'ignored',
          message: `not applied: ${lookup.field} was looked up. Send one of them.`,
        });
    }
    // A lookup finds one person by name; what else would narrow a search is not applied.
    if (lookup)
      for (const [field, given] of [
        ['/description', text !== null],
        ['/filters', body.filters !== undefined],
        ['/search_metadata', meta !== null],
        ['/keywords', keywords.length > 0],
      ] as const)
        if (given)
          receipts.push({
            path: field,
            action: 'ignored',
            message: `not applied: a lookup by ${lookup.field} returns that one person. Search without it to use ${field.slice(1)}.`,
          });
  }
  const rows = evidenceOptions(body, route === 'search', receipts);
  // A lookup's row comes with reasons and evidence text (commands/search/people/search-people.ts).
  receipts.push(...fieldReceipts(body.fields, lookup ? { ...rows, reasons: true, evidenceText: true } : rows, 'v1'));
  return {
    route,
    text,
    filters,
    keywords,
    rankingWords,
    lookup,
    limit: clamp(body.limit, L.limit, '/limit', receipts),
    offset: clamp(body.offset, L.offset, '/offset', receipts),
    networkMode: body.network_filter_mode ?? 'boost',
    countOnly: body.count_only === true,
    rows,
    receipts,
  };
}

/** The replay route's path parameters. */
const replayParams = {
  type: 'object',
  required: ['search_id'],
  properties: { search_id: { ...valueField('search_id of a full search.'), minLength: 1 } },
} as const;

/** What a people search itself can answer with: its cohorts and company searches, and the engine's refusals. */
const PEOPLE_SEARCH_ERRORS: readonly ErrorCode[] = [
  'cohort_not_found',
  'search_not_found',
  ...SEARCH_ENGINE_ERRORS,
  ...SEARCH_QUERY_ERRORS,
  ...PAGING_ERRORS,
];

/** A text of nothing but words too long to search searched no one: not charged (server/commands/search/long-words.ts). */
const searchedNothing = (outcome: { noResultsReason: { code: string } | null }) => outcome.noResultsReason?.code === 'nothing_searchable';

/** The people-search routes: scope `search` (`enrich` for enrich), billed per the rate card. */
export const peopleSearchRoutes = [
  defineRoute<SchemaType<typeof queryV2Request>>({
    method: 'POST',
    path: '/api/v2/search/people/query',
    tag: 'people-search',
    summary:
      "Natural-language people search (contract version 2): the query or a pasted brief becomes filters; rows are weighted by the requester's graph.",
    auth: { anyOf: ['search'] },
    billing: { operation: 'people_search' },
    request: { body: queryV2Request },
    response: queryV2Response,
    errors: PEOPLE_SEARCH_ERRORS,
    handler: async (req) => {
      const body = req.body;
      const receipts: Receipt[] = [];
      const text = truncateText(body.query, '/query', receipts);
      const request: PeopleSearchRequest = {
        route: 'query_v2',
        text,
        filters: null,
        keywords: [],
        lookup: null,
        limit: clamp(body.limit, L.limit, '/limit', receipts),
        offset: clamp(body.offset, L.offset, '/offset', receipts),
        networkMode: body.network_filter_mode ?? 'boost',
        countOnly: body.count_only === true,
        rows: {
          ...DEFAULT_ROW_OPTIONS,
          reasons: true,
          fields: body.fields ?? null,
          profileText: body.include_profile_text === true,
          relationshipDetail: body.relationship_detail ?? 'none',
        },
        receipts,
      };
      receipts.push(...fieldReceipts(body.fields, request.rows, 'v2'));
      const outcome = await searchPeople(req.services, req.actor!, request);
      if (searchedNothing(outcome)) req.settleBilling(0);
      const response = presentQueryV2(outcome);
      const { searchId, cohortRef } = persistSearch(req, 'POST /api/v2/search/people/query', request, outcome, response);
      return withStoredIds(response, searchId, cohortRef);
    },
  }),
  defineRoute<SchemaType<typeof searchRequest>>({
    method: 'POST',
    path: '/api/v1/search/people',
    tag: 'people-search',
    summary:
      'Full people search: description (or legacy query/keywords), supplied filters, or a lookup by professional username/URL; stored for enrich and replay.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'people_search' },
    request: { body: searchRequest },
    response: searchResponse,
    errors: PEOPLE_SEARCH_ERRORS,
    handler: async (req) => {
      const request = v1Request('search', req.body);
      const outcome = await searchPeople(req.services, req.actor!, request);
      // A lookup is billed per match, as the network's own lookups are: one that finds nobody is free.
      if ((outcome.applied.lookup && !outcome.applied.lookup.found) || searchedNothing(outcome)) req.settleBilling(0);
      const response = presentSearchV1(outcome);
      const { searchId, cohortRef } = persistSearch(req, 'POST /api/v1/search/people', request, outcome, response);
      return withStoredIds(response, searchId, cohortRef);
    },
  }),
  defineRoute<SchemaType<typeof previewRequest>>({
    method: 'POST',
    path: '/api/v1/search/people/preview',
    tag: 'people-search',
    summary: 'People search preview: the same search without lookup and enrichment; not stored, search_id is always null, not enrichable.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'people_search_preview' },
    request: { body: previewRequest },
    response: searchResponse,
    errors: PEOPLE_SEARCH_ERRORS,
    handler: async (req) => {
      const outcome = await searchPeople(req.services, req.actor!, v1Request('preview', req.body));
      if (searchedNothing(outcome)) req.settleBilling(0);
      return withStoredIds(presentSearchV1(outcome), null, null);
    },
  }),
  defineRoute<SchemaType<typeof enrichRequest>>({
    method: 'POST',
    path: '/api/v1/search/people/enrich',
    tag: 'people-search',
    summary:
      'Enriches a stored full search: one person (target_user_id) or the stored page, with match reasons, evidence text and relationship detail.',
    auth: { anyOf: ['enrich'] },
    billing: {
      operation: 'people_enrich',
      // The people of the selection not enriched yet (re-enriching is free); settled to those newly enriched.
      quantity: ({ body, actor, services, now }) => enrichReservation({ body, actor, services, now }),
    },
    request: { body: enrichRequest },
    response: enrichResponse,
    errors: ['search_not_found', 'not_found', ...SEARCH_ENGINE_ERRORS],
    handler: async (req) => enrichPage(req),
  }),
  defineRoute<Record<string, never>, Record<string, never>, SchemaType<typeof replayParams>>({
    method: 'GET',
    path: '/api/v1/search/people/:search_id',
    tag: 'people-search',
    summary: 'Replays a stored full search page (its rows and figures as returned, marked replayed), at no credit cost.',
    auth: { anyOf: ['search'] },
    billing: { operation: 'search_replay' },
    request: { params: replayParams },
    response: replayResponse,
    errors: ['search_not_found'],
    handler: async (req) => replaySearch(req),
  }),
];
