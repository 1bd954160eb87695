import { SCOPES, type Scope } from '../auth/scopes.js';

/** The scopes OAuth clients may ask for: every key scope but `contacts-delegate-resolve` (REST only, never advertised). */
export const OAUTH_SCOPES: readonly Scope[] = SCOPES.filter((s) => s !== 'contacts-delegate-resolve');

/** Granted when a client asks for no scope (the contract's Authentication, item 7). */
export const DEFAULT_OAUTH_SCOPES: readonly Scope[] = [
  'search',
  'profiles-read',
  'enrich',
  'communications',
  'messages-read',
  'group-context-read',
  'introductions-read',
  'contacts-read',
  'contacts-write',
];

/** What each scope lets a client do, as the consent page says it. */
export const SCOPE_DESCRIPTIONS: Record<string, string> = {
  search: 'Search people, companies, job postings and posts (uses your credits)',
  'profiles-read': 'Read profiles',
  'profiles-write': 'Change profile data',
  enrich: 'Enrich search results (uses your credits)',
  communications: 'Prepare and send messages for you',
  'messages-read': 'Read your message history',
  'group-context-read': 'Read group context',
  'introductions-read': 'Read introduction paths',
  'contacts-read': 'Read your contact reconciliation',
  'contacts-write': 'Change your contact reconciliation',
  'company-network-read': "Read your company's network",
  'company-network-write': "Change your company's network",
};
