import fs from 'node:fs';
import path from 'node:path';
import { parseApiKey } from '../auth/api-key.js';
import { SCOPES } from '../auth/scopes.js';
import type { Services } from '../services.js';
import { createAccount } from './create-account.js';
import { createApiKey } from './create-api-key.js';

/** File in `DATA_DIR` holding the demo owner's key. */
export const DEMO_KEY_FILE = 'demo-api-key';

/**
 * The demo owner and its key. The whole key is there only on the start that created it (it is
 * shown that once); later starts know it by its public prefix and the file that holds it.
 */
export type DemoAccount = {
  userId: string;
  keyPrefix: string;
  keyFile: string;
  /** The account-only id the demo owner had before it became the corpus persona, if it just did. */
  replacedUserId?: string;
} & ({ created: true; apiKey: string } | { created: false });

/**
 * On a store with no users, creates the demo owner (tier `pro`) with a key holding every
 * scope and saves the key to `DATA_DIR/demo-api-key` (mode 0600). On later starts describes
 * the saved key while it is still valid, and returns null once it is revoked or removed.
 */
export function ensureDemoAccount(services: Services, opts: { profileId?: string; name?: string } = {}): DemoAccount | null {
  const keyFile = path.join(services.config.dataDir, DEMO_KEY_FILE);
  if (services.users.count() === 0) {
    const user = createAccount(services, { tier: 'pro', name: opts.name ?? 'Demo Owner', personId: opts.profileId });
    const { apiKey, record } = createApiKey(services, { userId: user.userId, scopes: [...SCOPES], name: 'demo (all scopes)' });
    fs.writeFileSync(keyFile, `${apiKey}\n`, { mode: 0o600 });
    return { userId: user.userId, keyPrefix: record.keyPrefix, keyFile, created: true, apiKey };
  }
  if (!fs.existsSync(keyFile)) return null;
  const parsed = parseApiKey(fs.readFileSync(keyFile, 'utf8').trim());
  const record = parsed ? services.apiKeys.findByPrefix(parsed.keyPrefix) : null;
  if (!record || record.revokedAt !== null) return null;
  // A demo owner created before the corpus existed becomes the corpus persona once it does:
  // its user id becomes the persona's id (one id per person).
  const owner = services.users.get(record.userId);
  if (opts.profileId && owner && !owner.corpusPerson && !services.users.get(opts.profileId)) {
    const adopted = services.users.adoptPerson(owner.userId, opts.profileId, opts.name ?? null);
    return { userId: adopted.userId, keyPrefix: record.keyPrefix, keyFile, created: false, replacedUserId: owner.userId };
  }
  return { userId: record.userId, keyPrefix: record.keyPrefix, keyFile, created: false };
}
