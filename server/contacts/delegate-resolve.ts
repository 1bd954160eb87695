/**
 * `POST /api/v1/contacts/delegate-resolve` (docs/contacts.md, "Delegate-resolve"): who each of up
 * to 100 contacts is, seen from a delegate's network, with the contract's billing: a dry run costs
 * 0.01 credit per requested contact; a live call 0.10 per high-confidence resolved row and 0.04 per
 * successful provider email enrichment; everything else 0. Holds are reserved before any work and
 * settled to what was delivered, so a failed call costs nothing.
 */
import crypto from 'node:crypto';
import { INDICES } from '../../mappings/indices.js';
import { type Actor, actingFields } from '../auth/actor.js';
import { loadSecret } from '../auth/secrets.js';
import type { CreditHold } from '../billing/credits.js';
import { MICRO_PER_CREDIT, type Operation, rateFor } from '../billing/rate-card.js';
import { invalidField } from '../errors.js';
import type { Services } from '../services.js';
import { prepared } from '../store/database.js';
import { emailsIn } from './emails.js';
import { type EmailEnrichmentProvider, type EnrichmentAnswer, EnrichmentUnavailable, emailEnrichmentProvider } from './enrichment.js';
import { ContactMatcher, type ContactRow, type MatchResult } from './matcher.js';
import { phonesIn, professionalUsername } from './normalize.js';
import { nextTurn, pacedRows } from './paced-rows.js';
import { rowFromCells } from './row-schema.js';

export const EMAIL_QUALITIES = ['verified', 'validated', 'sourced', 'guessed'] as const;
type Quality = (typeof EMAIL_QUALITIES)[number];

export interface DelegateResolveBody {
  delegate: { user_id?: string; service_id?: string; professional_url?: string; professional_username?: string };
  contacts: Record<string, unknown>[];
  options?: {
    dry_run?: boolean;
    persist_evidence?: boolean;
    include_email?: boolean;
    include_email_enrichment?: boolean;
    force_email_enrichment?: boolean;
    email_enrichment_provider?: string;
    email_minimum_confidence?: Quality;
    fields?: string[];
    include_experiences?: boolean;
    include_score_breakdown?: boolean;
    max_candidates_per_contact?: number;
    contact_concurrency?: number;
  };
}

const PROFILE_FIELDS = [
  'user_id',
  'name',
  'headline',
  'current_title',
  'current_company',
  'location',
  'professional_url',
  'service_url',
] as const;

interface ProfileDoc {
  display_name?: string;
  first_name?: string | null;
  last_name?: string | null;
  headline?: string | null;
  current_title?: string | null;
  current_company_name?: string | null;
  location?: { raw?: string } | null;
  professional_url?: string | null;
  service_url?: string | null;
  professional_username?: string | null;
  experiences?: { company_name?: string; title?: string; start?: string; end?: string | null; is_current?: boolean }[];
  emails?: { address: string; quality: string; kind?: string | null }[];
}

/** The delegate: a person of the index, found by id or professional identity (null when not found). */
async function findDelegate(
  services: Services,
  d: DelegateResolveBody['delegate'],
): Promise<{ userId: string; name: string | null } | null> {
  const given = Object.entries(d).filter(([, v]) => typeof v === 'string' && v.trim());
  if (given.length !== 1)
    throw invalidField('body', '/delegate', 'must give exactly one of user_id, service_id, professional_url, professional_username');
  const [kind, value] = given[0] as [string, string];
  if (kind === 'user_id' || kind === 'service_id') {
    // One namespace: a service id is the member's user id.
    const [doc] = await services.engine.mget<ProfileDoc>(INDICES.profiles.alias, [value.trim()]);
    if (doc) return { userId: value.trim(), name: doc.display_name ?? null };
    const user = services.users.get(value.trim());
    return user ? { userId: user.userId, name: user.name } : null;
  }
  const username = kind === 'professional_url' ? professionalUsername(value) : value.trim().toLowerCase();
  if (!username) return null;
  const res = await services.engine.search<ProfileDoc>(INDICES.profiles.alias, {
    query: { term: { professional_username: username } },
    size: 1,
    _source: ['display_name'],
    track_total_hits: false,
  });
  const hit = res.hits[0];
  return hit ? { userId: hit.id, name: hit.source.display_name ?? null } : null;
}

/** A keyed hash (HMAC-SHA256, salt in DATA_DIR) of a normalised email or phone: kept evidence never holds the value. */
function keyedHash(services: Services, value: string): string {
  return crypto.createHmac('sha256', loadSecret(services.config.dataDir, 'contact-evidence')).update(value).digest('hex');
}

const credits = (micro: number) => micro / MICRO_PER_CREDIT;

export async function delegateResolve(
  services: Services,
  actor: Actor,
  body: DelegateResolveBody,
  requestId: string,
  provider: EmailEnrichmentProvider = emailEnrichmentProvider(services.config.communications.emailEnrichment),
): Promise<Record<string, unknown>> {
  const o = body.options ?? {};
  const dryRun = o.dry_run === true;
  const minimum = o.email_minimum_confidence ?? 'sourced';
  const maxCandidates = o.max_candidates_per_contact ?? 3;
  const concurrency = o.contact_concurrency ?? 5;
  const enrich = !dryRun && o.include_email_enrichment === true;
  // The contract projects a cached or known email by default; `include_email: false` turns that off.
  const includeEmail = o.include_email !== false;
  if (o.email_enrichment_provider && o.email_enrichment_provider !== provider.name)
    throw invalidField('body', '/options/email_enrichment_provider', `must be ${provider.name} (the configured provider)`);
  const now = services.clock();
  const charge = (operation: Operation, quantity: number): CreditHold =>
    services.credits.reserve({
      ownerUserId: actor.ownerUserId,
      tier: actor.owner.tier,
      keyId: actor.keyId,
      actingUserId: actor.actingUserId,
      operation,
      quantity,
      requestId,
      now,
    });
  // Reserved for the most the call can cost, before any work: a call that cannot be paid is refused whole.
  const holds: CreditHold[] = [];
  try {
    const preview = dryRun ? charge('delegate_resolve_preview', body.contacts.length) : null;
    if (preview) holds.push(preview);
    const resolve = dryRun ? null : charge('delegate_resolve_resolved', body.contacts.length);
    if (resolve) holds.push(resolve);
    const enrichment = enrich ? charge('delegate_resolve_email_enrichment', body.contacts.length) : null;
    if (enrichment) holds.push(enrichment);

    const delegate = await findDelegate(services, body.delegate);
    const matcher = new ContactMatcher(services.engine, services.graph);
    const rows = body.contacts.map((c) => rowFromCells(c) as ContactRow);
    // A few rows at a time, with a turn of the event loop before each (paced-rows.ts).
    const matches: (MatchResult | null)[] = delegate
      ? await pacedRows(rows, concurrency, (r) =>
          matcher.match(r, {
            perspectiveUserId: delegate.userId,
            // The network is the delegate's, not the caller's: the evidence names them.
            perspectiveName: delegate.userId === actor.actingUserId ? 'yours' : `the delegate ${delegate.name ?? delegate.userId}`,
            maxCandidates: Math.max(maxCandidates, 2),
          }),
        )
      : new Array(rows.length).fill(null);
    const selectedIds = matches.map((m) => (m?.status === 'resolved' ? m.candidates[0]!.user_id : null));
    const docs = await services.engine.mget<ProfileDoc>(
      INDICES.profiles.alias,
      selectedIds.filter((x): x is string => x !== null),
    );
    const docOf = new Map(selectedIds.filter((x): x is string => x !== null).map((id, i) => [id, docs[i] ?? null]));
    const rank = (q: string) => EMAIL_QUALITIES.indexOf(q as Quality);

    // The best known address of each selected person, and the provider lookups the rest need,
    // run `contact_concurrency` at a time before the results are assembled.
    const knownOf = (doc: ProfileDoc) =>
      (doc.emails ?? [])
        .filter((e) => e.quality !== 'bounced' && rank(e.quality) !== -1)
        .sort((a, b) => rank(a.quality) - rank(b.quality))[0];
    const lookups = new Map<number, EnrichmentAnswer | EnrichmentUnavailable>();
    if (enrich) {
      const wanted = rows
        .map((_, i) => i)
        .filter((i) => {
          const doc = selectedIds[i] ? docOf.get(selectedIds[i]!) : null;
          if (!doc) return false;
          const known = knownOf(doc);
          return !(known && rank(known.quality) <= rank(minimum) && !o.force_email_enrichment);
        });
      for (let k = 0; k < wanted.length; k += concurrency) {
        // A caller who left stops the paid lookups here (nextTurn throws its reason): the holds are
        // released, nothing stored.
        await nextTurn();
        await Promise.all(
          wanted.slice(k, k + concurrency).map(async (i) => {
            const doc = docOf.get(selectedIds[i]!)!;
            try {
              lookups.set(
                i,
                await provider.find({
                  userId: selectedIds[i]!,
                  firstName: doc.first_name ?? null,
                  lastName: doc.last_name ?? null,
                  company: doc.current_company_name ?? null,
                }),
              );
            } catch (err) {
              if (!(err instanceof EnrichmentUnavailable)) throw err;
              services.logger.warn({ provider: provider.name, err: err.message }, 'email enrichment lookup failed; nothing charged');
              lookups.set(i, err);
            }
          }),
        );
      }
    }

    let resolvedCount = 0;
    let enrichedCount = 0;
    const results: Record<string, unknown>[] = [];
    for (let i = 0; i < rows.length; i++) {
      const m = matches[i];
      const row = rows[i]!;
      const warnings: string[] = [];
      if (!delegate) warnings.push('delegate_not_found');
      const status = !m ? 'unresolved' : m.status === 'resolved' ? 'resolved' : m.status === 'unresolved' ? 'unresolved' : 'needs_review';
      if (status === 'resolved') resolvedCount++;
      const selected = selectedIds[i] ?? null;
      const doc = selected ? docOf.get(selected) : null;
      let emailResolution: Record<string, unknown> = {
        status: 'not_requested',
        email: null,
        quality: null,
        source: null,
        credits_charged: 0,
      };
      let email: string | null = null;
      if (selected && doc && (includeEmail || enrich)) {
        const known = knownOf(doc);
        const found = lookups.get(i);
        if (known && rank(known.quality) <= rank(minimum) && !(enrich && o.force_email_enrichment)) {
          email = known.address;
          emailResolution = { status: 'known', email, quality: known.quality, source: 'profile', credits_charged: 0 };
        } else if (found instanceof EnrichmentUnavailable) {
          warnings.push('email_enrichment_unavailable');
          emailResolution = { status: 'provider_unavailable', email: null, quality: null, source: provider.name, credits_charged: 0 };
        } else if (found) {
          if (found.email && found.quality && rank(found.quality) <= rank(minimum)) {
            enrichedCount++;
            email = found.email;
            emailResolution = {
              status: 'enriched',
              email,
              quality: found.quality,
              source: found.provider,
              credits_charged: credits(rateFor('delegate_resolve_email_enrichment').priceMicro),
              provider_cost_usd: found.costUsd,
              provider_cost_credits: Math.round((found.costUsd / 0.099) * 10_000) / 10_000,
            };
          } else
            emailResolution = {
              status: found.email ? 'below_minimum_confidence' : 'not_found',
              email: null,
              quality: found.quality,
              source: found.provider,
              credits_charged: 0,
            };
        } else
          emailResolution = {
            status: known ? 'below_minimum_confidence' : 'not_found',
            email: null,
            quality: known?.quality ?? null,
            source: 'profile',
            credits_charged: 0,
          };
      } else if (!selected && (includeEmail || enrich)) emailResolution = { ...emailResolution, status: 'skipped_unresolved' };
      const fields = o.fields?.length ? new Set(o.fields) : new Set<string>(PROFILE_FIELDS);
      const projection: Record<string, unknown> | null = doc
        ? Object.fromEntries(
            Object.entries({
              user_id: selected,
              name: doc.display_name ?? null,
              headline: doc.headline ?? null,
              current_title: doc.current_title ?? null,
              current_company: doc.current_company_name ?? null,
              location: doc.location?.raw ?? null,
              professional_url: doc.professional_url ?? null,
              service_url: doc.service_url ?? null,
            }).filter(([k]) => fields.has(k) || k === 'user_id'),
          )
        : null;
      if (projection && email) projection.email = email;
      if (projection && o.include_experiences)
        projection.experiences = (doc!.experiences ?? []).map((e) => ({
          company_name: e.company_name,
          title: e.title,
          start: e.start,
          end: e.end ?? null,
          is_current: e.is_current ?? false,
        }));
      const candidates = (m?.candidates ?? []).slice(0, maxCandidates).map((c) => ({
        user_id: c.user_id,
        name: c.name,
        current_title: c.current_title,
        current_company: c.current_company,
        confidence: c.confidence,
        ...(o.include_score_breakdown
          ? { score: c.score, score_breakdown: Object.fromEntries(c.evidence.map((e) => [e.field, e.weight])) }
          : {}),
      }));
      results.push({
        row_id: row.row_id ?? null,
        position: i,
        status,
        confidence: m?.confidence ?? 0,
        reason: !delegate ? 'delegate_not_found' : (m?.reason ?? null),
        selected_candidate_user_id: selected,
        selected_profile: projection,
        email_resolution: emailResolution,
        evidence: m?.candidates[0]?.evidence ?? [],
        candidates,
        warnings,
      });
    }

    // Evidence is kept only when asked for on a live call; emails and phones as keyed hashes.
    let auditRunId: string | null = null;
    let persisted = 0;
    // Once more before anything is stored or charged: a caller who left during the lookups.
    await nextTurn();
    if (o.persist_evidence && !dryRun && delegate) {
      auditRunId = crypto.randomUUID();
      const insert = prepared(
        services.db,
        `INSERT INTO contact_evidence (audit_run_id, position, owner_user_id, delegate_user_id, row_id, status, confidence, selected_user_id,
           evidence_json, email_hashes_json, phone_hashes_json, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      );
      services.db.transaction(() => {
        results.forEach((r, i) => {
          const row = rows[i]!;
          const emails = (row.emails ?? []).flatMap(emailsIn);
          const phones = (row.phone_numbers ?? []).flatMap((p) => phonesIn(p, null));
          insert.run(
            auditRunId,
            i,
            actor.ownerUserId,
            delegate.userId,
            r.row_id,
            r.status,
            r.confidence,
            r.selected_candidate_user_id,
            JSON.stringify(r.evidence),
            JSON.stringify(emails.map((e) => keyedHash(services, e))),
            JSON.stringify(phones.map((p) => keyedHash(services, p))),
            now,
          );
          persisted++;
        });
      })();
    }

    // Settle each hold to what was delivered, then commit them together.
    const settled = {
      preview: preview ? services.credits.settle(preview, body.contacts.length) : null,
      resolve: resolve ? services.credits.settle(resolve, delegate ? resolvedCount : 0) : null,
      enrichment: enrichment ? services.credits.settle(enrichment, enrichedCount) : null,
    };
    for (const h of Object.values(settled)) if (h) services.credits.commit(h);
    holds.length = 0;
    const micro = {
      preview: dryRun ? rateFor('delegate_resolve_preview').priceMicro * body.contacts.length : 0,
      resolve: dryRun || !delegate ? 0 : rateFor('delegate_resolve_resolved').priceMicro * resolvedCount,
      enrichment: rateFor('delegate_resolve_email_enrichment').priceMicro * enrichedCount,
    };
    const total = micro.preview + micro.resolve + micro.enrichment;
    return {
      success: true,
      ...actingFields(actor),
      mode: 'delegate_contact_resolve',
      dry_run: dryRun,
      persisted_evidence_count: persisted,
      audit_run_id: auditRunId,
      billing: {
        charged: total > 0,
        billable_preview_count: dryRun ? body.contacts.length : 0,
        billable_resolve_count: dryRun || !delegate ? 0 : resolvedCount,
        billable_email_enrichment_count: enrichedCount,
        preview_credits_charged: credits(micro.preview),
        resolve_credits_charged: credits(micro.resolve),
        email_enrichment_credits_charged: credits(micro.enrichment),
        total_credits_charged: credits(total),
        total_micro_credits_charged: total,
      },
      delegate: { found: delegate !== null, user_id: delegate?.userId ?? null, name: delegate?.name ?? null },
      summary: {
        requested: rows.length,
        resolved: results.filter((r) => r.status === 'resolved').length,
        needs_review: results.filter((r) => r.status === 'needs_review').length,
        unresolved: results.filter((r) => r.status === 'unresolved').length,
      },
      results,
    };
  } finally {
    for (const h of holds) services.credits.release(h);
  }
}
