import { type Db, prepared } from '../store/database.js';
import type { CommunicationStore } from './store.js';

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

  /** Records a reply; false when this reply (same key) was recorded already or the communication is unknown. */
  record(input: Reply & { key: string }): boolean {
    if (!this.store.get(input.communicationId)) return false;
    // The reply and its event are written together: never one without the other.
    return this.db.transaction(() => {
      const added = prepared(
        this.db,
        `INSERT OR IGNORE INTO communication_replies (communication_id, reply_key, via, from_address, subject, excerpt, received_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      ).run(input.communicationId, input.key, input.via, input.from, input.subject, input.excerpt, input.receivedAt).changes;
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
