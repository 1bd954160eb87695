import type { AddressInfo } from 'node:net';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerSession } from 'smtp-server';

export interface SinkOptions {
  /** Answer each RCPT with this code once per recipient before accepting it (e.g. 451 temporary, 550 permanent). */
  rcptFailure?: (address: string, attempt: number) => { code: number; message: string } | null;
  /** Hold the reply to DATA this long (ms) before accepting: a sender killed meanwhile never gets its 250. */
  holdMs?: () => number;
  /** Called when a message's DATA has arrived and the reply is being held. */
  onHold?: () => void;
}

/**
 * A real SMTP server (smtp-server) on loopback that keeps what it accepted. Like a real MTA, a
 * message counts as accepted only when the 250 reply to DATA is sent on a live session: if the
 * client disappears while the reply is held, the message is dropped (RFC 5321 §4.1.1.4).
 */
export async function startSmtpSink(
  opts: SinkOptions = {},
): Promise<{ url: string; port: number; messages: ParsedMail[]; close(): Promise<void> }> {
  const messages: ParsedMail[] = [];
  const closed = new Set<string>();
  const rcptAttempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(address, _session, callback) {
      const n = (rcptAttempts.get(address.address) ?? 0) + 1;
      rcptAttempts.set(address.address, n);
      const failure = opts.rcptFailure?.(address.address, n);
      if (failure) {
        const err = new Error(failure.message) as Error & { responseCode: number };
        err.responseCode = failure.code;
        return callback(err);
      }
      callback();
    },
    onData(stream, session: SMTPServerSession, callback) {
      simpleParser(stream)
        .then(async (mail) => {
          const hold = opts.holdMs?.() ?? 0;
          if (hold > 0) {
            opts.onHold?.();
            await new Promise((r) => setTimeout(r, hold));
          }
          if (closed.has(session.id)) return callback(new Error('client went away before the reply'));
          messages.push(mail);
          callback();
        })
        .catch((err: Error) => callback(err));
    },
    onClose(session) {
      closed.add(session.id);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    port,
    messages,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
