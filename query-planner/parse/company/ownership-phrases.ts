/**
 * Who owns or runs a company, said in the many ways people say it, made by composition rather
 * than listed one by one: an owner before a participle ("state-run", "council-owned",
 * "independently owned", "buyout-backed") or after it ("owned by the state", "run by the council",
 * "owned by a private equity firm"). Each owner makes a company type or a funding stage
 * (trait-phrases.ts reads these with its own phrases).
 */
import type { Trait } from './trait-phrases.js';

/** Participles of owning and running a company. */
const PARTICIPLES = ['owned', 'run', 'controlled', 'backed', 'held', 'operated', 'managed'];
/**
 * A private owner makes a company privately held only by owning it: "managed by its founders"
 * or "founder-backed" says who leads or funds it, which a listed company may too.
 */
const OWNING = new Set(['owned', 'held', 'controlled', 'run', 'operated']);
const isPrivate = (t: Trait): boolean => t.kind === 'company_type' && t.type === 'privately_held';

/** Owners written before a participle, hyphenated or not, by what they make a company. */
const OWNERS_BEFORE: [string[], Trait][] = [
  [
    // Not "state", "city" or "county": they end places' names ("Mexico City run by families",
    // "Orange County owned"); trait-phrases.ts lists "state-owned", "state-run" and their kin.
    ['government', 'govt', 'council', 'municipally', 'municipal', 'crown', 'federally', 'federal'],
    { kind: 'company_type', type: 'government_agency' },
  ],
  [['provincially', 'provincial', 'publicly', 'taxpayer'], { kind: 'company_type', type: 'government_agency' }],
  [
    ['family', 'founder', 'employee', 'independently', 'privately', 'owner', 'management', 'member', 'worker'],
    { kind: 'company_type', type: 'privately_held' },
  ],
  [['pe', 'private equity', 'private-equity', 'buyout', 'buy-out', 'sponsor'], { kind: 'funding_stage', stages: ['private_equity'] }],
];

/** Owners written after "owned by", "run by", …: nouns, with or without an article. */
const OWNERS_AFTER: [string[], Trait][] = [
  [
    ['state', 'government', 'council', 'municipality', 'city', 'crown', 'federal government', 'local authority', 'public sector'],
    { kind: 'company_type', type: 'government_agency' },
  ],
  [
    [
      'family',
      'families',
      'founders',
      'founder',
      'employees',
      'its employees',
      'its founders',
      'their employees',
      'their founders',
      'a family',
    ],
    { kind: 'company_type', type: 'privately_held' },
  ],
  [
    [
      'private equity',
      'pe',
      'private equity firm',
      'private equity fund',
      'private equity house',
      'pe firm',
      'pe fund',
      'buyout firm',
      'buyout fund',
      'private equity firms',
      'private equity funds',
      'private equity houses',
      'pe firms',
      'pe funds',
      'pe houses',
      'buyout firms',
      'buyout funds',
      'buyout house',
      'financial sponsor',
      'financial sponsors',
      'buyout shop',
      'buyout shops',
      'pe shop',
      'pe shops',
      'private equity shop',
      'private equity shops',
    ],
    { kind: 'funding_stage', stages: ['private_equity'] },
  ],
];

/** What only a buyer does: "carved out by a buyout fund", "taken private by PE firms". */
const BUYING = ['acquired', 'bought', 'bought out', 'carved out', 'taken private', 'purchased', 'taken over'];
const isPrivateEquity = (t: Trait): boolean => t.kind === 'funding_stage' && t.stages.includes('private_equity');

const NONPROFIT: Trait = { kind: 'company_type', type: 'nonprofit' };

/** "Publicly held" is a listed company's, not the state's (trait-phrases.ts). */
const NOT_COMPOSED = new Set(['publicly held', 'publicly-held']);

/** The composed phrases and their traits. */
export const OWNERSHIP_PHRASES: [string, Trait][] = (() => {
  const out = new Map<string, Trait>();
  for (const [owners, trait] of OWNERS_BEFORE)
    for (const owner of owners)
      for (const p of PARTICIPLES) {
        if (isPrivate(trait) && !OWNING.has(p)) continue;
        for (const phrase of [`${owner}-${p}`, `${owner} ${p}`]) if (!NOT_COMPOSED.has(phrase)) out.set(phrase, trait);
      }
  for (const [owners, trait] of OWNERS_AFTER)
    for (const owner of owners)
      for (const p of PARTICIPLES.filter((q) => !isPrivate(trait) || (OWNING.has(q) && q !== 'run' && q !== 'operated')))
        for (const article of ['', 'the ', 'a ', 'an '])
          if (!(article && /^(a|an|its|their) /.test(owner))) out.set(`${p} by ${article}${owner}`, trait);
  // Held by a private-equity owner: bought by one, or in its portfolio ("in the portfolio of PE
  // firms", "sitting in a PE portfolio", "a buyout fund's portfolio company").
  for (const [owners, trait] of OWNERS_AFTER.filter(([, t]) => isPrivateEquity(t)))
    for (const owner of owners) {
      for (const article of ['', 'a ', 'the ']) {
        for (const p of BUYING) out.set(`${p} by ${article}${owner}`, trait);
        for (const of of ['portfolio of', 'portfolios of']) out.set(`in the ${of} ${article}${owner}`, trait);
        out.set(`portfolio company of ${article}${owner}`, trait);
        out.set(`portfolio companies of ${article}${owner}`, trait);
      }
      for (const article of ['a ', 'the ', 'its ', 'their ']) out.set(`in ${article}${owner} portfolio`, trait);
      // An owner named by example, then by kind ("owned by KKR or a similar buyout shop", "Bain or another PE firm").
      for (const like of ['a similar', 'another', 'some other', 'a comparable', 'similar', 'other']) out.set(`or ${like} ${owner}`, trait);
      out.set(`${owner} portfolio company`, trait);
      out.set(`${owner} portfolio companies`, trait);
      out.set(`${owner}'s portfolio`, trait);
    }
  // Run by volunteers: a nonprofit ("volunteer-run", "volunteer-led", "staffed by volunteers").
  for (const p of ['run', 'led', 'staffed', 'operated', 'managed', 'driven', 'powered']) {
    for (const who of ['volunteer', 'volunteers']) {
      out.set(`${who}-${p}`, NONPROFIT);
      out.set(`${who} ${p}`, NONPROFIT);
    }
    for (const article of ['', 'unpaid ', 'local ']) out.set(`${p} by ${article}volunteers`, NONPROFIT);
    out.set(`${p} entirely by volunteers`, NONPROFIT);
  }
  return [...out];
})();
