/**
 * More ways to name a company's type and funding stage, by family: public bodies by their
 * countries' own names ("quango", "statutory board", "public sector undertaking"), control by
 * the state ("under state control", "in public ownership"), legal forms that say listed or not
 * ("PLC" is listed, "GmbH" and "LLC" are private), small owner-run firms ("mom-and-pop"), a
 * family holding every share, the round before Series A ("pre-A" is a seed round), funding from
 * customers or revenue (bootstrapped), and leveraged buyouts (private equity). trait-phrases.ts
 * adds them to its table; traits.ts applies its negation and context rules to them as to any.
 */
import type { FundingStage } from '../../advanced-filters.js';
import type { CompanyType } from '../../company-filters.js';
import type { Trait } from './trait-phrases.js';

// Literal traits: trait-phrases.ts imports this module, so its helpers are not ready here.
const type = (t: CompanyType): Trait => ({ kind: 'company_type', type: t });
const stage = (s: FundingStage): Trait => ({ kind: 'funding_stage', stages: [s] });

const gov = type('government_agency');
const listed = type('public_company');
const privatelyHeld = type('privately_held');

/** "statutory board" and "statutory boards", … : each phrase with its plural. */
const withPlurals = (phrases: string[], trait: Trait, plural = 's'): [string, Trait][] =>
  phrases.flatMap((p): [string, Trait][] => [
    [p, trait],
    [`${p}${plural}`, trait],
  ]);

const OUTSIDE_OWNERS_LIST = [
  'shareholders outside the family',
  'shareholders outside the founding family',
  'owners outside the family',
  'owners outside the founding family',
  'outside shareholders',
  'external shareholders',
  'outside owners',
];
/** Shareholders beyond the owners: none of them ("no outside shareholders") is a privately held company; said alone, nothing. */
export const OUTSIDE_OWNERS: ReadonlySet<string> = new Set(OUTSIDE_OWNERS_LIST);

/** Company types and stages by more of the words people use (read with trait-phrases.ts's). */
export const MORE_TRAIT_PHRASES: [string, Trait][] = [
  // Public bodies as countries name them: the UK's quangos and non-departmental public bodies,
  // Singapore's statutory boards, India's public sector undertakings, New Zealand's crown entities.
  ...withPlurals(
    [
      'quango',
      'statutory board',
      'statutory corporation',
      'statutory authority',
      'non-departmental public body',
      'arms-length body',
      "arm's-length body",
      'public sector undertaking',
      'psu',
      'crown entity',
      'crown agency',
      'crown company',
      'government-linked company',
      'state-owned company',
      'state-owned corporation',
      'government corporation',
      'nationalised company',
      'nationalized company',
    ],
    gov,
  ),
  ['statutory bodies', gov],
  ['crown entities', gov],
  ['crown agencies', gov],
  ['crown companies', gov],
  ['government-linked companies', gov],
  ['state-owned companies', gov],
  ['nationalised companies', gov],
  ['nationalized companies', gov],
  ['arms-length bodies', gov],
  ["arm's-length bodies", gov],
  ['non-departmental public bodies', gov],
  ['nationalised', gov],
  ['nationalized', gov],
  // Control or ownership by the state, said as a state of affairs.
  ...['state', 'government', 'public', 'municipal', 'federal'].flatMap((owner): [string, Trait][] => [
    [`under ${owner} control`, gov],
    [`under ${owner} ownership`, gov],
    [`in ${owner} ownership`, gov],
    [`in ${owner} hands`, gov],
  ]),
  ['state ownership', gov],
  ['government ownership', gov],
  ['public ownership', gov],
  // Legal forms. A public limited company (PLC, and its Irish and Welsh kin) is the listed form;
  // the private limited forms are never listed.
  ...withPlurals(['plc', 'p.l.c.', 'public limited company'], listed),
  ['public limited companies', listed],
  ...withPlurals(['gmbh', 'llc', 'sarl', 'private limited company', 'pvt ltd', 'pvt. ltd.'], privatelyHeld),
  ['private limited companies', privatelyHeld],
  ['private limited', privatelyHeld],
  // Small firms run by their owners.
  ...['mom-and-pop', 'mom and pop', 'mum-and-dad', 'mum and dad', 'ma-and-pa', 'ma and pa', 'mom & pop', 'mom-n-pop'].map(
    (p): [string, Trait] => [p, privatelyHeld],
  ),
  // Every share in the family's hands ("no shareholders outside the founding family"): the
  // phrases of OUTSIDE_OWNERS, negated (traits.ts).
  ...OUTSIDE_OWNERS_LIST.map((p): [string, Trait] => [p, privatelyHeld]),
  ['owned by the founding family', privatelyHeld],
  ['run by the founding family', privatelyHeld],
  ['controlled by the founding family', privatelyHeld],
  ['held by the founding family', privatelyHeld],
  // The round before Series A is a seed round ("pre-A", "pre-Series A", "seed extension").
  ['pre-a', stage('seed')],
  ['pre-series a', stage('seed')],
  ['pre series a', stage('seed')],
  ['pre-a round', stage('seed')],
  ['seed extension', stage('seed')],
  ['seed+', stage('seed')],
  ['seed-plus', stage('seed')],
  ['post-seed', stage('seed')],
  // Funded by customers, revenue or profits: no investors, bootstrapped.
  ...['customer', 'customers', 'revenue', 'profit', 'profits', 'cash-flow', 'cashflow', 'sales'].flatMap((by): [string, Trait][] => [
    [`${by}-funded`, stage('bootstrapped')],
    [`${by} funded`, stage('bootstrapped')],
    [`funded by ${by}`, stage('bootstrapped')],
    [`funded from ${by}`, stage('bootstrapped')],
  ]),
  ['self-funding', stage('bootstrapped')],
  ['founder funded', stage('bootstrapped')],
  // A leveraged buyout is a private-equity deal.
  ...withPlurals(['lbo', 'leveraged buyout', 'leveraged buy-out', 'secondary buyout'], stage('private_equity')),
  ["lbo'd", stage('private_equity')],
];
