import { chunksOf } from '../../../indexer/transform/chunks.js';
import type { PostDoc, ProfileDoc } from '../../commands/read-profile.js';

type Location = { raw?: string } | null | undefined;

/** The Profile snapshot resource: exactly the fields of the contract. */
export function presentSnapshot(p: ProfileDoc): Record<string, unknown> {
  return {
    id: p.id,
    name: (p.display_name as string | undefined) ?? null,
    username: (p.professional_username as string | undefined) ?? null,
    picture: (p.picture_url as string | undefined) ?? null,
    bio: (p.bio as string | undefined) ?? null,
    location: (p.location as Location)?.raw ?? null,
    professional_url: (p.professional_url as string | undefined) ?? null,
    service_url: (p.service_url as string | undefined) ?? null,
    created_at: p.created_at as string,
    last_active: (p.last_active_at as string | undefined) ?? null,
  };
}

export interface ChunkOut {
  chunk_id: string;
  type: string;
  text: string;
  post_id?: string;
  posted_at?: string;
}

/** Profile chunks plus one chunk per recent post. */
export function presentChunks(p: ProfileDoc, posts: PostDoc[]): ChunkOut[] {
  const cached = chunksOf(p).map((c) => ({ chunk_id: c.chunk_id, type: c.type, text: c.text }));
  return [
    ...cached,
    ...posts
      .filter((x) => x.text)
      .map((x) => ({ chunk_id: `post-${x.id}`, type: 'post', text: x.text as string, post_id: x.id, posted_at: x.posted_at })),
  ];
}

/** Company signals copied onto the profile at index time, as sentences. */
function companySignals(p: ProfileDoc): string | null {
  const c = p.current_company as Record<string, unknown> | undefined;
  const name = p.current_company_name as string | undefined;
  if (!c || !name) return null;
  const parts = [
    c.industry && `industry ${c.industry}`,
    typeof c.employee_count === 'number' && `${c.employee_count} employees`,
    c.funding_stage && `funding stage ${String(c.funding_stage).replace(/_/g, ' ')}`,
    c.status && c.status !== 'active' && `status ${c.status}`,
    c.is_public === true ? 'publicly traded' : c.is_public === false ? 'privately held' : null,
  ].filter(Boolean);
  return parts.length ? `Current company ${name}: ${parts.join(', ')}.` : null;
}

/**
 * Embedding-ready text. `base`: who the person is (the cached chunks in a stable order).
 * `full`: adds recent posts and company signals.
 */
export function presentText(p: ProfileDoc, mode: 'base' | 'full', posts: PostDoc[]): Record<string, unknown> {
  const sections: { type: string; text: string }[] = chunksOf(p).map((c) => ({
    type: c.type,
    text: c.text,
  }));
  if (mode === 'full') {
    const signals = companySignals(p);
    if (signals) sections.push({ type: 'company', text: signals });
    for (const post of posts) if (post.text) sections.push({ type: 'post', text: `Post (${post.posted_at.slice(0, 10)}): ${post.text}` });
  }
  const text = sections.map((s) => s.text).join('\n\n');
  return { mode, text, char_count: text.length, sections };
}
