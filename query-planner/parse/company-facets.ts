/**
 * The company side of a people query other than employers (companies.ts): funding stage
 * ("seed-stage", "Series B", "public company"), company context ("startup", "big tech", "FAANG",
 * "at enterprises") and size ("50-200 employees", "1,000+ employees", "small companies").
 */
import type { FundingStage, NumberRange } from '../advanced-filters.js';
import { CONTEXT_PHRASES, CONTEXT_SIZES, SEGMENT_FOLLOWERS, STAGE_PHRASES } from './lexicon/stages.js';
import { isHeadWord } from './title-heads.js';
import { claim, type PhraseTake, phraseTable, scanPhrases, type Token } from './tokens.js';

export interface StageMention {
  stages: FundingStage[];
  text: string;
  from: number;
  to: number;
}

export interface ContextMention {
  context: string;
  size: NumberRange | null;
  text: string;
  from: number;
  to: number;
}

export interface SizeMention {
  range: NumberRange;
  from: number;
  to: number;
}

const STAGES = phraseTable(STAGE_PHRASES);
const CONTEXTS = phraseTable(CONTEXT_PHRASES);

export function scanStages(tokens: Token[]): StageMention[] {
  return scanPhrases(tokens, STAGES, 'stage', (m): PhraseTake<StageMention> | null => {
    const i = m.from;
    // "seed" alone only as a stage word next to company words ("seed startups", "seed round").
    if (
      m.end - i === 1 &&
      tokens[i]?.norm === 'seed' &&
      !/^(startups?|companies|company|round|funded|stage)$/.test(tokens[m.end]?.norm ?? '')
    )
      return null;
    let end = m.end;
    if (/^(startups?|companies|company|stage|funded|round)$/.test(tokens[end]?.norm ?? '') && !tokens[end]?.claim) end++;
    const text = tokens
      .slice(i, end)
      .map((t) => t.text)
      .join(' ');
    return { item: { stages: [...m.value], text, from: i, to: end }, to: end };
  });
}

/**
 * Whether the words from `from` go on to a title's head ("enterprise development representative",
 * "enterprise AE") before a word that names companies ("enterprise security companies", which is
 * a company context, not a title nor Enterprise, Alabama).
 */
function titleFollows(tokens: Token[], from: number): boolean {
  for (let k = from; k < Math.min(tokens.length, from + 4); k++) {
    const t = tokens[k] as Token;
    if (/^(companies|company|firms?|orgs?|organi[sz]ations?|vendors?|startups?|clients?|customers?|accounts?)$/.test(t.norm) && k > from)
      return false;
    if (isHeadWord(t.norm)) return true;
    if (t.kind !== 'word' || t.claim) return false;
  }
  return false;
}

export function scanContexts(tokens: Token[]): ContextMention[] {
  return scanPhrases(tokens, CONTEXTS, 'context', (m): PhraseTake<ContextMention> | null => {
    const i = m.from;
    const next = tokens[m.end];
    let context = m.value;
    if (context === 'enterprise') {
      // "Enterprise AE", "Director of Enterprise Sales": a sales segment, part of the title.
      // "Director of Enterprise Sales", "VP Enterprise Sales": the department of a title before it.
      const before = tokens[i - 1];
      const inTitle = !!before && (before.norm === 'of' || isHeadWord(before.norm));
      if (next && SEGMENT_FOLLOWERS.has(next.norm) && (inTitle || titleFollows(tokens, m.end))) return null;
      const prev = tokens[i - 1]?.norm;
      if (prev === 'at' || /^(companies|company|orgs?|organi[sz]ations?|clients?|customers?)$/.test(next?.norm ?? ''))
        context = 'large_enterprise';
    }
    let end = m.end;
    if (/^(companies|company|firms?|orgs?)$/.test(tokens[end]?.norm ?? '') && !tokens[end]?.claim) end++;
    const text = tokens
      .slice(i, end)
      .map((t) => t.text)
      .join(' ');
    return { item: { context, size: CONTEXT_SIZES.get(context) ?? null, text, from: i, to: end }, to: end };
  });
}

const EMPLOYEE_WORDS = /^(employees?|people|staff|persons?|headcount|ftes?|workers|person|employee)$/;
const SIZE_WORDS: [string[], NumberRange][] = [
  [['small', 'companies'], { max: 200 }],
  [['small', 'company'], { max: 200 }],
  [['small', 'startups'], { max: 50 }],
  [['mid', 'size', 'companies'], { min: 200, max: 1000 }],
  [['mid', 'sized', 'companies'], { min: 200, max: 1000 }],
  [['midsize', 'companies'], { min: 200, max: 1000 }],
  [['mid', 'market', 'companies'], { min: 200, max: 1000 }],
  [['large', 'companies'], { min: 1000 }],
  [['large', 'company'], { min: 1000 }],
];

function sizeNumber(t: Token | undefined): { value: number; plus: boolean } | null {
  if (!t) return null;
  const m = /^(\d[\d,]*(?:\.\d+)?)(k|m)?(\+)?$/.exec(t.norm);
  if (!m) return null;
  const value = Number((m[1] as string).replace(/,/g, '')) * (m[2] === 'k' ? 1000 : m[2] === 'm' ? 1_000_000 : 1);
  return Number.isFinite(value) ? { value, plus: !!m[3] } : null;
}

export function scanSizes(tokens: Token[]): SizeMention[] {
  const out: SizeMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim) continue;
    const words = SIZE_WORDS.find(([seq]) => seq.every((s, k) => tokens[i + k]?.norm === s && !tokens[i + k]?.claim));
    if (words) {
      claim(tokens, i, i + words[0].length, 'size');
      out.push({ range: { ...words[1] }, from: i, to: i + words[0].length });
      i += words[0].length - 1;
      continue;
    }
    const n = sizeNumber(t);
    if (!n) continue;
    let k = i + 1;
    let range: NumberRange | null = null;
    const sep = tokens[k];
    const second = sep && (sep.norm === 'to' || sep.norm === 'and') ? tokens[k + 1] : sep?.join === '-' ? sep : undefined;
    const n2 = sizeNumber(second);
    if (second && n2 && n2.value > n.value) {
      k = second.i + 1;
      range = n2.plus ? { min: n.value } : { min: n.value, max: n2.value };
    }
    if (tokens[k]?.norm === '+') k++;
    const plus = n.plus || tokens[k - 1]?.norm === '+';
    if (!EMPLOYEE_WORDS.test(tokens[k]?.norm ?? '')) continue;
    let from = i;
    const before = (seq: string[]) => seq.every((s, q) => tokens[i - seq.length + q]?.norm === s);
    if (!range) {
      if (plus || before(['more', 'than']) || before(['over']) || before(['at', 'least']) || before(['>'])) range = { min: n.value };
      else if (before(['under']) || before(['less', 'than']) || before(['fewer', 'than']) || before(['up', 'to']) || before(['<']))
        range = { max: n.value };
      else continue;
      for (const seq of [['more', 'than'], ['over'], ['at', 'least'], ['under'], ['less', 'than'], ['fewer', 'than'], ['up', 'to']])
        if (before(seq)) from = i - seq.length;
    } else if (tokens[i - 1]?.norm === 'between') from = i - 1;
    claim(tokens, from, k + 1, 'size');
    out.push({ range, from, to: k + 1 });
    i = k;
  }
  return out;
}
