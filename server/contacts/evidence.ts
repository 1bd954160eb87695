/**
 * The shapes the contact matcher reads and answers (docs/contacts.md, "Scoring"): a contact row,
 * a profile as the matcher reads it, one piece of evidence, a scored candidate, and the buckets.
 */

/** A contact row as the API takes it (docs/contacts.md, "Rows"). */
export interface ContactRow {
  row_id?: string;
  name?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  emails?: string[];
  phone_numbers?: string[];
  organization_names?: string[];
  job_titles?: string[];
  location?: string | null;
  professional_url?: string | null;
  /** Free text: read for a title and an employer the row does not list (cell-fields.ts). */
  notes?: string | null;
}

/** A row's buckets, surest first (docs/contacts.md, "Buckets"). */
export const MATCH_STATUSES = ['resolved', 'likely_match', 'needs_review', 'unresolved'] as const;
/** One of {@link MATCH_STATUSES}. */
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** One piece of evidence: a field, what it said, and its weight in the score. */
export interface Evidence {
  field:
    | 'name'
    | 'first_name'
    | 'last_name'
    | 'email'
    | 'phone'
    | 'professional_url'
    | 'organization'
    | 'job_title'
    | 'location'
    | 'network';
  outcome: 'match' | 'partial' | 'conflict';
  weight: number;
  detail: string;
}

/** Evidence that names one person by itself: an email, a phone, a profile URL. */
export const KEY_FIELDS = new Set<Evidence['field']>(['email', 'phone', 'professional_url']);

/** A person the row may be, with the score and confidence their evidence adds up to. */
export interface ScoredCandidate {
  user_id: string;
  name: string | null;
  headline: string | null;
  current_title: string | null;
  current_company: string | null;
  location: string | null;
  score: number;
  confidence: number;
  evidence: Evidence[];
}

/** A profile as the matcher reads it: names, employers, titles, place, keys. */
export interface ProfileDoc {
  id?: string;
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string | null;
  headline?: string | null;
  current_title?: string | null;
  current_company_name?: string | null;
  experiences?: { company_name?: string | null; title?: string | null; is_current?: boolean }[];
  location?: {
    raw?: string | null;
    city?: string | null;
    region?: string | null;
    country_code?: string | null;
    metro?: string | null;
  } | null;
  emails?: { address?: string; quality?: string }[];
  phone_numbers?: { number?: string }[];
  professional_username?: string | null;
}
