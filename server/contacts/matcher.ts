/**
 * The contact matcher (docs/contacts.md, "The matcher"): who a contact row is among the people
 * Proxima knows, how sure it is, and why. Deterministic: candidate generation by exact keys
 * (email, phone, professional username) and by names (with nickname variants) and organisations
 * in the search engine, then a score per candidate that adds the evidence of each field, turned
 * into a confidence in 0..1, and a bucket from the confidence and the margin over the runner-up
 * (match-scoring.ts, buckets.ts).
 */

import { givenNameVariants } from '../../lib/names/given-names.js';
import { INDICES } from '../../mappings/indices.js';
import type { Query, SearchEngine } from '../../search-engine/port.js';
import { loadNetwork } from '../search/network.js';
import type { GraphStore } from '../store/graph.js';
import { bucketOf, LIKELY_MIN } from './buckets.js';
import { employerAgrees, nameAndEmployerSwapped } from './column-swap.js';
import { type ContactRow, KEY_FIELDS, type MatchStatus, type ProfileDoc, type ScoredCandidate } from './evidence.js';
import { familyNameVariants } from './family-names.js';
import { confidenceOf, scoreCandidate } from './match-scoring.js';
import { swappedName } from './person-name.js';
import { hasSignal, type Keys, nativeText, rowKeys } from './row-keys.js';
import { searchSpellings } from './script-readings.js';

export { bucketOf } from './buckets.js';
export { type ContactRow, type Evidence, MATCH_STATUSES, type MatchStatus, type ScoredCandidate } from './evidence.js';
export { confidenceOf, scoreCandidate, WEIGHTS } from './match-scoring.js';
export { rowKeys } from './row-keys.js';

export interface MatchResult {
  status: MatchStatus;
  confidence: number;
  /** Why a row is unresolved or needs review (null when resolved or a likely match). */
  reason: string | null;
  candidates: ScoredCandidate[];
}

/** Whose perspective a row is read from (their network weighs), and how many candidates to return. */
export interface MatchOptions {
  perspectiveUserId?: string | null;
  /** Whose network the perspective is, as evidence says it: "yours" unless named (a delegate's). */
  perspectiveName?: string;
  maxCandidates?: number;
}

const SOURCE = [
  'id',
  'first_name',
  'last_name',
  'display_name',
  'headline',
  'current_title',
  'current_company_name',
  'experiences',
  'location',
  'emails',
  'phone_numbers',
  'professional_username',
];

/** Finds and scores the people a row may be. */
export class ContactMatcher {
  constructor(
    private readonly engine: SearchEngine,
    private readonly graph: GraphStore | null,
  ) {}

  private async search(query: Query, size: number): Promise<{ id: string; source: ProfileDoc }[]> {
    const res = await this.engine.search<ProfileDoc>(INDICES.profiles.alias, { query, size, _source: SOURCE, track_total_hits: false });
    return res.hits.map((h) => ({ id: h.id, source: h.source }));
  }

  /** Candidate generation: exact keys, then names (given-name variants) with the organisations. */
  private async candidates(k: Keys): Promise<Map<string, ProfileDoc>> {
    const found = new Map<string, ProfileDoc>();
    const take = (hits: { id: string; source: ProfileDoc }[]) => {
      for (const h of hits) if (!found.has(h.id)) found.set(h.id, h.source);
    };
    const keys: Query[] = [];
    if (k.emailTerms.length) keys.push({ terms: { 'emails.address': k.emailTerms } });
    if (k.phones.length) keys.push({ terms: { 'phone_numbers.number': k.phones } });
    if (k.username) keys.push({ term: { professional_username: k.username } });
    const searches: Promise<void>[] = [];
    if (keys.length) searches.push(this.search({ bool: { should: keys, minimum_should_match: 1 } }, 10).then(take));
    const firstForms = k.name.first ? [...givenNameVariants(k.name.first)].slice(0, 12) : [];
    const nativeFirst = k.name.first ? k.nativeForms.get(k.name.first) : undefined;
    if (nativeFirst) firstForms.push(nativeFirst);
    // A given name written in Cyrillic or Greek: its other romanisations too ("Даяна" as Dajana).
    const firstReadings = k.name.first ? k.scriptReadings.get(k.name.first) : undefined;
    if (firstReadings) firstForms.push(...searchSpellings(k.name.first!, firstReadings));
    const first = firstForms.length ? firstForms.join(' ') : null;
    const orgs = [...k.orgs, ...k.emailOrgNames].join(' ');
    if (k.name.last) {
      const should: Query[] = [];
      if (first) should.push({ match: { first_name: { query: first } } });
      if (orgs) should.push({ match: { current_company_name: { query: orgs } } });
      // The family name as the index splits it ("al farsi"), every word required.
      const last = k.name.lastSearch ?? k.name.last;
      const lastAsWritten = nativeText(last, k.nativeForms);
      const lastQuery = (q: string, boost?: number): Query => ({
        match: { last_name: { query: q, operator: 'and', ...(boost ? { boost } : {}) } },
      });
      // Also filed under another romanisation or spelling of the family name ("Kuo" as "Guo"), in
      // the same search (a row's searches stay few), ranked below the name as written.
      // A family name written in Cyrillic or Greek: its other romanisations ("Щерев" as Shterev).
      const lastReadings = k.scriptReadings.get(k.name.last);
      const variants = [
        ...familyNameVariants(k.name.last),
        ...(lastReadings ? searchSpellings(k.name.last, lastReadings).filter((v) => v !== last) : []),
      ];
      const lastMust: Query =
        lastAsWritten || variants.length
          ? {
              bool: {
                should: [
                  lastQuery(last, variants.length ? 4 : undefined),
                  ...(lastAsWritten ? [lastQuery(lastAsWritten)] : []),
                  ...variants.map((v) => lastQuery(v)),
                ],
                minimum_should_match: 1,
              },
            }
          : lastQuery(last);
      searches.push(this.search({ bool: { must: [lastMust], should } }, 30).then(take));
      // Filed under one part of a double-barrelled name, or under the birth name ("née").
      for (const other of (k.name.otherLast ?? []).slice(0, 3))
        searches.push(this.search({ bool: { must: [{ match: { last_name: { query: other } } }], should } }, 15).then(take));
    }
    if (first && orgs) {
      // A misspelt or missing family name: the given name with a current or past employer finds them.
      searches.push(
        this.search(
          {
            bool: {
              must: [{ match: { first_name: { query: first } } }],
              should: [
                { match: { current_company_name: { query: orgs } } },
                { nested: { path: 'experiences', query: { match: { 'experiences.company_name': { query: orgs } } } } },
              ],
              minimum_should_match: 1,
            },
          },
          20,
        ).then(take),
      );
    }
    if (first && !k.name.last && !k.orgs.length) searches.push(this.search({ match: { first_name: { query: first } } }, 20).then(take));
    await Promise.all(searches);
    return found;
  }

  async match(row: ContactRow, opts: MatchOptions = {}): Promise<MatchResult> {
    const result = await this.matchRow(row, opts);
    if (result.confidence >= LIKELY_MIN) return result;
    // A name and an employer in each other's columns ("Bruen Media" / "Sari Jokinen"): read swapped
    // when the written reading finds no one, and only for a person at the firm the name cell names.
    const swapped = nameAndEmployerSwapped(row);
    if (!swapped) return result;
    const other = await this.matchRow(swapped.row, opts);
    if (other.confidence < LIKELY_MIN || other.confidence <= result.confidence || !employerAgrees(other.candidates[0], swapped.firmByForm))
      return result;
    // Read against its columns, a match is for a person to confirm, unless a key names the person.
    const keyed = other.candidates[0]?.evidence.some((e) => KEY_FIELDS.has(e.field) && e.outcome === 'match');
    return other.status === 'resolved' && !keyed ? { ...other, status: 'likely_match' } : other;
  }

  /** The row read as its columns say, then with its names in the other order where that finds someone. */
  private async matchRow(row: ContactRow, opts: MatchOptions): Promise<MatchResult> {
    const k = rowKeys(row);
    if (!hasSignal(k)) return { status: 'unresolved', confidence: 0, reason: 'nothing_to_match_on', candidates: [] };
    const result = await this.readings(k, row, opts);
    // A word read as a title that is also a name ("Pan Wei Ming", "Pastor Olof Blom"): the name
    // as written, that word its given name, when the name without it finds no one.
    const { titleAsGiven: given, ...name } = k.name;
    if (!given || result.confidence >= LIKELY_MIN) return result;
    const written = await this.readings({ ...k, name: { ...name, first: given, all: [given, ...name.all] } }, row, opts);
    return written.confidence > result.confidence ? written : result;
  }

  /** A row's keys read as written, then with another given name or its names in the other order where that finds someone. */
  private async readings(k: Keys, row: ContactRow, opts: MatchOptions): Promise<MatchResult> {
    const result = await this.matchKeys(k, opts);
    // "Wang Wei", "Nguyen An": a name of two words in one cell may give the family name first, and
    // a spreadsheet may hold the given and family names in each other's columns. Read the other way
    // round when the written order finds no one plausible.
    const columns = Boolean(row.first_name || row.last_name);
    if (k.name.partnerFirst && result.confidence < LIKELY_MIN) {
      // A couple in one row, or a given name in brackets ("Andy (Hao) Lin"): the other given name,
      // when the first finds no one. The row names two people or two names, so a person confirms
      // it unless an email, a phone or a profile URL is theirs.
      const first = k.name.partnerFirst;
      const partner = await this.matchKeys({ ...k, name: { ...k.name, first, all: [first, ...k.name.all.slice(1)] } }, opts);
      if (partner.confidence <= result.confidence) return result;
      const keyed = partner.candidates[0]?.evidence.some((e) => KEY_FIELDS.has(e.field) && e.outcome === 'match');
      return partner.status === 'resolved' && !keyed ? { ...partner, status: 'likely_match' } : partner;
    }
    const swapped = columns && k.name.all.length !== 2 ? null : swappedName(k.name);
    if (!swapped || result.confidence >= LIKELY_MIN) return result;
    const other = await this.matchKeys({ ...k, name: swapped }, opts);
    if (other.confidence <= result.confidence) return result;
    // Columns said which name is which: read against them, a match is for a person to confirm,
    // unless an email, a phone or a profile URL names the person.
    if (
      columns &&
      other.status === 'resolved' &&
      !other.candidates[0]?.evidence.some((e) => KEY_FIELDS.has(e.field) && e.outcome === 'match')
    )
      return { ...other, status: 'likely_match' };
    return other;
  }

  private async matchKeys(k: Keys, opts: MatchOptions): Promise<MatchResult> {
    const found = await this.candidates(k);
    // The perspective's network as searches read it: cached until the graph changes, so a
    // spreadsheet of rows reads a well-connected person's second degree once, not once a row.
    const network = opts.perspectiveUserId && this.graph && found.size ? loadNetwork(this.graph, opts.perspectiveUserId) : null;
    const scored: ScoredCandidate[] = [];
    for (const [id, p] of found) {
      if (id === opts.perspectiveUserId) continue;
      const degree = network?.firstDegree.has(id) ? 1 : network?.secondDegree.has(id) ? 2 : null;
      const { score, evidence } = scoreCandidate(k, p, degree, opts.perspectiveName);
      scored.push({
        user_id: id,
        name: p.display_name ?? null,
        headline: p.headline ?? null,
        current_title: p.current_title ?? null,
        current_company: p.current_company_name ?? null,
        location: p.location?.raw ?? null,
        score,
        confidence: confidenceOf(score),
        evidence,
      });
    }
    scored.sort((a, b) => b.score - a.score || a.user_id.localeCompare(b.user_id));
    const { status, reason } = bucketOf(scored);
    return {
      status,
      confidence: scored[0]?.confidence ?? 0,
      reason,
      candidates: scored.slice(0, Math.max(1, Math.min(25, opts.maxCandidates ?? 5))),
    };
  }
}
