/**
 * Degrees ("MBA", "PhD", "Bachelor's", "Master's", "JD", "MD") and schools ("Stanford", "MIT",
 * "went to Harvard", "alumni of Oxford", "University of Michigan"). Degree abbreviations that are
 * also place codes or words ("MA", "MS", "MD", "BA") need a degree cue ("an MD", "MS in") and
 * never follow a place word; school names that are also places or words ("Berkeley", "Oxford",
 * "Brown") need a school cue.
 */

import { DEGREE_CUES, DEGREE_PHRASES, SCHOOL_AFTER, SCHOOL_BEFORE, SCHOOLS } from './lexicon/education.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { placeStartsAt } from './places.js';
import { type CaseMode, claim, matchAt, type PhraseTake, phraseParts, phraseTable, scanPhrases, type Token } from './tokens.js';

export interface EducationMention {
  value: string;
  from: number;
  to: number;
}

const DEGREES = phraseTable(DEGREE_PHRASES.map(([phrase, degree, needsCue]) => [phrase, { degree, needsCue }] as const));
const SCHOOL_TABLE = phraseTable(SCHOOLS.map(([phrase, name, strict]) => [phrase, { name, strict }] as const));
const SCHOOL_CUES = phraseTable(SCHOOL_BEFORE.map((p) => [p, true] as const));
const NOT_BEFORE_DEGREE = new Set([
  'in',
  'near',
  'based',
  'located',
  'from',
  'around',
  'across',
  'jobs',
  'positions',
  'roles',
  'covering',
  'for',
]);

export function scanDegrees(tokens: Token[]): EducationMention[] {
  const seen = new Set<string>();
  return scanPhrases(tokens, DEGREES, 'degree', (m): PhraseTake<EducationMention> | null => {
    const i = m.from;
    const prev = tokens[i - 1];
    const next = tokens[m.end];
    if (m.value.needsCue) {
      if (prev && NOT_BEFORE_DEGREE.has(prev.norm)) return null;
      // "scrum masters", "LLM engineer": a title word next to it.
      if (prev && prev.kind === 'word' && !prev.claim && !DEGREE_CUES.has(prev.norm) && !STOP_WORDS.has(prev.norm)) return null;
      const isDegreeToken = (t: Token | undefined) => !!t && (t.claim === 'degree' || (!t.claim && matchAt(tokens, t.i, DEGREES) !== null));
      const cued =
        (!!next && DEGREE_CUES.has(next.norm) && next.norm !== 'a' && next.norm !== 'an') ||
        (!!prev && DEGREE_CUES.has(prev.norm) && !['and', 'or', 'in', 'from', 'graduate', 'graduates', 'grads'].includes(prev.norm)) ||
        (!!next && /^(\/|and|or)$/.test(next.norm) && isDegreeToken(tokens[m.end + 1])) ||
        (!!prev && /^(\/|and|or)$/.test(prev.norm) && isDegreeToken(tokens[i - 2]));
      // Capitals required for the short forms ("an MD", not "an md").
      const short = (tokens[i] as Token).norm.length <= 3;
      if (!cued || (short && !(tokens[i] as Token).upper)) return null;
    }
    let end = m.end;
    if (/^(degrees?|holders?)$/.test(tokens[end]?.norm ?? '')) end++;
    const degreeEnd = end;
    // The field of study: "MS in Computer Science", "PhD in physics" (kept as keywords).
    if (/^(in|of)$/.test(tokens[end]?.norm ?? '') && !placeStartsAt(tokens, end + 1)) {
      let f = end + 1;
      while (f < end + 4 && tokens[f]?.kind === 'word' && !tokens[f]?.claim && !STOP_WORDS.has(tokens[f]?.norm ?? '')) f++;
      if (f > end + 1) {
        claim(tokens, end, end + 1, 'degree');
        claim(tokens, end + 1, f, 'field');
        end = f;
      }
    }
    const first = !seen.has(m.value.degree);
    seen.add(m.value.degree);
    return { item: first ? { value: m.value.degree, from: i, to: end } : null, to: end, claimTo: degreeEnd };
  });
}

function titleCase(words: Token[]): string {
  return words
    .map((t) => (t.norm === 'of' || t.norm === 'at' || t.norm === 'the' ? t.norm : t.text[0]?.toUpperCase() + t.text.slice(1)))
    .join(' ');
}

/** Whether a school cue ("went to", "alumni of") ends right before token `i`. */
function cueBefore(tokens: Token[], i: number): number {
  for (let len = 4; len >= 1; len--) {
    const start = i - len;
    if (start < 0) continue;
    const m = matchAt(tokens, start, SCHOOL_CUES, true);
    if (m && m.end === i) return start;
  }
  return -1;
}

function nameWord(t: Token | undefined, mode: CaseMode): boolean {
  return !!t && t.kind === 'word' && !t.claim && !STOP_WORDS.has(t.norm) && (mode !== 'mixed' || t.cap);
}

export function scanSchools(tokens: Token[], mode: CaseMode): EducationMention[] {
  const out: EducationMention[] = [];
  const push = (value: string, from: number, to: number) => {
    claim(tokens, from, to, 'school');
    if (!out.some((o) => o.value === value)) out.push({ value, from, to });
  };
  const universityParts = phraseParts('university of');
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim) continue;
    const cue = cueBefore(tokens, i);
    // "University of Michigan", "University of California, Berkeley".
    if (t.norm === universityParts[0] && tokens[i + 1]?.norm === 'of' && nameWord(tokens[i + 2], mode)) {
      let end = i + 3;
      while (end < i + 5 && nameWord(tokens[end], mode)) end++;
      let to = end;
      if (tokens[end]?.norm === ',' && nameWord(tokens[end + 1], mode) && mode === 'mixed') to = end + 2;
      const name = titleCase(tokens.slice(i, end)) + (to > end ? `, ${titleCase(tokens.slice(end + 1, to))}` : '');
      push(name, cue >= 0 ? cue : i, to);
      i = to - 1;
      continue;
    }
    // "Boston University", "Imperial College", "Georgia Institute of Technology" (capitalised, mixed-case text).
    if (mode === 'mixed' && t.cap && !STOP_WORDS.has(t.norm)) {
      let k = i;
      while (k < i + 3 && nameWord(tokens[k], mode)) k++;
      const tail = tokens[k];
      if (k > i && tail && tail.cap && /^(university|college|polytechnic)$/.test(tail.norm)) {
        push(titleCase(tokens.slice(i, k + 1)), cue >= 0 ? cue : i, k + 1);
        i = k;
        continue;
      }
    }
    const m = matchAt(tokens, i, SCHOOL_TABLE);
    if (!m) continue;
    const after = tokens[m.end];
    const afterCue = !!after && SCHOOL_AFTER.has(after.norm);
    if (m.value.strict && cue < 0 && !afterCue) continue;
    if (tokens[i]?.join || after?.join) continue;
    push(m.value.name, cue >= 0 ? cue : i, afterCue ? m.end + 1 : m.end);
    i = (afterCue ? m.end + 1 : m.end) - 1;
  }
  return out;
}
