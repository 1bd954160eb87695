import { INDICES } from '../../../mappings/indices.js';
import type { Actor } from '../../auth/actor.js';
import { type Channel, networkOf } from '../../communications/channels.js';
import { dayStart } from '../../communications/dispatcher.js';
import { isPlainEmailAddress } from '../../communications/email-address.js';
import type { Services } from '../../services.js';
import { type EmailPoint, emailsOf, handleOnNetwork, isMember, type Target } from './resolve-target.js';

const DAY_MS = 86_400_000;
/** An address last seen longer ago than this is stale: delivery prefers a fresher validated one. */
export const STALE_EMAIL_DAYS = 730;
const DELIVERABLE = new Set(['verified', 'validated', 'sourced', 'guessed']);

/**
 * Whether text (trimmed) is one plain email address, the check a requested `recipient_email`
 * gets (communications/email-address.ts).
 */
export const isEmailAddress = (text: string): boolean => isPlainEmailAddress(text.trim());

export interface EmailChoice {
  /** The address delivery would use, or null when none can be used. */
  address: string | null;
  /** Why no address can be used. */
  reason: 'no_email_address' | 'recipient_email_invalid' | 'recipient_email_undeliverable' | null;
  /** Set when the requested address was rejected and another of the person's addresses is used. */
  substitution: { requested_recipient_email: string; recipient_email: string; reason: string } | null;
  /** Where the address came from: one of the person's addresses, or the caller's own. */
  source: 'profile' | 'user_supplied' | null;
  options: (EmailPoint & { stale: boolean; deliverable: boolean; recommended: boolean })[];
}

const isStale = (e: EmailPoint, now: number): boolean =>
  e.last_seen_at !== null && Number.isFinite(Date.parse(e.last_seen_at)) && now - Date.parse(e.last_seen_at) > STALE_EMAIL_DAYS * DAY_MS;

/**
 * Which address an `email_send` goes to (the contract's create rule 2): a requested address is
 * used as given, unless it is one of the person's addresses that bounced or went stale and the
 * person has a verified or validated one, which is used instead (`substitution`). Without a
 * request, the person's best deliverable address.
 */
export function chooseEmail(target: Target, requested: string | undefined, now: number): EmailChoice {
  const all = emailsOf(target).map((e) => ({ ...e, stale: isStale(e, now), deliverable: DELIVERABLE.has(e.quality) && !isStale(e, now) }));
  const best = all.find((e) => e.deliverable) ?? null;
  const options = all.map((e) => ({ ...e, recommended: best !== null && e.address === best.address }));
  if (requested !== undefined) {
    const want = requested.trim();
    if (!isPlainEmailAddress(want)) return { address: null, reason: 'recipient_email_invalid', substitution: null, source: null, options };
    const known = all.find((e) => e.address.toLowerCase() === want.toLowerCase());
    if (!known) return { address: want, reason: null, substitution: null, source: 'user_supplied', options };
    if (known.deliverable) return { address: known.address, reason: null, substitution: null, source: 'profile', options };
    const validated = all.find((e) => e.deliverable && (e.quality === 'verified' || e.quality === 'validated'));
    if (!validated) return { address: null, reason: 'recipient_email_undeliverable', substitution: null, source: null, options };
    return {
      address: validated.address,
      reason: null,
      source: 'profile',
      options,
      substitution: {
        requested_recipient_email: want,
        recipient_email: validated.address,
        reason: known.quality === 'bounced' ? 'requested_address_bounced' : 'requested_address_stale',
      },
    };
  }
  return best
    ? { address: best.address, reason: null, substitution: null, source: 'profile', options }
    : { address: null, reason: 'no_email_address', substitution: null, source: null, options };
}

/** People connected to both the requester and the target: who could forward a referral request. */
export async function candidateConnectors(
  services: Services,
  actingUserId: string,
  targetUserId: string,
  limit = 10,
): Promise<Record<string, unknown>[]> {
  const mine = services.graph.firstDegree(actingUserId);
  const theirs = services.graph.firstDegree(targetUserId);
  const shared = [...mine.keys()].filter((id) => theirs.has(id) && id !== targetUserId && id !== actingUserId).sort();
  const ids = shared.slice(0, limit);
  const docs = ids.length ? await services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, ids) : [];
  return ids.map((id, i) => ({
    user_id: id,
    name: (docs[i]?.display_name as string | undefined) ?? services.users.get(id)?.name ?? null,
    headline: (docs[i]?.headline as string | undefined) ?? null,
    connected_to_you_via: [...(mine.get(id) ?? [])].sort(),
    connected_to_target_via: [...(theirs.get(id) ?? [])].sort(),
  }));
}

/** The verdict on one channel for one target. */
export interface ChannelVerdict {
  channel: Channel;
  can_send: boolean;
  reason: string | null;
  message: string | null;
  provider: string;
  provider_description: string;
  cancellable_in_flight: boolean;
  requires: string[];
  daily_cap: { limit: number; used_today: number; remaining: number; resets_at: string };
  warnings: string[];
  recipient_handle?: string | null;
  recipient_email?: string | null;
  recipient_email_options?: Record<string, unknown>[];
  recipient_email_substitution?: Record<string, unknown> | null;
  candidate_connectors?: Record<string, unknown>[];
}

export const REASON_TEXT: Record<string, string> = {
  target_unresolved: 'No person on the service matches the identity given; check the id, URL, username or email.',
  channel_disabled: 'This channel is switched off on this server (its daily cap is 0).',
  cannot_message_self: 'The target is the acting user.',
  not_a_service_member: 'The person is not a member of the service, so in-service channels cannot reach them.',
  already_connected: 'You are already connected on the service; send a direct message instead.',
  invite_pending: 'An invite to this person is already pending.',
  no_shared_connector: 'Nobody is connected to both you and the person, so no one can forward a referral request.',
  no_email_address: 'The person has no deliverable email address; pass recipient_email with an address you know.',
  recipient_email_invalid: 'recipient_email is not a valid address.',
  recipient_email_undeliverable: 'The requested address bounced or is stale, and the person has no validated address to use instead.',
  no_professional_identity: 'The person has no professional-network profile on record.',
  no_microblog_identity: 'The person has no microblog handle on record.',
  no_photo_identity: 'The person has no photo-network handle on record.',
};

/**
 * Whether an invite from `from` to `to` is pending: delivered and not yet decided, or still queued
 * or being sent (such a one used to pass, and every copy then failed at dispatch, each counted
 * against the daily cap).
 */
function invitePending(services: Services, from: string, to: string): boolean {
  return (
    services.communications.inbox.pendingInvite(from, to) !== null ||
    services.communications.store.activeSendTo(from, to, 'service_invite') !== null
  );
}

/** Checks one channel for a resolved (or unresolved) target, as capabilities reports it and create enforces it. */
export async function checkChannel(
  services: Services,
  actor: Actor,
  target: Target,
  channel: Channel,
  opts: { recipientEmail?: string; now: number },
): Promise<ChannelVerdict> {
  const info = services.communications.providerInfo(channel);
  const limit = services.config.communications.dailyCaps[channel] ?? 0;
  const used = services.communications.store.dispatchedSince(actor.ownerUserId, channel, dayStart(opts.now));
  const verdict: ChannelVerdict = {
    channel,
    can_send: true,
    reason: null,
    message: null,
    provider: info.provider,
    provider_description: info.description,
    cancellable_in_flight: info.cancellableInFlight,
    requires:
      channel === 'email_send'
        ? ['subject', 'message']
        : channel === 'service_referral_request'
          ? ['connector_user_id', 'message']
          : channel === 'service_invite'
            ? []
            : ['message'],
    daily_cap: {
      limit,
      used_today: used,
      remaining: Math.max(0, limit - used),
      resets_at: new Date(dayStart(opts.now) + DAY_MS).toISOString(),
    },
    warnings: [],
  };
  if (limit === 0) {
    verdict.can_send = false;
    verdict.reason = 'channel_disabled';
    verdict.message = REASON_TEXT.channel_disabled!;
    return verdict;
  }
  if (used >= limit) verdict.warnings.push('daily_cap_reached');
  if (info.provider === 'sandbox') verdict.warnings.push('sandbox_provider');
  if (info.provider === 'outbox') verdict.warnings.push('outbox_provider');
  const refuse = (reason: string) => {
    verdict.can_send = false;
    verdict.reason = reason;
    verdict.message = REASON_TEXT[reason] ?? reason;
    return verdict;
  };
  if (channel === 'email_send') {
    const choice = chooseEmail(target, opts.recipientEmail, opts.now);
    verdict.recipient_email = choice.address;
    verdict.recipient_email_options = choice.options.map((o) => ({ ...o }));
    verdict.recipient_email_substitution = choice.substitution;
    if (choice.reason) return refuse(choice.reason);
    if (target.userId === actor.actingUserId) return refuse('cannot_message_self');
    return verdict;
  }
  if (target.userId === null) return refuse('target_unresolved');
  if (target.userId === actor.actingUserId) return refuse('cannot_message_self');
  const network = networkOf(channel);
  if (network) {
    verdict.recipient_handle = handleOnNetwork(target, network);
    if (!verdict.recipient_handle) return refuse(`no_${network}_identity`);
    return verdict;
  }
  if (!isMember(target)) return refuse('not_a_service_member');
  if (channel === 'service_invite') {
    if (services.graph.firstDegree(actor.actingUserId, ['service']).has(target.userId)) return refuse('already_connected');
    if (invitePending(services, actor.actingUserId, target.userId)) return refuse('invite_pending');
  }
  if (channel === 'service_referral_request') {
    verdict.candidate_connectors = await candidateConnectors(services, actor.actingUserId, target.userId);
    if (!verdict.candidate_connectors.length) return refuse('no_shared_connector');
  }
  return verdict;
}

/** The `service` object of capabilities: the target's standing on the service relative to the acting user. */
export function serviceStanding(services: Services, actor: Actor, target: Target): Record<string, unknown> {
  const id = target.userId;
  const sources = id ? [...(services.graph.firstDegree(actor.actingUserId).get(id) ?? [])].sort() : [];
  const conversation = id ? services.communications.inbox.findConversation(actor.actingUserId, id) : null;
  return {
    member: id !== null && isMember(target),
    user_id: id,
    service_url: typeof target.profile?.service_url === 'string' ? target.profile.service_url : null,
    has_account: target.account !== null,
    service_connected: sources.includes('service'),
    connection_sources: sources,
    invite_pending: id ? invitePending(services, actor.actingUserId, id) : false,
    conversation_id: conversation?.conversationId ?? null,
  };
}
