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
import { claim, matchAt, phraseTable, scanPhrases, type Token } from '../tokens.js';
import { FORM_ABBREVIATIONS, LISTING_PHRASES, listingAccepted } from './listing-phrases.js';
import { OUTSIDE_OWNERS } from './more-trait-phrases.js';
import type { Scopes } from './scopes.js';
import { ORDERED_STAGES, RAISE_PHRASES, stage, TRAIT_PHRASES, type Trait, type } from './trait-phrases.js';

export type { CompanyStatus, Trait } from './trait-phrases.js';

export interface TraitMention {
  trait: Trait;
  negated: boolean;
  from: number;
  to: number;
}

const TABLE = phraseTable(TRAIT_PHRASES);

const COMPANY_NOUNS =
  /^(companies|company|startups?|start-ups?|firms?|businesses|business|orgs?|organi[sz]ations?|ventures?|players?|scale-?ups?|corporations?|ones)$/;
/** After "public" these make another phrase ("public health", "public relations"). */
/** First words of a market capitalisation ("small-cap", "blue-chip", "microcap"). */
const MARKET_CAP = /^(micro|small|mid|large|microcap|smallcap|midcap|blue)$/;
/** What a market capitalisation before it describes when it is no company: holdings, funds, clients. */
const CAP_HOLDINGS =
  /^(stocks?|shares?|equit(y|ies)|funds?|etfs?|index|indices|portfolios?|investing|investors?|investments?|managers?|clients?|customers?|brands?|accounts?|names)$/;

const PUBLIC_NOT = new Set(
  'health relations safety policy affairs transport transportation transit domain good goods interest records key keys speaking school schools library libraries utility utilities radio broadcasting benefit opinion data api apis beta preview works art address accounting accountants housing hospital hospitals procurement finance media television pool pools'.split(
    ' ',
  ),
);
/** After "body" these make a trade's name ("body armor", "body care"): "public body armor" is no public body. */
const BODY_COMPOUNDS =
  /^(armou?r|care|lotions?|wash|washes|shops?|kits?|cameras?|scanners?|spray|sprays|butter|oils?|jewelry|jewellery|building|contouring|composition|work|repair|panels?|parts)$/;
/** After "private" these make another phrase ("private equity", "private label"). */
const PRIVATE_NOT = new Set(
  'equity label credit bank banking banks market markets school schools beta data key keys jet jets aviation investor investors investment investments wealth placement network networks browsing messaging preview lte 5g cloud sector practice investigator investigators investigation investigations detective detectives security clinic clinics hospital hospitals healthcare tutor tutors tutoring chef chefs prison prisons club clubs lending lender lenders care nursing dental'.split(
    ' ',
  ),
);
/** Of {@link PRIVATE_NOT}, services private practices give: a startup named with them is still a private company. */
const PRIVATE_SERVICES = /^(dental|clinic|clinics|hospital|hospitals|healthcare|care|nursing|school|schools|tutoring|security)$/;

/** Whether a valued startup's head noun ("unicorn", "decacorn") comes within four words from token i: such a company is private. */
function startupHeadAfter(tokens: Token[], i: number): boolean {
  for (let k = i; k < tokens.length && k - i < 4; k++) {
    const t = tokens[k] as Token;
    if (t.kind === 'punct') return false;
    if (/^(unicorns?|decacorns?|soonicorns?)$/.test(t.norm)) return true;
  }
  return false;
}

/** After "closed" these make it a round or a deal, not a status. */
const CLOSED_NOT = /^(series|seed|pre|round|rounds|funding|financing|investment|a|an|its|their|the|deal|deals|beta|source|loop|\$.*|\d.*)$/;
const STAGE_FOLLOWERS = /^(stage|round|rounds|funded|funding|startups?|companies|company|investment|raise|financing)$/;
const SEED_BEFORE = /^(at|from|to|in|post|raised|raising|closed|a|the|their|its|or|and)$/;

/** Nouns a heritage register lists: "listed buildings" are protected, not traded. */
const HERITAGE = /^(buildings?|properties|property|monuments?|sites?|structures?|houses?|homes?|churches|castles?|heritage|landmarks?)$/;

/** Whether tokens i..end stand alone between commas or at the end ("…, seed, under $1M", "…, listed"): an item of a list of traits. */
function listItem(tokens: Token[], i: number, end: number): boolean {
  const after = tokens[end];
  return tokens[i - 1]?.text === ',' && (!after || (after.kind === 'punct' && /^[,;.)]$/.test(after.text)));
}

export function isTraitStart(tokens: Token[], i: number): boolean {
  return matchAt(tokens, i, TABLE, true) !== null;
}

/** Whether a single-word match is used as that trait here. */
/** Businesses named after whom they serve: "public sector consultancies", "government IT suppliers". */
const SERVES_THE_STATE =
  /^(consult\w*|advis\w*|contractors?|suppliers?|vendors?|software|saas|solutions?|recruit\w*|staffing|outsourc\w*|integrators?|specialists?|practices?|lawyers?|law|marketing|sales)$/;

/** Nouns after "stock exchange" naming what runs or serves exchanges, not a listed company. */
const RUNS_EXCHANGES = /^(operators?|software|technology|tech|data|platforms?|infrastructure|vendors?|providers?|systems)$/;

/** Nouns after "early-stage" or "late-stage" that are medicine's stages, not a company's. */
const CLINICAL_AFTER =
  /^(cancers?|tumou?rs?|diseases?|clinical|trials?|assets?|pipelines?|drugs?|compounds?|molecules?|therapeutics?|detection|diagnosis|dementia|alzheimer'?s|parkinson'?s)$/;

function accepted(tokens: Token[], i: number, end: number, trait: Trait, negated = false): boolean {
  const word = tokens[i]?.norm ?? '';
  const next = tokens[end];
  const nextNorm = next && next.kind !== 'punct' ? next.norm : '';
  const prev = tokens[i - 1]?.kind === 'punct' ? '' : (tokens[i - 1]?.norm ?? '');
  if (trait.kind === 'funding_stage') {
    // "seed-to-sale software": a compound word, not a round.
    if (next?.join === '-' && nextNorm === 'to') return false;
    // "early-stage cancer", "late-stage clinical assets": the stage of a disease or a drug. A
    // round's name ("pre-seed dementia care apps") is a round whatever follows.
    if (/^(early|late|later|mid|middle)$/.test(word) && CLINICAL_AFTER.test(nextNorm)) return false;
  }
  // "small-cap miners" are listed; "small-cap stocks", "investing in small-cap", "blue chip
  // clients" name what is held or served.
  if (trait.kind === 'company_type' && MARKET_CAP.test(word))
    return !CAP_HOLDINGS.test(nextNorm) && !/^(in|into|investing|invests|invest|with|for|serving|serves|serve|own|owning)$/.test(prev);
  // "organised as a GmbH", "firms that are Sdn Bhd", "PLCs making crates"; not a name's suffix ("Acme Pty Ltd").
  // A form of two letters that is also a code ("Lethbridge, AB" is Alberta) only after "a", "an" or "as" ("structured as an Oy").
  if (trait.kind === 'company_type' && end - i === 1 && /^(ab|oy|ug)$/.test(word)) return /^(a|an|as)$/.test(prev);
  if (trait.kind === 'company_type' && (FORM_ABBREVIATIONS.has(phraseOf(tokens, i, end)) || /^(plc|gmbh|llc|sarl)$/.test(word)))
    return /^(a|an|as|is|are|only)$/.test(prev) || listItem(tokens, i, end) || i === tokens.findIndex((t) => t.kind === 'word');
  if (end - i > 1) {
    if (trait.kind === 'funding_stage' && trait.stages.includes('bootstrapped')) return !/^(then|until|before|initially)$/.test(nextNorm);
    // "public sector consultancies" and "public sector software vendors" sell to the state: the noun
    // is a business that serves it, not a body of it.
    if (trait.kind === 'company_type' && trait.type === 'government_agency' && word === 'public') {
      return !SERVES_THE_STATE.test(nextNorm);
    }
    // "stock exchange operators" run exchanges; "listed on a stock exchange" is public.
    if (trait.kind === 'company_type' && word === 'stock') return !RUNS_EXCHANGES.test(nextNorm);
    return true;
  }
  switch (word) {
    case 'public':
      // "about to go public" is no public company; "didn't go public" is a private one.
      return !PUBLIC_NOT.has(nextNorm) && (negated || !/^(go|going|goes|to)$/.test(prev));
    case 'private':
      // "private dental clinics" are a trade; a "private dental aligner unicorn" is a private company.
      return !PRIVATE_NOT.has(nextNorm) || (PRIVATE_SERVICES.test(nextNorm) && startupHeadAfter(tokens, end));
    case 'listed':
      // "listed buildings", "listed monuments": a heritage listing, no stock.
      if (HERITAGE.test(nextNorm)) return false;
      // "listed on", "listed companies", "ASX-listed", "listed Turkish airlines" (in front of the noun phrase).
      return (
        listItem(tokens, i, end) ||
        /^(on|in)$/.test(nextNorm) ||
        COMPANY_NOUNS.test(nextNorm) ||
        /^(stock|exchange|publicly)$/.test(prev) ||
        !!tokens[i]?.join ||
        (prev === '' && i === tokens.findIndex((t) => t.kind === 'word')) ||
        /^(a|an|the)$/.test(prev) ||
        // "not yet listed", "aren't listed": not public.
        (negated && nextNorm === '')
      );
    case 'ipo':
      // "had an IPO", "IPO in 2021"; not "IPO-ready", "IPO plans", "pre-IPO".
      return /^(an|the|their|its|had|since|after|recent)$/.test(prev) && !/^(ready|plans?|candidates?|track|bound)$/.test(nextNorm);
    case 'government':
    case 'governments':
      // "government contractors" sell to governments.
      // "government bond trading", "government grant consultants" deal in what governments issue.
      return !/^(contractors?|customers?|clients?|contracts?|relations|affairs|bonds?|securities|debt|grants?|tenders?|procurement|funding|funded|subsid(y|ies))$/.test(
        nextNorm,
      );
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
      // "seed and Series A fintechs": joined to another round's name.
      return (
        STAGE_FOLLOWERS.test(nextNorm) ||
        SEED_BEFORE.test(prev) ||
        tokens[end]?.join === '-' ||
        listItem(tokens, i, end) ||
        (/^(and|or|&|\/)$/.test(nextNorm) && /^(series|pre|preseed|angel|growth)$/.test(tokens[end + 1]?.norm ?? ''))
      );
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

/** Bodies of the state after a level of government ("federal agency", "city health department", "national archives"). */
const STATE_BODIES = /^(agency|agencies|department|departments|ministry|ministries|archives)$/;

/** Verbs that set up a company in a legal form ("structured as", "incorporated as", "set up as"). */
const FORM_VERBS = /^(structured|organised|organized|incorporated|registered|constituted|formed|established|up|set|chartered)$/;

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

/** The words of tokens [from, to) as one phrase. */
function phraseOf(tokens: Token[], from: number, to: number): string {
  return tokens
    .slice(from, to)
    .map((t) => t.norm)
    .join(' ');
}

/** Funding stages, company types and statuses, in text order; claims their tokens. */
export function scanTraits(tokens: Token[], scopes: Scopes): TraitMention[] {
  let seriesNamed = false;
  const out: TraitMention[] = scanPhrases(tokens, TABLE, 'context', ({ value, from: i, end: matched }) => {
    // "public body armor makers", "public body care brands": a public company in a body-something trade.
    if (phraseOf(tokens, i, matched) === 'public body' && BODY_COMPOUNDS.test(tokens[matched]?.norm ?? '')) {
      value = type('public_company');
      matched = i + 1;
    }
    if (scopes.customer.has(i) || !accepted(tokens, i, matched, value, scopes.negated.has(i))) return null;
    // "outside funding" names money, not that it was taken ("seeking outside funding"), unless negated or after its verb.
    const phrase = phraseOf(tokens, i, matched);
    // "investing on the stock market" trades others' shares.
    if (LISTING_PHRASES.has(phrase) && !listingAccepted(tokens, i)) return null;
    if (RAISE_PHRASES.has(phrase) && !scopes.negated.has(i) && !/^(took|taken|raised|accepted)\b/.test(phrase)) return null;
    let end = matched;
    // "Series A round", "seed-stage startups": the stage word takes its noun.
    if (value.kind === 'funding_stage' && STAGE_FOLLOWERS.test(tokens[end]?.norm ?? '') && !tokens[end]?.claim) end++;
    if (value.kind === 'funding_stage' && tokens[i]?.norm === 'series') seriesNamed = true;
    let negated = scopes.negated.has(i);
    // "no outside shareholders", "no shareholders outside the family": privately held; "with
    // outside shareholders" says nothing of the type.
    if (OUTSIDE_OWNERS.has(phrase)) {
      if (!negated) return null;
      negated = false;
    }
    // "ASX-listed", "LSE-listed": the exchange glued in front belongs to the type.
    const from = tokens[i]?.join === '-' && tokens[i - 1]?.kind === 'word' && !tokens[i - 1]?.claim ? i - 1 : i;
    // "not public", "haven't gone public", "not yet listed": a company that is not public is private.
    // Not "without public funding", "not listed on Nasdaq" (listed elsewhere?), "did not go public
    // in 2020": only the type itself, at the end of its phrase.
    const after = tokens[end];
    const afterNorm = after && after.kind !== 'punct' ? after.norm : '';
    const typeAlone =
      afterNorm === '' || /^(company|companies|firms?|business(es)?|startups?|yet|anymore|either|or|and|but)$/.test(afterNorm);
    const word = tokens[i]?.norm ?? '';
    if (
      negated &&
      value.kind === 'company_type' &&
      value.type === 'public_company' &&
      // "no public float", "not on any exchange", "without a ticker": a listing's parts, denied.
      ((/^(public|publicly|listed|gone|went|go)$/.test(word) && typeAlone) || LISTING_PHRASES.has(phrase)) &&
      afterNorm !== 'but'
    ) {
      value = type('privately_held');
      negated = false;
    }
    // "never took outside money", "no VC funding", "without external capital": bootstrapped.
    if (negated && value.kind === 'funding_stage' && RAISE_PHRASES.has(phrase)) {
      value = stage('bootstrapped');
      negated = false;
    }
    return {
      item: { trait: value, negated, from, to: end },
      to: end,
      claimFrom: from,
      kind: negated ? 'ignored' : value.kind === 'funding_stage' ? 'stage' : 'context',
    };
  });
  // "public transit agencies", "federal food safety agency": an agency of the state, with its field
  // between; so a level of government's department, ministry or archives ("under a city health
  // department", "run by the national archives"), not "department stores".
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.claim || scopes.customer.has(i) || !STATE_BODIES.test(t.norm) || out.some((m) => m.trait.kind === 'company_type')) continue;
    if (!/^(agency|agencies)$/.test(t.norm) && (/^stores?$/.test(tokens[i + 1]?.norm ?? '') || tokens[i - 1]?.norm === 'public')) continue;
    // "state department contractors", "agency suppliers": who sells to the body.
    if (/^(contractors?|suppliers?|vendors?|clients?|customers?|contracts?)$/.test(tokens[i + 1]?.norm ?? '')) continue;
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
        // An adjective cue is the type's too: the field between is the sector ("national space
        // agency" → space). Not "public", which names fields itself ("public transit", "public
        // health"), nor the nouns that end place names ("Jersey City", "Orange County", "New York State").
        if (/^(federal|national|municipal|provincial)$/.test(u.norm)) claim(tokens, k, k + 1, negated ? 'ignored' : 'context');
        claim(tokens, i, i + 1, negated ? 'ignored' : 'context');
        out.push({ trait: type('government_agency'), negated, from: i, to: i + 1 });
        break;
      }
    }
  }
  // "structured as an Oy", "organised as a GmbH": the verb that sets up the form is the type's, not the sector's.
  for (const m of out) {
    if (m.trait.kind !== 'company_type') continue;
    let k = m.from - 1;
    if (/^(a|an)$/.test(tokens[k]?.norm ?? '')) k--;
    if (tokens[k]?.norm !== 'as' || !FORM_VERBS.test(tokens[k - 1]?.norm ?? '')) continue;
    const up = tokens[k - 1]?.norm === 'up' && tokens[k - 2]?.norm === 'set' ? k - 2 : k - 1;
    for (let j = up; j < m.from; j++) if (!tokens[j]?.claim) claim(tokens, j, j + 1, 'ignored');
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
  // "past Series B", "beyond the seed stage": the stages after the one named (the last, Series E+, is its own).
  for (const m of out) {
    const at =
      m.trait.kind === 'funding_stage' && m.trait.stages.length === 1 ? ORDERED_STAGES.indexOf(m.trait.stages[0] as FundingStage) : -1;
    const k = tokens[m.from - 1]?.norm === 'the' ? m.from - 2 : m.from - 1;
    // Not "the past" (a noun): "in the past Series A".
    if (at < 0 || tokens[k]?.claim || !/^(past|beyond)$/.test(tokens[k]?.norm ?? '') || tokens[k - 1]?.norm === 'the') continue;
    m.trait = stage(...ORDERED_STAGES.slice(Math.min(at + 1, ORDERED_STAGES.length - 1)));
    claim(tokens, k, m.from, m.negated ? 'ignored' : 'stage');
    m.from = k;
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
