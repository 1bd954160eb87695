import { OpenAiCompatibleDrafter } from '../../projects/drafting-llm.js';
import type { Project, ProjectTarget } from '../../projects/record.js';
import type { Services } from '../../services.js';
import { factsFingerprint, fillTemplate, generateTemplate } from './drafting.js';
import { targetFactsOf } from './target-facts.js';
import { deliveryChannel, presentTarget } from './targets.js';

/** The target of an unsaved draft as the project routes show one: no row, so no ids and no dates. */
export const UNSAVED_DRAFT_FIELDS = { id: null, assignment_target_id: null, added_at: null, persisted: false } as const;

/**
 * `messages/generate` with `target_user_id` and `persist_target: false` for someone not on the
 * shortlist: the draft is written for them exactly as for a target (the project's templates, the
 * person's facts, the delivery channel, the drafting model when configured) and returned, and
 * nothing is stored: neither the person as a target nor the draft, nor a template the project
 * lacks (one is generated for this draft only). The schedule link is the project's own, untracked
 * (a tracked link belongs to a target row). To keep the draft, save it as a target's draft.
 */
export async function generateUnsavedDraft(
  services: Services,
  project: Project,
  targetUserId: string,
  now: number,
): Promise<Record<string, unknown>> {
  const templates = {
    outreach: project.templates.outreach_message_prompt ?? generateTemplate('outreach_message_prompt', project, null),
    subject: project.templates.email_subject_template ?? generateTemplate('email_subject_template', project, null),
  };
  const known = (await targetFactsOf(services, project, [targetUserId])).get(targetUserId)!;
  const facts = { ...known.facts, schedule_link: project.scheduleUrl };
  const transient: ProjectTarget = {
    targetId: '',
    projectId: project.projectId,
    targetUserId,
    isIncluded: false,
    addedAt: now,
    removedAt: null,
    draftMessage: null,
    draftSubject: null,
    messageSource: null,
    reviewStatus: 'none',
    contactChannel: null,
    recipientEmail: null,
    senderEmailAccountId: null,
    draftTemplateVersion: null,
    draftTargetFingerprint: null,
    draftUpdatedAt: null,
    previewedAt: null,
    communicationId: null,
    queuedAt: null,
    sendAttempts: 0,
  };
  const { channel } = deliveryChannel(services, transient, known.target);
  const templated = fillTemplate(templates.outreach, facts);
  const llm = services.config.communications.draftingLlm;
  const drafter = llm ? new OpenAiCompatibleDrafter(llm, services.logger) : null;
  const better = drafter
    ? await drafter.rewrite({ draft: templated, channel, facts: { ...facts }, pitch: project.pitch, projectTitle: project.title })
    : null;
  const drafted: ProjectTarget = {
    ...transient,
    draftMessage: better ?? templated,
    draftSubject: fillTemplate(templates.subject, facts),
    messageSource: 'ai_generated',
    contactChannel: channel,
    draftTemplateVersion: project.templateVersion,
    draftTargetFingerprint: factsFingerprint(known.facts),
    draftUpdatedAt: now,
  };
  const shown = await presentTarget(services, project, drafted, { known });
  return {
    success: true,
    generated_count: 1,
    drafting_provider: drafter ? drafter.name : 'template',
    model_rewritten_count: better === null ? 0 : 1,
    targets: [{ ...shown, ...UNSAVED_DRAFT_FIELDS }],
  };
}
