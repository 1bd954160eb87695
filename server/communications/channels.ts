/** The seven send channels, the history channels, and what each send channel needs. docs/communications.md. */

export const CHANNELS = [
  'service_direct_message',
  'service_invite',
  'service_referral_request',
  'email_send',
  'professional_send_message',
  'microblog_send_message',
  'photo_send_message',
] as const;
export type Channel = (typeof CHANNELS)[number];

export const HISTORY_CHANNELS = ['all', 'email', 'service', 'professional', 'microblog', 'photo'] as const;
export type HistoryChannel = (typeof HISTORY_CHANNELS)[number];

/** External networks reached through a provider (sandbox or HTTP relay). */
export const NETWORKS = ['professional', 'microblog', 'photo'] as const;
export type Network = (typeof NETWORKS)[number];

/** Normalised statuses; the last three are terminal. `draft` is a saved draft that is never sent. */
export const STATUSES = ['draft', 'queued', 'in_progress', 'completed', 'failed', 'cancelled'] as const;
export type Status = (typeof STATUSES)[number];
export const TERMINAL: ReadonlySet<Status> = new Set(['completed', 'failed', 'cancelled']);

export function isChannel(value: unknown): value is Channel {
  return typeof value === 'string' && (CHANNELS as readonly string[]).includes(value);
}

/** The history channel a send channel is filed under. */
export function historyChannelOf(channel: Channel): Exclude<HistoryChannel, 'all'> {
  if (channel.startsWith('service_')) return 'service';
  if (channel === 'email_send') return 'email';
  return networkOf(channel) as Network;
}

/** The external network of a channel, or null for in-service and email channels. */
export function networkOf(channel: Channel): Network | null {
  if (channel === 'professional_send_message') return 'professional';
  if (channel === 'microblog_send_message') return 'microblog';
  if (channel === 'photo_send_message') return 'photo';
  return null;
}

export const isServiceChannel = (channel: Channel): boolean => channel.startsWith('service_');

/** Longest invite note, counted after links are expanded (the connector's rule; REST refuses longer). */
export const INVITE_NOTE_MAX = 200;
/** Largest message body and subject accepted (the contract does not say; docs/communications.md). */
export const MESSAGE_MAX = 20_000;
export const SUBJECT_MAX = 300;
