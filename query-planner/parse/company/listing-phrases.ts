/**
 * Company types said by what a listing is made of, by legal form, and funding stages said by
 * where the money came from, composed rather than listed phrase by phrase:
 * - a listing by its parts: shares anyone can buy ("you can buy shares in"), a float ("a public
 *   float"), a ticker ("a stock ticker"), a place on an exchange ("on any exchange"), penny and
 *   meme stocks. Negated ("no public float", "not on any exchange", "without a ticker") the
 *   company is privately held (traits.ts);
 * - legal forms by country that say listed or not: the private limited forms (Pty Ltd, Pte Ltd,
 *   Sdn Bhd, Ltda, S.R.L., B.V., ApS, Kft., s.r.o., sp. z o.o., OOO, LLP), the listed ones (Bhd
 *   alone, Tbk, Oyj, ASA, PJSC, S.A.B. de C.V.), and the nonprofit ones (charitable incorporated
 *   organisations, community interest companies, companies limited by guarantee, e.V., gGmbH,
 *   stichting, ASBL / VZW). An abbreviation is a form only where it is one ("structured as a Pty
 *   Ltd", "firms that are Sdn Bhd"), never a name's suffix ("Acme Pty Ltd": traits.ts);
 * - money from friends and family before any round (pre-seed), from revenue by any adverb
 *   ("funded purely from revenue"), and no money raised at all ("never raised a cent", "never had
 *   investors": bootstrapped, read through trait-phrases.ts's RAISE_PHRASES).
 */
import type { FundingStage } from '../../advanced-filters.js';
import type { CompanyType } from '../../company-filters.js';
import type { Token } from '../tokens.js';
import type { Trait } from './trait-phrases.js';

const type = (t: CompanyType): Trait => ({ kind: 'company_type', type: t });
const stage = (s: FundingStage): Trait => ({ kind: 'funding_stage', stages: [s] });
const listed = type('public_company');

const ARTICLES = ['', 'a ', 'an ', 'any ', 'the ', 'one ', 'a single '];
const EXCHANGES = [
  'exchange',
  'exchanges',
  'stock exchange',
  'stock exchanges',
  'bourse',
  'stock market',
  'public market',
  'public markets',
];

/** Phrases of a listing by its parts, each public (negated: privately held). */
const LISTING: string[] = [
  ...ARTICLES.flatMap((a) => EXCHANGES.map((x) => `on ${a}${x}`)),
  ...['public float', 'free float', 'a float', 'stock ticker', 'a stock ticker', 'a ticker', 'ticker symbols', 'floated on'],
  ...['buy', 'purchase'].flatMap((v) =>
    ['shares', 'stock', 'its shares', 'their shares', 'its stock', 'their stock'].flatMap((s) => [
      `${v} ${s} in`,
      `${v} ${s} of`,
      `${v} ${s}`,
    ]),
  ),
  ...['publicly traded shares', 'traded shares', 'listed shares', 'shares are traded', 'shares trade', 'shares are listed'],
  ...['penny', 'meme'].flatMap((k) => [`${k} stock`, `${k} stocks`, `${k} share`, `${k} shares`]),
  // What only a listed company has or does: a price for its shares, earnings reported to the market.
  ...['share price', 'stock price', 'share prices', 'stock prices', 'quoted share price', 'quoted shares'],
  ...['report', 'reports', 'reporting', 'publish', 'publishes', 'publishing', 'announce', 'announces'].flatMap((v) =>
    ['quarterly earnings', 'quarterly results', 'earnings to the market'].map((e) => `${v} ${e}`),
  ),
  ...['earnings call', 'earnings calls', 'quarterly earnings calls'],
];
/** Listing phrases that, negated, make a company privately held ("no public float"). */
export const LISTING_PHRASES: ReadonlySet<string> = new Set(LISTING);

/** Words before "on an exchange" that say trading in others' shares, not a listing ("investing on the stock market"). */
const TRADES_OTHERS = /^(invest|invests|investing|bet|bets|betting|speculate|speculating|speculates|trader|traders|advice|trade|tips)$/;

/** Whether a listing phrase at token i is one: not after a verb of investing in others' shares. */
export function listingAccepted(tokens: Token[], i: number): boolean {
  return !TRADES_OTHERS.test(tokens[i - 1]?.norm ?? '');
}

/** Legal forms as abbreviations: a form only after "a", "as", "is", "are" or in a list (traits.ts). */
const PRIVATE_FORMS = [
  'pty ltd',
  'pty . ltd',
  'pty',
  'pte ltd',
  'pte . ltd',
  'sdn bhd',
  'sdn . bhd',
  'ltd',
  'ltda',
  'lda',
  'srl',
  's.r.l.',
  'bv',
  'b.v.',
  'aps',
  'kft',
  's.r.o.',
  'sro',
  'sp . z o.o.',
  'sp z o.o.',
  'ooo',
  'llp',
  'd.o.o.',
  'doo',
  'eurl',
  'sasu',
  'godo kaisha',
  // The Nordic and Baltic private forms (Finland's Oy beside the listed Oyj, Sweden's AB beside
  // "AB (publ)", Iceland's ehf., Latvia's SIA, Lithuania's UAB), Hungary's Zrt. (the listed one is
  // Nyrt.), Belgium's BVBA and SPRL, Germany's UG.
  'oy',
  'ab',
  'ehf',
  'ehf.',
  'sia',
  'uab',
  'zrt',
  'zrt.',
  'bvba',
  'sprl',
  'ug',
];
const PUBLIC_FORMS = ['bhd', 'berhad', 'tbk', 'oyj', 'asa', 'pjsc', 's.a.b. de c.v.', 'sab de cv', 'ab ( publ )', 'pcl', 'nyrt', 'nyrt.'];
/** Nonprofit forms: Germany's e.V. and gGmbH, Belgium's ASBL / VZW, Dutch stichting, Finland's ry, Italy's ONLUS. */
const NONPROFIT_FORMS = ['e.v.', 'ggmbh', 'asbl', 'vzw', 'stichting', 'ry', 'r.y.', 'onlus'];
/** The abbreviated legal forms, which need their context to be forms. */
export const FORM_ABBREVIATIONS: ReadonlySet<string> = new Set([...PRIVATE_FORMS, ...PUBLIC_FORMS, ...NONPROFIT_FORMS]);

/** Nonprofit legal forms written out, singular and plural. */
const NONPROFIT_NAMED = [
  'charitable incorporated organisation',
  'charitable incorporated organisations',
  'charitable incorporated organization',
  'charitable incorporated organizations',
  'community interest company',
  'community interest companies',
  'company limited by guarantee',
  'companies limited by guarantee',
  'registered charity',
  'registered charities',
  'incorporated association',
  'incorporated associations',
  'eingetragener verein',
  'gemeinnützige gmbh',
  // France's associations under the law of 1901, Sweden's and Norway's non-profit associations.
  'loi 1901',
  'loi de 1901',
  'association loi 1901',
  'associations loi 1901',
  'ideell förening',
  'ideella föreningar',
  'ideell forening',
  'ideelle foreninger',
];

/** Sources of money that are the business itself, and adverbs that say "only". */
const OWN_MONEY = [
  'revenue',
  'revenues',
  'customers',
  'sales',
  'profits',
  'cash flow',
  'retained earnings',
  'its own revenue',
  'their own revenue',
  'customer revenue',
  'customer revenues',
  'recurring revenue',
];
const ONLY = ['purely', 'entirely', 'solely', 'wholly', 'only', 'fully', 'completely', 'organically'];

/** Money taken from friends and family: a round before the seed. */
const FRIENDS_AND_FAMILY = ['friends and family', 'friends & family', 'family and friends', 'f&f'].flatMap((p) =>
  ['round', 'money', 'funding', 'capital', 'raise', 'investment'].map((n) => `${p} ${n}`),
);

/** Types and stages by listing, legal form and source of money (read with trait-phrases.ts's). */
export const LISTING_TRAIT_PHRASES: [string, Trait][] = [
  ...LISTING.map((p): [string, Trait] => [p, listed]),
  ...PRIVATE_FORMS.map((p): [string, Trait] => [p, type('privately_held')]),
  ...PUBLIC_FORMS.map((p): [string, Trait] => [p, listed]),
  ...NONPROFIT_FORMS.map((p): [string, Trait] => [p, type('nonprofit')]),
  ...NONPROFIT_NAMED.map((p): [string, Trait] => [p, type('nonprofit')]),
  ...FRIENDS_AND_FAMILY.map((p): [string, Trait] => [p, stage('pre_seed')]),
  ...['funded', 'financed', 'bankrolled', 'grown', 'self-funded'].flatMap((v) =>
    ONLY.flatMap((adv) =>
      ['by', 'from', 'through', 'out of', 'with', 'on'].flatMap((prep) =>
        OWN_MONEY.map((src): [string, Trait] => [`${v} ${adv} ${prep} ${src}`, stage('bootstrapped')]),
      ),
    ),
  ),
];

/** More ways to say money was taken, for RAISE_PHRASES: negated ("never raised a cent") they are bootstrapped. */
export const MORE_RAISE_PHRASES: string[] = [
  ...['raised', 'raise', 'taken', 'took', 'take', 'accepted'].flatMap((v) =>
    ['a cent', 'a red cent', 'a penny', 'a dime', 'a dollar', 'a single dollar', 'a single penny', 'a euro', 'a pound', 'a rupee'].map(
      (c) => `${v} ${c}`,
    ),
  ),
  ...['had', 'have', 'has', 'taken', 'took', 'accepted'].flatMap((v) =>
    [
      'investors',
      'any investors',
      'outside investors',
      'an investor',
      'a single investor',
      'backers',
      'any backers',
      'investment',
      'any investment',
      'a vc',
      'any vc',
      'vcs',
      'any vcs',
      'vc backing',
      'venture backing',
      'venture investors',
    ].map((o) => `${v} ${o}`),
  ),
  // Investors on the cap table: had, denied ("never had a VC on the cap table").
  ...['had', 'have', 'has'].flatMap((v) =>
    ['a vc', 'any vc', 'vcs', 'any vcs', 'investors', 'any investors', 'outside investors', 'an investor', 'a single investor'].flatMap(
      (o) => ['the', 'its', 'their'].map((d) => `${v} ${o} on ${d} cap table`),
    ),
  ),
  // Equity sold or given up: denied ("never sold a share to investors", "never gave up equity"), no money was raised.
  ...['sold', 'sell', 'sells', 'issued', 'gave up', 'given up', 'gave away', 'given away'].flatMap((v) =>
    ['a share', 'a single share', 'shares', 'any shares', 'equity', 'any equity', 'a stake', 'any stake'].map((o) => `${v} ${o}`),
  ),
  'any investors',
  'a single investor',
];
