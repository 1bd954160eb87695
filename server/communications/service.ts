import { EventEmitter } from 'node:events';
import path from 'node:path';
import { type Config, mailDomain } from '../config.js';
import type { Logger } from '../logger.js';
import type { Db } from '../store/database.js';
import type { GraphStore } from '../store/graph.js';
import type { UserStore } from '../store/users.js';
import { type Channel, isServiceChannel, networkOf, type Status, TERMINAL } from './channels.js';
import { Dispatcher } from './dispatcher.js';
import { InboundSmtpListener } from './inbound-smtp.js';
import { InboxStore } from './inbox-store.js';
import { OutboxEmailProvider, SmtpEmailProvider } from './providers/email.js';
import { RelayNetworkProvider, SandboxNetworkProvider } from './providers/network.js';
import type { ChannelProvider, ProviderInfo, ProviderRegistry } from './providers/port.js';
import type { CommEvent } from './record.js';
import { ReplyStore } from './replies.js';
import { callbackToken } from './signing.js';
import { CommunicationStore } from './store.js';
import { WebhookDeliverer } from './webhooks.js';

const SERVICE_PROVIDER: ProviderInfo = {
  provider: 'service',
  cancellableInFlight: false,
  description: 'Delivered inside Proxima: to the member’s inbox, pending invites or introductions.',
};

/** The condition a wait waits for (`wait_until`). */
export type WaitUntil = 'terminal' | 'first_progress';

/** Whether a communication in `status` satisfies `until`. Drafts never progress, so they end any wait. */
export function waitSatisfied(status: Status, until: WaitUntil): boolean {
  if (status === 'draft' || TERMINAL.has(status)) return true;
  return until === 'first_progress' && status !== 'queued';
}

/**
 * Communications as a service of the process: the stores, the providers chosen by the
 * configuration, the dispatcher and the webhook deliverer (started with the app, stopped with
 * the services), and the notifier that waits and streams listen on.
 */
export class CommunicationService {
  readonly store: CommunicationStore;
  readonly inbox: InboxStore;
  readonly providers: ProviderRegistry;
  readonly dispatcher: Dispatcher;
  readonly webhooks: WebhookDeliverer;
  /** Replies that arrive outside the service (email, relay, sandbox). */
  readonly replies: ReplyStore;
  /** The inbound SMTP listener for email replies (INBOUND_SMTP_PORT), when configured. */
  readonly inbound: InboundSmtpListener | null;
  /** Settles when the inbound listener is listening (at once without one). */
  inboundReady: Promise<void> = Promise.resolve();
  /** Emits `<communication id>` with each CommEvent after it is committed, and `closing` on shutdown. */
  readonly notifier = new EventEmitter();
  private started = false;
  private readonly closers: (() => void)[] = [];

  constructor(
    db: Db,
    config: Config,
    clock: () => number,
    private readonly logger: Logger,
    graph: GraphStore,
    users: UserStore,
  ) {
    this.notifier.setMaxListeners(0);
    this.store = new CommunicationStore(db);
    this.inbox = new InboxStore(db);
    this.replies = new ReplyStore(db, this.store);
    const c = config.communications;
    const domain = mailDomain(config.baseUrl);
    let email: ChannelProvider;
    if (c.smtpUrl) {
      const smtp = new SmtpEmailProvider(c.smtpUrl, c.smtpFrom, domain);
      this.closers.push(() => smtp.close());
      email = smtp;
    } else email = new OutboxEmailProvider(path.join(config.dataDir, 'outbox'), c.smtpFrom, domain);
    const record = (d: { network: string; communicationId: string; senderUserId: string; handle: string; body: string }) =>
      this.inbox.recordSandboxDelivery({ ...d, now: clock() });
    const network = (n: 'professional' | 'microblog' | 'photo'): ChannelProvider => {
      const url = c.relayUrls[n];
      return url && c.relaySecret
        ? new RelayNetworkProvider(
            n,
            url,
            c.relaySecret,
            c.relayTimeoutMs,
            (id) => `${config.baseUrl}/api/v1/communications/${id}/relay-callback?token=${callbackToken(c.relaySecret!, id)}`,
            clock,
          )
        : new SandboxNetworkProvider(n, c.sandboxDispatchMs, record);
    };
    this.providers = {
      email_send: email,
      professional_send_message: network('professional'),
      microblog_send_message: network('microblog'),
      photo_send_message: network('photo'),
    };
    this.dispatcher = new Dispatcher({
      store: this.store,
      inbox: this.inbox,
      graph,
      users,
      providers: this.providers,
      config: c,
      dataDir: config.dataDir,
      clock,
      logger,
      replies: this.replies,
    });
    this.inbound =
      c.inboundSmtpPort === null
        ? null
        : new InboundSmtpListener({
            host: c.inboundSmtpHost,
            port: c.inboundSmtpPort,
            maxBytes: c.inboundSmtpMaxBytes,
            domain,
            store: this.store,
            replies: this.replies,
            clock,
            logger,
          });
    this.webhooks = new WebhookDeliverer({ db, store: this.store, config: c, clock, logger });
    this.store.onEvent = (id, event) => {
      this.notifier.emit(id, event);
      if (event.type === 'queued' || event.type === 'retry_scheduled') this.dispatcher.wake();
      this.webhooks.wake();
    };
  }

  /** Starts dispatching and delivering webhooks (the app calls it; CLI commands that open the store do not). */
  start(): void {
    if (this.started) return;
    this.started = true;
    this.dispatcher.start();
    const inbound = this.inbound;
    if (inbound)
      this.inboundReady = inbound.start().then(
        (port) => this.logger.info({ port }, 'inbound SMTP listener for replies started'),
        (err: Error) => this.logger.error({ err }, 'inbound SMTP listener could not start: email replies are not received'),
      );
    this.webhooks.start();
  }

  /** Ends open streams and waits, stops the loops (in-flight dispatches get a grace period). */
  async stop(): Promise<void> {
    this.notifier.emit('closing');
    if (!this.started) return;
    this.started = false;
    await Promise.all([this.dispatcher.stop(), this.webhooks.stop(), this.inbound?.stop()]);
    for (const close of this.closers) close();
  }

  /** Looks for due dispatches and webhook deliveries now (tests move their clock, then call this). */
  wake(): void {
    this.dispatcher.wake();
    this.webhooks.wake();
  }

  providerInfo(channel: Channel): ProviderInfo {
    if (isServiceChannel(channel)) return SERVICE_PROVIDER;
    return this.providers[channel as keyof ProviderRegistry].info();
  }

  /** The external network of a channel's provider is the sandbox? (capabilities and docs say so). */
  isSandbox(channel: Channel): boolean {
    return networkOf(channel) !== null && this.providerInfo(channel).provider === 'sandbox';
  }

  /**
   * Waits until the communication satisfies `until`, `ms` pass, or `signal` aborts; never holds
   * a thread (it listens for the committed events). Returns how long it waited.
   */
  async waitFor(id: string, until: WaitUntil, ms: number, signal?: AbortSignal): Promise<{ waitedMs: number; satisfied: boolean }> {
    const t0 = performance.now();
    const done = () => {
      const c = this.store.get(id);
      return !c || waitSatisfied(c.status, until);
    };
    if (ms <= 0 || done()) return { waitedMs: Math.round(performance.now() - t0), satisfied: done() };
    await new Promise<void>((resolve) => {
      const finish = () => {
        clearTimeout(timer);
        this.notifier.off(id, onEvent);
        this.notifier.off('closing', finish);
        signal?.removeEventListener('abort', finish);
        resolve();
      };
      const onEvent = (_e: CommEvent) => {
        if (done()) finish();
      };
      const timer = setTimeout(finish, ms);
      this.notifier.on(id, onEvent);
      this.notifier.once('closing', finish);
      signal?.addEventListener('abort', finish, { once: true });
    });
    return { waitedMs: Math.round(performance.now() - t0), satisfied: done() };
  }
}
