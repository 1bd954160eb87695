/**
 * Person rows: the public fields of a person's document with what the command loaded beside it
 * (requester-relative flags and proximity, correspondence, reasons, evidence, relationship
 * detail), then the asked columns. Pure.
 */
import type { PersonRowData, RowOptions } from '../../commands/search/people/person-rows.js';

/** Every column a row can carry, in output order. */
export const PERSON_FIELDS = [
  'id',
  'user_id',
  'name',
  'first_name',
  'last_name',
  'headline',
  'current_title',
  'current_company',
  'current_company_id',
  'location',
  'bio',
  'picture',
  'professional_username',
  'professional_url',
  'service_url',
  'seniority',
  'function',
  'years_experience',
  'social_proximity_score',
  'connection_degree',
  'service_connected',
  'is_service_connection',
  'professional_connected',
  'is_professional_connection',
  'has_previous_correspondence',
  'correspondence_count',
  'last_correspondence_at',
  'mutual_connection_count',
  'intro_paths',
  'match_reasons',
  'evidence_text',
  'evidence_json',
  'profile_text',
] as const;

const str = (v: unknown): string | null => (typeof v === 'string' && v !== '' ? v : null);

/** One person row. */
export function presentPersonRow(data: PersonRowData, options: RowOptions): Record<string, unknown> {
  const { id, doc, degree, reasons, text } = data;
  const loc = doc.location as { raw?: string } | undefined;
  const corr = data.correspondence;
  const row: Record<string, unknown> = {
    id,
    user_id: id,
    name: str(doc.display_name),
    first_name: str(doc.first_name),
    last_name: str(doc.last_name),
    headline: str(doc.headline),
    current_title: str(doc.current_title),
    current_company: str(doc.current_company_name),
    current_company_id: str(doc.current_company_id),
    location: str(loc?.raw),
    bio: str(doc.bio),
    picture: str(doc.picture_url),
    professional_username: str(doc.professional_username),
    professional_url: str(doc.professional_url),
    service_url: str(doc.service_url),
    seniority: str(doc.seniority),
    function: str(doc.function),
    years_experience: typeof doc.years_experience === 'number' ? doc.years_experience : null,
    social_proximity_score: data.proximity,
    connection_degree: degree,
    service_connected: data.service,
    is_service_connection: data.service,
    professional_connected: data.professional,
    is_professional_connection: data.professional,
    has_previous_correspondence: corr ? corr.count > 0 : false,
    correspondence_count: corr?.count ?? 0,
    last_correspondence_at: corr?.lastAt ? new Date(corr.lastAt).toISOString() : null,
    match_reasons: options.reasons ? reasons : null,
    evidence_text: options.evidenceText ? text : null,
  };
  if (options.evidenceJson) row.evidence_json = { match_reasons: reasons, connection_degree: degree, mutual_connection_count: data.mutual };
  if (data.mutualCount !== undefined) row.mutual_connection_count = data.mutualCount;
  if (data.introPaths !== undefined) row.intro_paths = data.introPaths;
  if (options.profileText) row.profile_text = text;
  return options.fields ? pick(row, options.fields) : row;
}

/** The rows of a page, in order. */
export function presentPersonRows(rows: PersonRowData[], options: RowOptions): Record<string, unknown>[] {
  return rows.map((r) => presentPersonRow(r, options));
}

function pick(row: Record<string, unknown>, fields: string[]): Record<string, unknown> {
  const out: Record<string, unknown> = { id: row.id, user_id: row.user_id };
  for (const f of fields) if (f in row) out[f] = row[f];
  return out;
}
