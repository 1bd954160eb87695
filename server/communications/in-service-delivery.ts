import type { GraphStore } from '../store/graph.js';
import type { Channel } from './channels.js';
import type { InboxStore } from './inbox-store.js';
import { ProviderError } from './providers/port.js';
import type { Communication } from './record.js';

/**
 * In-service delivery, inside the completion transaction: keyed by the communication id, so at
 * most once. A direct message posts to the pair's conversation, an invite or an introduction is
 * created; an invite to a member already connected, or with one pending, is refused
 * (ProviderError, not transient) and nothing is written.
 */
export function deliverInService(inbox: InboxStore, graph: GraphStore, c: Communication, now: number): Record<string, unknown> {
  const target = c.targetUserId!;
  const channel: Channel = c.channel;
  if (channel === 'service_direct_message') {
    const conversation = inbox.conversationOf(c.actingUserId, target, now);
    const message = inbox.postMessage({
      conversationId: conversation.conversationId,
      senderUserId: c.actingUserId,
      kind: 'message',
      body: c.body ?? '',
      communicationId: c.id,
      now,
    });
    return { conversation_id: conversation.conversationId, message_id: message.messageId };
  }
  if (channel === 'service_invite') {
    if (graph.firstDegree(c.actingUserId, ['service']).has(target))
      throw new ProviderError('already_connected', 'You are already connected to this member on the service.', false);
    const pending = inbox.pendingInvite(c.actingUserId, target);
    if (pending && pending.communicationId !== c.id)
      throw new ProviderError('invite_pending', 'An invite to this member is already pending.', false);
    const invite = inbox.createInvite({ communicationId: c.id, fromUserId: c.actingUserId, toUserId: target, note: c.body, now });
    return { invite_id: invite.inviteId, invite_status: invite.status };
  }
  const intro = inbox.createIntroduction({
    communicationId: c.id,
    requesterUserId: c.actingUserId,
    connectorUserId: c.connectorUserId!,
    targetUserId: target,
    message: c.body ?? '',
    now,
  });
  return { introduction_id: intro.introductionId, introduction_status: intro.status, connector_user_id: intro.connectorUserId };
}
