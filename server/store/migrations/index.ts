import { accounts } from './001-accounts.js';
import { graph } from './002-graph.js';
import { peopleSearch } from './003-people-search.js';
import { graphVersion } from './004-graph-version.js';
import { usageBuckets } from './005-usage-buckets.js';
import { searchActivities } from './006-search-activities.js';
import { pendingHoldsAndRetention } from './007-pending-holds-and-retention.js';
import { oneUserNamespace } from './008-one-user-namespace.js';
import { connectionSyncStamps } from './009-connection-sync-stamps.js';
import { oauthStore } from './010-oauth.js';
import { connectorState } from './011-connector-state.js';
import { accountWebSessions } from './012-account-web-sessions.js';
import { communicationsStore } from './013-communications.js';
import { projectsStore } from './014-projects.js';
import { signalsStore } from './015-signals.js';
import { contactsStore } from './016-contacts.js';
import { integerGraph } from './017-integer-graph.js';
import { stagedStates } from './018-staged-states.js';
import { batchRequestHash } from './019-batch-request-hash.js';
import { webhookOwner } from './020-webhook-owner.js';
import { delegateConsent } from './021-delegate-consent.js';
import { autoTitles } from './022-auto-titles.js';

/** A forward-only schema change. Versions are unique and never reused or edited once shipped. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** Every migration, in order. Append new ones; never edit a shipped one. */
export const MIGRATIONS: readonly Migration[] = [
  accounts,
  graph,
  peopleSearch,
  graphVersion,
  usageBuckets,
  searchActivities,
  pendingHoldsAndRetention,
  oneUserNamespace,
  connectionSyncStamps,
  oauthStore,
  connectorState,
  accountWebSessions,
  communicationsStore,
  projectsStore,
  signalsStore,
  contactsStore,
  integerGraph,
  stagedStates,
  batchRequestHash,
  webhookOwner,
  delegateConsent,
  autoTitles,
];
