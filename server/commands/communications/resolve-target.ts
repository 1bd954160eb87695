import { INDICES } from '../../../mappings/indices.js';
import { SearchEngineError } from '../../../search-engine/errors.js';
import type { Services } from '../../services.js';
import type { User } from '../../store/users.js';
import { type ProfileDoc, readProfile } from '../read-profile.js';
import { findByUsername, usernameFromInput } from '../search/people/people-lookup.js';

/** The identity inputs every communications route accepts (all optional). */
export interface IdentityInput {
  target_user_id?: string;
  professional_profile_url?: string;
  professional_username?: string;
  microblog_profile_url?: string;
  microblog_username?: string;
  photo_profile_url?: string;
  photo_username?: string;
  recipient_email?: string;
}

export const IDENTITY_FIELDS = [
  'target_user_id',
  'professional_profile_url',
  'professional_username',
  'microblog_profile_url',
  'microblog_username',
  'photo_profile_url',
  'photo_username',
  'recipient_email',
] as const;

/** A private email of a profile (never shown except as a recipient option to its sender). */
export interface EmailPoint {
  address: string;
  quality: string;
  kind: string | null;
  last_seen_at: string | null;
}

/** Who a communication is for, as far as the inputs tell. */
export interface Target {
  userId: string | null;
  /** Which input found the person (`target_user_id`, `professional_username`, ...), or null. */
  matchedBy: string | null;
  profile: ProfileDoc | null;
  account: User | null;
  /** The inputs given, trimmed. */
  inputs: Record<string, string>;
  /** Inputs that named nobody (a wrong id or an unknown handle): these are reported, not errors. */
  unresolvedInputs: string[];
}

const PROFILES = INDICES.profiles.alias;

/** A handle from a microblog or photo-network URL (`https://host/<handle>`, `@handle`) or a bare handle. */
export function handleFromInput(input: string): string | null {
  const text = input.trim();
  let candidate = text;
  if (/^https?:\/\//i.test(text) || /^[\w-]+(\.[\w-]+)+\//.test(text)) {
    try {
      const url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
      const parts = url.pathname.split('/').filter(Boolean);
      candidate = parts[0] === 'u' || parts[0] === 'user' ? (parts[1] ?? '') : (parts[0] ?? '');
    } catch {
      return null;
    }
  }
  candidate = candidate.replace(/^@/, '');
  return /^[\w.]{1,60}$/.test(candidate) ? candidate.toLowerCase() : null;
}

async function findByField(services: Services, field: string, value: string): Promise<string | null> {
  try {
    const res = await services.engine.search(PROFILES, {
      query: { bool: { filter: [{ term: { [field]: value } }] } },
      size: 1,
      sort: [{ id: 'asc' }],
      _source: false,
      track_total_hits: false,
    });
    return res.hits[0]?.id ?? null;
  } catch (err) {
    if (err instanceof SearchEngineError && err.code === 'index_not_found') return null;
    throw err;
  }
}

async function profileOrNull(services: Services, id: string): Promise<ProfileDoc | null> {
  try {
    return await readProfile(services, id);
  } catch (err) {
    if ((err as { code?: string }).code === 'not_found') return null;
    if (err instanceof SearchEngineError && err.code === 'index_not_found') return null;
    throw err;
  }
}

/**
 * Resolves the identity inputs to one person: `target_user_id` first, then the professional,
 * microblog and photo identities. The first input that names someone wins. `recipient_email` is
 * kept among the inputs as the address to write to; it never names the person.
 */
export async function resolveTarget(services: Services, input: IdentityInput): Promise<Target> {
  const inputs: Record<string, string> = {};
  for (const f of IDENTITY_FIELDS) {
    const v = input[f];
    if (typeof v === 'string' && v.trim()) inputs[f] = v.trim();
  }
  const unresolvedInputs: string[] = [];
  const attempts: [string, () => Promise<string | null>][] = [
    [
      'target_user_id',
      async () => {
        const id = inputs.target_user_id!;
        return (await profileOrNull(services, id)) || services.users.get(id) ? id : null;
      },
    ],
    [
      'professional_profile_url',
      async () =>
        usernameFromInput(inputs.professional_profile_url!)
          ? findByUsername(services, usernameFromInput(inputs.professional_profile_url!)!)
          : null,
    ],
    [
      'professional_username',
      async () =>
        usernameFromInput(inputs.professional_username!)
          ? findByUsername(services, usernameFromInput(inputs.professional_username!)!)
          : null,
    ],
    ['microblog_profile_url', async () => handleLookup(services, 'microblog_username', inputs.microblog_profile_url!)],
    ['microblog_username', async () => handleLookup(services, 'microblog_username', inputs.microblog_username!)],
    ['photo_profile_url', async () => handleLookup(services, 'photo_username', inputs.photo_profile_url!)],
    ['photo_username', async () => handleLookup(services, 'photo_username', inputs.photo_username!)],
  ];
  // `recipient_email` names no one: it is an address to write to. Looked up among profiles' private
  // addresses or accounts' sign-up addresses, it would tell whose the address is (the person's id,
  // their handle on a network, their name in the inbox after a message) to anyone who knows it.
  for (const [field, find] of attempts) {
    if (!(field in inputs)) continue;
    const id = await find();
    if (!id) {
      unresolvedInputs.push(field);
      continue;
    }
    const profile = await profileOrNull(services, id);
    return { userId: id, matchedBy: field, profile, account: services.users.get(id), inputs, unresolvedInputs };
  }
  return { userId: null, matchedBy: null, profile: null, account: null, inputs, unresolvedInputs };
}

async function handleLookup(services: Services, field: string, raw: string): Promise<string | null> {
  const handle = handleFromInput(raw);
  return handle ? findByField(services, field, handle) : null;
}

/**
 * The person's emails from their profile, best first (verified, validated, sourced, guessed;
 * bounced last). The address an account signed up with is never among them: it was given to the
 * service, not found about the person, and no other account may learn or use it.
 */
export function emailsOf(target: Target): EmailPoint[] {
  const list = ((target.profile?.emails as EmailPoint[] | undefined) ?? []).filter((e) => e && typeof e.address === 'string');
  const rank: Record<string, number> = { verified: 0, validated: 1, sourced: 2, guessed: 3, bounced: 9 };
  const out = list.map((e) => ({ address: e.address, quality: e.quality, kind: e.kind ?? null, last_seen_at: e.last_seen_at ?? null }));
  return out.sort((a, b) => (rank[a.quality] ?? 5) - (rank[b.quality] ?? 5) || a.address.localeCompare(b.address));
}

/** A person's handle on a network (`professional_username`, `microblog_username`, `photo_username`). */
export function handleOnNetwork(target: Target, network: 'professional' | 'microblog' | 'photo'): string | null {
  const v = target.profile?.[`${network}_username`];
  return typeof v === 'string' && v ? v : null;
}

/** A member of the service can receive in-service messages: a profile with `service_url`, or an account. */
export function isMember(target: Target): boolean {
  return target.account !== null || (typeof target.profile?.service_url === 'string' && target.profile.service_url !== '');
}

/**
 * The `resolved_target` object of responses: who was found and from which input; never private
 * contact data. An address alone names no one (resolveTarget), so knowing it reveals nothing.
 */
export function presentTarget(target: Target): Record<string, unknown> {
  const p = target.profile;
  const str = (v: unknown) => (typeof v === 'string' && v ? v : null);
  return {
    resolved: target.userId !== null,
    user_id: target.userId,
    matched_by: target.matchedBy,
    name: str(p?.display_name) ?? target.account?.name ?? null,
    headline: str(p?.headline),
    current_title: str(p?.current_title),
    current_company: str(p?.current_company_name),
    professional_url: str(p?.professional_url),
    service_url: str(p?.service_url),
    is_service_member: target.userId !== null && isMember(target),
    inputs: target.inputs,
    unresolved_inputs: target.unresolvedInputs,
  };
}
