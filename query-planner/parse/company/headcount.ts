/**
 * Head counts in company queries: "50-200 employees", "under 50 people", "no more than 30
 * employees", "10k+ employees", "at least 250 staff", "a team of 12"; size words apply only
 * without a number ("tiny team" → max 20, "mid-sized" → 200..1,000, "large company" → min 1,000).
 */
import type { NumberRange } from '../../advanced-filters.js';
import { claim, type Token } from '../tokens.js';
import { boundAfter, boundBefore, type NumberMention } from './number-words.js';
import type { Scopes } from './scopes.js';

const COUNT = /^(\d{1,3}(?:,\d{3})+|\d+(?:\.\d+)?)(k)?(\+)?$/;
const EMPLOYEE_WORDS =
  /^(employees?|people|persons?|staff|staffers|headcount|ftes?|workers|heads|employee-count|team-members|members|strong)$/;
/** A unit after a number that is not a head count. */
const UNITS =
  /^(years?|yrs?|months?|weeks?|days?|hours?|%|percent|x|times|countries|cities|offices|locations|customers|clients|users|markets|products|engineers|developers|investors|rounds?|patents|stores|million|billion|m|b|bn|mn|k|dollars|usd|eur|euros|minutes|seconds|stars|downloads|installs|members?hips?|ago|old|am|pm)$/;
/** Plurals of people by their work ("instructors", "nurses", "trainees"), for "N instructors and staff". */
const PEOPLE_PLURAL = /(?:er|or|ist|ian|ant|ent|ee|nurse|aide|agent|guide)s$/;
const TEAM_BEFORE = /^(team|teams|headcount|staff|size|workforce|employees|payroll)$/;

interface Count {
  value: number;
  plus: boolean;
}

function countOf(t: Token | undefined): Count | null {
  if (!t || t.claim) return null;
  const m = COUNT.exec(t.norm);
  if (!m) return null;
  const value = Number((m[1] as string).replace(/,/g, '')) * (m[2] ? 1000 : 1);
  return Number.isFinite(value) ? { value, plus: !!m[3] } : null;
}

function yearLike(n: number): boolean {
  return Number.isInteger(n) && n >= 1900 && n <= 2099;
}

export function scanEmployees(tokens: Token[], scopes: Scopes): NumberMention[] {
  const out: NumberMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const c = countOf(tokens[i]);
    if (!c || tokens[i]?.join) continue;
    let k = i + 1;
    let second: Count | null = null;
    const sep = tokens[k];
    if (sep?.join === '-' && countOf(sep)) {
      second = countOf(sep);
      k++;
    } else if (sep && /^(to|-|through)$/.test(sep.norm)) {
      second = countOf(tokens[k + 1]);
      if (second) k += 2;
    } else if (sep?.norm === 'and' && tokens[i - 1]?.norm === 'between') {
      second = countOf(tokens[k + 1]);
      if (second) k += 2;
    }
    if (second && second.value === c.value) continue;
    // Written high to low ("between 500 and 200 employees"): the same span.
    const low = second && second.value < c.value ? second : c;
    const high = second && second.value < c.value ? c : second;
    let plus = c.plus || !!second?.plus;
    // "200+", "200-plus", "200 plus staff".
    if (tokens[k]?.norm === '+' || (tokens[k]?.norm === 'plus' && tokens[k + 1]?.kind === 'word')) {
      plus = true;
      k++;
    }
    // The word after: "employees", "people", "-person", "employee range", "team members".
    let word = false;
    let end = k;
    const w = tokens[k];
    if (w && w.kind === 'word' && (EMPLOYEE_WORDS.test(w.norm) || /^(person|people|employee|strong)$/.test(w.norm))) {
      word = true;
      end = k + 1;
      if (/^(range|count|size)$/.test(tokens[end]?.norm ?? '')) end++;
      // "20 people strong or smaller": "strong" after the noun, the bound after it.
      else if (tokens[end]?.norm === 'strong' && w.norm !== 'strong') end++;
    } else if (w?.norm === 'team' && tokens[k + 1]?.norm === 'members') {
      word = true;
      end = k + 2;
    } else if (
      w?.kind === 'word' &&
      PEOPLE_PLURAL.test(w.norm) &&
      /^(and|&)$/.test(tokens[k + 1]?.norm ?? '') &&
      /^(staff|employees|workers)$/.test(tokens[k + 2]?.norm ?? '')
    ) {
      // "200 instructors and staff", "50 nurses & employees": the whole workforce, by its trade and the rest.
      word = true;
      end = k + 3;
    } else if (w?.norm === 'range' && second) {
      word = true;
      end = k + 1;
    }
    const unit = !word && w && w.kind === 'word' && (UNITS.test(w.norm) || w.join === '-');
    if (unit) continue;
    const values = [c.value, second?.value ?? c.value];
    const before = boundBefore(tokens, i);
    // "headcount above 2,000", "a headcount of over 2000": right after a head-count word, a number
    // that could be a year is a head count.
    const p = tokens[before.from - 1]?.norm === 'of' ? before.from - 2 : before.from - 1;
    const countNamed = p >= 0 && /^(headcount|workforce|payroll)$/.test(tokens[p]?.norm ?? '');
    if (!word && !countNamed && values.some(yearLike)) continue;
    if (!word && w?.kind === 'word' && /^(of|in|at)$/.test(w.norm) && !second && !plus) continue;
    // "50-person teams or smaller", "a 200-employee company or larger": the bound after the noun.
    let after = boundAfter(tokens, end);
    if (
      !after.bound &&
      word &&
      w?.join === '-' &&
      /^(teams?|compan(y|ies)|firms?|startups?|shops?|outfits?|operations?)$/.test(tokens[end]?.norm ?? '')
    ) {
      const later = boundAfter(tokens, end + 1);
      if (later.bound) after = later;
    }
    // "a payroll above 2,000": the head-count word is part of the mention.
    let from = countNamed ? p : before.from;
    // "team of 15", "headcount of 200", "small teams under 40".
    let teamCue = false;
    for (let q = from - 1; q >= 0 && from - q <= 4; q--) {
      const u = tokens[q] as Token;
      if (u.kind === 'punct' && u.text !== '(') break;
      if (TEAM_BEFORE.test(u.norm)) teamCue = true;
    }
    let r: NumberRange | null = null;
    if (second && low && high) r = high.plus ? { min: low.value } : { min: low.value, max: high.value };
    else if (plus || before.bound === 'min' || after.bound === 'min') r = { min: c.value };
    else if (before.bound === 'max' || after.bound === 'max') r = { max: c.value };
    else if (word || teamCue) r = { min: c.value };
    if (!r) continue;
    // A bare number needs a range, a "+", a comparative, an employee word or a team phrase.
    if (!word && !second && !plus && !before.bound && !after.bound && !teamCue) continue;
    if (second && tokens[i - 1]?.norm === 'between') from = Math.min(from, i - 1);
    end = Math.max(end, after.end);
    claim(tokens, from, end, 'size');
    out.push({ kind: 'employees', range: r, negated: scopes.negated.has(i), from, to: end });
    i = end - 1;
  }
  return out;
}

const SIZE_ADJECTIVES: [RegExp, NumberRange, NumberRange][] = [
  // [adjective, range with team/startup, range with company]
  [/^(tiny|micro)$/, { max: 20 }, { max: 20 }],
  [/^(small|smaller|lean|little)$/, { max: 50 }, { max: 200 }],
  [/^(mid-?sized?|midsized?|medium-?sized?|medium)$/, { min: 200, max: 1000 }, { min: 200, max: 1000 }],
  [/^(large|larger|big|bigger|massive|huge|giant|enormous)$/, { min: 1000 }, { min: 1000 }],
];
/**
 * Nouns that make a size word part of a trade's name: "small business lending", "small modular
 * reactors", "small molecule drugs", "large language models", "big data", "micro mobility", "tiny
 * homes". The size word is then no headcount.
 */
export const SIZE_COMPOUNDS: ReadonlyMap<string, RegExp> = new Map(
  Object.entries({
    small:
      /^(business|businesses|modular|molecules?|cells?|satellites?|sats?|arms|engines?|cap|caps|batch|animals?|appliances?|wind|hydro|craft|claims|loans?|parcels?)$/,
    large: /^(language|format|cap|caps|animals?|scale)$/,
    big: /^(data|box|pharma|game|cat|cats)$/,
    micro: /^(mobility|finance|lending|loans?|electronics|fluidics|grids?|cap|caps|brewery|breweries|irrigation|biome|insurance|credit)$/,
    tiny: /^(homes?|house|houses)$/,
    little: /^(league)$/,
  }),
);
/** Partners that are also a company's head noun: a trade's name only with a word after them ("small business lending", not "small businesses"). */
const HEAD_PARTNERS = /^(business|businesses)$/;

/** Whether the size word `word` and the token at `next` name a trade together ({@link SIZE_COMPOUNDS}). */
export function sizeCompoundAt(tokens: Token[], next: number, word: string): boolean {
  const partner = tokens[next];
  if (!partner || !SIZE_COMPOUNDS.get(word)?.test(partner.norm)) return false;
  if (!HEAD_PARTNERS.test(partner.norm)) return true;
  const after = tokens[next + 1];
  return (
    after?.kind === 'word' &&
    (!after.claim || after.claim === 'industry') &&
    /\p{L}{3,}/u.test(after.norm) &&
    !/^(in|at|with|for|from|based|that|who|which|and|or|of)$/.test(after.norm)
  );
}

const TEAM_NOUNS = /^(teams?|startups?|start-ups?|outfits?|shops?|crews?)$/;
const COMPANY_NOUNS = /^(companies|company|firms?|businesses|business|orgs?|organi[sz]ations?|corporations?|employers?)$/;

/** "tiny teams", "small startup", "massive teams", "mid-sized companies", "still small". */
export function scanSizeWords(tokens: Token[], scopes: Scopes): NumberMention[] {
  const out: NumberMention[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    // "serving small businesses": the customers' size, not the company's.
    if (t.claim || t.kind !== 'word' || scopes.customer.has(i)) continue;
    // "mid-sized" is two tokens glued by "-".
    let word = t.norm;
    let end = i + 1;
    if ((word === 'mid' || word === 'medium') && tokens[i + 1]?.join === '-' && /^(sized?|size)$/.test(tokens[i + 1]?.norm ?? '')) {
      word = `${word}-sized`;
      end = i + 2;
    }
    const entry = SIZE_ADJECTIVES.find(([re]) => re.test(word));
    if (!entry || sizeCompoundAt(tokens, end, word)) continue;
    // The noun it sizes, possibly after one sector word ("small AI startups", "massive teams").
    let nounAt = -1;
    for (let k = end; k < Math.min(tokens.length, end + 3); k++) {
      const u = tokens[k] as Token;
      if (u.kind === 'punct') break;
      if (TEAM_NOUNS.test(u.norm) || COMPANY_NOUNS.test(u.norm)) {
        nounAt = k;
        break;
      }
    }
    const still = /^(still|stays?|remains?|fairly|quite|relatively)$/.test(tokens[i - 1]?.norm ?? '');
    if (nounAt < 0 && !still) continue;
    const team = nounAt < 0 || TEAM_NOUNS.test(tokens[nounAt]?.norm ?? '');
    const r = team ? entry[1] : entry[2];
    claim(tokens, i, end, 'size');
    if (nounAt >= 0 && TEAM_NOUNS.test(tokens[nounAt]?.norm ?? '') && /^teams?$/.test(tokens[nounAt]?.norm ?? ''))
      claim(tokens, nounAt, nounAt + 1, 'size');
    out.push({ kind: 'employees', range: { ...r }, negated: scopes.negated.has(i), from: i, to: nounAt >= 0 ? nounAt + 1 : end });
  }
  return out;
}
