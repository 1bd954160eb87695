import { noLookups, toDocument } from '../../indexer/transform/documents.js';
import { INDICES } from '../../mappings/indices.js';
import type { Services } from '../services.js';
import type { User } from '../store/users.js';

const PROFILES = INDICES.profiles.alias;

/**
 * The minimal profile of an account that is not a corpus person: its id is the account's user
 * id, its name the account's name. It has no title, company, place or history, so it matches a
 * name search and a search by id, never a filter on those fields.
 */
export function accountProfileRecord(user: User): Record<string, unknown> {
  return {
    id: user.userId,
    display_name: user.name?.trim() || 'Proxima member',
    first_name: null,
    last_name: null,
    headline: null,
    location: null,
    current_title: null,
    current_company_id: null,
    current_company_name: null,
    experiences: [],
    education: [],
    skills: [],
    created_at: new Date(user.createdAt).toISOString(),
  };
}

/**
 * Publishes the minimal profile of every given account-only user (default: all of them) that
 * the people index does not hold, so that such an account too can be found, read and messaged
 * by its id. Nothing happens while there is no people index (it runs again once there is: at
 * every start, after `proxima index` and when an account is created). Returns how many were written.
 */
export async function publishAccountProfiles(services: Services, users: User[] = services.users.accountOnly()): Promise<number> {
  const own = users.filter((u) => !u.corpusPerson);
  if (own.length === 0) return 0;
  if ((await services.engine.getAlias(PROFILES)).length === 0) return 0;
  const existing = await services.engine.mget<Record<string, unknown>>(
    PROFILES,
    own.map((u) => u.userId),
  );
  const missing = own.filter((_, i) => !existing[i]);
  if (missing.length === 0) return 0;
  const result = await services.engine.bulk(
    PROFILES,
    missing.map((u) => ({ op: 'index' as const, id: u.userId, doc: toDocument('profiles', accountProfileRecord(u), noLookups()) })),
  );
  if (result.failed.length > 0)
    throw new Error(`account profiles were refused by the people index: ${result.failed.map((f) => `${f.id}: ${f.reason}`).join('; ')}`);
  await services.engine.refresh(PROFILES);
  return missing.length;
}

/**
 * Removes the minimal profile published for an account-only user id that no longer exists (an
 * account that became a corpus person took the person's id). Nothing happens while there is no
 * people index or no such document.
 */
export async function retractAccountProfile(services: Services, userId: string): Promise<void> {
  if ((await services.engine.getAlias(PROFILES)).length === 0) return;
  const result = await services.engine.bulk(PROFILES, [{ op: 'delete', id: userId }]);
  if (result.deleted) await services.engine.refresh(PROFILES);
}
