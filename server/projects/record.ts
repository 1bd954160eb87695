/** The six template fields of a project, in the contract's order. */
export const TEMPLATE_FIELDS = [
  'email_subject_template',
  'outreach_message_prompt',
  'engagement_meta_prompt',
  'engagement_prompt',
  'referral_intro_prompt',
  'referral_forward_note_prompt',
] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

export const ENGAGEMENT_MODES = ['quick_text', 'schedule_live'] as const;
export type EngagementMode = (typeof ENGAGEMENT_MODES)[number];

export interface Project {
  projectId: string;
  ownerUserId: string;
  actingUserId: string;
  kind: 'project' | 'search';
  title: string;
  /**
   * The title was made up by Proxima (a connector draft's or search shell's), not given by a
   * person: it names the workspace and is never put into a message.
   */
  titleIsAuto: boolean;
  description: string | null;
  pitch: string | null;
  status: string;
  allowDiscovery: boolean;
  engagementMode: EngagementMode;
  templates: Record<TemplateField, string | null>;
  templateVersion: number;
  agentSessionId: string | null;
  /** The sender's scheduling page that `{{schedule_link}}` leads to (through a tracked link). */
  scheduleUrl: string | null;
  searchResults: unknown;
  activatedAt: number | null;
  archivedAt: number | null;
  createdAt: number;
  updatedAt: number;
}

export type ReviewStatus = 'none' | 'saved' | 'approved';

export interface ProjectTarget {
  targetId: string;
  projectId: string;
  targetUserId: string;
  isIncluded: boolean;
  addedAt: number;
  removedAt: number | null;
  draftMessage: string | null;
  draftSubject: string | null;
  messageSource: 'ai_generated' | 'user_edited' | null;
  reviewStatus: ReviewStatus;
  contactChannel: string | null;
  recipientEmail: string | null;
  senderEmailAccountId: string | null;
  draftTemplateVersion: number | null;
  draftTargetFingerprint: string | null;
  draftUpdatedAt: number | null;
  previewedAt: number | null;
  communicationId: string | null;
  queuedAt: number | null;
  sendAttempts: number;
}

/** A `projects` row as a project. */
export const toProject = (r: Record<string, unknown>): Project => ({
  projectId: r.project_id as string,
  ownerUserId: r.owner_user_id as string,
  actingUserId: r.acting_user_id as string,
  kind: r.kind as Project['kind'],
  title: r.title as string,
  titleIsAuto: r.title_is_auto === 1,
  description: (r.description as string | null) ?? null,
  pitch: (r.pitch as string | null) ?? null,
  status: r.status as string,
  allowDiscovery: r.allow_discovery === 1,
  engagementMode: r.engagement_mode as EngagementMode,
  templates: Object.fromEntries(TEMPLATE_FIELDS.map((f) => [f, (r[f] as string | null) ?? null])) as Record<TemplateField, string | null>,
  templateVersion: r.template_version as number,
  agentSessionId: (r.agent_session_id as string | null) ?? null,
  scheduleUrl: (r.schedule_url as string | null) ?? null,
  searchResults: r.search_results_json ? JSON.parse(r.search_results_json as string) : null,
  activatedAt: (r.activated_at as number | null) ?? null,
  archivedAt: (r.archived_at as number | null) ?? null,
  createdAt: r.created_at as number,
  updatedAt: r.updated_at as number,
});

/** A `project_targets` row as a target. */
export const toTarget = (r: Record<string, unknown>): ProjectTarget => ({
  targetId: r.target_id as string,
  projectId: r.project_id as string,
  targetUserId: r.target_user_id as string,
  isIncluded: r.is_included === 1,
  addedAt: r.added_at as number,
  removedAt: (r.removed_at as number | null) ?? null,
  draftMessage: (r.draft_message as string | null) ?? null,
  draftSubject: (r.draft_subject as string | null) ?? null,
  messageSource: (r.message_source as ProjectTarget['messageSource']) ?? null,
  reviewStatus: r.review_status as ReviewStatus,
  contactChannel: (r.contact_channel as string | null) ?? null,
  recipientEmail: (r.recipient_email as string | null) ?? null,
  senderEmailAccountId: (r.sender_email_account_id as string | null) ?? null,
  draftTemplateVersion: (r.draft_template_version as number | null) ?? null,
  draftTargetFingerprint: (r.draft_target_fingerprint as string | null) ?? null,
  draftUpdatedAt: (r.draft_updated_at as number | null) ?? null,
  previewedAt: (r.previewed_at as number | null) ?? null,
  communicationId: (r.communication_id as string | null) ?? null,
  queuedAt: (r.queued_at as number | null) ?? null,
  sendAttempts: (r.send_attempts as number | undefined) ?? 0,
});

/** A change to a target's draft and review state. */
export interface DraftPatch {
  draftMessage?: string | null;
  draftSubject?: string | null;
  messageSource?: ProjectTarget['messageSource'];
  reviewStatus?: ReviewStatus;
  contactChannel?: string | null;
  recipientEmail?: string | null;
  senderEmailAccountId?: string | null;
  draftTemplateVersion?: number | null;
  draftTargetFingerprint?: string | null;
  draftUpdatedAt?: number | null;
  previewedAt?: number | null;
  communicationId?: string | null;
  queuedAt?: number | null;
  sendAttempts?: number;
}

export const DRAFT_COLUMNS: Record<keyof DraftPatch, string> = {
  draftMessage: 'draft_message',
  draftSubject: 'draft_subject',
  messageSource: 'message_source',
  reviewStatus: 'review_status',
  contactChannel: 'contact_channel',
  recipientEmail: 'recipient_email',
  senderEmailAccountId: 'sender_email_account_id',
  draftTemplateVersion: 'draft_template_version',
  draftTargetFingerprint: 'draft_target_fingerprint',
  draftUpdatedAt: 'draft_updated_at',
  previewedAt: 'previewed_at',
  communicationId: 'communication_id',
  queuedAt: 'queued_at',
  sendAttempts: 'send_attempts',
};

/** Repository of projects and their targets (tables `projects`, `project_targets`, migration 14). */
/** One search in a project's search-results cache (docs/projects.md, "Search-results cache"). */
export interface SearchCacheEntry {
  search_id: string;
  tool: string;
  summary: string;
  total: number | null;
  /** The first people of the result page, in order. */
  user_ids: string[];
  searched_at: string;
}

/** Searches a project's cache keeps. */
export const SEARCH_CACHE_SIZE = 20;
