/** Every scope a key can carry (the contract's Authentication section, item 3). */
export const SCOPES = [
  'search',
  'profiles-read',
  'profiles-write',
  'enrich',
  'communications',
  'messages-read',
  'group-context-read',
  'introductions-read',
  'contacts-read',
  'contacts-write',
  'contacts-delegate-resolve',
  'company-network-read',
  'company-network-write',
] as const;

export type Scope = (typeof SCOPES)[number];

export function isScope(value: string): value is Scope {
  return (SCOPES as readonly string[]).includes(value);
}

/**
 * What a route demands of the caller's scopes: `any` (any valid key) or a list of which
 * holding one is enough (the reconciliation read routes accept `contacts-read` or `search`).
 */
export type ScopeRequirement = 'any' | { anyOf: Scope[] };

/** Scopes from `required` that `granted` lacks, or an empty list when the requirement is met. */
export function missingScopes(requirement: ScopeRequirement, granted: readonly string[]): Scope[] {
  if (requirement === 'any') return [];
  return requirement.anyOf.some((s) => granted.includes(s)) ? [] : requirement.anyOf;
}
