import fs from 'node:fs';
import path from 'node:path';
import nodemailer, { type Transporter } from 'nodemailer';
import type SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';
import { isPlainEmailAddress } from '../email-address.js';
import { type ChannelProvider, type DispatchJob, type DispatchOutcome, ProviderError, type ProviderInfo } from './port.js';

/** The Message-ID of a communication: stable, so a re-dispatch is recognisably the same mail. */
export const messageIdOf = (communicationId: string, domain: string): string => `<${communicationId}@${domain}>`;

/** Renders the RFC 5322 message of a communication (the bytes both providers deliver and keep as artifact). */
async function render(job: DispatchJob, from: string, domain: string): Promise<Buffer> {
  const c = job.communication;
  const renderer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'windows' });
  const info = await renderer.sendMail({
    from,
    // An object, so the address is written as it is and never read again as an address list.
    to: { name: '', address: c.recipientEmail! },
    subject: c.subject ?? '',
    text: c.body ?? '',
    messageId: messageIdOf(c.id, domain),
    date: new Date(c.createdAt),
    replyTo: job.sender.email ? { name: job.sender.name ?? '', address: job.sender.email } : undefined,
    headers: { 'X-Proxima-Communication-Id': c.id },
  });
  return info.message as Buffer;
}

/** SMTP replies that mean "try again later" (4xx) and connection-level failures are transient. */
function smtpError(err: unknown): ProviderError {
  const e = err as { responseCode?: number; code?: string; message?: string };
  const code = e.responseCode;
  const transient = code === undefined ? true : code >= 400 && code < 500;
  return new ProviderError(
    transient ? 'smtp_temporary_failure' : 'smtp_rejected',
    `The SMTP server ${code ? `answered ${code}` : `could not be reached (${e.code ?? 'error'})`}: ${e.message ?? 'unknown error'}`,
    transient,
    { smtp_response_code: code ?? null },
  );
}

/**
 * `email_send` over SMTP with nodemailer (SMTP_URL, SMTP_FROM). The communication id is the
 * Message-ID, so a dispatch repeated after a crash carries the same id as the first.
 */
export class SmtpEmailProvider implements ChannelProvider {
  private readonly transport: Transporter<SMTPTransport.SentMessageInfo>;

  constructor(
    url: string,
    private readonly from: string,
    private readonly domain: string,
  ) {
    this.transport = nodemailer.createTransport(url);
  }

  info(): ProviderInfo {
    return { provider: 'smtp', cancellableInFlight: false, description: 'Mail is handed to the SMTP server configured by SMTP_URL.' };
  }

  async send(job: DispatchJob): Promise<DispatchOutcome> {
    const c = job.communication;
    // Create refuses anything else; a record kept from before that rule is not mailed, since
    // nodemailer would read it as an address list and deliver to someone other than recorded.
    if (!isPlainEmailAddress(c.recipientEmail ?? ''))
      throw new ProviderError(
        'invalid_recipient',
        `The recipient ${JSON.stringify(c.recipientEmail)} is not one plain email address; nothing was sent.`,
        false,
      );
    const raw = await render(job, this.from, this.domain);
    let info: SMTPTransport.SentMessageInfo;
    try {
      // The envelope names the recorded address alone: SMTP is told exactly what the record says.
      info = await this.transport.sendMail({ envelope: { from: addressOf(this.from), to: [c.recipientEmail!] }, raw });
    } catch (err) {
      throw smtpError(err);
    }
    if (info.rejected.length > 0)
      throw new ProviderError('smtp_rejected', `The SMTP server refused the recipient ${c.recipientEmail}.`, false);
    return {
      provider: 'smtp',
      providerMessageId: messageIdOf(c.id, this.domain),
      outcome: 'sent',
      detail: { smtp_response: info.response, accepted: info.accepted.map(String) },
      artifacts: [{ filename: 'message.eml', contentType: 'message/rfc822', kind: 'message', data: raw }],
    };
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * `email_send` without SMTP configured: each mail is written to DATA_DIR/outbox/<id>.eml and
 * nothing leaves the machine. A file that exists already is the same mail (never a second one).
 */
export class OutboxEmailProvider implements ChannelProvider {
  constructor(
    private readonly dir: string,
    private readonly from: string,
    private readonly domain: string,
  ) {}

  info(): ProviderInfo {
    return {
      provider: 'outbox',
      cancellableInFlight: false,
      description: 'SMTP_URL is not set: mail is written to the outbox folder of the data directory as .eml files and not delivered.',
    };
  }

  async send(job: DispatchJob): Promise<DispatchOutcome> {
    const raw = await render(job, this.from, this.domain);
    fs.mkdirSync(this.dir, { recursive: true });
    const file = path.join(this.dir, `${job.communication.id}.eml`);
    let written = true;
    try {
      fs.writeFileSync(file, raw, { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw new ProviderError('outbox_write_failed', String(err), true);
      written = false;
    }
    return {
      provider: 'outbox',
      providerMessageId: messageIdOf(job.communication.id, this.domain),
      outcome: 'sent',
      detail: { outbox_file: path.basename(file), already_written: !written },
      artifacts: [{ filename: 'message.eml', contentType: 'message/rfc822', kind: 'message', data: raw }],
    };
  }
}

/** The bare address of `Name <address>`. */
export function addressOf(from: string): string {
  const m = /<([^>]+)>/.exec(from);
  return (m ? m[1]! : from).trim();
}
