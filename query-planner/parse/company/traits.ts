/**
 * Company traits of a company query: funding stage ("seed stage", "Series B", "pre-seed",
 * "growth stage", "venture-backed"), company type ("public", "publicly traded", "NYSE",
 * "IPO'd", "private", "privately held", "government agency", "government-backed", "NGO",
 * "non-profit") and status ("acquired", "defunct", "shut down", "still active").
 *
 * Conventions:
 * - "public" alone is a public company unless it is part of another phrase ("public sector" is
 *   a government agency, "public health", "public relations"); "private" alone is privately
 *   held unless it is "private equity", "private label", "private credit", ...;
 * - the government and non-profit sectors ("govtech", "public sector", "civic tech",
 *   "government technology") are the company types `government_agency` and `nonprofit`,
 *   which company-filters.ts defines as the companies of those two industries;
 * - "seed" alone is a stage only next to a stage word ("seed stage", "seed round", "at seed",
 *   "from seed to Series B"); a bare letter after "to" / "or" ("went straight to B") is a
 *   series when the text names a series elsewhere;
 * - "closed" is a status unless a round or an amount follows ("just closed Series A");
 *   "bootstrapped then raised" is past, not a stage;
 * - a trait inside a negation ("not yet public", "no VC funding", "skipped Series A") is
 *   dropped (recognised as `*_negated`): the filters cannot express "not".
 */
import type { FundingStage } from '../../advanced-filters.js';
import type { CompanyType } from '../../company-filters.js';
import { STAGE_PHRASES } from '../lexicon/stages.js';
import { claim, matchAt, phraseTable, scanPhrases, type Token } from '../tokens.js';
import type { Scopes } from './scopes.js';

export type CompanyStatus = 'active' | 'acquired' | 'closed';

export type Trait =
  | { kind: 'funding_stage'; stages: FundingStage[] }
  | { kind: 'company_type'; type: CompanyType }
  | { kind: 'status'; status: CompanyStatus };

export interface TraitMention {
  trait: Trait;
  negated: boolean;
  from: number;
  to: number;
}

const stage = (...stages: FundingStage[]): Trait => ({ kind: 'funding_stage', stages });
const type = (t: CompanyType): Trait => ({ kind: 'company_type', type: t });
const status = (s: CompanyStatus): Trait => ({ kind: 'status', status: s });

const VENTURE: FundingStage[] = ['seed', 'series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus'];
/** Venture stages in the order a company goes through them. */
const ORDERED_STAGES: FundingStage[] = ['pre_seed', ...VENTURE];

const TRAIT_PHRASES: [string, Trait][] = [
  // Stages: the people parser's stage words, without "public company" (a company type here).
  ...STAGE_PHRASES.filter(([, v]) => !v.includes('public')).map(([p, v]) => [p, stage(...v)] as [string, Trait]),
  ['series e plus', stage('series_e_plus')],
  ['series f+', stage('series_e_plus')],
  ['series g', stage('series_e_plus')],
  ['series h', stage('series_e_plus')],
  ['series a+', stage('series_a', 'series_b', 'series_c', 'series_d', 'series_e_plus')],
  ['series b+', stage('series_b', 'series_c', 'series_d', 'series_e_plus')],
  ['series c+', stage('series_c', 'series_d', 'series_e_plus')],
  ['series d+', stage('series_d', 'series_e_plus')],
  ['series c-d', stage('series_c', 'series_d')],
  ['series c/d', stage('series_c', 'series_d')],
  ['series c or d', stage('series_c', 'series_d')],
  ['seed or series a', stage('seed', 'series_a')],
  ['seed to series a', stage('seed', 'series_a')],
  ['seed-series a', stage('seed', 'series_a')],
  ['pre seed', stage('pre_seed')],
  ['angel-backed', stage('pre_seed')],
  ['angel backed', stage('pre_seed')],
  ['angel round', stage('pre_seed')],
  ['angel-funded', stage('pre_seed')],
  ['self funded', stage('bootstrapped')],
  ['self-financed', stage('bootstrapped')],
  ['founder-funded', stage('bootstrapped')],
  ['vc-funded', stage(...VENTURE)],
  ['vc funded', stage(...VENTURE)],
  ['venture-funded', stage(...VENTURE)],
  ['venture funded', stage(...VENTURE)],
  ['pe-owned', stage('private_equity')],
  ['pe owned', stage('private_equity')],
  ['private equity owned', stage('private_equity')],
  ['private equity-owned', stage('private_equity')],
  ['owned by private equity', stage('private_equity')],
  ['owned by pe', stage('private_equity')],
  ['private equity ownership', stage('private_equity')],
  ['pe ownership', stage('private_equity')],
  ['bought by private equity', stage('private_equity')],
  ['acquired by private equity', stage('private_equity')],
  // Public companies.
  ['public', type('public_company')],
  ['public company', type('public_company')],
  ['public companies', type('public_company')],
  ['publicly traded', type('public_company')],
  ['publicly listed', type('public_company')],
  ['publicly held', type('public_company')],
  ['publicly quoted', type('public_company')],
  ['listed', type('public_company')],
  ['stock exchange listed', type('public_company')],
  ['exchange-listed', type('public_company')],
  ['traded on', type('public_company')],
  ['stock exchange', type('public_company')],
  ['stock-exchange', type('public_company')],
  ['stock market listed', type('public_company')],
  ['nyse', type('public_company')],
  ['nasdaq', type('public_company')],
  ['nyse-listed', type('public_company')],
  ['nasdaq-listed', type('public_company')],
  ['ipo', type('public_company')],
  ["ipo'd", type('public_company')],
  ['ipoed', type('public_company')],
  ['ipo-ed', type('public_company')],
  ['post-ipo', type('public_company')],
  ['went public', type('public_company')],
  // Members of a stock index are listed ("S&P 500 utilities", "FTSE 100 miners"). A ranking such
  // as the Fortune 500 is not an index: it counts private companies too.
  ...[
    's&p 500',
    's&p500',
    's&p 400',
    's&p 600',
    'dow jones',
    'dow 30',
    'nasdaq 100',
    'nasdaq-100',
    'russell 1000',
    'russell 2000',
    'russell 3000',
    'ftse 100',
    'ftse 250',
    'ftse 350',
    'ftse mib',
    'dax',
    'mdax',
    'sdax',
    'tecdax',
    'cac 40',
    'euro stoxx 50',
    'stoxx 600',
    'ibex 35',
    'aex',
    'omx',
    'smi',
    'nikkei 225',
    'topix',
    'hang seng',
    'kospi',
    'asx 200',
    'tsx',
    'sensex',
    'nifty 50',
    'bovespa',
  ].map((name): [string, Trait] => [name, type('public_company')]),
  ['gone public', type('public_company')],
  // Privately held companies.
  ['private', type('privately_held')],
  ['private company', type('privately_held')],
  ['private companies', type('privately_held')],
  ['privately held', type('privately_held')],
  ['privately owned', type('privately_held')],
  ['stay private', type('privately_held')],
  ['stayed private', type('privately_held')],
  ['remain private', type('privately_held')],
  ['non-public', type('privately_held')],
  ['pre-ipo', type('privately_held')],
  ['family owned', type('privately_held')],
  ['family-owned', type('privately_held')],
  ['family-run', type('privately_held')],
  ['family run', type('privately_held')],
  ['family business', type('privately_held')],
  ['family businesses', type('privately_held')],
  ['family company', type('privately_held')],
  ['family companies', type('privately_held')],
  ['family firm', type('privately_held')],
  ['family firms', type('privately_held')],
  ['owner-operated', type('privately_held')],
  ['owner-managed', type('privately_held')],
  ['employee-owned', type('privately_held')],
  ['employee owned', type('privately_held')],
  ['founder-owned', type('privately_held')],
  ['closely held', type('privately_held')],
  // Government agencies (and the government sector).
  ['government', type('government_agency')],
  ['governments', type('government_agency')],
  ['government agency', type('government_agency')],
  ['government agencies', type('government_agency')],
  ['government-backed', type('government_agency')],
  ['government-owned', type('government_agency')],
  ['government-run', type('government_agency')],
  ['government-funded', type('government_agency')],
  ['government technology', type('government_agency')],
  ['government administration', type('government_agency')],
  ['state-owned', type('government_agency')],
  ['state-run', type('government_agency')],
  ['publicly owned', type('government_agency')],
  ['publicly-owned', type('government_agency')],
  ['public-sector', type('government_agency')],
  ['public body', type('government_agency')],
  ['public bodies', type('government_agency')],
  ['public authority', type('government_agency')],
  ['public authorities', type('government_agency')],
  ['statutory body', type('government_agency')],
  ['statutory bodies', type('government_agency')],
  ['crown corporation', type('government_agency')],
  ['crown corporations', type('government_agency')],
  ['municipal', type('government_agency')],
  ['municipality', type('government_agency')],
  ['municipalities', type('government_agency')],
  ['ministry', type('government_agency')],
  ['ministries', type('government_agency')],
  ['authority', type('government_agency')],
  ['authorities', type('government_agency')],
  ['regulator', type('government_agency')],
  ['regulators', type('government_agency')],
  ['regulatory agency', type('government_agency')],
  ['regulatory agencies', type('government_agency')],
  ['state agency', type('government_agency')],
  ['state agencies', type('government_agency')],
  ['state owned', type('government_agency')],
  ['state-backed', type('government_agency')],
  ['public sector', type('government_agency')],
  ['public agency', type('government_agency')],
  ['public agencies', type('government_agency')],
  ['federal agency', type('government_agency')],
  ['federal agencies', type('government_agency')],
  ['govtech', type('government_agency')],
  ['gov tech', type('government_agency')],
  ['civic tech', type('government_agency')],
  // Non-profits.
  ['non-profit', type('nonprofit')],
  ['non-profits', type('nonprofit')],
  ['nonprofit', type('nonprofit')],
  ['nonprofits', type('nonprofit')],
  ['not-for-profit', type('nonprofit')],
  ['not for profit', type('nonprofit')],
  ['ngo', type('nonprofit')],
  ['non-governmental organization', type('nonprofit')],
  ['non-governmental organizations', type('nonprofit')],
  ['non-profit organization', type('nonprofit')],
  ['non-profit organizations', type('nonprofit')],
  ['nonprofit organization', type('nonprofit')],
  ['nonprofit organizations', type('nonprofit')],
  ['ngos', type('nonprofit')],
  ['charity', type('nonprofit')],
  ['charities', type('nonprofit')],
  ['foundation', type('nonprofit')],
  ['foundations', type('nonprofit')],
  ['charitable organization', type('nonprofit')],
  // US tax-exempt status, as the tokenizer splits it ("501(c)(3)").
  ['501(c)(3', type('nonprofit')],
  ['501c3', type('nonprofit')],
  ['501(c)3', type('nonprofit')],
  ['tax-exempt', type('nonprofit')],
  ['tax exempt', type('nonprofit')],
  ['non-profit making', type('nonprofit')],
  ['social enterprise', type('nonprofit')],
  ['social enterprises', type('nonprofit')],
  ['voluntary organisation', type('nonprofit')],
  ['voluntary organisations', type('nonprofit')],
  ['voluntary organization', type('nonprofit')],
  ['voluntary organizations', type('nonprofit')],
  ['charitable organizations', type('nonprofit')],
  // Status.
  ['acquired', status('acquired')],
  ['got acquired', status('acquired')],
  ['been acquired', status('acquired')],
  ['defunct', status('closed')],
  ['shut down', status('closed')],
  ['shutdown', status('closed')],
  ['closed down', status('closed')],
  ['closed', status('closed')],
  ['went bust', status('closed')],
  ['gone bust', status('closed')],
  ['went under', status('closed')],
  ['bankrupt', status('closed')],
  ['went bankrupt', status('closed')],
  ['out of business', status('closed')],
  ['folded', status('closed')],
  ['dissolved', status('closed')],
  ['wound down', status('closed')],
  ['ceased operations', status('closed')],
  ['failed', status('closed')],
  ['dead', status('closed')],
  ['active', status('active')],
  ['still active', status('active')],
  ['currently active', status('active')],
  ['still operating', status('active')],
  ['still in business', status('active')],
  ['operational', status('active')],
];

const TABLE = phraseTable(TRAIT_PHRASES);

const COMPANY_NOUNS =
  /^(companies|company|startups?|start-ups?|firms?|businesses|business|orgs?|organi[sz]ations?|ventures?|players?|scale-?ups?|corporations?|ones)$/;
/** After "public" these make another phrase ("public health", "public relations"). */
const PUBLIC_NOT = new Set(
  'health relations safety policy affairs transport transportation transit domain good goods interest records key keys speaking school schools library libraries utility utilities radio broadcasting benefit opinion data api apis beta preview works art'.split(
    ' ',
  ),
);
/** After "private" these make another phrase ("private equity", "private label"). */
const PRIVATE_NOT = new Set(
  'equity label credit bank banking banks market markets school schools beta data key keys jet jets aviation investor investors investment investments wealth placement network networks browsing messaging preview lte 5g cloud sector practice'.split(
    ' ',
  ),
);
/** After "closed" these make it a round or a deal, not a status. */
const CLOSED_NOT = /^(series|seed|pre|round|rounds|funding|financing|investment|a|an|its|their|the|deal|deals|beta|source|loop|\$.*|\d.*)$/;
const STAGE_FOLLOWERS = /^(stage|round|rounds|funded|funding|startups?|companies|company|investment|raise|financing)$/;
const SEED_BEFORE = /^(at|from|to|in|post|raised|raising|closed|a|the|their|its|or|and)$/;

export function isTraitStart(tokens: Token[], i: number): boolean {
  return matchAt(tokens, i, TABLE, true) !== null;
}

/** Whether a single-word match is used as that trait here. */
/** Businesses named after whom they serve: "public sector consultancies", "government IT suppliers". */
const SERVES_THE_STATE =
  /^(consult\w*|advis\w*|contractors?|suppliers?|vendors?|software|saas|solutions?|recruit\w*|staffing|outsourc\w*|integrators?|specialists?|practices?|lawyers?|law|marketing|sales)$/;

/** Nouns after "early-stage" or "late-stage" that are medicine's stages, not a company's. */
const CLINICAL_AFTER =
  /^(cancers?|tumou?rs?|diseases?|clinical|trials?|assets?|pipelines?|drugs?|compounds?|molecules?|therapeutics?|detection|diagnosis|dementia|alzheimer'?s|parkinson'?s)$/;

function accepted(tokens: Token[], i: number, end: number, trait: Trait): boolean {
  const word = tokens[i]?.norm ?? '';
  const next = tokens[end];
  const nextNorm = next && next.kind !== 'punct' ? next.norm : '';
  const prev = tokens[i - 1]?.kind === 'punct' ? '' : (tokens[i - 1]?.norm ?? '');
  if (trait.kind === 'funding_stage') {
    // "seed-to-sale software": a compound word, not a round.
    if (next?.join === '-' && nextNorm === 'to') return false;
    // "early-stage cancer", "late-stage clinical assets": the stage of a disease or a drug.
    if (CLINICAL_AFTER.test(nextNorm)) return false;
  }
  if (end - i > 1) {
    if (trait.kind === 'funding_stage' && trait.stages.includes('bootstrapped')) return !/^(then|until|before|initially)$/.test(nextNorm);
    // "public sector consultancies" and "public sector software vendors" sell to the state: the noun
    // is a business that serves it, not a body of it.
    if (trait.kind === 'company_type' && trait.type === 'government_agency' && word === 'public') return !SERVES_THE_STATE.test(nextNorm);
    return true;
  }
  switch (word) {
    case 'public':
      return !PUBLIC_NOT.has(nextNorm) && !/^(go|going|goes|to)$/.test(prev);
    case 'private':
      return !PRIVATE_NOT.has(nextNorm);
    case 'listed':
      // "listed on", "listed companies", "ASX-listed", "listed Turkish airlines" (in front of the noun phrase).
      return (
        /^(on|in)$/.test(nextNorm) ||
        COMPANY_NOUNS.test(nextNorm) ||
        /^(stock|exchange|publicly)$/.test(prev) ||
        !!tokens[i]?.join ||
        (prev === '' && i === tokens.findIndex((t) => t.kind === 'word')) ||
        /^(a|an|the)$/.test(prev)
      );
    case 'ipo':
      // "had an IPO", "IPO in 2021"; not "IPO-ready", "IPO plans", "pre-IPO".
      return /^(an|the|their|its|had|since|after|recent)$/.test(prev) && !/^(ready|plans?|candidates?|track|bound)$/.test(nextNorm);
    case 'government':
    case 'governments':
      // "government contractors" sell to governments.
      return !/^(contractors?|customers?|clients?|contracts?|relations|affairs)$/.test(nextNorm);
    case 'foundation':
    case 'foundations':
      // "foundation models", "on a solid foundation".
      return !/^(models?|layer|year|series)$/.test(nextNorm) && !/^(a|solid|strong|the|technical)$/.test(prev);
    case 'closed':
      return !CLOSED_NOT.test(nextNorm) && prev !== 'just' && prev !== 'recently';
    case 'failed':
    case 'dead':
    case 'folded':
      return COMPANY_NOUNS.test(nextNorm) || /^(have|has|had|that|which|who|are|were|is|was)$/.test(prev);
    case 'active':
    case 'operational':
      return COMPANY_NOUNS.test(nextNorm) || /^(still|currently|only|are|is|be|remain|remains)$/.test(prev);
    case 'acquired':
      // "acquired customers" is something else.
      return !/^(customers?|users?|clients?|talent|assets?)$/.test(nextNorm);
    case 'seed':
      return STAGE_FOLLOWERS.test(nextNorm) || SEED_BEFORE.test(prev) || tokens[end]?.join === '-';
    case 'bootstrapped':
      return !/^(then|until|before|initially)$/.test(nextNorm) && !/^(initially|originally|first)$/.test(prev);
    case 'authority':
    case 'authorities':
      // "domain authority", "design authority" are not bodies.
      return !/^(domain|design|technical|brand)$/.test(prev);
    case 'municipal':
      return !/^(bonds?|waste|water)$/.test(nextNorm);
    default:
      return true;
  }
}

const SERIES_LETTERS: ReadonlyMap<string, FundingStage> = new Map(
  Object.entries<FundingStage>({
    a: 'series_a',
    b: 'series_b',
    c: 'series_c',
    d: 'series_d',
    e: 'series_e_plus',
    f: 'series_e_plus',
  }),
);

/** Funding stages, company types and statuses, in text order; claims their tokens. */
export function scanTraits(tokens: Token[], scopes: Scopes): TraitMention[] {
  let seriesNamed = false;
  const out: TraitMention[] = scanPhrases(tokens, TABLE, 'context', ({ value, from: i, end: matched }) => {
    if (scopes.customer.has(i) || !accepted(tokens, i, matched, value)) return null;
    let end = matched;
    // "Series A round", "seed-stage startups": the stage word takes its noun.
    if (value.kind === 'funding_stage' && STAGE_FOLLOWERS.test(tokens[end]?.norm ?? '') && !tokens[end]?.claim) end++;
    if (value.kind === 'funding_stage' && tokens[i]?.norm === 'series') seriesNamed = true;
    const negated = scopes.negated.has(i);
    // "ASX-listed", "LSE-listed": the exchange glued in front belongs to the type.
    const from = tokens[i]?.join === '-' && tokens[i - 1]?.kind === 'word' && !tokens[i - 1]?.claim ? i - 1 : i;
    return {
      item: { trait: value, negated, from, to: end },
      to: end,
      claimFrom: from,
      kind: negated ? 'ignored' : value.kind === 'funding_stage' ? 'stage' : 'context',
    };
  });
  // "public transit agencies", "federal food safety agency": an agency of the state, with its field between.
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || scopes.customer.has(i) || !/^(agency|agencies)$/.test(t.norm) || out.some((m) => m.trait.kind === 'company_type'))
      continue;
    for (let k = i - 1; k >= 0 && i - k <= 3; k--) {
      const u = tokens[k] as Token;
      if (u.kind === 'punct' || (u.claim && u.claim !== 'industry')) break;
      // Not "public relations agencies": a service, not a public body.
      if (
        u.norm === 'public' &&
        /^(relations|affairs|speaking|opinion|domain|interest|records|data|api|apis|beta|preview)$/.test(tokens[k + 1]?.norm ?? '')
      )
        break;
      if (/^(public|federal|state|national|municipal|county|city|provincial)$/.test(u.norm)) {
        const negated = scopes.negated.has(i);
        claim(tokens, i, i + 1, negated ? 'ignored' : 'context');
        out.push({ trait: type('government_agency'), negated, from: i, to: i + 1 });
        break;
      }
    }
  }
  // "Series B or later", "Series C and above", "seed or earlier": the stages from (or up to) the one named.
  for (const m of out) {
    if (m.trait.kind !== 'funding_stage' || m.trait.stages.length !== 1) continue;
    const at = ORDERED_STAGES.indexOf(m.trait.stages[0] as FundingStage);
    const link = tokens[m.to];
    const word = tokens[m.to + 1];
    if (at < 0 || !link || !word || word.claim || !/^(and|or|&)$/.test(link.norm)) continue;
    const later = /^(later|beyond|above|up|upward|upwards|onward|onwards|higher|after|more)$/.test(word.norm);
    const earlier = /^(earlier|below|before|lower|less|under|prior)$/.test(word.norm);
    if (!later && !earlier) continue;
    const stages = later ? ORDERED_STAGES.slice(at) : ORDERED_STAGES.slice(0, at + 1);
    m.trait = stage(...stages);
    claim(tokens, m.to, m.to + 2, m.negated ? 'ignored' : 'stage');
    m.to += 2;
  }
  out.sort((a, b) => a.from - b.from);
  // "skipped Series A and went straight to B": a lone letter after "to" / "or" / "and" once a series is named.
  if (seriesNamed) {
    for (let i = 1; i < tokens.length; i++) {
      const t = tokens[i] as Token;
      const stageOf = SERIES_LETTERS.get(t.norm);
      if (!stageOf || t.claim || t.text !== t.text.toUpperCase() || t.kind !== 'word') continue;
      if (!/^(to|or|and|through)$/.test(tokens[i - 1]?.norm ?? '')) continue;
      const negated = scopes.negated.has(i);
      claim(tokens, i, i + 1, negated ? 'ignored' : 'stage');
      out.push({ trait: stage(stageOf), negated, from: i, to: i + 1 });
    }
    out.sort((a, b) => a.from - b.from);
  }
  return out;
}
