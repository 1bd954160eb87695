/**
 * Industries ("fintech", "healthtech", "gaming" → the corpus's industry names), skills (a general
 * vocabulary of languages, frameworks, clouds and business tools) and spoken languages
 * ("Spanish-speaking", "fluent in German"). Industries and tool skills found right before a
 * title are "transparent": the title grammar may take one back ("Web3 Engineer",
 * "Salesforce Administrator") when the title would otherwise be a bare head noun.
 */
import type { LanguageFilter } from '../advanced-filters.js';
import { INDUSTRY_PHRASES, SECTOR_PREFIXES } from './lexicon/industries.js';
import { LANGUAGE_NATIVE_WORDS, LANGUAGES } from './lexicon/languages.js';
import { SKILL_PHRASES, type SkillEntry } from './lexicon/skills.js';
import { STOP_WORDS } from './lexicon/stop-words.js';
import { insidePlacedName } from './place-position.js';
import { type CaseMode, claim, matchAt, type PhraseTake, phraseTable, scanPhrases, type Token } from './tokens.js';

/** A recognised industry or skill over tokens [from, to). */
export interface Unit {
  id: number;
  kind: 'industry' | 'skill';
  value: string;
  from: number;
  to: number;
  /** May be taken back into a title. */
  transparent: boolean;
  /** In front of a title: part of it ("Robotics Software Engineer") rather than context ("fintech"). */
  titlePart?: boolean;
}

const INDUSTRIES = phraseTable(INDUSTRY_PHRASES.map(([phrase, name]) => [phrase, { name, sector: SECTOR_PREFIXES.has(phrase) }] as const));
const PURE_SKILLS = phraseTable(SKILL_PHRASES.filter(([, e]) => e.kind === 'pure'));
const DUAL_SKILLS = phraseTable(SKILL_PHRASES.filter(([, e]) => e.kind === 'dual'));
const ALL_SKILLS = phraseTable(SKILL_PHRASES);

const COMPANY_NOUNS = /^(startups?|companies|company|labs?|firms?|agency|agencies|studios?)$/;

let nextId = 0;

export function scanIndustries(tokens: Token[]): Unit[] {
  return scanPhrases(tokens, INDUSTRIES, 'industry', (m): PhraseTake<Unit> | null => {
    // "in La Défense": a word of a place's name after a place word is the place's, not "defense".
    if (insidePlacedName(tokens, m.from, m.end)) return null;
    let end = m.end;
    const lastNorm = tokens[end - 1]?.norm ?? '';
    // "fintech startups", "gaming companies": the company noun goes with the industry.
    const withNoun = COMPANY_NOUNS.test(lastNorm) || (COMPANY_NOUNS.test(tokens[end]?.norm ?? '') && !tokens[end]?.claim);
    if (!COMPANY_NOUNS.test(lastNorm) && withNoun) end++;
    const item: Unit = {
      id: nextId++,
      kind: 'industry',
      value: m.value.name,
      from: m.from,
      to: end,
      transparent: !withNoun,
      titlePart: !m.value.sector,
    };
    return { item, to: end };
  });
}

const SKILL_NEXT = new Set(
  'experience exp skills skill developer developers engineer engineers programming programmer programmers knowledge expertise background stack proficiency certified certification ecosystem framework codebase code'.split(
    ' ',
  ),
);
const SKILL_PREV = new Set('with using knows know knowing proficient proficiency writes write writing uses use in'.split(' '));
const LIST_SEPARATORS = /^(,|and|or|\/|&)$/;

function canonicalCase(t: Token, entry: SkillEntry): boolean {
  return t.text === entry.name || (t.text.length > 1 && t.text === entry.name.split(' ')[0]);
}

function skillCue(tokens: Token[], from: number, to: number, entry: SkillEntry, mode: CaseMode, table: typeof ALL_SKILLS): boolean {
  const first = tokens[from] as Token;
  // One-letter names ("C", "R") only in capitals.
  if (first.norm.length === 1 && first.text !== first.text.toUpperCase()) return false;
  const next = tokens[to];
  const prev = tokens[from - 1];
  if (next && SKILL_NEXT.has(next.norm)) return true;
  // Leading a query, before more words: "go backend engineers", "react developers in Berlin".
  if (!prev && next && next.kind === 'word' && !STOP_WORDS.has(next.norm) && first.norm.length > 1) return true;
  if (prev && SKILL_PREV.has(prev.norm)) return true;
  // In a list with another skill: "Python, Go and Rust".
  const neighbour = (k: number) => {
    const t = tokens[k];
    return (
      !!t && (t.claim === 'skill' || (!t.claim && matchAt(tokens, k, table) !== null && !table.byFirst.get(t.norm)?.[0]?.value.ambiguous))
    );
  };
  if (next && LIST_SEPARATORS.test(next.norm) && (neighbour(to + 1) || neighbour(to + 2))) return true;
  if (prev && LIST_SEPARATORS.test(prev.norm) && (neighbour(from - 2) || (tokens[from - 2] && neighbour(from - 3)))) return true;
  if (mode === 'mixed' && canonicalCase(first, entry) && prev && !prev.stop && first.norm.length > 1) return true;
  return false;
}

function scanSkillTable(tokens: Token[], mode: CaseMode, table: typeof ALL_SKILLS, transparent: boolean): Unit[] {
  return scanPhrases(tokens, table, 'skill', (m): PhraseTake<Unit> | null => {
    if (m.value.ambiguous && !skillCue(tokens, m.from, m.end, m.value, mode, ALL_SKILLS)) return null;
    // Part of a hyphenated word ("go-to-market", "c-level").
    if (tokens[m.from]?.join || tokens[m.end]?.join) return null;
    return { item: { id: nextId++, kind: 'skill', value: m.value.name, from: m.from, to: m.end, transparent }, to: m.end };
  });
}

/** Whether a skill or an industry's words start at token `i` ("Tableau", "Apache Kafka", "fintech"). */
export function startsSkillOrIndustry(tokens: Token[], i: number): boolean {
  return !!matchAt(tokens, i, ALL_SKILLS) || !!matchAt(tokens, i, INDUSTRIES);
}

/** Tool and language skills (before titles: they may sit in front of one). */
export function scanPureSkills(tokens: Token[], mode: CaseMode): Unit[] {
  return scanSkillTable(tokens, mode, PURE_SKILLS, true);
}

/** Domain skills that double as title modifiers, on what titles left ("NLP experience"). */
export function scanDualSkills(tokens: Token[], mode: CaseMode): Unit[] {
  return scanSkillTable(tokens, mode, DUAL_SKILLS, false);
}

const LANGUAGE_BY_NORM = new Map(LANGUAGES.map((l) => [l.toLowerCase(), l === 'Farsi' ? 'Persian' : l]));
const LANGUAGE_BEFORE = new Set([
  'fluent',
  'fluency',
  'speaks',
  'speak',
  'speaking',
  'native',
  'bilingual',
  'proficient',
  'proficiency',
  'conversational',
]);
const LANGUAGE_AFTER = new Set(['speaking', 'speaker', 'speakers', 'language', 'fluency', 'proficiency', 'fluent', 'native']);

export interface LanguageMention {
  language: LanguageFilter;
  from: number;
  to: number;
}

/** "Spanish-speaking", "fluent in German", "native Japanese speaker", "bilingual in French and English". */
export function scanLanguages(tokens: Token[]): LanguageMention[] {
  const out: LanguageMention[] = [];
  let lastEnd = -1;
  let lastNative = false;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    const name = LANGUAGE_BY_NORM.get(t.norm);
    if (!name || t.claim) continue;
    let from = i;
    let to = i + 1;
    let native = false;
    let cued = false;
    let k = i - 1;
    if (tokens[k]?.norm === 'in') k--;
    if (LANGUAGE_BEFORE.has(tokens[k]?.norm ?? '')) {
      cued = true;
      from = k;
      native = LANGUAGE_NATIVE_WORDS.has(tokens[k]?.norm ?? '');
      if (tokens[k - 1] && LANGUAGE_BEFORE.has(tokens[k - 1]?.norm ?? '')) {
        from = k - 1;
        native ||= LANGUAGE_NATIVE_WORDS.has(tokens[k - 1]?.norm ?? '');
      }
    }
    while (tokens[to] && LANGUAGE_AFTER.has(tokens[to]?.norm ?? '')) {
      cued = true;
      to++;
    }
    if (/^(skills?|speakers?)$/.test(tokens[to]?.norm ?? '') && cued) to++;
    // "French and English": the second language shares the cue of the first.
    if (!cued && lastEnd >= 0 && (i === lastEnd || (i - lastEnd === 1 && /^(,|and|or|&|\/)$/.test(tokens[i - 1]?.norm ?? '')))) {
      cued = true;
      native = lastNative;
    }
    if (!cued) {
      // "Spanish and English speakers": look ahead for a cue after a list.
      const sep = tokens[i + 1];
      const other = tokens[i + 2];
      if (
        sep &&
        /^(,|and|or|&|\/)$/.test(sep.norm) &&
        other &&
        LANGUAGE_BY_NORM.has(other.norm) &&
        LANGUAGE_AFTER.has(tokens[i + 3]?.norm ?? '')
      )
        cued = true;
    }
    if (!cued) continue;
    claim(tokens, from, to, 'language');
    if (lastEnd >= 0 && i - lastEnd <= 1) claim(tokens, lastEnd, i, 'language');
    const language: LanguageFilter = { name };
    if (native) language.proficiency = 'Native or bilingual proficiency';
    if (!out.some((o) => o.language.name === name)) out.push({ language, from, to });
    lastEnd = to;
    lastNative = native;
    i = to - 1;
  }
  return out;
}
