/**
 * One piece of a profile for `GET /profiles/:id/chunks`, evidence and profile text. Chunks are
 * derived from the stored profile when read ({@link chunksOf}); indices built before issue 17
 * also stored them in the document, and those are read as stored.
 */
export interface ProfileChunk {
  chunk_id: string;
  type: 'about' | 'experience' | 'education' | 'skills' | 'languages';
  text: string;
}

interface Experience {
  title: string;
  company_name: string;
  start: string;
  end?: string | null;
  is_current: boolean;
  location?: string | null;
  description?: string | null;
}
interface Education {
  school: string;
  degree?: string | null;
  field_of_study?: string | null;
  start_year?: number | null;
  end_year?: number | null;
}

const join = (parts: (string | null | undefined | false)[], sep: string): string => parts.filter((p): p is string => Boolean(p)).join(sep);

/**
 * A profile document's chunks: as stored by an older index, or built from the document itself
 * (the text they hold is the document's own, so it is not stored twice).
 */
export function chunksOf(doc: Record<string, unknown>): ProfileChunk[] {
  return Array.isArray(doc.chunks) ? (doc.chunks as ProfileChunk[]) : profileChunks(doc);
}

/** Builds the about, experience, education, skills and language chunks of a profile record. */
export function profileChunks(p: Record<string, unknown>): ProfileChunk[] {
  const chunks: ProfileChunk[] = [];
  const location = (p.location as { raw?: string } | null)?.raw;
  const about = join(
    [join([p.display_name as string, p.headline as string], ' — '), location && `Based in ${location}.`, p.bio as string],
    '\n',
  );
  if (about) chunks.push({ chunk_id: 'about', type: 'about', text: about });
  ((p.experiences as Experience[] | undefined) ?? []).forEach((e, i) => {
    const span = `${e.start} – ${e.is_current ? 'present' : (e.end ?? 'unknown')}`;
    chunks.push({
      chunk_id: `experience-${i}`,
      type: 'experience',
      text: join([`${e.title} at ${e.company_name} (${span})${e.location ? `, ${e.location}` : ''}`, e.description], '\n'),
    });
  });
  ((p.education as Education[] | undefined) ?? []).forEach((e, i) => {
    const what = join([e.degree, e.field_of_study && `in ${e.field_of_study}`], ' ');
    const years = e.start_year || e.end_year ? ` (${e.start_year ?? '?'}–${e.end_year ?? '?'})` : '';
    chunks.push({ chunk_id: `education-${i}`, type: 'education', text: `${what ? `${what}, ` : ''}${e.school}${years}` });
  });
  const skills = (p.skills as string[] | undefined) ?? [];
  if (skills.length) chunks.push({ chunk_id: 'skills', type: 'skills', text: `Skills: ${skills.join(', ')}` });
  const languages = (p.languages as { name: string; proficiency?: string | null }[] | undefined) ?? [];
  if (languages.length)
    chunks.push({
      chunk_id: 'languages',
      type: 'languages',
      text: `Languages: ${languages.map((l) => (l.proficiency ? `${l.name} (${l.proficiency})` : l.name)).join(', ')}`,
    });
  return chunks;
}
