/**
 * Proxima's deterministic natural-language parser for company search: a query ("Swiss fintech
 * with 40-80 employees", "German biotech founded after 2020 with $10M+ raised", "companies like
 * Stripe in Europe") becomes typed CompanyFilters (query-planner/company-filters.ts), the places
 * it resolved, reference company names for the route to resolve, residual keywords, and a trace
 * of what was recognised from which text. No model, no I/O: the people parser's tokenizer and
 * place scanner, then a fixed order of recognisers over one token array, each claiming the tokens
 * it understood (docs/natural-language.md, "Company queries"):
 *
 * 1. scopes: negations ("NOT manufacturing", "outside of cybersecurity") and customer phrases
 *    ("for healthcare", "serving K-12"), parse/company/scopes.ts;
 * 2. reference names ("companies like Stripe", "competitors of Acme"), names.ts;
 * 3. funding stages, company types and statuses, traits.ts;
 * 4. money (funding, revenue, valuation), founding years, employee counts, numbers.ts;
 * 5. sectors → industries and categories of the corpus taxonomy, sectors.ts;
 * 6. headquarters places (demonyms, gazetteer places, markets left out), places.ts;
 * 7. open-vocabulary topics: the descriptive phrase left ("ghost kitchen operators" → "ghost
 *    kitchen", "companies that make pianos" → "pianos"), topics.ts;
 * 8. residual keywords.
 *
 * How the filters combine: values within one field are alternatives (any of them), fields are
 * all required. Sectors go to `categories.include` only: a sector that names a whole industry
 * ("biotech", "fintech") adds the industry's name as one more alternative there (an expansion,
 * never a gate: `industries` is not set by the parser), so a fintech company filed under
 * Software is still found. Exclusions go to `categories.exclude` only: excluding an industry
 * could drop the very companies a sub-sector included. A tag both included and excluded is kept
 * included ("agritech ... vs traditional agriculture").
 *
 * Topics go to `categories.include` (or `.exclude`) as written; the query builder matches a
 * category value as text against the company's categories, industry and description, so an
 * unseen sector still filters. A known sector inside a longer topic ("software" in "beekeeping
 * software") is then an expansion only: its tags become keywords (relevance), not a filter. When
 * any topic is included, `industries` is never set: the topic would otherwise be gated by the
 * industry of a sector named next to it.
 */
import pluralize from 'pluralize';
import type { FundingStage, NumberRange } from '../advanced-filters.js';
import type { CompanyFilters, CompanyType } from '../company-filters.js';
import { COMPANY_SEARCH_LIMITS } from '../limits.js';
import type { PlaceMatch } from '../places.js';
import { isDemonym } from './company/demonyms.js';
import { scanNames } from './company/names.js';
import { type NumberMention, scanNumbers } from './company/numbers.js';
import { scanCompanyPlaces } from './company/places.js';
import { findScopes } from './company/scopes.js';
import { isSectorStart, type SectorMention, scanSectors } from './company/sectors.js';
import { figureAmounts, spokenNumbersToDigits } from './company/spoken-numbers.js';
import { scanTopics } from './company/topics.js';
import { type CompanyStatus, isTraitStart, scanTraits } from './company/traits.js';
import { filterText, type RecognizedItem } from './index.js';
import { KEYWORD_STOP_WORDS } from './lexicon/stop-words.js';
import { placeStartsAt } from './places.js';
import { type CaseMode, caseMode, claim, expandShorthand, type Token, tokenize } from './tokens.js';

export interface ParsedCompanyQuery {
  filters: CompanyFilters;
  /** The resolved headquarters places, in the order of `filters.locations.include`. */
  places: PlaceMatch[];
  /** Residual meaningful words, lowercase, stop words and company filler removed, in text order. */
  keywords: string[];
  /** Reference company names ("companies like Stripe"), to resolve against the index; never filters. */
  names: string[];
  /** What was recognised from which text, in text order. */
  recognized: RecognizedItem[];
}

export interface CompanyParseOptions {
  /** The current year, for "founded this decade" / "in the last 5 years" (default: the clock's). */
  year?: number;
}

/** At most this many residual keywords. */
export const MAX_COMPANY_KEYWORDS = 25;
/** Longest name or keyword kept: a filter value's limit. */
const VALUE_CHARS = COMPANY_SEARCH_LIMITS.valueChars;

/** Generic company words: never keywords. */
const COMPANY_FILLER = new Set(
  `startup startups start-up start-ups business businesses corporation corporations corp inc ltd llc gmbh plc vendor vendors provider
  providers player players tech technology technologies platform platforms tool tools solution solutions lab labs studio studios
  outfit outfits venture ventures organization organizations organisation organisations org orgs scaleup scaleups scale-up scale-ups
  doing building builds build built focused focusing focus making makes make actually already successfully really real even
  headquartered hq hq'd hqd hq'ed hqed founded started established launched born raised raise raising raises funded funding backed total range stage
  round recently just still yet ones one doesn't don't aren't isn't went go goes going grew grow growing now company's companies'`
    .split(/\s+/)
    .filter(Boolean),
);

/** Two-word keywords kept whole. */
const KEYWORD_COMPOUNDS: ReadonlyMap<string, string> = new Map([
  ['deep tech', 'deeptech'],
  ['hard tech', 'hardtech'],
]);

function push<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

function textOf(source: string, tokens: Token[], from: number, to: number): string {
  const a = tokens[from];
  const b = tokens[Math.max(from, to - 1)];
  return a && b ? source.slice(a.start, b.end) : '';
}

/** The first range of a kind, completed by a later one that has the bound it lacks. */
function firstRange(mentions: NumberMention[]): NumberRange | null {
  const usable = mentions.filter((m) => !m.negated);
  const first = usable[0];
  if (!first) return null;
  const range: NumberRange = { ...first.range };
  for (const m of usable.slice(1)) {
    // A closed span inside an open one narrows it: "post-pandemic startup from 2022" is 2022.
    const { min, max } = m.range;
    const inside = min !== undefined && max !== undefined && (range.min ?? min) <= min && (range.max ?? max) >= max;
    if (inside && (range.min === undefined || range.max === undefined)) return { min, max };
    if (range.min === undefined && m.range.min !== undefined && m.range.max === undefined) range.min = m.range.min;
    if (range.max === undefined && m.range.max !== undefined && m.range.min === undefined) range.max = m.range.max;
  }
  return range;
}

/** Coinages that name a whole taxonomy industry ("fintech", "healthtech", "ed-tech", "med tech"). */
const SECTOR_COINAGE = /^[a-z]+[- ]?tech$/;

/**
 * A sector phrase as compared with the taxonomy: singular, without spaces, hyphens, "-tech" and
 * business-model words ("cyber security" is "cybersecurity", "HR" is "hr tech", "B2B SaaS" is "saas").
 */
function compact(x: string): string {
  return singular(x)
    .replace(/\b(b2b|b2c|d2c|b2b2c)\b/g, '')
    .replace(/[- ]?tech$/, '')
    .replace(/[\s-]+/g, '');
}

/**
 * Whether "tech" or "technology" stands alone as the sector: unclaimed, not glued to a word, and
 * with nothing but a place, a stage, a size or an article before it ("Icelandic tech", "a tech
 * company"), not "big tech" (a kind of company) or "climate tech" (read with its sector).
 */
function bareTech(tokens: Token[]): boolean {
  return tokens.some((t, i) => {
    if (t.claim || t.join || tokens[i + 1]?.join || !/^tech(nology)?$/.test(t.norm)) return false;
    const prev = tokens[i - 1];
    return !prev || prev.kind === 'punct' || /^(a|an|the|in|of)$/.test(prev.norm) || (!!prev.claim && prev.claim !== 'ignored');
  });
}

/** A phrase with every word in the singular ("medical devices" → "medical device"). */
function singular(phrase: string): string {
  return phrase
    .split(' ')
    .map((w) => (/^\p{L}{4,}$/u.test(w) ? pluralize.singular(w) : w))
    .join(' ');
}

/** A sector mention as written, lowercase, without the company nouns after it ("robotics startups" → "robotics"). */
function sectorSurface(source: string, tokens: Token[], s: SectorMention): string {
  let to = s.to;
  const tail = (norm: string) =>
    (COMPANY_FILLER.has(norm) && !/^tech(nology|nologies)?$/.test(norm)) ||
    /^(compan(y|ies)|firms?|space|sector|industry|market|vertical)$/.test(norm);
  while (to > s.from + 1 && tail(tokens[to - 1]?.norm ?? '')) to--;
  return to > s.from ? textOf(source, tokens, s.from, to).toLowerCase().replace(/\s+/g, ' ') : '';
}

function residualKeywords(tokens: Token[], skip: Set<number>): string[] {
  const keywords: string[] = [];
  const usable = (k: number) => {
    const t = tokens[k];
    return !!t && t.kind === 'word' && !t.claim && !skip.has(k);
  };
  // No keyword is longer than a filter value may be: no word is, and the engines refuse such terms.
  const keep = (w: string) =>
    w.length >= 2 &&
    w.length <= VALUE_CHARS &&
    /\p{L}/u.test(w) &&
    !KEYWORD_STOP_WORDS.has(w) &&
    !COMPANY_FILLER.has(w) &&
    !/^[\d$€£]/.test(w);
  for (let i = 0; i < tokens.length; i++) {
    if (!usable(i)) continue;
    // Hyphenated words stay whole ("mobile-first", "pre-product") when every part carries meaning.
    let end = i + 1;
    while (usable(end) && tokens[end]?.join === '-') end++;
    const parts = tokens.slice(i, end).map((t) => t.norm.replace(/^'+|'+$/g, '').replace(/'s$/, ''));
    const pair = end === i + 1 && usable(i + 1) ? KEYWORD_COMPOUNDS.get(`${parts[0]} ${tokens[i + 1]?.norm}`) : undefined;
    if (pair) {
      push(keywords, pair);
      i++;
    } else if (parts.length > 1 && parts.every(keep) && keep(parts.join('-'))) push(keywords, parts.join('-'));
    else if (parts.length > 1 && COMPANY_FILLER.has(parts.join('-'))) {
      // "start-up".
    } else for (const p of parts) if (keep(p)) push(keywords, p);
    if (keywords.length >= MAX_COMPANY_KEYWORDS) return keywords.slice(0, MAX_COMPANY_KEYWORDS);
    i = end - 1;
  }
  return keywords;
}

export function parseCompanyQuery(input: string, options: CompanyParseOptions = {}): ParsedCompanyQuery {
  let source = typeof input === 'string' ? input : '';
  if (source.length > COMPANY_SEARCH_LIMITS.queryChars) source = source.slice(0, COMPANY_SEARCH_LIMITS.queryChars);
  // "over five hundred staff" is read as "over 500 staff" (company/spoken-numbers.ts).
  source = spokenNumbersToDigits(source);
  // "eight-figure funding", "a 3-digit headcount" (company/spoken-numbers.ts).
  source = figureAmounts(source);
  // "~$15M-$40M", "w/ 500+ staff", "w/o VC money".
  source = expandShorthand(source);
  const now = options.year ?? new Date().getFullYear();
  const tokens = tokenize(source);
  const mode: CaseMode = caseMode(tokens);
  const recognized: (RecognizedItem & { at: number })[] = [];
  const note = (kind: string, from: number, to: number, value: unknown) =>
    recognized.push({ kind, text: textOf(source, tokens, from, to), value, at: from });

  // 1. Scopes; negation cues are claimed (never keywords).
  const scopes = findScopes(tokens);
  for (const k of scopes.cues) claim(tokens, k, k + 1, 'ignored');

  // 2. Reference names, before vocabulary could read them as sectors.
  const vocabulary = (i: number) =>
    i >= 0 && (isSectorStart(tokens, i) || isTraitStart(tokens, i) || placeStartsAt(tokens, i) || /^[$€£\d]/.test(tokens[i]?.norm ?? ''));
  // After a cue ("companies like Patagonia", "competitors of Boston Dynamics") a capitalised
  // place is a company's name.
  const placeOnly = (i: number) => placeStartsAt(tokens, i) && !isSectorStart(tokens, i) && !isTraitStart(tokens, i);
  const nameScan = scanNames({ text: source, tokens, mode, vocabulary, placeOnly });
  for (const n of nameScan.names) note('name', n.from, n.to, n.text);
  for (const d of nameScan.described) note('competitor_description', d.from, d.to, textOf(source, tokens, d.from, d.to));

  // 3. Traits.
  const traits = scanTraits(tokens, scopes);
  const stages: FundingStage[] = [];
  const types: CompanyType[] = [];
  const statuses: CompanyStatus[] = [];
  for (const t of traits) {
    const tr = t.trait;
    const value = tr.kind === 'funding_stage' ? tr.stages : tr.kind === 'company_type' ? tr.type : tr.status;
    note(t.negated ? `${tr.kind}_negated` : tr.kind, t.from, t.to, value);
    if (t.negated) continue;
    if (tr.kind === 'funding_stage') for (const s of tr.stages) push(stages, s);
    else if (tr.kind === 'company_type') push(types, tr.type);
    else push(statuses, tr.status);
  }

  // 4. Numbers.
  const numbers = scanNumbers(tokens, scopes, now);
  const kindNames: Record<string, string> = {
    funding: 'total_funding',
    revenue: 'revenue',
    valuation: 'valuation',
    founded: 'founded_year',
    employees: 'employee_count',
  };
  for (const m of [...numbers.money, ...numbers.founded, ...numbers.employees])
    note(`${kindNames[m.kind]}${m.negated ? '_negated' : ''}`, m.from, m.to, m.range);
  for (const m of numbers.sizeWords) note('company_size', m.from, m.to, m.range);

  // 5. Sectors.
  const sectors = scanSectors(tokens, scopes, mode, isDemonym);
  for (const s of sectors)
    note(s.customer ? 'customer_sector' : s.negated ? 'industry_excluded' : 'industry', s.from, s.to, {
      industry: s.sector.industry,
      categories: s.sector.categories,
    });

  // 6. Places.
  const places = scanCompanyPlaces(source, tokens, mode, scopes);
  for (const p of places.hq) note(p.exclude ? 'location_excluded' : 'location', p.from, p.to, { kind: p.match.kind, name: p.match.name });
  for (const p of places.other) note('location_other', p.from, p.to, { kind: p.match.kind, name: p.match.name });

  // 7. Topics; the sectors inside one only expand it.
  // Filler -ing words may be nouns in a topic ("building materials"); topics.ts knows the verbs.
  const topics = scanTopics(source, tokens, scopes, (w) => (COMPANY_FILLER.has(w) && !w.endsWith('ing')) || KEYWORD_STOP_WORDS.has(w));
  for (const t of topics) note(t.negated ? 'category_excluded' : 'category', t.from, t.to, t.text);
  const absorbed = new Set<SectorMention>();
  for (const t of topics) for (const s of sectors) if (t.sectorTokens.some((k) => k >= s.from && k < s.to)) absorbed.add(s);
  const expansion: string[] = [];
  for (const s of absorbed)
    if (!s.negated && !s.customer) for (const c of s.sector.categories) for (const w of c.split(/\s+/)) push(expansion, w);

  // Filters.
  const filters: CompanyFilters = {};
  // Government agencies and non-profits are industries of their own (company-filters.ts): a
  // sector named with them says what they work on ("non-profits focused on climate", "nonprofit
  // hospitals"). Its taxonomy tags would contradict the type's industry, so only its words are
  // kept: as a category matched as text (the description of a non-profit says "climate"), and as
  // keywords.
  const typeIsIndustry = types.some((t) => t === 'government_agency' || t === 'nonprofit');
  const sectorWords: string[] = [];
  if (typeIsIndustry)
    for (const s of sectors.filter((x) => !x.negated && !x.customer))
      for (const t of tokens.slice(s.from, s.to))
        if (t.kind === 'word' && !COMPANY_FILLER.has(t.norm) && !KEYWORD_STOP_WORDS.has(t.norm)) push(sectorWords, t.norm);
  const included = typeIsIndustry ? [] : sectors.filter((s) => !s.negated && !s.customer && !absorbed.has(s));
  const excluded = sectors.filter((s) => s.negated && !s.customer && !absorbed.has(s));
  // A trade named by its agents is both its activity and the words written ("solar installation",
  // "solar installers").
  const topicsIn = topics.filter((t) => !t.negated).flatMap((t) => (t.written ? [t.text, t.written] : [t.text]));
  if (typeIsIndustry)
    for (const s of sectors.filter((x) => !x.negated && !x.customer && !absorbed.has(x))) {
      const surface = sectorSurface(source, tokens, s);
      if (surface) topicsIn.push(surface);
    }
  const categories: string[] = [];
  for (const t of topicsIn) push(categories, t);
  // A sector word the taxonomy only approximates ("3D printing" → manufacturing, "neobanks" →
  // banking) is kept as written too: the mapping then widens the match, it does not replace it.
  let approximated = false;
  for (const s of included) {
    const surface = sectorSurface(source, tokens, s);
    const known = [...s.sector.categories, s.sector.industry?.toLowerCase() ?? ''].map(compact);
    if (surface && !known.includes(compact(surface))) {
      push(categories, surface);
      // A "-tech" coinage ("regtech", "martech") names its sector as the taxonomy files it: the
      // industry still widens the match.
      if (!SECTOR_COINAGE.test(singular(surface))) approximated = true;
    }
    for (const c of s.sector.categories) push(categories, c);
  }
  // A sector that names a whole industry adds that industry as one more alternative of the
  // category match (the builder matches a category value against the industry too): an
  // expansion, never a gate, so a fintech company filed under another industry is still found.
  if (!topicsIn.length && !approximated) for (const s of included) if (s.sector.industry) push(categories, s.sector.industry.toLowerCase());
  // "tech" alone names the technology sector ("tech companies in Japan", "Armenian tech startups").
  if (!categories.length && !sectors.length && bareTech(tokens)) push(categories, 'technology');
  const excludedCategories: string[] = [];
  for (const t of topics)
    if (t.negated) for (const x of t.written ? [t.text, t.written] : [t.text]) if (!categories.includes(x)) push(excludedCategories, x);
  // An exclusion is as narrow as it was said: "not NFT marketplaces" rules out NFT marketplaces,
  // not every marketplace. A sector named as the taxonomy names it ("not crypto") excludes its tags.
  // Sectors side by side are one phrase ("NFT marketplaces").
  const phrases: SectorMention[][] = [];
  for (const s of excluded) {
    const last = phrases[phrases.length - 1];
    if (last && last[last.length - 1]?.to === s.from) last.push(s);
    else phrases.push([s]);
  }
  for (const group of phrases) {
    const whole = { ...(group[0] as SectorMention), to: (group[group.length - 1] as SectorMention).to };
    const surface = sectorSurface(source, tokens, whole);
    const tags = group.length === 1 ? whole.sector.categories : [];
    const values = surface ? [surface, ...tags.filter((c) => compact(c) === compact(surface))] : tags;
    for (const c of values) if (!categories.includes(c)) push(excludedCategories, c);
  }
  if (categories.length || excludedCategories.length) {
    filters.categories = {};
    if (categories.length) filters.categories.include = categories;
    if (excludedCategories.length) filters.categories.exclude = excludedCategories;
  }
  const include = places.hq.filter((p) => !p.exclude);
  const exclude = places.hq.filter((p) => p.exclude);
  if (include.length || exclude.length) {
    filters.locations = {};
    if (include.length) filters.locations.include = include.map(filterText);
    if (exclude.length) filters.locations.exclude = exclude.map(filterText);
  }
  const employees = firstRange(numbers.employees) ?? firstRange(numbers.sizeWords);
  if (employees) filters.employee_count = employees;
  const founded = firstRange(numbers.founded);
  if (founded) filters.founded_year = founded;
  if (stages.length) filters.funding_stages = stages;
  const funding = firstRange(numbers.money.filter((m) => m.kind === 'funding'));
  if (funding) filters.total_funding_usd = funding;
  const revenue = firstRange(numbers.money.filter((m) => m.kind === 'revenue'));
  if (revenue) filters.revenue_usd = revenue;
  if (statuses.length) filters.status = statuses;
  if (types.length) filters.company_types = types;

  // Each name costs a lookup: at most COMPANY_SEARCH_LIMITS.names, none longer than a value.
  const names: string[] = [];
  for (const n of nameScan.names) if (n.text.length <= VALUE_CHARS && names.length < COMPANY_SEARCH_LIMITS.names) push(names, n.text);

  recognized.sort((a, b) => a.at - b.at);
  return {
    filters,
    places: include.map((p) => p.match),
    keywords: [
      ...sectorWords,
      ...residualKeywords(tokens, scopes.negated).filter((k) => !sectorWords.includes(k)),
      ...expansion.filter((k) => !sectorWords.includes(k)),
    ]
      .filter((k, n, all) => all.indexOf(k) === n)
      .slice(0, MAX_COMPANY_KEYWORDS),
    names,
    recognized: recognized.map(({ kind, text, value }) => ({ kind, text, value })),
  };
}
