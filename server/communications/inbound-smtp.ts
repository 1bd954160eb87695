import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { Logger } from '../logger.js';
import { contentReplyKey, type ReplyStore, wentOut } from './replies.js';
import type { CommunicationStore } from './store.js';

/** An SMTP answer to the sending server: a 5xx code is permanent (it will not retry). */
class SmtpAnswer extends Error {
  constructor(
    readonly responseCode: number,
    message: string,
  ) {
    super(message);
  }
}

/**
 * The communication a reply answers: the Message-ID Proxima gave the sent mail
 * (`<communication id@mail domain>`) quoted in In-Reply-To or References, else a
 * `reply+<communication id>@…` recipient (a plus-addressed reply address).
 */
export function repliedCommunicationIds(
  input: { inReplyTo?: string; references?: string | string[]; recipients: string[] },
  domain: string,
): string[] {
  const ids: string[] = [];
  const quoted = [input.inReplyTo ?? '', ...(Array.isArray(input.references) ? input.references : [input.references ?? ''])].join(' ');
  const suffix = `@${domain.toLowerCase()}>`;
  for (const m of quoted.matchAll(/<([^<>\s]+)>/g)) {
    const id = `<${m[1]}>`;
    if (id.toLowerCase().endsWith(suffix)) ids.push(id.slice(1, -suffix.length));
  }
  for (const r of input.recipients) {
    const m = /^reply\+([^@]+)@/i.exec(r.trim());
    if (m) ids.push(m[1]!);
  }
  return [...new Set(ids)];
}

/**
 * Proxima's inbound SMTP listener (INBOUND_SMTP_PORT): mail servers deliver replies to sent
 * emails here (point an MX, a forwarding rule or a BCC at it). A mail that answers a known
 * communication is recorded as its reply (docs/communications.md, "Replies"); anything else is
 * refused with 550 so the sending server reports it rather than Proxima keeping mail it cannot
 * place. No authentication and no relaying: it only ever accepts replies.
 */
export class InboundSmtpListener {
  private server: SMTPServer | null = null;

  constructor(
    private readonly deps: {
      host: string;
      port: number;
      maxBytes: number;
      domain: string;
      store: CommunicationStore;
      replies: ReplyStore;
      clock: () => number;
      logger: Logger;
    },
  ) {}

  /** Starts listening; resolves to the bound port. */
  async start(): Promise<number> {
    const d = this.deps;
    const server = new SMTPServer({
      name: d.domain,
      banner: 'Proxima reply listener',
      authOptional: true,
      disabledCommands: ['AUTH', 'STARTTLS'],
      size: d.maxBytes,
      logger: false,
      onData: (stream, session, callback) => {
        // At most maxBytes are kept: past it the rest is read and dropped, and the mail refused.
        const chunks: Buffer[] = [];
        let bytes = 0;
        stream.on('data', (chunk: Buffer) => {
          bytes += chunk.byteLength;
          if (bytes <= d.maxBytes) chunks.push(chunk);
        });
        new Promise<void>((resolve, reject) => {
          stream.once('end', resolve);
          stream.once('error', reject);
        })
          .then(() => {
            if (bytes > d.maxBytes || (stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
              throw new SmtpAnswer(552, `Message exceeds ${d.maxBytes} bytes`);
            return simpleParser(Buffer.concat(chunks), { skipHtmlToText: true, skipTextToHtml: true, skipImageLinks: true });
          })
          .then((mail) => {
            const recipients = session.envelope.rcptTo.map((r) => r.address);
            const candidates = repliedCommunicationIds({ inReplyTo: mail.inReplyTo, references: mail.references, recipients }, d.domain);
            // Only a mail that went out can be answered: a dry run, a draft, a cancelled or a
            // failed send is refused like an unknown one.
            const c = candidates.map((id) => d.store.get(id)).find((x) => x && x.channel === 'email_send' && wentOut(x));
            if (!c) throw new SmtpAnswer(550, 'No sent Proxima email matches this reply (In-Reply-To, References or reply+<id> address)');
            const text = (mail.text ?? '').trim();
            const envelopeFrom = session.envelope.mailFrom ? session.envelope.mailFrom.address : null;
            const from = mail.from?.value[0]?.address ?? envelopeFrom ?? null;
            const subject = mail.subject ?? null;
            d.replies.record({
              communicationId: c.id,
              // Without a Message-ID, the same content delivered again is the same reply
              // (it had been recorded once per delivery).
              ...(mail.messageId
                ? { key: mail.messageId }
                : { contentKey: contentReplyKey({ communicationId: c.id, from, subject, text: mail.text ?? '' }) }),
              via: 'smtp',
              from,
              subject,
              excerpt: text ? text.slice(0, 500) : null,
              receivedAt: d.clock(),
            });
            callback();
          })
          .catch((err: Error) => {
            if (!(err instanceof SmtpAnswer)) d.logger.warn({ err }, 'inbound mail could not be read');
            const answer = err instanceof SmtpAnswer ? err : new SmtpAnswer(451, 'The reply could not be read; try again later');
            callback(Object.assign(new Error(answer.message), { responseCode: answer.responseCode }));
          });
      },
    });
    server.on('error', (err) => d.logger.warn({ err }, 'inbound SMTP listener error'));
    await new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(d.port, d.host, () => resolve());
    });
    this.server = server;
    return (server.server.address() as AddressInfo).port;
  }

  get port(): number | null {
    return this.server ? (this.server.server.address() as AddressInfo).port : null;
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = null;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
