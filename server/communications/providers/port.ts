import type { Channel } from '../channels.js';
import type { Communication } from '../record.js';

/** A file a provider produced for a communication (a rendered mail, a screenshot). */
export interface ArtifactFile {
  filename: string;
  contentType: string;
  kind: 'message' | 'screenshot' | 'receipt';
  data: Buffer;
}

/** What one dispatch attempt needs: the communication, who sends it, and a signal that aborts it. */
export interface DispatchJob {
  communication: Communication;
  attempt: number;
  sender: { userId: string; name: string | null; email: string | null };
  signal: AbortSignal;
}

/** A completed dispatch. `pending` (relays only): accepted, the outcome arrives by callback. */
export interface DispatchOutcome {
  provider: string;
  providerMessageId: string | null;
  outcome: 'delivered' | 'sent' | 'pending';
  detail: Record<string, unknown>;
  artifacts: ArtifactFile[];
}

/** A provider refused or failed. Transient failures are retried with backoff; permanent ones end the communication. */
export class ProviderError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly transient: boolean,
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'ProviderError';
  }
}

/** What capabilities report of a provider. */
export interface ProviderInfo {
  /** `service`, `smtp`, `outbox`, `sandbox` or `relay`. */
  provider: string;
  /** Whether an in-progress dispatch can still be stopped (cancel of `in_progress`). */
  cancellableInFlight: boolean;
  description: string;
}

/** One way of delivering a channel's messages. */
export interface ChannelProvider {
  info(): ProviderInfo;
  send(job: DispatchJob): Promise<DispatchOutcome>;
}

/** Providers by channel. In-service channels are delivered inside the store (see in-service-delivery.ts). */
export type ProviderRegistry = Record<
  Exclude<Channel, 'service_direct_message' | 'service_invite' | 'service_referral_request'>,
  ChannelProvider
>;

/** Waits `ms`, or rejects with a ProviderError when `signal` aborts first. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new ProviderError('dispatch_aborted', 'The dispatch was stopped.', false));
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(new ProviderError('dispatch_aborted', 'The dispatch was stopped.', false));
    };
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
