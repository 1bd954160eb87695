import { type Actor, actingFields } from '../../auth/actor.js';
import { CHANNELS, isChannel } from '../../communications/channels.js';
import { PLAIN_EMAIL_RULE } from '../../communications/email-address.js';
import { AppError, invalidField } from '../../errors.js';
import { OpenAiCompatibleDrafter } from '../../projects/drafting-llm.js';
import { isEmailAddress } from '../communications/capabilities.js';
import { controlCharacterAt, isBlankText } from '../communications/create.js';
import { resolveTarget, type Target } from '../communications/resolve-target.js';

/** Drafts written between two turns of the event loop (about 5 ms of work). */
const YIELD_EVERY = 50;

/** Targets read at a time when drafting a whole shortlist (about 20 ms of reading). */
const TARGETS_PAGE = 2000;

/** How long one messages/generate call may spend waiting for the drafting model, in all. */
const MODEL_BUDGET_MS = 60_000;

import { type ProjectTarget, TEMPLATE_FIELDS, type TemplateField } from '../../projects/record.js';
import type { Services } from '../../services.js';
import { isProjectSend } from './contacted.js';
import {
  assertKnownPlaceholders,
  factsFingerprint,
  fillTemplate,
  generalizeMessage,
  generateTemplate,
  type TemplateType,
} from './drafting.js';
import { presentProject, writableProject } from './projects.js';
import { targetFacts, targetFactsOf } from './target-facts.js';
import { assertRoomForTargets, deliveryChannel, draftState, presentTarget, presentTargets, trackedScheduleLink } from './targets.js';
import { generateUnsavedDraft } from './unsaved-draft.js';

export function putTemplates(
  services: Services,
  actor: Actor,
  projectId: string,
  body: Partial<Record<TemplateField, string | null>> & { clear_personalization?: boolean },
  now: number,
): Record<string, unknown> {
  const p = writableProject(services, actor, projectId);
  for (const f of TEMPLATE_FIELDS) assertKnownPlaceholders(body[f], `/${f}`);
  const templates = Object.fromEntries(TEMPLATE_FIELDS.filter((f) => body[f] !== undefined).map((f) => [f, body[f]]));
  const updated = services.projects.setTemplates(p.projectId, templates, now);
  if (body.clear_personalization) services.projects.clearGeneratedDrafts(p.projectId);
  return { success: true, project: presentProject(services, updated) };
}

export function generateTemplates(
  services: Services,
  actor: Actor,
  projectId: string,
  body: Partial<Record<TemplateField, string>> & { template_type?: TemplateType; user_input?: string; message?: string },
  now: number,
): Record<string, unknown> {
  const p = writableProject(services, actor, projectId);
  const type: TemplateType = body.template_type ?? 'outreach_message_prompt';
  if (type === 'generalize_message_to_template') {
    if (!body.message?.trim()) throw invalidField('body', '/message', 'is required with template_type=generalize_message_to_template');
    const updated = services.projects.setTemplates(p.projectId, { outreach_message_prompt: generalizeMessage(body.message) }, now);
    return { success: true, project: presentProject(services, updated), generated_field: 'outreach_message_prompt' };
  }
  if (type === 'pitch') {
    const updated = services.projects.update(p.projectId, { pitch: generateTemplate('pitch', p, body.user_input ?? null) }, now);
    services.projects.setTemplates(p.projectId, {}, now);
    return { success: true, project: presentProject(services, services.projects.get(updated.projectId)!), generated_field: 'pitch' };
  }
  // Copy supplied for the very field asked for is saved as given; other supplied fields are ignored.
  const supplied = body[type as TemplateField];
  const text = typeof supplied === 'string' && supplied.trim() ? supplied : generateTemplate(type, p, body.user_input ?? null);
  const updated = services.projects.setTemplates(p.projectId, { [type]: text }, now);
  return { success: true, project: presentProject(services, updated), generated_field: type };
}

/** Generates a draft for each target that needs one (no draft, or a stale generated one); never sends. */
export async function generateMessages(
  services: Services,
  actor: Actor,
  projectId: string,
  body: { target_ids?: string[]; target_user_id?: string; persist_target?: boolean },
  now: number,
): Promise<Record<string, unknown>> {
  let p = writableProject(services, actor, projectId);
  // A person named by id is checked as adding a target checks: someone Proxima knows, not the owner.
  if (body.target_user_id) {
    if (body.target_user_id === p.ownerUserId || body.target_user_id === actor.actingUserId)
      throw new AppError(
        400,
        'owner_not_a_target',
        'The project owner, and whoever acts for them, is never a target of the project: name another person.',
        {
          target_user_id: body.target_user_id,
        },
      );
    if (!(await resolveTarget(services, { target_user_id: body.target_user_id })).userId)
      throw new AppError(404, 'target_not_found', `No person has the id ${body.target_user_id}; check it, or add the person first.`, {
        target_user_id: body.target_user_id,
      });
  }
  if (body.target_user_id && body.persist_target !== false) {
    assertRoomForTargets(services, p, [body.target_user_id]);
    services.projects.addTargets(p.projectId, [body.target_user_id], now);
  }
  // persist_target: false for someone with no target row: a draft for them, returned, not stored.
  if (body.target_user_id && body.persist_target === false && !body.target_ids?.length)
    if (!services.projects.targetByUser(p.projectId, body.target_user_id))
      return generateUnsavedDraft(services, p, body.target_user_id, now);
  if (!p.templates.outreach_message_prompt)
    p = services.projects.setTemplates(p.projectId, { outreach_message_prompt: generateTemplate('outreach_message_prompt', p, null) }, now);
  let targets: ProjectTarget[];
  if (body.target_ids?.length) {
    targets = body.target_ids
      .map((id) => services.projects.target(id))
      .filter((t): t is ProjectTarget => t !== null && t.projectId === p.projectId);
    // As the single-draft route answers: a target id of no target of this project is 404.
    const missing = body.target_ids.filter((id) => !targets.some((t) => t.targetId === id));
    if (missing.length)
      throw new AppError(
        404,
        'target_not_found',
        `No target ${missing.slice(0, 3).join(', ')}${missing.length > 3 ? ` and ${missing.length - 3} more` : ''} in this project: target_ids are the ids targets are listed with (GET .../targets); add people first.`,
        {},
      );
  } else if (body.target_user_id)
    targets = [services.projects.targetByUser(p.projectId, body.target_user_id)].filter((t): t is ProjectTarget => t !== null);
  else {
    // The whole shortlist: its ids at once (one light read, so a removal meanwhile shifts
    // nothing), then the rows a slice at a time with a turn of the event loop between slices.
    const ids = services.projects.includedTargetIds(p.projectId, p.ownerUserId).slice(0, 100_000);
    targets = [];
    for (let i = 0; i < ids.length; i += TARGETS_PAGE) {
      if (i > 0) await new Promise((r) => setImmediate(r));
      for (const id of ids.slice(i, i + TARGETS_PAGE)) {
        const t = services.projects.target(id);
        if (t?.isIncluded) targets.push(t);
      }
    }
  }
  let generated = 0;
  let rewritten = 0;
  const llm = services.config.communications.draftingLlm;
  const drafter = llm ? new OpenAiCompatibleDrafter(llm, services.logger) : null;
  // The model gets one overall budget per call; drafts after it keep the template text.
  const modelDeadline = performance.now() + MODEL_BUDGET_MS;
  const known = await targetFactsOf(
    services,
    p,
    targets.map((t) => t.targetUserId),
  );
  /** The targets to show, as they stand when the drafts are written (presented after the loop, several at once). */
  const shown: ProjectTarget[] = [];
  let sinceYield = 0;
  for (const t of targets) {
    // A project of thousands of targets: other requests are served between every few drafts.
    if (++sinceYield === YIELD_EVERY) {
      sinceYield = 0;
      await new Promise((r) => setImmediate(r));
    }
    // Each draft fills its own copy: the schedule link differs by target row.
    const { facts: base, target } = known.get(t.targetUserId)!;
    const facts = { ...base };
    const fingerprint = factsFingerprint(facts);
    const explicit = Boolean(body.target_ids?.length || body.target_user_id);
    const needs =
      !t.draftMessage ||
      (t.messageSource === 'ai_generated' && draftState(p, t, fingerprint) === 'stale') ||
      (explicit && t.messageSource !== 'user_edited');
    if (needs && !t.communicationId) {
      const { channel } = deliveryChannel(services, t, target);
      facts.schedule_link = trackedScheduleLink(services, p, t.targetId);
      const templated = fillTemplate(p.templates.outreach_message_prompt!, facts);
      const better =
        drafter && performance.now() < modelDeadline
          ? await drafter.rewrite({
              draft: templated,
              channel: t.contactChannel ?? channel,
              facts: { ...facts },
              pitch: p.pitch,
              projectTitle: p.title,
            })
          : null;
      // Awaits happened since `t` was read (the profile, the model): a draft edited, approved or
      // queued meanwhile is left as it is now.
      const current = services.projects.target(t.targetId);
      if (
        current?.draftUpdatedAt !== t.draftUpdatedAt ||
        current?.communicationId !== t.communicationId ||
        current?.messageSource !== t.messageSource
      ) {
        shown.push(current!);
        continue;
      }
      if (better !== null) rewritten++;
      services.projects.updateDraft(t.targetId, {
        draftMessage: better ?? templated,
        draftSubject: fillTemplate(p.templates.email_subject_template ?? generateTemplate('email_subject_template', p, null), facts),
        messageSource: 'ai_generated',
        reviewStatus: 'none',
        contactChannel: t.contactChannel ?? channel,
        draftTemplateVersion: p.templateVersion,
        draftTargetFingerprint: fingerprint,
        draftUpdatedAt: now,
      });
      generated++;
    }
    shown.push(services.projects.target(t.targetId)!);
  }
  const out = await presentTargets(services, p, shown, { known });
  // The default template says why the sender writes through {{pitch}}: without a pitch the drafts
  // read naturally but say nothing about it (the title is never used in its place).
  const pitchless = !p.pitch?.trim() && /\{\{\s*pitch\s*\}\}/.test(p.templates.outreach_message_prompt ?? '');
  return {
    success: true,
    generated_count: generated,
    drafting_provider: drafter ? drafter.name : 'template',
    model_rewritten_count: rewritten,
    targets: out,
    ...(pitchless
      ? {
          next_step:
            "This project has no pitch, so the drafts say nothing about why you write. Give it one (connector: project_action mode=generate_templates with template_type=pitch and user_input; REST: PATCH the project's pitch), or write the message yourself (project_action mode=update_templates with outreach_message_prompt), then generate_messages again before approving.",
        }
      : {}),
  };
}

export interface MessageBody {
  message?: string;
  /** The email subject (a Proxima extension: the contract's body has none); null clears it. */
  subject?: string | null;
  message_source?: 'ai_generated' | 'user_edited';
  review_action?: 'save' | 'approve';
  contact_channel?: string;
  recipient_email?: string;
  sender_email_account_id?: string;
}

/** Saves (or approves) a target's draft: never sends. */
export async function putMessage(
  services: Services,
  actor: Actor,
  projectId: string,
  by: { targetUserId?: string; targetId?: string },
  body: MessageBody,
  now: number,
): Promise<Record<string, unknown>> {
  const p = writableProject(services, actor, projectId);
  assertKnownPlaceholders(body.message, '/message');
  // What a send would refuse is refused when saved (a Word line break U+000B, a NUL).
  const control = controlCharacterAt(body.message);
  if (control)
    throw invalidField(
      'body',
      '/message',
      `holds the control character ${control.code} at character ${control.index + 1}: remove it (only tab, line feed and carriage return are kept)`,
    );
  const subjectControl = controlCharacterAt(body.subject ?? undefined);
  if (subjectControl)
    throw invalidField(
      'body',
      '/subject',
      `holds the control character ${subjectControl.code} at character ${subjectControl.index + 1}: remove it`,
    );
  const t = by.targetId ? services.projects.target(by.targetId) : services.projects.targetByUser(p.projectId, by.targetUserId!);
  if (!t || t.projectId !== p.projectId) throw new AppError(404, 'target_not_found', 'No such target in this project; add it first.', {});
  // A draft already handed to communications (queued, going out or sent) is what was sent: a change
  // here would change nothing sent, and the draft would no longer say what went out.
  // A send made outside the project (a direct send recorded on the target) leaves its draft editable:
  // activation with include_already_contacted sends the draft as it then stands.
  const handed = t.communicationId ? services.communications.store.get(t.communicationId) : null;
  if (
    handed &&
    isProjectSend(p, t, handed.context) &&
    (handed.status === 'queued' || handed.status === 'in_progress' || handed.status === 'completed')
  )
    throw new AppError(
      409,
      'message_already_queued',
      handed.status === 'queued'
        ? `This target's message is queued as communication ${handed.id}: cancel it (send_communication mode=cancel on the connector, POST /api/v1/communications/${handed.id}/cancel on REST), then edit the draft; the next activation sends it.`
        : `This target's message was sent as communication ${handed.id} (${handed.status}); the draft stays as it was sent.`,
      { communication_id: handed.id, status: handed.status },
    );
  if (body.contact_channel !== undefined && !isChannel(body.contact_channel))
    throw new AppError(
      400,
      'invalid_channel',
      `contact_channel must be one of the seven send channels; got ${JSON.stringify(body.contact_channel)}.`,
      {
        allowed_channels: [...CHANNELS],
      },
    );
  // As on create: an address kept here would be replaced by the person's best one at activation, unsaid.
  if (body.recipient_email !== undefined && !isEmailAddress(body.recipient_email))
    throw invalidField('body', '/recipient_email', PLAIN_EMAIL_RULE);
  if (body.review_action === 'approve' && !(body.message ?? t.draftMessage)?.trim())
    throw invalidField('body', '/review_action', 'cannot approve an empty draft: send message or generate one first');
  const edited = body.message !== undefined && body.message !== t.draftMessage;
  // Read once: the fingerprint, the channel and the answer's target all come from these facts.
  const known = await targetFacts(services, p, t.targetUserId);
  const { facts } = known;
  const subject = body.subject === undefined ? t.draftSubject : isBlankText(body.subject) ? null : body.subject!.trim();
  if (body.review_action === 'approve') assertEmailSubject(services, t, body, subject, known.target);
  const updated = services.projects.updateDraft(t.targetId, {
    draftMessage: body.message,
    draftSubject: body.subject === undefined ? undefined : subject,
    messageSource: body.message_source ?? (edited ? 'user_edited' : undefined),
    reviewStatus: body.review_action === 'approve' ? 'approved' : body.review_action === 'save' ? 'saved' : edited ? 'saved' : undefined,
    contactChannel: body.contact_channel,
    recipientEmail: body.recipient_email,
    senderEmailAccountId: body.sender_email_account_id,
    draftTemplateVersion: edited ? p.templateVersion : undefined,
    draftTargetFingerprint: edited ? factsFingerprint(facts) : undefined,
    draftUpdatedAt: body.message !== undefined || body.review_action ? now : undefined,
    previewedAt: body.review_action ? now : undefined,
  });
  const key = by.targetId ? { assignment_target_id: t.targetId } : { target_user_id: t.targetUserId };
  return {
    success: true,
    ...actingFields(actor),
    project_id: p.projectId,
    ...key,
    target: await presentTarget(services, p, updated, { known }),
  };
}

/**
 * An email draft is approved with a subject: activation mails the draft's subject and nothing
 * else (it once fell back to the project title, an internal name the approver never saw). The
 * channel is the one delivery would use: as set, else as chosen from the person's identities.
 */
function assertEmailSubject(services: Services, t: ProjectTarget, body: MessageBody, subject: string | null, target: Target): void {
  const next = { ...t, contactChannel: body.contact_channel ?? t.contactChannel, recipientEmail: body.recipient_email ?? t.recipientEmail };
  if (subject !== null || deliveryChannel(services, next, target).channel !== 'email_send') return;
  throw new AppError(
    400,
    'email_subject_required',
    'This draft goes out by email_send and has no subject: send "subject" with the draft (or generate it, which fills the project\'s email_subject_template), then approve.',
  );
}
