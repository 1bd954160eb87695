import crypto from 'node:crypto';
import { type Db, prepared } from '../store/database.js';
import type { Communication } from './record.js';
import type { CommunicationStore } from './store.js';

/**
 * Whether a communication went out, so that someone can have answered it: a live send (not a
 * dry run or a draft) handed to its provider or delivered. A queued, cancelled or failed one
 * never reached anybody, and a reply to it is not recorded (docs/communications.md, "Replies").
 */
export const wentOut = (c: Pick<Communication, 'mode' | 'status'>): boolean =>
  c.mode === 'send' && (c.status === 'completed' || c.status === 'in_progress');

/** Where a reply came from (docs/communications.md, "Replies"). */
export type ReplyVia = 'smtp' | 'relay' | 'sandbox';

export interface Reply {
  communicationId: string;
  via: ReplyVia;
  from: string | null;
  subject: string | null;
  excerpt: string | null;
  receivedAt: number;
}

/**
 * How long a reply with no id of its own (an email without a Message-ID) is taken for one
 * already recorded when its content repeats: an MTA that retries a delivery whose
 * acknowledgement it lost does so within hours; the same words sent again a day later are a
 * new reply.
 */
export const CONTENT_KEY_WINDOW_MS = 24 * 3_600_000;

/**
 * The key of a reply with no id of its own: its sender, the communication it answers, its
 * subject and a hash of its whole text (line endings and surrounding space aside).
 */
export function contentReplyKey(reply: { communicationId: string; from: string | null; subject: string | null; text: string }): string {
  const text = reply.text.replace(/\r\n?/g, '\n').trim();
  const hash = crypto
    .createHash('sha256')
    .update(JSON.stringify([reply.from?.toLowerCase() ?? '', reply.communicationId, reply.subject ?? '', text]))
    .digest('hex');
  return `content:${hash}`;
}

/**
 * Replies to sent communications that arrive outside the service: an email reply delivered to
 * the inbound SMTP listener, a relay's `reply` callback, a sandbox reply. Each is kept once per
 * communication and key (the reply's Message-ID, or the relay's reply id) and adds a `replied`
 * event to the communication, so streams and webhooks see it; project metrics count it.
 */
export class ReplyStore {
  constructor(
    private readonly db: Db,
    private readonly store: CommunicationStore,
  ) {}

  /**
   * Records a reply; false when this reply (same key) was recorded already, or the communication
   * is unknown or never went out ({@link wentOut}). A `contentKey` ({@link contentReplyKey}) stands for a reply with no id of its
   * own: it is the same reply when recorded within {@link CONTENT_KEY_WINDOW_MS}.
   */
  record(input: Reply & ({ key: string } | { contentKey: string })): boolean {
    const c = this.store.get(input.communicationId);
    if (!c || !wentOut(c)) return false;
    // The reply and its event are written together: never one without the other.
    return this.db.transaction(() => {
      let key: string;
      if ('contentKey' in input) {
        const seen = prepared(
          this.db,
          `SELECT 1 FROM communication_replies
            WHERE communication_id = ? AND reply_key > ? AND reply_key < ? AND received_at > ? LIMIT 1`,
        ).get(input.communicationId, `${input.contentKey}:`, `${input.contentKey};`, input.receivedAt - CONTENT_KEY_WINDOW_MS);
        if (seen) return false;
        key = `${input.contentKey}:${input.receivedAt}`;
      } else key = input.key;
      const added = prepared(
        this.db,
        `INSERT OR IGNORE INTO communication_replies (communication_id, reply_key, via, from_address, subject, excerpt, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(input.communicationId, key, input.via, input.from, input.subject, input.excerpt, input.receivedAt).changes;
      if (!added) return false;
      this.store.addEvent(
        input.communicationId,
        { type: 'replied', data: { via: input.via, from: input.from, subject: input.subject, excerpt: input.excerpt } },
        input.receivedAt,
      );
      return true;
    })();
  }

  has(communicationId: string): boolean {
    return prepared(this.db, 'SELECT 1 FROM communication_replies WHERE communication_id = ? LIMIT 1').get(communicationId) !== undefined;
  }

  list(communicationId: string): Reply[] {
    const rows = prepared(this.db, 'SELECT * FROM communication_replies WHERE communication_id = ? ORDER BY received_at, reply_key').all(
      communicationId,
    ) as Record<string, unknown>[];
    return rows.map((r) => ({
      communicationId: r.communication_id as string,
      via: r.via as ReplyVia,
      from: r.from_address as string | null,
      subject: r.subject as string | null,
      excerpt: r.excerpt as string | null,
      receivedAt: r.received_at as number,
    }));
  }
}
