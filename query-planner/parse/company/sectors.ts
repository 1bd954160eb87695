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

export interface Sector {
  /** The corpus industry the phrase names as a whole, or null for a sub-sector. */
  industry: string | null;
  /** Lowercase category tags, any of which a company of the sector carries. */
  categories: string[];
}

/** Tags handled elsewhere (company types) or too generic to be read as a sector on their own. */
const NOT_SECTOR_WORDS = new Set(['government', 'public sector', 'civic tech', 'nonprofit', 'strategy']);

/**
 * Synonyms and coinages → the tags they mean. A synonym of a defining tag names the whole
 * industry. Written as people type them; split the way the tokenizer splits text.
 */
const SYNONYMS: [string, string[]][] = [
  // Software.
  ['software company', ['software']],
  ['b2b saas', ['saas']],
  ['saas platform', ['saas']],
  ['software as a service', ['saas']],
  ['devtools', ['developer tools']],
  ['dev tools', ['developer tools']],
  ['developer tooling', ['developer tools']],
  ['developer platform', ['developer tools']],
  ['developer experience', ['developer tools']],
  ['cloud infrastructure', ['cloud', 'infrastructure']],
  ['cloud computing', ['cloud']],
  ['infra', ['infrastructure']],
  ['api first', ['api']],
  ['api management', ['api']],
  ['vector database', ['database']],
  ['graph database', ['database']],
  ['vector db', ['database']],
  ['workflow automation', ['automation']],
  ['process automation', ['automation']],
  ['rpa', ['automation']],
  ['plg', ['product-led growth']],
  ['product led', ['product-led growth']],
  ['feature flag', ['feature management']],
  ['feature flags', ['feature management']],
  ['feature flagging', ['feature management']],
  ['feature flag management', ['feature management']],
  // Artificial intelligence.
  ['artificial intelligence', ['ai']],
  ['a.i', ['ai']],
  ['ai/ml', ['ai', 'machine learning']],
  ['ml', ['machine learning']],
  ['genai', ['ai', 'generative ai']],
  ['gen ai', ['ai', 'generative ai']],
  ['llm', ['ai', 'generative ai']],
  ['llms', ['ai', 'generative ai']],
  ['large language models', ['ai', 'generative ai']],
  ['foundation models', ['ai', 'generative ai']],
  ['deep learning', ['ai', 'machine learning']],
  ['ai agents', ['ai']],
  ['agentic ai', ['ai']],
  ['copilot', ['ai copilot']],
  ['copilots', ['ai copilot']],
  ['code assistant', ['coding assistant']],
  ['ai alignment', ['ai safety']],
  ['ai safety', ['ai', 'ai safety']],
  ['natural language processing', ['nlp']],
  // Finance.
  ['fin tech', ['fintech']],
  ['financial services', ['fintech']],
  ['financial technology', ['fintech']],
  ['finance', ['fintech']],
  ['bank', ['fintech', 'banking']],
  ['banks', ['fintech', 'banking']],
  ['neobank', ['fintech', 'banking']],
  ['neobanks', ['fintech', 'banking']],
  ['digital bank', ['fintech', 'banking']],
  ['payment', ['payments']],
  ['payments infrastructure', ['payments']],
  ['spend management', ['expense management']],
  ['wealthtech', ['wealth management']],
  ['regtech', ['compliance']],
  ['vc', ['venture capital']],
  ['pe', ['private equity']],
  ['buyout', ['private equity']],
  // Security.
  ['cyber security', ['cybersecurity']],
  ['cyber', ['cybersecurity']],
  ['infosec', ['cybersecurity']],
  ['security', ['cybersecurity']],
  ['network security', ['cybersecurity']],
  ['information security', ['cybersecurity']],
  ['computer & network security', ['cybersecurity']],
  ['zero trust', ['cybersecurity']],
  ['kyc', ['compliance']],
  ['aml', ['compliance']],
  ['soar', ['security orchestration']],
  ['identity management', ['identity']],
  // Health.
  ['health', ['healthcare']],
  ['health care', ['healthcare']],
  ['healthtech', ['healthcare', 'digital health']],
  ['health tech', ['healthcare', 'digital health']],
  ['hospital & health care', ['healthcare']],
  ['hospital', ['healthcare']],
  ['hospitals', ['healthcare']],
  ['medtech', ['healthcare', 'medical devices']],
  ['medical', ['healthcare']],
  ['medical device', ['medical devices']],
  ['telehealth', ['telemedicine']],
  ['femtech', ['healthcare', 'digital health']],
  // Biotech.
  ['biotechnology', ['biotech']],
  ['bio tech', ['biotech']],
  ['synthetic biology', ['biotech']],
  ['synbio', ['biotech']],
  ['techbio', ['biotech']],
  ['pharma', ['life sciences']],
  ['pharmaceutical', ['life sciences']],
  ['pharmaceuticals', ['life sciences']],
  ['biopharma', ['biotech', 'life sciences']],
  ['gene therapy', ['therapeutics']],
  ['gene therapies', ['therapeutics']],
  // Commerce.
  ['ecommerce', ['e-commerce']],
  ['e commerce', ['e-commerce']],
  ['online retail', ['e-commerce']],
  ['dtc', ['direct-to-consumer']],
  ['d2c', ['direct-to-consumer']],
  ['direct to consumer', ['direct-to-consumer']],
  ['subscriptions', ['subscription']],
  ['subscription billing', ['subscription']],
  ['retailtech', ['retail tech']],
  // Games.
  ['games', ['gaming', 'games']],
  ['video games', ['gaming', 'games']],
  ['video game', ['gaming', 'games']],
  ['game studio', ['gaming']],
  ['game studios', ['gaming']],
  ['game developer', ['gaming']],
  ['gamedev', ['gaming']],
  ['computer games', ['gaming']],
  ['vr', ['ar/vr']],
  ['ar vr', ['ar/vr']],
  ['xr', ['ar/vr']],
  ['virtual reality', ['ar/vr']],
  ['augmented reality', ['ar/vr']],
  ['mixed reality', ['ar/vr']],
  ['metaverse', ['ar/vr']],
  // Media and marketing.
  ['media & entertainment', ['media']],
  ['creator economy', ['creator economy']],
  ['martech', ['marketing']],
  ['marketing tech', ['marketing']],
  ['marketing technology', ['marketing']],
  ['marketing & advertising', ['marketing']],
  ['adtech', ['marketing', 'adtech']],
  ['ad tech', ['marketing', 'adtech']],
  ['sales engagement', ['sales']],
  ['sales tech', ['sales']],
  ['salestech', ['sales']],
  ['sales enablement', ['sales']],
  ['sales intelligence', ['sales']],
  ['revenue intelligence', ['sales', 'conversation intelligence']],
  ['conversational intelligence', ['conversation intelligence']],
  // Logistics.
  ['logistics & supply chain', ['logistics']],
  ['shipping', ['logistics']],
  ['freight tech', ['freight']],
  ['last mile', ['logistics']],
  ['last-mile delivery', ['logistics']],
  ['supply chain management', ['supply chain']],
  ['fleet', ['fleet management']],
  ['3pl', ['third-party logistics', 'logistics']],
  ['3pls', ['third-party logistics', 'logistics']],
  // Manufacturing.
  ['robot', ['robotics']],
  ['robots', ['robotics']],
  ['chip', ['semiconductors']],
  ['chips', ['semiconductors']],
  ['chipmaker', ['semiconductors']],
  ['chipmakers', ['semiconductors']],
  ['chip design', ['semiconductors']],
  ['uav', ['drone']],
  ['uavs', ['drone']],
  ['industrial automation', ['industrial', 'automation']],
  ['industry 4.0', ['industrial']],
  ['3d printing', ['manufacturing']],
  // Climate and energy.
  ['climatetech', ['climate']],
  ['climate tech', ['climate']],
  ['cleantech', ['climate', 'cleantech']],
  ['clean tech', ['climate', 'cleantech']],
  ['renewables & environment', ['climate']],
  ['sustainability', ['climate']],
  ['renewables', ['renewable']],
  ['renewable energy', ['renewable']],
  ['green energy', ['clean energy']],
  ['solar', ['clean energy']],
  ['wind energy', ['clean energy']],
  ['hydrogen', ['clean energy']],
  ['geothermal', ['clean energy']],
  ['nuclear', ['energy']],
  ['fusion', ['energy']],
  ['battery', ['energy storage']],
  ['batteries', ['energy storage']],
  ['battery storage', ['energy storage']],
  ['carbon capture', ['carbon removal']],
  ['direct air capture', ['carbon removal']],
  ['energytech', ['energy']],
  // Education.
  ['edtech', ['education', 'edtech']],
  ['ed tech', ['education', 'edtech']],
  ['education technology', ['education', 'edtech']],
  ['e-learning', ['online learning']],
  ['elearning', ['online learning']],
  ['higher ed', ['higher education']],
  ['university', ['higher education']],
  ['universities', ['higher education']],
  ['k12', ['k-12']],
  // Real estate.
  ['proptech', ['real estate', 'proptech']],
  ['prop tech', ['real estate', 'proptech']],
  ['property tech', ['real estate', 'proptech']],
  ['property', ['real estate']],
  ['contech', ['construction']],
  ['construction tech', ['construction']],
  // Consulting.
  ['consultancy', ['consulting']],
  ['consultancies', ['consulting']],
  ['management consulting', ['consulting']],
  // Automotive.
  ['auto', ['automotive']],
  ['automaker', ['automotive']],
  ['automakers', ['automotive']],
  ['carmaker', ['automotive']],
  ['carmakers', ['automotive']],
  ['car', ['automotive']],
  ['cars', ['automotive']],
  ['autotech', ['automotive']],
  ['automotive tech', ['automotive']],
  ['ev', ['electric vehicles']],
  ['evs', ['electric vehicles']],
  ['electric vehicle', ['electric vehicles']],
  ['ev charging', ['electric vehicles']],
  ['autonomous vehicles', ['autonomous driving']],
  ['autonomous vehicle', ['autonomous driving']],
  ['self-driving', ['autonomous driving']],
  ['self driving', ['autonomous driving']],
  ['micromobility', ['mobility']],
  // Telecom and space.
  ['telecoms', ['telecom']],
  ['telecommunications', ['telecom']],
  ['telco', ['telecom']],
  ['telcos', ['telecom']],
  ['spacetech', ['space']],
  ['space tech', ['space']],
  ['new space', ['space']],
  ['satellite', ['satellites']],
  // Retail.
  ['cpg', ['consumer goods']],
  ['retailer', ['retail']],
  ['retailers', ['retail']],
  ['apparel', ['fashion']],
  ['fashion tech', ['fashion']],
  // Insurance.
  ['insurer', ['insurance']],
  ['insurers', ['insurance']],
  ['insurtech', ['insurance', 'insurtech']],
  ['insuretech', ['insurance', 'insurtech']],
  ['insurance tech', ['insurance', 'insurtech']],
  // Human resources.
  ['hr', ['hr tech']],
  ['hrtech', ['hr tech']],
  ['human resources', ['hr tech', 'human resources']],
  ['people ops', ['hr tech']],
  ['recruitment', ['recruiting']],
  ['talent acquisition', ['recruiting']],
  // Legal.
  ['legal tech', ['legal']],
  ['legaltech', ['legal']],
  ['law', ['legal']],
  ['legal services', ['legal']],
  ['contract lifecycle management', ['contract management']],
  ['clm', ['contract management']],
  // Aerospace and defense.
  ['aerospace & defense', ['aerospace']],
  ['defence', ['defense']],
  ['defense tech', ['defense']],
  ['defence tech', ['defense']],
  ['military', ['defense']],
  ['aviation', ['aerospace']],
  // Web3.
  ['web 3', ['web3']],
  ['blockchain', ['web3', 'blockchain']],
  ['crypto', ['web3', 'crypto']],
  ['cryptocurrency', ['web3', 'crypto']],
  ['blockchain & web3', ['web3']],
  ['nft', ['web3']],
  ['nfts', ['web3']],
  // Travel, food, agriculture.
  ['traveltech', ['travel']],
  ['airline', ['travel']],
  ['airlines', ['travel']],
  ['hotel', ['hospitality']],
  ['hotels', ['hospitality']],
  ['travel & hospitality', ['travel']],
  ['restaurant', ['food & beverage']],
  ['restaurants', ['food & beverage']],
  ['agtech', ['agriculture', 'agtech']],
  ['agritech', ['agriculture', 'agtech']],
  ['ag tech', ['agriculture', 'agtech']],
  ['agri tech', ['agriculture', 'agtech']],
  ['agrifood', ['agriculture', 'food']],
  ['farming', ['agriculture']],
  ['farming & agriculture', ['agriculture']],
  ['vertical farming', ['agriculture']],
  ['foodtech', ['food']],
  ['food tech', ['food']],
];

/**
 * Tags that are also everyday words: they are a sector only before a company or tech word
 * ("space company", "food startups", "identity platform") or glued to one ("space-tech").
 */
const NEEDS_FOLLOWER = new Set([
  'vc',
  'pe',
  'sales',
  'risk',
  'advisory',
  'space',
  'food',
  'identity',
  'networking',
  'games',
  'media',
  'streaming',
  'publishing',
  'commerce',
  'cloud',
  'fleet',
  'law',
  'property',
  'fusion',
  'battery',
  'robot',
  'chip',
  'chips',
  'auto',
  'medical',
  'health',
  'security',
  'finance',
  'infrastructure',
  'infra',
  'hardware',
  'energy',
  'industrial',
  'connectivity',
  'entertainment',
  'construction',
  'travel',
  'retail',
  'nuclear',
  'solar',
  'hydrogen',
  'shipping',
  'consulting',
  'advertising',
  'marketing',
  'automation',
  'subscription',
  'subscriptions',
  'grocery',
  'fashion',
  'lending',
  'banking',
  'payments',
  'payment',
  'compliance',
  'education',
  'ev',
  'evs',
  'ml',
  'hr',
  'vr',
  'xr',
  'aml',
  'cyber',
]);

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
