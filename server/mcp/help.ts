import { PEOPLE_SEARCH_LIMITS } from '../../query-planner/limits.js';
import { SCOPES } from '../auth/scopes.js';
import { RATE_CARD, TIER_LIMIT_MICRO, toCredits, WINDOW_DAYS } from '../billing/rate-card.js';
import { CHANNELS, INVITE_NOTE_MAX } from '../communications/channels.js';
import { DEFAULT_OAUTH_SCOPES } from '../oauth/scopes.js';
import { SIGNAL_TYPES } from '../signals/model.js';
import { AGENT_SESSION_IDLE_MS } from '../store/agent-sessions.js';
import { TIERS } from '../store/users.js';
import type { ToolDef } from './tool.js';

/** One help topic: a title and short paragraphs an agent can act on. */
export interface HelpTopic {
  title: string;
  text: string[];
}

const price = (operation: string): string => {
  const entry = RATE_CARD.find((e) => e.operation === operation);
  return entry ? `${toCredits(entry.priceMicro)} credit ${entry.unit.replace('_', ' ')}` : 'free';
};

/**
 * The product help of `get_product_help`. Facts (prices, limits, tools, scopes, tiers) come from
 * the definitions the service runs on, so the help cannot go stale.
 */
export function helpTopics(tools: readonly ToolDef[]): Record<string, HelpTopic> {
  const names = tools.map((t) => t.name).join(', ');
  const ceilings = TIERS.map((t) => `${t} ${TIER_LIMIT_MICRO[t] === null ? 'unlimited' : toCredits(TIER_LIMIT_MICRO[t] as number)}`).join(
    ', ',
  );
  return {
    getting_started: {
      title: 'Getting started',
      text: [
        `Tools: ${names}.`,
        'Call search_capabilities to see filters, limits and prices; start an agent_session to keep a project and recent searches across calls.',
        'Every result has success; on failure read error (a stable code), message and retryable.',
      ],
    },
    people_search: {
      title: 'Finding people',
      text: [
        `people_search takes a natural-language description and/or AdvancedFilters; limit ${PEOPLE_SEARCH_LIMITS.limit.min}-${PEOPLE_SEARCH_LIMITS.limit.max}, continue with next_page.request unchanged. Price: ${price('people_search')}.`,
        'people_lookup_batch resolves professional usernames or profile URLs; discover_employers groups matching people by employer; replay_search_result re-reads a recorded page for free.',
        "Rows are ranked with the caller's graph: 1st- then 2nd-degree connections first (social_proximity_status shows how complete the graph is).",
      ],
    },
    filters: {
      title: 'Filters',
      text: [
        'AdvancedFilters: job_titles, locations, companies (by name or a company_search search_id), skills, schools, languages, seniority, functions, years of experience, connection_degrees and more; search_capabilities lists every field.',
        'Connector limits: additional_context_keywords_core and _supporting at most 15 each, keywords at most 64; language proficiency is one of the five levels. Over-limit input is rejected with invalid_search_request and receipts saying what to change.',
      ],
    },
    companies: {
      title: 'Companies',
      text: [
        `company_search (one final page, no offset; ${price('company_search_preview')}) and company_search_batch (several searches, each billed alike).`,
        'Pass a company search_id to people_search filters.companies[].where.search_id to find people there.',
      ],
    },
    jobs: {
      title: 'Job postings',
      text: [
        `jobs_search: where.job_titles and where.locations (8 values each) or filters; one final page. Price: ${price('jobs_search_preview')}.`,
      ],
    },
    posts: {
      title: 'Posts',
      text: [`posts_search: every word of query must appear; continue with next_page.request. Price: ${price('posts_search_preview')}.`],
    },
    credits: {
      title: 'Credits',
      text: [
        `Usage draws on the account's pool over a rolling ${WINDOW_DAYS}-day window. Ceilings by tier: ${ceilings}.`,
        'A call that does not fit returns credits_exhausted with remaining and reset_at, and costs nothing; a call that fails costs nothing. account_read shows the balance.',
      ],
    },
    scopes: {
      title: 'Scopes',
      text: [
        `Scopes: ${SCOPES.join(', ')}. Each tool needs the scope of its REST route; a missing one gives insufficient_scope with required_scopes.`,
        'account_read and service_action need an API key (api_key_scope_required with OAuth).',
      ],
    },
    oauth: {
      title: 'Connecting with OAuth',
      text: [
        'The connector at /mcp answers 401 with a resource_metadata link; MCP clients discover the authorization server, register, and open the consent page, where the account holder signs in with an API key and allows the client.',
        `Without a requested scope the grant is: ${DEFAULT_OAUTH_SCOPES.join(', ')}. Access tokens last 30 minutes; refresh tokens 30 days and rotate.`,
      ],
    },
    errors: {
      title: 'Errors',
      text: [
        'invalid_search_request: fix the fields named in receipts. insufficient_scope: authorize again with required_scopes. credits_exhausted: wait for reset_at or upgrade. invalid_agent_session: start a new session.',
        'retryable=true (search_overloaded, server_overloaded, search_timeout, search_engine_unavailable): retry after a short pause.',
      ],
    },
    agent_sessions: {
      title: 'Agent sessions',
      text: [
        `agent_session mode=start returns agent_session_id; pass it to other tools and the session remembers searches and the current project. Sessions expire ${AGENT_SESSION_IDLE_MS / 86_400_000} days after their last use.`,
      ],
    },
    exports: {
      title: 'Exports',
      text: [
        'bulk_export writes up to 5,000 people of a search to a private CSV or XLSX file behind a signed link that expires; see its description for the price.',
        'With project_id it exports a project’s targets (up to 500 rows) with drafts, delivery state and replies; free.',
      ],
    },
    communications: {
      title: 'Reaching people',
      text: [
        `Seven channels: ${CHANNELS.join(', ')}. send_communication mode=precheck says which can reach a person and why not, with email options and candidate connectors.`,
        'mode=send is a dry run unless dry_run=false; a live send is queued and dispatched; follow it with mode=status (wait_ms up to 30000) or communication_read. Use idempotency_key so a retried call sends once.',
        `A live email_send needs the recipient_email you reviewed; invite notes hold ${INVITE_NOTE_MAX} characters. Statuses end in completed, failed or cancelled; cancel works while queued or in progress.`,
        'The recipient side: inbox_read, conversation_read, introduction_read; communication_action accepts or declines invites. Communications are not credit-billed.',
      ],
    },
    projects: {
      title: 'Outreach projects',
      text: [
        'A project is a shortlist with templates and one draft per target: project_action add_targets, generate_messages (never sends), update_message with review_action=approve only after the user approved, send_readiness, activate (queues approved drafts), metrics (sends, replies, link clicks).',
        'send_communication mode=draft keeps a draft in the agent session’s project (made for the session when it has none). People searches in a session land in its project’s search-results cache.',
      ],
    },
    signals: {
      title: 'Signal watchers',
      text: [
        `watch_signals mode=create with signal_types (${SIGNAL_TYPES.join(', ')}) and a cohort (project_id, person_ids, company_ids or search_id) raises signals from what each new data snapshot changed, never by re-running searches.`,
        'Deliveries: project_feed, email_digest, connector (read with mode=poll: each poll returns what the last did not) and agent_webhook (signed POSTs). Watchers and signals are free.',
      ],
    },
    contacts: {
      title: 'Contact reconciliation',
      text: [
        'contacts_action reconciles a contact sheet against the people Proxima knows: mode=schema gives the row fields; start_run, then preview (reports only) and apply (rows of up to 100, batch_index from 0; the same index again is the same batch), run_status, then finalize.',
        'Each row is resolved (approved on apply), likely_match (never confirmed without a person), needs_review or unresolved, with a confidence, ranked candidates and per-field evidence; the acting user’s network is the prior between people of the same name.',
        'Review: mode=review lists by bucket, candidates searches again for one entity; confirm, not_a_match, needs_review, ignore, restore and bulk change entities. Every write needs user_confirmed=true, sent only after the user agreed; without it the answer is confirmation_required. Batches (preview, apply) cost 0.01 credit a row (an applied batch sent again is free); runs, review and finalize are free.',
      ],
    },
  };
}
