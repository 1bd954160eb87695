import type { Channel, Status } from './channels.js';

/** One entry of a communication's append-only event log. */
export interface CommEvent {
  sequence: number;
  type: string;
  status: Status;
  data: Record<string, unknown>;
  createdAt: number;
}

export type Mode = 'send' | 'draft' | 'dry_run';

/** A communication as stored (table `communications`, migrations 3 and 13). */
export interface Communication {
  id: string;
  ownerUserId: string;
  actingUserId: string;
  channel: Channel;
  mode: Mode;
  status: Status;
  targetUserId: string | null;
  recipientEmail: string | null;
  connectorUserId: string | null;
  subject: string | null;
  body: string | null;
  /** The resolved target and the identity inputs it was resolved from. */
  target: Record<string, unknown>;
  context: Record<string, unknown> | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  provider: string | null;
  attempts: number;
  nextAttemptAt: number | null;
  leaseOwner: string | null;
  leaseUntil: number | null;
  dispatchedAt: number | null;
  completedAt: number | null;
  result: Record<string, unknown>;
  warnings: string[];
  substitution: Record<string, unknown> | null;
  webhookUrl: string | null;
  /** Never presented or logged. */
  webhookSecret: string | null;
  lastSequence: number;
  createdAt: number;
  updatedAt: number;
}

export interface Row {
  communication_id: string;
  owner_user_id: string;
  acting_user_id: string;
  channel: Channel;
  mode: Mode;
  status: Status;
  target_user_id: string | null;
  recipient_email: string | null;
  connector_user_id: string | null;
  subject: string | null;
  body: string | null;
  target_json: string;
  context_json: string | null;
  idempotency_key: string | null;
  request_hash: string | null;
  provider: string | null;
  attempts: number;
  next_attempt_at: number | null;
  lease_owner: string | null;
  lease_until: number | null;
  dispatched_at: number | null;
  completed_at: number | null;
  result_json: string;
  warnings_json: string;
  substitution_json: string | null;
  webhook_url: string | null;
  webhook_secret: string | null;
  last_sequence: number;
  created_at: number;
  updated_at: number;
}

export const toCommunication = (r: Row): Communication => ({
  id: r.communication_id,
  ownerUserId: r.owner_user_id,
  actingUserId: r.acting_user_id,
  channel: r.channel,
  mode: r.mode,
  status: r.status,
  targetUserId: r.target_user_id,
  recipientEmail: r.recipient_email,
  connectorUserId: r.connector_user_id,
  subject: r.subject,
  body: r.body,
  target: JSON.parse(r.target_json) as Record<string, unknown>,
  context: r.context_json ? (JSON.parse(r.context_json) as Record<string, unknown>) : null,
  idempotencyKey: r.idempotency_key,
  requestHash: r.request_hash,
  provider: r.provider,
  attempts: r.attempts,
  nextAttemptAt: r.next_attempt_at,
  leaseOwner: r.lease_owner,
  leaseUntil: r.lease_until,
  dispatchedAt: r.dispatched_at,
  completedAt: r.completed_at,
  result: JSON.parse(r.result_json) as Record<string, unknown>,
  warnings: JSON.parse(r.warnings_json) as string[],
  substitution: r.substitution_json ? (JSON.parse(r.substitution_json) as Record<string, unknown>) : null,
  webhookUrl: r.webhook_url,
  webhookSecret: r.webhook_secret,
  lastSequence: r.last_sequence,
  createdAt: r.created_at,
  updatedAt: r.updated_at,
});

export interface NewCommunication {
  ownerUserId: string;
  actingUserId: string;
  channel: Channel;
  mode: Mode;
  status: Status;
  targetUserId: string | null;
  recipientEmail: string | null;
  connectorUserId: string | null;
  subject: string | null;
  body: string | null;
  target: Record<string, unknown>;
  context: Record<string, unknown> | null;
  idempotencyKey: string | null;
  requestHash: string | null;
  provider: string | null;
  result: Record<string, unknown>;
  warnings: string[];
  substitution: Record<string, unknown> | null;
  webhookUrl: string | null;
  webhookSecret: string | null;
  completedAt: number | null;
}

/** A change to apply with a status transition. */
export interface Patch {
  status?: Status;
  attempts?: number;
  nextAttemptAt?: number | null;
  leaseOwner?: string | null;
  leaseUntil?: number | null;
  dispatchedAt?: number | null;
  completedAt?: number | null;
  result?: Record<string, unknown>;
  warnings?: string[];
  provider?: string | null;
}

export const PATCH_COLUMNS: Record<keyof Patch, string> = {
  status: 'status',
  attempts: 'attempts',
  nextAttemptAt: 'next_attempt_at',
  leaseOwner: 'lease_owner',
  leaseUntil: 'lease_until',
  dispatchedAt: 'dispatched_at',
  completedAt: 'completed_at',
  result: 'result_json',
  warnings: 'warnings_json',
  provider: 'provider',
};

/** An event to append: its type, and data for the log (the status is the record's after the change). */
export interface EventInput {
  type: string;
  data?: Record<string, unknown>;
}

/** A file a communication produced (a rendered message, a calendar invite...). */
export interface Artifact {
  filename: string;
  contentType: string;
  bytes: number;
  kind: string;
  createdAt: number;
}
