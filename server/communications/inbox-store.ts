import crypto from 'node:crypto';
import { type Db, prepared } from '../store/database.js';

/** A conversation between two members; `user_a` < `user_b` so a pair has one conversation. */
export interface Conversation {
  conversationId: string;
  userA: string;
  userB: string;
  createdAt: number;
  lastMessageAt: number;
}

export interface Message {
  messageId: string;
  conversationId: string;
  senderUserId: string;
  kind: 'message' | 'introduction';
  body: string;
  communicationId: string | null;
  createdAt: number;
}

export type DecisionStatus = 'pending' | 'accepted' | 'declined' | 'withdrawn';

export interface Invite {
  inviteId: string;
  communicationId: string;
  fromUserId: string;
  toUserId: string;
  note: string | null;
  status: DecisionStatus;
  createdAt: number;
  decidedAt: number | null;
}

export interface Introduction {
  introductionId: string;
  communicationId: string;
  requesterUserId: string;
  connectorUserId: string;
  targetUserId: string;
  message: string;
  status: DecisionStatus;
  decisionNote: string | null;
  conversationId: string | null;
  createdAt: number;
  decidedAt: number | null;
}

/** The unread count of conversation `c` for the member bound to @user (messages from others after their last read). */
const UNREAD_SQL = `(SELECT count(*) FROM conversation_messages m WHERE m.conversation_id = c.conversation_id AND m.sender_user_id <> @user
    AND m.created_at > coalesce((SELECT read_at FROM conversation_reads r WHERE r.user_id = @user AND r.conversation_id = c.conversation_id), -1))`;

const pair = (x: string, y: string): [string, string] => (x < y ? [x, y] : [y, x]);

const toConversation = (r: Record<string, unknown>): Conversation => ({
  conversationId: r.conversation_id as string,
  userA: r.user_a as string,
  userB: r.user_b as string,
  createdAt: r.created_at as number,
  lastMessageAt: r.last_message_at as number,
});
const toMessage = (r: Record<string, unknown>): Message => ({
  messageId: r.message_id as string,
  conversationId: r.conversation_id as string,
  senderUserId: r.sender_user_id as string,
  kind: r.kind as Message['kind'],
  body: r.body as string,
  communicationId: (r.communication_id as string | null) ?? null,
  createdAt: r.created_at as number,
});
const toInvite = (r: Record<string, unknown>): Invite => ({
  inviteId: r.invite_id as string,
  communicationId: r.communication_id as string,
  fromUserId: r.from_user_id as string,
  toUserId: r.to_user_id as string,
  note: (r.note as string | null) ?? null,
  status: r.status as DecisionStatus,
  createdAt: r.created_at as number,
  decidedAt: (r.decided_at as number | null) ?? null,
});
const toIntroduction = (r: Record<string, unknown>): Introduction => ({
  introductionId: r.introduction_id as string,
  communicationId: r.communication_id as string,
  requesterUserId: r.requester_user_id as string,
  connectorUserId: r.connector_user_id as string,
  targetUserId: r.target_user_id as string,
  message: r.message as string,
  status: r.status as DecisionStatus,
  decisionNote: (r.decision_note as string | null) ?? null,
  conversationId: (r.conversation_id as string | null) ?? null,
  createdAt: r.created_at as number,
  decidedAt: (r.decided_at as number | null) ?? null,
});

/**
 * The in-service side of communications: members' conversations, connection invites and
 * introductions (referral requests). Writes are synchronous and called inside the dispatcher's
 * outcome transaction, keyed by the communication id, so a re-dispatch never delivers twice.
 */
export class InboxStore {
  constructor(private readonly db: Db) {}

  /** The conversation of two members, created on first use. */
  conversationOf(x: string, y: string, now: number): Conversation {
    const [a, b] = pair(x, y);
    prepared(
      this.db,
      'INSERT INTO conversations (conversation_id, user_a, user_b, created_at, last_message_at) VALUES (?, ?, ?, ?, ?) ON CONFLICT (user_a, user_b) DO NOTHING',
    ).run(`cv_${crypto.randomUUID()}`, a, b, now, now);
    return toConversation(
      prepared(this.db, 'SELECT * FROM conversations WHERE user_a = ? AND user_b = ?').get(a, b) as Record<string, unknown>,
    );
  }

  findConversation(x: string, y: string): Conversation | null {
    const [a, b] = pair(x, y);
    const r = prepared(this.db, 'SELECT * FROM conversations WHERE user_a = ? AND user_b = ?').get(a, b) as
      | Record<string, unknown>
      | undefined;
    return r ? toConversation(r) : null;
  }

  conversation(conversationId: string): Conversation | null {
    const r = prepared(this.db, 'SELECT * FROM conversations WHERE conversation_id = ?').get(conversationId) as
      | Record<string, unknown>
      | undefined;
    return r ? toConversation(r) : null;
  }

  /** Posts a message once: the message id is the communication id when there is one. */
  postMessage(input: {
    conversationId: string;
    senderUserId: string;
    kind: Message['kind'];
    body: string;
    communicationId: string | null;
    now: number;
  }): Message {
    const messageId = input.communicationId ? `msg_${input.communicationId}` : `msg_${crypto.randomUUID()}`;
    prepared(
      this.db,
      `INSERT INTO conversation_messages (message_id, conversation_id, sender_user_id, kind, body, communication_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (message_id) DO NOTHING`,
    ).run(messageId, input.conversationId, input.senderUserId, input.kind, input.body, input.communicationId, input.now);
    prepared(this.db, 'UPDATE conversations SET last_message_at = max(last_message_at, ?) WHERE conversation_id = ?').run(
      input.now,
      input.conversationId,
    );
    // The sender has read what they wrote.
    this.markRead(input.senderUserId, input.conversationId, input.now);
    return toMessage(
      prepared(this.db, 'SELECT * FROM conversation_messages WHERE message_id = ?').get(messageId) as Record<string, unknown>,
    );
  }

  /** A member's conversations, newest activity first, with the unread count of each; `unreadOnly` keeps those with unread messages. */
  conversationsOf(
    userId: string,
    limit: number,
    offset: number,
    unreadOnly = false,
  ): { conversation: Conversation; unread: number; last: Message | null }[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM (SELECT c.*, ${UNREAD_SQL} AS unread FROM conversations c WHERE c.user_a = @user OR c.user_b = @user)
        WHERE @unreadOnly = 0 OR unread > 0 ORDER BY last_message_at DESC, conversation_id LIMIT @limit OFFSET @offset`,
    ).all({ user: userId, unreadOnly: unreadOnly ? 1 : 0, limit, offset }) as (Record<string, unknown> & { unread: number })[];
    return rows.map((r) => {
      const conversation = toConversation(r);
      return { conversation, unread: r.unread, last: this.lastMessage(conversation.conversationId) };
    });
  }

  /** How many conversations a member has (with unread messages only, when asked). */
  countConversations(userId: string, unreadOnly = false): number {
    return prepared(
      this.db,
      `SELECT count(*) FROM (SELECT ${UNREAD_SQL} AS unread FROM conversations c WHERE c.user_a = @user OR c.user_b = @user) WHERE @unreadOnly = 0 OR unread > 0`,
    )
      .pluck()
      .get({ user: userId, unreadOnly: unreadOnly ? 1 : 0 }) as number;
  }

  countPendingInvites(userId: string): number {
    return prepared(this.db, `SELECT count(*) FROM service_invites WHERE to_user_id = ? AND status = 'pending'`)
      .pluck()
      .get(userId) as number;
  }

  countPendingIntroductions(userId: string): number {
    return prepared(this.db, `SELECT count(*) FROM introductions WHERE connector_user_id = ? AND status = 'pending'`)
      .pluck()
      .get(userId) as number;
  }

  unread(userId: string, conversationId: string): number {
    return prepared(
      this.db,
      `SELECT count(*) FROM conversation_messages m
        WHERE m.conversation_id = ? AND m.sender_user_id <> ?
          AND m.created_at > coalesce((SELECT read_at FROM conversation_reads WHERE user_id = ? AND conversation_id = ?), -1)`,
    )
      .pluck()
      .get(conversationId, userId, userId, conversationId) as number;
  }

  lastMessage(conversationId: string): Message | null {
    const r = prepared(
      this.db,
      'SELECT * FROM conversation_messages WHERE conversation_id = ? ORDER BY created_at DESC, message_id DESC LIMIT 1',
    ).get(conversationId) as Record<string, unknown> | undefined;
    return r ? toMessage(r) : null;
  }

  messages(conversationId: string, limit: number, before: number | null): Message[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM conversation_messages WHERE conversation_id = ? AND created_at < ? ORDER BY created_at DESC, message_id DESC LIMIT ?`,
    ).all(conversationId, before ?? Number.MAX_SAFE_INTEGER, limit) as Record<string, unknown>[];
    return rows.map(toMessage).reverse();
  }

  /** Messages between two members, both directions (history). */
  messagesBetween(x: string, y: string): Message[] {
    const c = this.findConversation(x, y);
    return c ? this.messages(c.conversationId, 1000, null) : [];
  }

  markRead(userId: string, conversationId: string, now: number): void {
    prepared(
      this.db,
      'INSERT INTO conversation_reads (user_id, conversation_id, read_at) VALUES (?, ?, ?) ON CONFLICT (user_id, conversation_id) DO UPDATE SET read_at = max(read_at, excluded.read_at)',
    ).run(userId, conversationId, now);
  }

  createInvite(input: { communicationId: string; fromUserId: string; toUserId: string; note: string | null; now: number }): Invite {
    prepared(
      this.db,
      `INSERT INTO service_invites (invite_id, communication_id, from_user_id, to_user_id, note, status, created_at)
       VALUES (?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT (communication_id) DO NOTHING`,
    ).run(`inv_${input.communicationId}`, input.communicationId, input.fromUserId, input.toUserId, input.note, input.now);
    return this.invite(`inv_${input.communicationId}`)!;
  }

  invite(inviteId: string): Invite | null {
    const r = prepared(this.db, 'SELECT * FROM service_invites WHERE invite_id = ?').get(inviteId) as Record<string, unknown> | undefined;
    return r ? toInvite(r) : null;
  }

  pendingInvite(fromUserId: string, toUserId: string): Invite | null {
    const r = prepared(
      this.db,
      `SELECT * FROM service_invites WHERE from_user_id = ? AND to_user_id = ? AND status = 'pending' LIMIT 1`,
    ).get(fromUserId, toUserId) as Record<string, unknown> | undefined;
    return r ? toInvite(r) : null;
  }

  invitesTo(userId: string, status: DecisionStatus | null, limit: number): Invite[] {
    const rows = prepared(
      this.db,
      `SELECT * FROM service_invites WHERE to_user_id = ? AND (? IS NULL OR status = ?) ORDER BY created_at DESC, invite_id LIMIT ?`,
    ).all(userId, status, status, limit) as Record<string, unknown>[];
    return rows.map(toInvite);
  }

  decideInvite(inviteId: string, status: 'accepted' | 'declined' | 'withdrawn', now: number): boolean {
    return (
      prepared(this.db, `UPDATE service_invites SET status = ?, decided_at = ? WHERE invite_id = ? AND status = 'pending'`).run(
        status,
        now,
        inviteId,
      ).changes > 0
    );
  }

  createIntroduction(input: {
    communicationId: string;
    requesterUserId: string;
    connectorUserId: string;
    targetUserId: string;
    message: string;
    now: number;
  }): Introduction {
    const id = `intro_${input.communicationId}`;
    prepared(
      this.db,
      `INSERT INTO introductions (introduction_id, communication_id, requester_user_id, connector_user_id, target_user_id, message, status, created_at)
       VALUES (?, ?, ?, ?, ?, ?, 'pending', ?) ON CONFLICT (communication_id) DO NOTHING`,
    ).run(id, input.communicationId, input.requesterUserId, input.connectorUserId, input.targetUserId, input.message, input.now);
    return this.introduction(id)!;
  }

  introduction(introductionId: string): Introduction | null {
    const r = prepared(this.db, 'SELECT * FROM introductions WHERE introduction_id = ?').get(introductionId) as
      | Record<string, unknown>
      | undefined;
    return r ? toIntroduction(r) : null;
  }

  introductionsFor(userId: string, role: 'connector' | 'requester', status: DecisionStatus | null, limit: number): Introduction[] {
    const column = role === 'connector' ? 'connector_user_id' : 'requester_user_id';
    const rows = prepared(
      this.db,
      `SELECT * FROM introductions WHERE ${column} = ? AND (? IS NULL OR status = ?) ORDER BY created_at DESC, introduction_id LIMIT ?`,
    ).all(userId, status, status, limit) as Record<string, unknown>[];
    return rows.map(toIntroduction);
  }

  decideIntroduction(
    introductionId: string,
    status: 'accepted' | 'declined',
    note: string | null,
    conversationId: string | null,
    now: number,
  ): boolean {
    return (
      prepared(
        this.db,
        `UPDATE introductions SET status = ?, decision_note = ?, conversation_id = ?, decided_at = ? WHERE introduction_id = ? AND status = 'pending'`,
      ).run(status, note, conversationId, now, introductionId).changes > 0
    );
  }

  /** What a sandbox network received (keyed by communication, so a re-dispatch is one message). */
  recordSandboxDelivery(input: {
    network: string;
    communicationId: string;
    senderUserId: string;
    handle: string;
    body: string;
    now: number;
  }): boolean {
    return (
      prepared(
        this.db,
        `INSERT INTO sandbox_network_messages (network, communication_id, sender_user_id, recipient_handle, body, delivered_at)
         VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT DO NOTHING`,
      ).run(input.network, input.communicationId, input.senderUserId, input.handle, input.body, input.now).changes > 0
    );
  }

  sandboxDeliveries(
    network: string,
    senderUserId: string,
    handle: string,
  ): { communicationId: string; body: string; deliveredAt: number }[] {
    const rows = prepared(
      this.db,
      `SELECT communication_id, body, delivered_at FROM sandbox_network_messages WHERE network = ? AND sender_user_id = ? AND recipient_handle = ? ORDER BY delivered_at`,
    ).all(network, senderUserId, handle) as { communication_id: string; body: string; delivered_at: number }[];
    return rows.map((r) => ({ communicationId: r.communication_id, body: r.body, deliveredAt: r.delivered_at }));
  }
}
