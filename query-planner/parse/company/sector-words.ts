/**
 * The word lists of sectors.ts: synonyms and coinages of the taxonomy's tags (sector-synonyms.ts),
 * tags that are no sector alone, and tags that are everyday words needing a company or tech word
 * after them.
 */
import type { Token } from '../tokens.js';

/**
 * Participles that make a glued compound say who owns, leads, founded or backs a company
 * ("women-led", "veteran-owned", "YC-backed", "family-run"): an attribute of the company, never
 * part of what it does, nor a sector by its first word ("sales-led").
 */
const OWNERSHIP_PARTICIPLES = /^(led|owned|founded|backed|funded|run|operated|financed|sponsored|incubated)$/;

/**
 * Participles that say who only after a person or group ("women-led", "family-run",
 * "veteran-operated"); after anything else they say how ("instructor-led training",
 * "community-led growth", "coin-operated laundromats", "design-led furniture" stay whole).
 */
const BY_WHOM = /^(led|run|operated|founded)$/;
const WHO =
  /^(women|woman|female|founders?|veterans?|black|minorit(y|ies)|immigrants?|famil(y|ies)|employees?|students?|workers?|latin[ao]|latinx|hispanic|indigenous|native|lgbtq?|queer|moms?|mothers?|parents?|disabled|youth|teens?|members?|farmers?|physicians?|doctors?|nurses?|engineers?|scientists?|operators?|creators?|artists?|athletes?|alumni|ex-\w+|solo|couple|husband|wife)$/;

/** What an asset backs or funds: "asset-backed securities", "gold-backed stablecoins" are products. */
const BACKED_PRODUCTS =
  /^(securities|security|bonds?|loans?|lending|notes?|stablecoins?|tokens?|coins?|currency|currencies|financing|credit|paper|obligations?|mortgages?|etfs?|funds?)$/;

/** Whether token i is the participle of such a compound, glued to the word before it. */
export function isOwnershipParticiple(tokens: Token[], i: number): boolean {
  const t = tokens[i];
  if (t?.join !== '-' || !OWNERSHIP_PARTICIPLES.test(t.norm) || tokens[i + 1]?.join) return false;
  if (BY_WHOM.test(t.norm) && !WHO.test(tokens[i - 1]?.norm ?? '')) return false;
  return !(/^(backed|funded|financed)$/.test(t.norm) && BACKED_PRODUCTS.test(tokens[i + 1]?.norm ?? ''));
}

/** Tags handled elsewhere (company types) or too generic to be read as a sector on their own. */
export const NOT_SECTOR_WORDS = new Set(['government', 'public sector', 'civic tech', 'nonprofit', 'strategy']);

/**
 * Tags that are also everyday words: they are a sector only before a company or tech word
 * ("space company", "food startups", "identity platform") or glued to one ("space-tech").
 */
export const NEEDS_FOLLOWER = new Set([
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
