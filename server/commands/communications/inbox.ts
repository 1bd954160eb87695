import { INDICES } from '../../../mappings/indices.js';
import type { Actor } from '../../auth/actor.js';
import type { Conversation, Introduction, Invite, Message } from '../../communications/inbox-store.js';
import { AppError, invalidField } from '../../errors.js';
import type { Services } from '../../services.js';

const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString());

/** Display names of people (profiles, else accounts), for inbox listings. */
async function names(services: Services, ids: string[]): Promise<Map<string, { name: string | null; headline: string | null }>> {
  const unique = [...new Set(ids)];
  const docs = unique.length
    ? await services.engine.mget<Record<string, unknown>>(INDICES.profiles.alias, unique).catch(() => unique.map(() => null))
    : [];
  return new Map(
    unique.map((id, i) => [
      id,
      {
        name: (docs[i]?.display_name as string | undefined) ?? services.users.get(id)?.name ?? null,
        headline: (docs[i]?.headline as string | undefined) ?? null,
      },
    ]),
  );
}

const presentMessage = (m: Message, me: string) => ({
  message_id: m.messageId,
  sender_user_id: m.senderUserId,
  from_me: m.senderUserId === me,
  kind: m.kind,
  body: m.body,
  sent_at: iso(m.createdAt),
});

const other = (c: Conversation, me: string): string => (c.userA === me ? c.userB : c.userA);

/** The acting user's inbox: conversations (newest first, with unread counts) and what awaits their decision. */
export async function readInbox(
  services: Services,
  actor: Actor,
  input: { limit?: number; offset?: number; unread_only?: boolean },
): Promise<Record<string, unknown>> {
  const me = actor.actingUserId;
  const inbox = services.communications.inbox;
  const limit = input.limit ?? 20;
  const offset = input.offset ?? 0;
  const unreadOnly = input.unread_only === true;
  const rows = inbox.conversationsOf(me, limit, offset, unreadOnly);
  const people = await names(
    services,
    rows.map((r) => other(r.conversation, me)),
  );
  const total = inbox.countConversations(me);
  const unread = inbox.countConversations(me, true);
  return {
    success: true,
    user_id: me,
    total_conversations: total,
    unread_conversations: unread,
    pending_invites: inbox.countPendingInvites(me),
    pending_introductions: inbox.countPendingIntroductions(me),
    limit,
    offset,
    has_more: offset + rows.length < (unreadOnly ? unread : total),
    conversations: rows.map((r) => {
      const id = other(r.conversation, me);
      return {
        conversation_id: r.conversation.conversationId,
        with_user_id: id,
        with_name: people.get(id)?.name ?? null,
        with_headline: people.get(id)?.headline ?? null,
        unread_count: r.unread,
        last_message: r.last ? presentMessage(r.last, me) : null,
        last_message_at: iso(r.conversation.lastMessageAt),
      };
    }),
  };
}

/** One conversation of the acting user, oldest message first; reading it marks it read. */
export async function readConversation(
  services: Services,
  actor: Actor,
  input: { conversation_id?: string; with_user_id?: string; limit?: number; before?: string },
  now: number,
): Promise<Record<string, unknown>> {
  const me = actor.actingUserId;
  const inbox = services.communications.inbox;
  if (!input.conversation_id && !input.with_user_id)
    throw invalidField('body', '', 'name the conversation: conversation_id, or with_user_id for the conversation with that person');
  const c = input.conversation_id ? inbox.conversation(input.conversation_id) : inbox.findConversation(me, input.with_user_id!);
  if (!c || (c.userA !== me && c.userB !== me))
    throw new AppError(404, 'conversation_not_found', 'No such conversation in your inbox.', {});
  const limit = input.limit ?? 50;
  const before = input.before ? Date.parse(input.before) : null;
  const messages = inbox.messages(c.conversationId, limit + 1, Number.isFinite(before) ? before : null);
  const hasMore = messages.length > limit;
  const page = hasMore ? messages.slice(1) : messages;
  const unreadBefore = inbox.unread(me, c.conversationId);
  inbox.markRead(me, c.conversationId, now);
  const id = other(c, me);
  const people = await names(services, [id]);
  return {
    success: true,
    conversation_id: c.conversationId,
    with_user_id: id,
    with_name: people.get(id)?.name ?? null,
    unread_before_reading: unreadBefore,
    has_more: hasMore,
    messages: page.map((m) => presentMessage(m, me)),
  };
}

const presentInvite = (i: Invite, people: Map<string, { name: string | null; headline: string | null }>) => ({
  invite_id: i.inviteId,
  from_user_id: i.fromUserId,
  from_name: people.get(i.fromUserId)?.name ?? null,
  from_headline: people.get(i.fromUserId)?.headline ?? null,
  to_user_id: i.toUserId,
  note: i.note,
  status: i.status,
  sent_at: iso(i.createdAt),
  decided_at: iso(i.decidedAt),
});

/** Invites the acting user received. */
export async function listInvites(
  services: Services,
  actor: Actor,
  input: { status?: string; limit?: number },
): Promise<Record<string, unknown>> {
  const status = input.status && input.status !== 'all' ? (input.status as Invite['status']) : null;
  const invites = services.communications.inbox.invitesTo(actor.actingUserId, status, input.limit ?? 50);
  const people = await names(
    services,
    invites.map((i) => i.fromUserId),
  );
  return { success: true, invites: invites.map((i) => presentInvite(i, people)) };
}

/**
 * Accepts or declines an invite the acting user received. Accepting adds a `service` connection
 * between the two (the graph's version moves, so search caches see it) and tells the sender's
 * communication (event `invite_accepted`).
 */
export async function decideInvite(
  services: Services,
  actor: Actor,
  inviteId: string,
  decision: 'accept' | 'decline',
  now: number,
): Promise<Record<string, unknown>> {
  const inbox = services.communications.inbox;
  const invite = inbox.invite(inviteId);
  if (!invite || invite.toUserId !== actor.actingUserId)
    throw new AppError(404, 'invite_not_found', 'No such invite addressed to you.', {});
  if (invite.status !== 'pending')
    throw new AppError(409, 'already_decided', `This invite is already ${invite.status}.`, { status: invite.status });
  const status = decision === 'accept' ? 'accepted' : 'declined';
  services.db.transaction(() => {
    if (!inbox.decideInvite(inviteId, status, now)) throw new AppError(409, 'already_decided', 'This invite was decided meanwhile.', {});
    if (status === 'accepted')
      services.graph.upsertEdges([
        { userA: invite.fromUserId, userB: invite.toUserId, source: 'service', connectedAt: now, removedAt: null },
      ]);
  })();
  services.communications.store.addEvent(
    invite.communicationId,
    { type: `invite_${status}`, data: { invite_id: inviteId, by_user_id: actor.actingUserId } },
    now,
  );
  const people = await names(services, [invite.fromUserId]);
  return { success: true, invite: presentInvite(inbox.invite(inviteId)!, people), service_connected: status === 'accepted' };
}

async function presentIntroductions(services: Services, list: Introduction[]): Promise<Record<string, unknown>[]> {
  const people = await names(
    services,
    list.flatMap((i) => [i.requesterUserId, i.targetUserId, i.connectorUserId]),
  );
  return list.map((i) => ({
    introduction_id: i.introductionId,
    requester_user_id: i.requesterUserId,
    requester_name: people.get(i.requesterUserId)?.name ?? null,
    connector_user_id: i.connectorUserId,
    connector_name: people.get(i.connectorUserId)?.name ?? null,
    target_user_id: i.targetUserId,
    target_name: people.get(i.targetUserId)?.name ?? null,
    message: i.message,
    status: i.status,
    decision_note: i.decisionNote,
    conversation_id: i.conversationId,
    requested_at: iso(i.createdAt),
    decided_at: iso(i.decidedAt),
  }));
}

/** Introductions where the acting user is the connector (asked to forward) or the requester. */
export async function listIntroductions(
  services: Services,
  actor: Actor,
  input: { role?: 'connector' | 'requester'; status?: string; limit?: number },
): Promise<Record<string, unknown>> {
  const status = input.status && input.status !== 'all' ? (input.status as Introduction['status']) : null;
  const list = services.communications.inbox.introductionsFor(actor.actingUserId, input.role ?? 'connector', status, input.limit ?? 50);
  return { success: true, role: input.role ?? 'connector', introductions: await presentIntroductions(services, list) };
}

/**
 * The connector accepts (forwards) or declines an introduction. Forwarding opens the conversation
 * of the requester and the target with an introduction message from the connector; the
 * requester's communication gets `introduction_accepted` or `introduction_declined`.
 */
export async function decideIntroduction(
  services: Services,
  actor: Actor,
  introductionId: string,
  decision: 'accept' | 'decline',
  note: string | undefined,
  now: number,
): Promise<Record<string, unknown>> {
  const inbox = services.communications.inbox;
  const intro = inbox.introduction(introductionId);
  if (!intro || intro.connectorUserId !== actor.actingUserId)
    throw new AppError(404, 'introduction_not_found', 'No such introduction waiting for you to forward.', {});
  if (intro.status !== 'pending')
    throw new AppError(409, 'already_decided', `This introduction is already ${intro.status}.`, { status: intro.status });
  let conversationId: string | null = null;
  services.db.transaction(() => {
    if (decision === 'accept') {
      const c = inbox.conversationOf(intro.requesterUserId, intro.targetUserId, now);
      conversationId = c.conversationId;
      const body = [note?.trim() ? note.trim() : null, `Introduction request: ${intro.message}`].filter(Boolean).join('\n\n');
      inbox.postMessage({
        conversationId: c.conversationId,
        senderUserId: actor.actingUserId,
        kind: 'introduction',
        body,
        communicationId: null,
        now,
      });
    }
    if (!inbox.decideIntroduction(introductionId, decision === 'accept' ? 'accepted' : 'declined', note ?? null, conversationId, now))
      throw new AppError(409, 'already_decided', 'This introduction was decided meanwhile.', {});
  })();
  services.communications.store.addEvent(
    intro.communicationId,
    {
      type: decision === 'accept' ? 'introduction_accepted' : 'introduction_declined',
      data: { introduction_id: introductionId, conversation_id: conversationId },
    },
    now,
  );
  const [presented] = await presentIntroductions(services, [inbox.introduction(introductionId)!]);
  return { success: true, introduction: presented };
}
