/**
 * Sectors of company queries: phrases → the corpus taxonomy (mappings/industries.ts), as an
 * industry name (`filters.industries`) and lowercase category tags (`filters.categories`). This
 * is the expansion of known sectors; what no list holds is read by topics.ts.
 *
 * The vocabulary is the taxonomy itself plus synonyms:
 * - every category tag of the taxonomy is a phrase for that tag ("robotics", "payments",
 *   "embedded finance"), with its plural or singular ("drones", "diagnostic");
 * - the first tag of an industry is its defining tag (every company of the industry carries it):
 *   that tag, the industry's name, and the synonyms and "-tech" coinages of the sector ("biotech",
 *   "biotechnology", "fintech", "financial services", "edtech", "insurtech", "proptech") stand for
 *   the whole industry: industry name + defining tag (+ the phrase's own tag when the taxonomy has it);
 * - other tags (sub-sectors, and tags several industries share: "saas", "robotics", "defense",
 *   "crypto" in finance) are categories only.
 * Government and non-profit sector words are company types (`government_agency`, `nonprofit`),
 * which company-filters.ts defines as the companies of those two industries: see traits.ts.
 */
import { INDUSTRY_TAXONOMY as INDUSTRIES } from '../../../mappings/industries.js';
import { type CaseMode, claim, matchAt, type PhraseTable, phraseParts, phraseTable, type Token } from '../tokens.js';
import type { Scopes } from './scopes.js';
import { SYNONYMS } from './sector-synonyms.js';
import { isOwnershipParticiple, NEEDS_FOLLOWER, NOT_SECTOR_WORDS } from './sector-words.js';

export interface Sector {
  /** The corpus industry the phrase names as a whole, or null for a sub-sector. */
  industry: string | null;
  /** Lowercase category tags, any of which a company of the sector carries. */
  categories: string[];
}

/** Words after a sector word that make it one ("space company", "identity platform"). */
export const SECTOR_FOLLOWERS = new Set(
  `tech technology technologies company companies startup startups start-up start-ups firm firms industry sector business businesses
  player players vendor vendors provider providers platform platforms software solutions studio studios lab labs agency agencies
  brand brands scaleup scaleups scale-up scale-ups unicorn unicorns operator operators manufacturer manufacturers maker makers
  services service tools tool apps app space market scene ecosystem vertical org orgs organization organizations venture ventures
  corporation corporations group groups network networks infrastructure saas engagement enablement systems devices`
    .split(/\s+/)
    .filter(Boolean),
);

/** Filler after a sector phrase, absorbed into it ("the fintech space", "climate tech", "AI industry"). */
export const SECTOR_TAILS = new Set([
  'tech',
  'technology',
  'technologies',
  'industry',
  'sector',
  'space',
  'vertical',
  'scene',
  'ecosystem',
  'market',
]);

interface Vocabulary {
  entries: [string, Sector][];
  needsFollower: Set<string>;
}

function variants(phrase: string): string[] {
  const out = [phrase];
  const parts = phrase.split(' ');
  const last = parts[parts.length - 1] ?? '';
  const head = parts.slice(0, -1).join(' ');
  const join = (w: string) => (head ? `${head} ${w}` : w);
  if (/[^s]s$/.test(last) && last.length > 4 && !/(ics|us|ss|ies)$/.test(last)) out.push(join(last.slice(0, -1)));
  else if (!/[sxy&+]$/.test(last) && /[a-z]$/.test(last) && last.length > 2) out.push(join(`${last}s`));
  return out;
}

let built: Vocabulary | null = null;

/** The sector vocabulary (built once from the taxonomy and the synonyms). */
export function sectorVocabulary(): Vocabulary {
  if (built) return built;
  const tagIndustries = new Map<string, Set<string>>();
  const defining = new Map<string, string>();
  for (const ind of INDUSTRIES) {
    const first = ind.categories[0];
    if (first && !defining.has(first)) defining.set(first, ind.name);
    for (const tag of ind.categories) {
      const set = tagIndustries.get(tag) ?? new Set<string>();
      set.add(ind.name);
      tagIndustries.set(tag, set);
    }
  }
  const sectorOf = (phrase: string, tags: string[]): Sector => {
    const categories: string[] = [];
    const own = tagIndustries.has(phrase) ? [phrase] : [];
    for (const t of [...own, ...tags]) if (!categories.includes(t)) categories.push(t);
    const industries = new Set<string>();
    for (const t of categories) {
      const ind = defining.get(t);
      if (ind) industries.add(ind);
    }
    // A phrase names an industry only when its tags point at exactly one.
    const industry = industries.size === 1 ? ([...industries][0] as string) : null;
    return { industry, categories };
  };
  const map = new Map<string, Sector>();
  const add = (phrase: string, sector: Sector) => {
    for (const v of variants(phrase)) {
      const key = phraseParts(v).join(' ');
      if (!map.has(key)) map.set(key, sector);
    }
  };
  for (const [phrase, tags] of SYNONYMS) add(phrase, sectorOf(phrase, tags));
  for (const ind of INDUSTRIES) {
    const first = ind.categories[0] as string;
    if (!NOT_SECTOR_WORDS.has(first)) add(ind.name.toLowerCase(), sectorOf(ind.name.toLowerCase(), [first]));
    for (const tag of ind.categories) if (!NOT_SECTOR_WORDS.has(tag)) add(tag, sectorOf(tag, []));
  }
  // Names of industries that are company types are not sectors.
  for (const key of ['government administration', 'non profit organization management']) map.delete(key);
  const needsFollower = new Set<string>();
  for (const w of NEEDS_FOLLOWER) for (const v of variants(w)) needsFollower.add(v);
  built = { entries: [...map.entries()], needsFollower };
  return built;
}

export interface SectorMention {
  sector: Sector;
  /** Inside a negation: goes to the exclude lists. */
  negated: boolean;
  /** Names customers or a market ("for healthcare", "used by law firms"): kept as keywords, not filtered. */
  customer: boolean;
  from: number;
  to: number;
}

let table: PhraseTable<Sector> | null = null;

function sectorTable(): PhraseTable<Sector> {
  table ??= phraseTable(sectorVocabulary().entries);
  return table;
}

/** Whether a sector phrase starts at token i (claimed or not). */
export function isSectorStart(tokens: Token[], i: number): boolean {
  return matchAt(tokens, i, sectorTable(), true) !== null;
}

/** Words after a sector that make it the customers ("legal departments", "pharma partnerships"). */
const CUSTOMER_AFTER = /^(customers?|clients?|partners?|partnerships?|users?|buyers?|departments?|teams)$/;
const CONNECTORS = /^(,|and|or|&|\/)$/;

/**
 * Sector phrases in text order; claims them (with a trailing "tech", "industry", "space", ...).
 * Sectors in a customer phrase are returned but left unclaimed, so their words stay keywords.
 */
export function scanSectors(tokens: Token[], scopes: Scopes, mode: CaseMode, isDemonym: (norm: string) => boolean): SectorMention[] {
  const vocab = sectorVocabulary();
  const t0 = sectorTable();
  const firstWord = tokens.findIndex((t) => t.kind === 'word');
  const found: (SectorMention & { weak: boolean })[] = [];
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || t.kind === 'punct' || t.join === '-') continue;
    const m = matchAt(tokens, i, t0);
    if (!m) continue;
    let end = m.end;
    // Who leads or backs a company is no sector: "sales-led", "AI-led", "fintech-backed".
    if (isOwnershipParticiple(tokens, end)) continue;
    // Part of a longer hyphenated word ("e-commerce" is matched whole; "ai-powered" keeps "ai").
    const single = m.end - i === 1;
    let weak = false;
    if (single && vocab.needsFollower.has(t.norm)) {
      const next = tokens[end];
      const prev = tokens[i - 1];
      // The head of the query's noun phrase: first word, or right after a demonym, a stage or a
      // size ("payments with 50-100 employees", "Swiss payments", "Series A payments").
      const head =
        i === firstWord ||
        (!!prev &&
          prev.kind === 'word' &&
          (isDemonym(prev.norm) || (!!prev.claim && prev.claim !== 'ignored' && prev.claim !== 'company')));
      const strong =
        head ||
        (next && next.kind === 'word' && (SECTOR_FOLLOWERS.has(next.norm) || next.join === '-')) ||
        (t.upper && mode === 'mixed' && t.text.length <= 4) ||
        /^(in|into|within|on)$/.test(prev?.norm ?? '');
      weak = !strong;
    }
    while (
      tokens[end] &&
      SECTOR_TAILS.has(tokens[end]?.norm ?? '') &&
      !tokens[end]?.claim &&
      !(tokens[end]?.join && tokens[end]?.norm === 'space')
    )
      end++;
    const customer = scopes.customer.has(i) || CUSTOMER_AFTER.test(tokens[end]?.norm ?? '');
    found.push({ sector: m.value, negated: scopes.negated.has(i), customer, from: i, to: end, weak });
    i = end - 1;
  }
  // A weak word counts next to another sector in a list ("HR or recruiting", "KYC and compliance").
  const accepted = found.filter((f, k) => {
    if (!f.weak) return true;
    const near = (o: (typeof found)[number] | undefined, a: number, b: number) => {
      if (!o || o.weak) return false;
      for (let q = a; q < b; q++) if (!CONNECTORS.test(tokens[q]?.norm ?? '')) return false;
      return b - a >= 1 && b - a <= 2;
    };
    return near(found[k - 1], found[k - 1]?.to ?? 0, f.from) || near(found[k + 1], f.to, found[k + 1]?.from ?? 0);
  });
  for (const f of accepted) if (!f.customer) claim(tokens, f.from, f.to, 'industry');
  return accepted.map(({ weak: _weak, ...rest }) => rest);
}
