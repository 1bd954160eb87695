/**
 * People search, resolve: every read the plan needs, and nothing else. The requester's network
 * (graph and sync status), the lookup by professional username, the text parsed into filters,
 * the companies it names resolved against the corpus, earlier company searches expanded to
 * company ids, cohorts read from the store (a post search's authors fetched), and the people
 * of `connected_to` resolved with their connections. It decides no query: that is the plan's.
 */
import { INDICES } from '../../../../mappings/indices.js';
import type { AdvancedFilters } from '../../../../query-planner/advanced-filters.js';
import { ListNormalizer, normalizeFilters } from '../../../../query-planner/build/normalize.js';
import type { CohortMembership } from '../../../../query-planner/build/people-plan.js';
import { underFilters } from '../../../../query-planner/build/people-plan.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../../../../query-planner/limits.js';
import { isBrief } from '../../../../query-planner/parse/brief-roles.js';
import { parsePeopleQuery } from '../../../../query-planner/parse/index.js';
import { textKeywords } from '../../../../query-planner/parse/keywords.js';
import { tokenize } from '../../../../query-planner/parse/tokens.js';
import type { Query } from '../../../../search-engine/port.js';
import type { Actor } from '../../../auth/actor.js';
import { AppError, invalidField, type ValidationProblem, validationFailed } from '../../../errors.js';
import { loadNetwork, type RequesterNetwork } from '../../../search/network.js';
import type { Services } from '../../../services.js';
import { expandCompanySearchIds } from '../company-search-ids.js';
import { dropOverlongWords, NOTHING_LEFT } from '../long-words.js';
import { BINDING_MAX_AUTHORS, postAuthorIds } from '../post-authors.js';
import { resolveCompanyMentions } from '../resolve-companies.js';
import { sentenceValues, sentenceWarning } from '../sentence-values.js';
import { findByUsername, personReference, resolvePeople } from './people-lookup.js';
import type { AppliedSearch, Lookup, NoResultsReason, PeopleSearchOutcome, PeopleSearchRequest, SearchWarning } from './types.js';

const PROFILES = INDICES.profiles.alias;

/**
 * The refusal of `filters.cohort_refs` naming no live cohort of the account (unknown, expired
 * after 30 days unused, or another account's): the search is never run without them.
 */
export function cohortNotFound(refs: string[]): AppError {
  return new AppError(
    404,
    'cohort_not_found',
    `No cohort ${refs.map((r) => `"${r}"`).join(', ')} for this account (at filters.cohort_refs): it is unknown, another account's, or expired (unused for 30 days). Use the cohort_refs of a search of this account, or run that search again.`,
    { unknown_cohort_refs: refs },
  );
}

/** What resolve gathered, and what it already reports (applied request, receipts, degradations). */
export interface ResolvedPeopleSearch {
  network: RequesterNetwork | null;
  applied: AppliedSearch;
  receipts: Receipt[];
  degradations: { code: string; message: string }[];
  /** Warnings about the request as sent (a sentence given as a filter value). */
  warnings: SearchWarning[];
  appliedRelations: PeopleSearchOutcome['appliedRelations'];
  /** Filters as normalised, company search ids expanded to company ids. */
  filters: AdvancedFilters;
  residual: string[];
  connectedTo?: { include: string[]; exclude: string[] };
  cohorts: CohortMembership[];
  /** Set when resolving already shows the answer is empty (nothing is searched). */
  stop: NoResultsReason | null;
  /**
   * The reason any zero result takes instead of its own: something the search asked for could not
   * be resolved (a person of `connected_to`), so no zero is conclusive.
   */
  inconclusiveZero: NoResultsReason | null;
}

/**
 * A brief rather than a query, as the parser tells one (`isBrief`, docs/natural-language.md):
 * several lines or sentences, or over 40 words; never one word, however long.
 */
export function inputModeOf(text: string): 'natural_language' | 'brief' {
  // Words as the parser counts them (its tokenizer: "a_b_c" or "o'neil" is one word).
  return isBrief(text, tokenize(text).filter((t) => t.kind === 'word').length) ? 'brief' : 'natural_language';
}

/** The requester's network: the acting user's graph, null without one. */
export function requesterNetwork(services: Services, actor: Actor): RequesterNetwork | null {
  const acting = services.users.get(actor.actingUserId);
  return loadNetwork(services.graph, acting?.userId ?? null);
}

/** A lookup by professional username: the person's id and document, or null when nobody has it. */
export async function resolveLookup(
  services: Services,
  lookup: Pick<Lookup, 'username' | 'personId'>,
): Promise<{ id: string; doc: Record<string, unknown> | null } | null> {
  // By id: the person is whoever the profiles index holds under it (no document, nobody).
  if (lookup.personId !== undefined) {
    const [doc] = await services.engine.mget<Record<string, unknown>>(PROFILES, [lookup.personId]);
    return doc ? { id: lookup.personId, doc } : null;
  }
  const id = lookup.username ? await findByUsername(services, lookup.username) : null;
  if (!id) return null;
  const [doc] = await services.engine.mget<Record<string, unknown>>(PROFILES, [id]);
  return { id, doc: doc ?? null };
}

/** Resolves a search of text and/or filters (not a lookup). Throws the errors a caller must see. */
export async function resolvePeopleSearch(
  services: Services,
  actor: Actor,
  req: PeopleSearchRequest,
  base: Pick<ResolvedPeopleSearch, 'network' | 'applied' | 'receipts'>,
): Promise<ResolvedPeopleSearch> {
  const { applied, receipts } = base;
  const out: ResolvedPeopleSearch = {
    ...base,
    degradations: [],
    warnings: [],
    appliedRelations: [],
    filters: {},
    residual: [],
    cohorts: [],
    stop: null,
    inconclusiveZero: null,
  };

  // Filters: supplied ones bypass parsing; otherwise the text is parsed.
  let parsedFilters: AdvancedFilters = {};
  let residual: string[] = [];
  // A word longer than any searched is dropped with a receipt (REST limits apply silently); a
  // text of nothing else searches no one, uncharged (it searched everyone, charged).
  const dropped = req.text ? dropOverlongWords(req.text) : null;
  const text = dropped ? dropped.text : req.text;
  if (dropped) {
    receipts.push(...dropped.receipts);
    if (dropped.nothingLeft && !req.filters) {
      applied.input_mode = inputModeOf(dropped.text);
      return { ...out, stop: { code: 'nothing_searchable', message: NOTHING_LEFT, conclusive: true } };
    }
  }
  if (req.filters) {
    applied.input_mode = text ? 'filters_and_text' : 'filters';
    if (text) residual = textKeywords(text);
    for (const w of req.rankingWords ?? []) if (!residual.includes(w)) residual.push(w);
  } else if (text?.trim()) {
    applied.input_mode = inputModeOf(text);
    const parsed = parsePeopleQuery(text);
    receipts.push(...parsed.receipts);
    parsedFilters = parsed.filters;
    residual = parsed.keywords;
    applied.recognized = parsed.recognized;
    applied.places = parsed.places.map((p) => ({ input: p.input, kind: p.kind, name: p.name }));
    if (parsed.companies.length) {
      const { resolved, unresolved } = await resolveCompanyMentions(parsed.companies, services.engine);
      // One filter per relation and operator: "at Stripe, not at Google" includes one, excludes the other.
      const groups = new Map<string, { relation: string; operator: 'include' | 'exclude'; ids: string[] }>();
      for (const r of resolved) {
        const operator = r.mention.exclude ? 'exclude' : 'include';
        const key = `${r.mention.relation}|${operator}`;
        const group = groups.get(key) ?? { relation: r.mention.relation, operator, ids: [] };
        group.ids.push(r.id);
        groups.set(key, group);
      }
      parsedFilters.companies = [
        ...(parsedFilters.companies ?? []),
        ...[...groups.values()].map((g) => ({
          relation: g.relation as 'current_employment',
          operator: g.operator,
          where: { identity: { ids: g.ids } },
        })),
      ];
      if (parsedFilters.companies.length === 0) delete parsedFilters.companies;
      // A company the corpus does not know stays in the search as text (unless it was ruled out).
      for (const u of unresolved) if (!u.exclude) residual.push(u.text);
      applied.companies = [
        ...resolved.map((r) => ({
          text: r.mention.text,
          relation: r.mention.relation,
          id: r.id,
          name: r.name,
          ...(r.mention.exclude ? { exclude: true } : {}),
        })),
        ...unresolved.map((u) => ({ text: u.text, relation: u.relation, id: null, name: null, ...(u.exclude ? { exclude: true } : {}) })),
      ];
    }
    for (const d of parsed.filters.connection_degrees ?? [])
      out.appliedRelations.push({ relation: 'connection_degree', values: [d], from: 'query text' });
  }
  const normalized = normalizeFilters({ ...parsedFilters, ...((req.filters ?? {}) as AdvancedFilters) });
  receipts.push(...normalized.receipts.map(underFilters));
  const filters = normalized.filters;
  out.filters = filters;
  // Filters the caller wrote (parsed ones are never sentences): a sentence as a title or place.
  if (req.filters)
    out.warnings = sentenceValues([
      { field: 'filters.job_titles.include', kind: 'title', values: filters.job_titles?.include },
      { field: 'filters.locations.include', kind: 'place', values: filters.locations?.include },
    ]).map((found) => sentenceWarning(found, 'description'));
  out.residual = residual;
  // Without anyone to be connected to, this mode would answer a zero that looks conclusive.
  if (req.networkMode === 'connected_to' && !filters.connected_to?.length) {
    // The natural-language route takes no filters: the mode needs people it cannot be given there.
    if (req.route === 'query_v2')
      throw invalidField(
        'body',
        '/network_filter_mode',
        'cannot be "connected_to" here: this route takes no filters.connected_to to say whose connections to keep; use POST /api/v1/search/people with filters.connected_to, or another network_filter_mode',
      );
    throw invalidField(
      'body',
      '/filters/connected_to',
      'is required when network_filter_mode is "connected_to": list the user ids whose connections to keep, or choose another network_filter_mode',
    );
  }
  checkPersonReferences(filters);
  if (req.keywords.length) filters.keywords = withLegacyKeywords(filters.keywords ?? [], req.keywords, receipts);
  // A shallow copy: what the request asked for, before search ids become company ids below.
  applied.filters = { ...filters };
  applied.keywords = residual;

  // Cohorts from earlier searches fail closed: dropping an unknown one would widen the search.
  // Checked before anyone is searched (and without counting as a use); a refused search is not charged.
  const store = services.peopleSearches;
  const cohortRefs = filters.cohort_refs ?? [];
  const now = services.clock();
  const unknownCohorts = store.unknownCohorts(cohortRefs, actor.ownerUserId, now);
  if (unknownCohorts.length) throw cohortNotFound(unknownCohorts);

  // Company filters naming an earlier company search: its companies, as ids.
  if (filters.companies?.length) {
    const expanded = await expandCompanySearchIds(services, actor, filters.companies, receipts);
    if (expanded.nothing) return { ...out, stop: { code: 'company_search_empty', message: expanded.nothing, conclusive: true } };
    filters.companies = expanded.companies;
  }

  // Cohorts from earlier searches.
  for (const ref of cohortRefs) {
    const q = store.getCohort(ref, actor.ownerUserId, now);
    if (!q) throw cohortNotFound([ref]);
    if ('post_authors' in q) {
      // A post search's binding: the people who wrote its posts.
      out.cohorts.push({ kind: 'ids', ids: await postAuthorIds(services, q.post_authors as Query, BINDING_MAX_AUTHORS) });
    } else out.cohorts.push({ kind: 'query', query: q });
  }

  // People the results must (not) be connected to.
  if (filters.connected_to?.length || filters.exclude_connected_to?.length) {
    const inc = await resolvePeople(services, filters.connected_to ?? []);
    const exc = await resolvePeople(services, filters.exclude_connected_to ?? []);
    for (const u of inc.unresolved)
      receipts.push({ path: '/filters/connected_to', action: 'ignored', message: `"${u}" matches no known person and was ignored.` });
    // Someone asked for and not found may have the connections wanted: no zero is conclusive then.
    if (inc.unresolved.length) {
      const named = inc.unresolved.map((u) => `"${u}"`).join(', ');
      out.degradations.push({
        code: 'connected_to_unresolved',
        message: `Could not resolve ${named} in connected_to; a zero result is inconclusive.`,
      });
      out.inconclusiveZero = {
        code: 'connected_to_unresolved',
        message: inc.resolved.length
          ? `Nobody connected to the resolved people of connected_to matches, but ${named} could not be resolved; this zero is inconclusive.`
          : `Nobody in connected_to could be resolved (${named}), so nobody connected to them can be found; this zero is inconclusive.`,
        conclusive: false,
      };
    }
    if (exc.unresolved.length) {
      out.degradations.push({
        code: 'exclude_connected_to_unresolved',
        message: `Could not resolve ${exc.unresolved.map((u) => `"${u}"`).join(', ')} in exclude_connected_to; the zero result is inconclusive.`,
      });
      return {
        ...out,
        stop: {
          code: 'exclude_connected_to_unresolved',
          message: 'A person in exclude_connected_to could not be resolved, so nobody can be shown safely; this zero is inconclusive.',
          conclusive: false,
        },
      };
    }
    // Nobody to be connected to: searching would only answer the zero above.
    if (filters.connected_to?.length && !inc.resolved.length) return { ...out, stop: out.inconclusiveZero };
    const firstOf = (ids: string[]) => [...new Set(ids.flatMap((id) => [...services.graph.firstDegree(id).keys()]))];
    out.connectedTo = { include: inc.resolved.length ? firstOf(inc.resolved) : [], exclude: firstOf(exc.resolved) };
    if (inc.resolved.length) out.appliedRelations.push({ relation: 'connected_to', values: inc.resolved, from: 'filters.connected_to' });
  }
  return out;
}

/**
 * Refuses values of `connected_to` / `exclude_connected_to` that can name nobody: another host's
 * or scheme's URL, a page that is no profile, text that is no user id or username. They are a
 * mistake to fix, not a person who is unknown (docs/people-search.md); a refused search is not charged.
 */
function checkPersonReferences(filters: AdvancedFilters): void {
  const problems: ValidationProblem[] = [];
  for (const field of ['connected_to', 'exclude_connected_to'] as const)
    for (const value of filters[field] ?? []) {
      const ref = personReference(value);
      if (ref.kind === 'invalid') problems.push({ in: 'body', pointer: `/filters/${field}`, message: `"${value}" ${ref.problem}` });
    }
  if (problems.length) throw validationFailed(problems);
}

/**
 * The keywords of the filters and the deprecated `keywords` together: duplicates removed, at
 * most the 100 a keyword list may hold (each is a required clause).
 */
function withLegacyKeywords(filtered: string[], legacy: string[], receipts: Receipt[]): string[] {
  const n = new ListNormalizer(PEOPLE_SEARCH_LIMITS);
  const keywords = n.list('/keywords', [...filtered, ...legacy]) ?? [];
  receipts.push(...n.receipts);
  return keywords;
}
