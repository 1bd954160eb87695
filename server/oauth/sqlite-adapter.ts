import type { Adapter, AdapterPayload } from 'oidc-provider';
import type { Db } from '../store/database.js';

/** Fetches the client-ID metadata document of an HTTPS client id (client-metadata.ts), or null. */
export type ClientMetadataFetcher = (clientId: string) => Promise<AdapterPayload | null>;

/** A registered client unused this long is deleted (open registration must not grow forever). */
export const CLIENT_IDLE_MS = 90 * 86_400_000;
/** How stale a client's expiry may get before a lookup pushes it forward (one write a day at most). */
const CLIENT_BUMP_MS = 86_400_000;

interface Row {
  payload: string;
  consumed_at: number | null;
}

/**
 * oidc-provider's storage in SQLite (table `oauth_records`, migration 10): every model is a JSON
 * payload keyed by (model, id), with the grant, interaction uid, user code, account and client
 * pulled out for lookups and revocation. Statements are synchronous (better-sqlite3), so no
 * transaction spans an await. Expired rows are never returned and are purged as writes go.
 *
 * A client id that is an HTTPS URL is not stored: it names a client-ID metadata document,
 * fetched (and cached briefly) by `fetchClientMetadata`.
 */
export function sqliteAdapterFactory(db: Db, fetchClientMetadata: ClientMetadataFetcher) {
  const now = () => Date.now();
  const stmts = {
    upsert: db.prepare(
      `INSERT INTO oauth_records (model, id, payload, grant_id, uid, user_code, account_id, client_id, created_at, expires_at, consumed_at)
       VALUES (@model, @id, @payload, @grant_id, @uid, @user_code, @account_id, @client_id, @now, @expires_at, NULL)
       ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
         user_code = excluded.user_code, account_id = excluded.account_id, client_id = excluded.client_id, expires_at = excluded.expires_at`,
    ),
    find: db.prepare<[string, string, number], Row>(
      'SELECT payload, consumed_at FROM oauth_records WHERE model = ? AND id = ? AND (expires_at IS NULL OR expires_at > ?)',
    ),
    findBy: (column: 'uid' | 'user_code') =>
      db.prepare<[string, string, number], Row>(
        `SELECT payload, consumed_at FROM oauth_records WHERE model = ? AND ${column} = ? AND (expires_at IS NULL OR expires_at > ?)`,
      ),
    consume: db.prepare('UPDATE oauth_records SET consumed_at = ? WHERE model = ? AND id = ?'),
    bumpClient: db.prepare("UPDATE oauth_records SET expires_at = ? WHERE model = 'Client' AND id = ? AND expires_at < ?"),
    destroy: db.prepare('DELETE FROM oauth_records WHERE model = ? AND id = ?'),
    // Revoking a grant takes its tokens and codes, and the grant itself.
    revokeGrant: db.prepare("DELETE FROM oauth_records WHERE grant_id = @g OR (model = 'Grant' AND id = @g)"),
    purge: db.prepare('DELETE FROM oauth_records WHERE expires_at IS NOT NULL AND expires_at <= ?'),
  };
  const byUid = stmts.findBy('uid');
  const byUserCode = stmts.findBy('user_code');
  let lastPurge = 0;

  const parse = (row: Row | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    return row.consumed_at === null ? payload : { ...payload, consumed: Math.floor(row.consumed_at / 1000) };
  };

  return class SqliteAdapter implements Adapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: AdapterPayload, expiresIn: number): Promise<void> {
      const t = now();
      stmts.upsert.run({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: payload.grantId ?? null,
        uid: payload.uid ?? null,
        user_code: payload.userCode ?? null,
        account_id: payload.accountId ?? null,
        client_id: payload.clientId ?? null,
        now: t,
        // Clients have no lifetime of their own: they expire when unused (CLIENT_IDLE_MS).
        expires_at:
          this.model === 'Client' ? t + CLIENT_IDLE_MS : typeof expiresIn === 'number' && expiresIn > 0 ? t + expiresIn * 1000 : null,
      });
      // Expired codes, sessions and tokens go at most once a minute, with the writes.
      if (t - lastPurge > 60_000) {
        lastPurge = t;
        stmts.purge.run(t);
      }
    }

    async find(id: string): Promise<AdapterPayload | undefined> {
      if (this.model === 'Client' && id.startsWith('https://')) return (await fetchClientMetadata(id)) ?? undefined;
      const t = now();
      const found = parse(stmts.find.get(this.model, id, t));
      if (found && this.model === 'Client') stmts.bumpClient.run(t + CLIENT_IDLE_MS, id, t + CLIENT_IDLE_MS - CLIENT_BUMP_MS);
      return found;
    }

    async findByUid(uid: string): Promise<AdapterPayload | undefined> {
      return parse(byUid.get(this.model, uid, now()));
    }

    async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
      return parse(byUserCode.get(this.model, userCode, now()));
    }

    async consume(id: string): Promise<void> {
      stmts.consume.run(now(), this.model, id);
    }

    async destroy(id: string): Promise<void> {
      stmts.destroy.run(this.model, id);
    }

    async revokeByGrantId(grantId: string): Promise<void> {
      stmts.revokeGrant.run({ g: grantId });
    }
  };
}
