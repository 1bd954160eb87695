/**
 * Proxima's deterministic natural-language parser for people search: a query or a pasted brief
 * (up to PEOPLE_SEARCH_LIMITS.queryChars characters) becomes typed AdvancedFilters, the places
 * it resolved, employer mentions to resolve against the corpus, residual keywords, and a
 * trace of what was recognised from which text. No model, no I/O: a fixed order of
 * recognisers over one token array, each claiming the tokens it understood (docs/natural-language.md).
 */
import type {
  AdvancedFilters,
  ConnectionDegree,
  FundingStage,
  JobFunction,
  LanguageFilter,
  NumberRange,
  Seniority,
} from '../advanced-filters.js';
import { PEOPLE_SEARCH_LIMITS, type Receipt } from '../limits.js';
import { citiesAndTowns, type PlaceMatch, resolvePlace } from '../places.js';
import { scanDualSkills, scanIndustries, scanLanguages, scanPureSkills, type Unit } from './attributes.js';
import { isBrief, pickHiringRoles } from './brief-roles.js';
import { type CompanyMention, placeEndsEmployer, placeStartsEmployer, scanCompanies } from './companies.js';
import { scanContexts, scanSizes, scanStages } from './company-facets.js';
import { scanDegrees, scanSchools } from './education.js';
import { MAX_EXPERIENCE_YEARS, scanYears } from './experience.js';
import { addKeywords } from './keywords.js';
import { claimGreeting, claimHiringManagers, claimLeadingVerb } from './leading-verbs.js';
import { FUNCTION_CUES } from './lexicon/functions.js';
import { LEVEL_PHRASES } from './lexicon/levels.js';
import { WORKPLACE_WORDS } from './lexicon/workplaces.js';
import { unwrapMachineText } from './machine-text.js';
import { heldInThePast } from './past-titles.js';
import { scanPersonPhrases } from './person-phrases.js';
import { type PlaceMention, scanPlaces } from './places.js';
import type { RecognizedItem } from './recognized.js';
import { scanRelations } from './relations.js';
import { mendLevelSpelling } from './title-heads.js';
import { claimTitleNegations, settleTitleNegations } from './title-negation.js';
import { scanTitles } from './titles.js';
import { type CaseMode, caseMode, expandShorthand, phraseTable, scanPhrases, type Token, tokenize } from './tokens.js';
import { unknownPlaceReceipts } from './unknown-places.js';

export type { CompanyMention } from './companies.js';

export type { RecognizedItem } from './recognized.js';

export interface ParsedPeopleQuery {
  filters: AdvancedFilters;
  /** The resolved places, in the order of `filters.locations.include`. */
  places: PlaceMatch[];
  /** Residual meaningful words, lowercase, stop words removed, in text order. */
  keywords: string[];
  /** Employer mentions, resolved later against the corpus (server/commands/search/resolve-companies.ts). */
  companies: CompanyMention[];
  /**
   * Titles of people the searched-for person works with, reports to or manages, and titles in
   * noise phrases ("reporting to the CPO", "backed by top-tier VCs"): context, never a filter.
   * Canonical spelling, each once, in text order (`context_title` items of `recognized`).
   */
  contextTitles: string[];
  /** What was recognised from which text, in text order. */
  recognized: RecognizedItem[];
  receipts: Receipt[];
}

/** At most this many titles are kept (a brief naming more lists colleagues, not targets). */
export const MAX_TITLES = 5;
/** At most this many employer mentions are kept (each is looked up in the companies index). */
export const MAX_EMPLOYERS = 25;
/** Longest title, school or employer kept: a filter value's limit (the engines refuse longer terms). */
const VALUE_CHARS = PEOPLE_SEARCH_LIMITS.valueChars;

const LEVELS = phraseTable(LEVEL_PHRASES);
const WORKPLACES = phraseTable(WORKPLACE_WORDS);
const FUNCTION_WORDS = phraseTable(FUNCTION_CUES);

function push<T>(list: T[], value: T): void {
  if (!list.includes(value)) list.push(value);
}

/**
 * The text a location filter carries: the place as written, unless that alone names another
 * place ("Portland" of "Portland, ME" is Oregon), then its canonical name, which resolves back.
 */
export function filterText(p: { text: string; match: PlaceMatch }): string {
  const alone = resolvePlace(p.text);
  return alone && alone.kind === p.match.kind && alone.name === p.match.name ? p.text : p.match.name;
}

/** Level words that say a seniority by themselves, outside a title (not "staff" or "lead": they are nouns too). */
const BARE_LEVELS: ReadonlyMap<string, Seniority> = new Map([
  ['junior', 'entry'],
  ['jr', 'entry'],
  ['senior', 'senior_ic'],
  ['sr', 'senior_ic'],
  ['principal', 'staff'],
]);

/** Seniority levels meant by "leaders" / "leadership" of a function. */
const LEADERSHIP: Seniority[] = ['senior_manager', 'director', 'vp', 'cxo'];

function scanLevels(tokens: Token[]): { seniority: Seniority | null; from: number; to: number }[] {
  return scanPhrases(tokens, LEVELS, 'level', (m) => ({ item: { seniority: m.value, from: m.from, to: m.end }, to: m.end }));
}

/** Fields named with "remote" that no workplace is: "Remote Sensing Analyst", "Remote Pilot". */
const REMOTE_FIELDS = /^(sensing|sensor|sensors|pilot|pilots|patient|monitoring|surgery|viewing)$/;

function scanWorkplaces(tokens: Token[]): { value: string; from: number; to: number }[] {
  return scanPhrases(tokens, WORKPLACES, 'workplace', (m) =>
    m.end === m.from + 1 && tokens[m.from]?.norm === 'remote' && REMOTE_FIELDS.test(tokens[m.end]?.norm ?? '')
      ? null
      : { item: { value: m.value, from: m.from, to: m.end }, to: m.end },
  );
}

/** Hours of work written before a title ("part-time", "full time"): a job's terms, no profile's. */
const HOURS_OF_WORK = /\b(?:part|full)[- ]?time\b/gi;

/** A receipt for a value the parser dropped because no filter value may be that long. */
function tooLong(what: string, value: string): Receipt {
  return {
    path: '/query',
    action: 'ignored',
    message: `A ${what} of ${value.length} characters ("${value.slice(0, 40)}…") is longer than a filter value may be (${VALUE_CHARS}); it was not used.`,
  };
}

/** The values no longer than a filter value may be; a receipt for each other one. */
function withinValueChars(values: string[], what: string, receipts: Receipt[]): string[] {
  const out: string[] = [];
  for (const v of values) {
    if (v.length <= VALUE_CHARS) out.push(v);
    else receipts.push(tooLong(what, v));
  }
  return out;
}

/**
 * Employer mentions to look up: each name once per relation (compared case-insensitively), none
 * longer than a filter value, at most MAX_EMPLOYERS, since each costs a lookup.
 */
function employers(mentions: CompanyMention[], receipts: Receipt[]): CompanyMention[] {
  const seen = new Set<string>();
  const out: CompanyMention[] = [];
  for (const m of mentions) {
    const key = `${m.relation} ${m.exclude ? 'not ' : ''}${m.text.toLowerCase()}`;
    if (seen.has(key)) continue;
    seen.add(key);
    if (m.text.length > VALUE_CHARS) receipts.push(tooLong('company name', m.text));
    else if (out.length < MAX_EMPLOYERS) out.push({ text: m.text, relation: m.relation, ...(m.exclude ? { exclude: true } : {}) });
    else {
      receipts.push({
        path: '/query',
        action: 'ignored',
        message: `More than ${MAX_EMPLOYERS} employers; "${m.text}" and later ones were not used.`,
      });
      break;
    }
  }
  return out;
}

function text(source: string, tokens: Token[], from: number, to: number): string {
  const a = tokens[from];
  const b = tokens[Math.max(from, to - 1)];
  return a && b ? source.slice(a.start, b.end) : '';
}

/** The population of the city a place match resolved to (the first namesake when none is the one). */
function cityPopulation(match: PlaceMatch): number {
  const namesakes = citiesAndTowns(match.input);
  const city = namesakes.find((c) => c.name === match.city && c.countryCode === match.countryCode) ?? namesakes[0];
  return city?.population ?? 0;
}

export function parsePeopleQuery(input: string): ParsedPeopleQuery {
  const receipts: Receipt[] = [];
  let source = typeof input === 'string' ? input : '';
  if (source.length > PEOPLE_SEARCH_LIMITS.queryChars) {
    receipts.push({
      path: '/query',
      action: 'truncated',
      message: `The query had ${source.length} characters; the first ${PEOPLE_SEARCH_LIMITS.queryChars} were parsed.`,
    });
    source = source.slice(0, PEOPLE_SEARCH_LIMITS.queryChars);
  }
  // A URL's query string and a web search's operators as fields; "w/ 5+ years", "~10 years".
  source = expandShorthand(unwrapMachineText(source));
  // "part-time nurses": how someone is employed is a job's, not a profile's (job search reads it:
  // employment-types.ts); blanked in place, so the title is "Nurse", with a receipt.
  source = source.replace(HOURS_OF_WORK, (m) => {
    receipts.push({
      path: '/query',
      action: 'ignored',
      message: `"${m}" was not used: profiles do not say how people are employed (job search reads it).`,
    });
    return ' '.repeat(m.length);
  });
  const tokens = mendLevelSpelling(tokenize(source));
  const mode: CaseMode = caseMode(tokens);
  const wordCount = tokens.filter((t) => t.kind === 'word').length;
  const recognized: (RecognizedItem & { at: number })[] = [];
  const note = (kind: string, from: number, to: number, value: unknown) =>
    recognized.push({ kind, text: text(source, tokens, from, to), value, at: from });

  // The order matters: each recogniser claims what it understood, the later ones see the rest.
  claimGreeting(tokens);
  const relations = scanRelations(tokens);
  for (const r of relations) note('connection_degrees', r.from, r.to, r.degrees);
  const years = scanYears(tokens);
  if (years) note('years_experience', years.from, years.to, years.range);
  claimHiringManagers(tokens);
  const workplaces = scanWorkplaces(tokens);
  for (const w of workplaces) note('workplace', w.from, w.to, w.value);
  const levels = scanLevels(tokens);
  for (const l of levels) note('seniority', l.from, l.to, l.seniority);
  const sizes = scanSizes(tokens);
  for (const s of sizes) note('company_size', s.from, s.to, s.range);
  const stages = scanStages(tokens);
  for (const s of stages) note('company_stage', s.from, s.to, s.stages);
  const industries = scanIndustries(tokens);
  const contexts = scanContexts(tokens);
  for (const c of contexts) note('company_context', c.from, c.to, c.context);
  const languages = scanLanguages(tokens);
  for (const l of languages) note('language', l.from, l.to, l.language);
  const degrees = scanDegrees(tokens);
  for (const d of degrees) note('degree', d.from, d.to, d.value);
  const schools = scanSchools(tokens, mode);
  for (const s of schools) note('school', s.from, s.to, s.value);
  const places: PlaceMention[] = [];
  for (const p of scanPlaces(source, tokens, mode)) {
    // "at Texas Instruments", "at Wells Fargo": the place starts or ends the employer's name;
    // its words go back to the scan.
    const population = p.match.kind === 'city' ? cityPopulation(p.match) : Number.POSITIVE_INFINITY;
    if (!p.exclude && (placeStartsEmployer(tokens, p.from, p.to, mode) || placeEndsEmployer(tokens, p.from, mode, population)))
      for (let k = p.from; k < p.to; k++) (tokens[k] as Token).claim = null;
    else places.push(p);
  }
  for (const p of scanPersonPhrases(source, tokens, mode, receipts, places)) note(p.kind, p.from, p.to, p.name);
  for (const p of places) note(p.exclude ? 'location_excluded' : 'location', p.from, p.to, { kind: p.match.kind, name: p.match.name });
  claimLeadingVerb(tokens);
  const pureSkills = scanPureSkills(tokens, mode);
  const companyScan = scanCompanies(source, tokens, mode);
  for (const c of companyScan.mentions) note('company', c.from, c.to, { name: c.text, relation: c.relation });

  const negations = claimTitleNegations(tokens);
  const titleScan = scanTitles({ text: source, tokens, units: [...industries, ...pureSkills], wordCount });
  // "people who are not engineers", "designers, not managers": titles ruled out.
  const ruledOut = settleTitleNegations(tokens, negations, titleScan.titles);
  // A brief hires for one role (or an announced few); its other titles are context.
  pickHiringRoles(tokens, titleScan.titles, isBrief(source, wordCount));
  const released = titleScan.released;
  // "Former CTOs", "ex-founders", "used to be a CTO": titles held in the past. Alone they are
  // matched among past titles too (current_only false); beside a current title ("former CTOs now
  // product managers") the current one is the filter and the past one ranks.
  const past = new Set(titleScan.titles.filter((t) => !t.context && heldInThePast(tokens, t.from)));
  const pastOnly = past.size > 0 && titleScan.titles.every((t) => t.context || past.has(t) || ruledOut.has(t));
  for (const t of titleScan.titles) {
    for (const k of t.tokens) if (tokens[k]) (tokens[k] as Token).claim = 'title';
    recognized.push({
      kind: t.context ? 'context_title' : ruledOut.has(t) ? 'job_title_excluded' : past.has(t) && !pastOnly ? 'past_title' : 'job_title',
      text: text(source, tokens, t.from, t.to),
      value: t.text,
      at: t.from,
    });
  }
  const dualSkills = scanDualSkills(tokens, mode);
  const units: Unit[] = [...industries, ...pureSkills, ...dualSkills].filter((u) => !released.has(u.id));
  for (const u of units) note(u.kind, u.from, u.to, u.value);

  // Filters.
  const filters: AdvancedFilters = {};
  const titles: string[] = [];
  const seniority: Seniority[] = [];
  const functions: JobFunction[] = [];
  const targets = titleScan.titles.filter((t) => !t.context && !ruledOut.has(t));
  const excludedTitles = withinValueChars([...new Set([...ruledOut].map((t) => t.text))], 'title', receipts);
  const pastWords: string[] = [];
  for (const t of targets) {
    if (past.has(t) && !pastOnly) {
      push(pastWords, t.text.toLowerCase());
      continue;
    }
    const key = t.text.toLowerCase();
    if (titles.some((x) => x.toLowerCase() === key)) continue;
    if (t.text.length > VALUE_CHARS) {
      receipts.push(tooLong('title', t.text));
      continue;
    }
    if (titles.length >= MAX_TITLES) {
      receipts.push({
        path: '/query',
        action: 'ignored',
        message: `More than ${MAX_TITLES} titles; "${t.text}" and later ones were not used.`,
      });
      break;
    }
    // "Sales leaders", "engineering leadership": a level of a function, not a literal title.
    if (/\b(leaders?|leadership)$/i.test(t.text) && !/\bteam leaders?$/i.test(t.text) && t.functions.length) {
      for (const f of t.functions) push(functions, f);
      for (const v of LEADERSHIP) push(seniority, v);
      recognized.push({ kind: 'leadership', text: t.text, value: { functions: t.functions, seniority: LEADERSHIP }, at: t.from });
      continue;
    }
    titles.push(t.text);
    // "sales and marketing directors": each field's title beside the pair (title-pairs.ts).
    for (const a of t.alternatives ?? [])
      if (titles.length < MAX_TITLES && !titles.some((x) => x.toLowerCase() === a.toLowerCase())) titles.push(a);
    // What a title implies (its level and function) is shown, not applied: the title already
    // says it, and a second hard filter would drop people whose recorded function differs.
    for (const v of t.seniority) recognized.push({ kind: 'implied_seniority', text: t.text, value: v, at: t.from });
    for (const v of t.functions) recognized.push({ kind: 'implied_function', text: t.text, value: v, at: t.from });
  }
  for (const l of levels) if (l.seniority) push(seniority, l.seniority);
  // No title: a level word on its own ("senior folks in sales", "junior people") is a seniority.
  if (!titles.length)
    tokens.forEach((t, i) => {
      const level = t.kind === 'word' && !t.claim ? BARE_LEVELS.get(t.norm) : undefined;
      if (!level) return;
      t.claim = 'level';
      push(seniority, level);
      note('seniority', i, i + 1, level);
    });
  // No title: a bare function word ("people in marketing") still sets the function.
  if (!titles.length) {
    scanPhrases(tokens, FUNCTION_WORDS, 'title', (m) => {
      const t = tokens[m.from] as Token;
      if (t.kind !== 'word' || (m.end - m.from === 1 && /^(people|talent|team)$/.test(t.norm))) return null;
      push(functions, m.value);
      note('function', m.from, m.end, m.value);
      return { item: null, to: m.end };
    });
  }
  if (titles.length) filters.job_titles = pastOnly ? { include: titles, current_only: false } : { include: titles };
  if (excludedTitles.length) filters.job_titles = { ...filters.job_titles, exclude: excludedTitles.slice(0, MAX_TITLES) };
  if (seniority.length) filters.seniority = seniority;
  if (functions.length) filters.functions = functions;

  const include = places.filter((p) => !p.exclude);
  const exclude = places.filter((p) => p.exclude);
  if (include.length || exclude.length) {
    filters.locations = {};
    if (include.length) filters.locations.include = include.map(filterText);
    if (exclude.length) filters.locations.exclude = exclude.map(filterText);
  }
  if (years && (years.range.min !== undefined || years.range.max !== undefined)) filters.years_experience = { ...years.range };
  receipts.push(...unknownPlaceReceipts(source, tokens));
  if (years?.beyond !== undefined)
    receipts.push({
      path: '/query',
      action: 'ignored',
      message: `${years.beyond} years of experience is more than a career holds (at most ${MAX_EXPERIENCE_YEARS}); no years filter was applied. Give a number of years up to ${MAX_EXPERIENCE_YEARS}.`,
    });

  const skills: string[] = [];
  const industryNames: string[] = [];
  for (const u of units) push(u.kind === 'skill' ? skills : industryNames, u.value);
  if (skills.length) filters.skills = { include: skills };
  if (industryNames.length) filters.industries = { include: industryNames };
  const schoolNames = withinValueChars(
    schools.map((s) => s.value),
    'school',
    receipts,
  );
  if (schoolNames.length) filters.schools = schoolNames;
  if (degrees.length) filters.degrees = degrees.map((d) => d.value);
  const langs: LanguageFilter[] = languages.map((l) => l.language);
  if (langs.length) filters.languages = langs;

  const stageList: FundingStage[] = [];
  for (const s of stages) for (const v of s.stages) push(stageList, v);
  if (stageList.length) filters.company_stage = stageList;
  let size: NumberRange | null = sizes[0]?.range ?? null;
  if (!size) for (const c of contexts) if (c.size) size = { ...c.size };
  if (size) filters.company_size = { ...size };
  const degreesList: ConnectionDegree[] = [];
  for (const r of relations) for (const d of r.degrees) push(degreesList, d);
  if (degreesList.length) filters.connection_degrees = degreesList;

  // Residual keywords: unclaimed words that carry meaning.
  const keywords: string[] = [];
  for (const w of workplaces) push(keywords, w.value);
  for (const w of pastWords) push(keywords, w);
  addKeywords(
    keywords,
    tokens.filter((t) => !t.claim || t.claim === 'field'),
  );

  recognized.sort((a, b) => a.at - b.at);
  return {
    filters,
    places: include.map((p) => p.match),
    keywords,
    companies: employers(companyScan.mentions, receipts),
    contextTitles: [...new Set(titleScan.titles.filter((t) => t.context).map((t) => t.text))],
    recognized: recognized.map(({ kind, text: t, value }) => ({ kind, text: t, value })),
    receipts,
  };
}
