import crypto from 'node:crypto';
import type { Db } from './database.js';

/** A settings-page session ends after this long without a request. */
export const WEB_SESSION_IDLE_MS = 12 * 3_600_000;

export interface WebSession {
  /** The session id as the cookie holds it (never stored). */
  id: string;
  userId: string;
  signedInKeyId: string;
}

const hash = (id: string): string => crypto.createHash('sha256').update(id).digest('hex');

/** Browser sessions of /account (table `account_web_sessions`, migration 12). */
export class WebSessionStore {
  constructor(private readonly db: Db) {}

  create(userId: string, keyId: string, now: number): WebSession {
    const id = crypto.randomBytes(32).toString('base64url');
    this.db
      .prepare(
        'INSERT INTO account_web_sessions (session_hash, user_id, signed_in_key_id, created_at, last_seen_at) VALUES (?, ?, ?, ?, ?)',
      )
      .run(hash(id), userId, keyId, now, now);
    return { id, userId, signedInKeyId: keyId };
  }

  /** The live session of a cookie value (its idle time restarts), or null. */
  find(id: string, now: number): WebSession | null {
    const row = this.db
      .prepare('SELECT user_id, signed_in_key_id, last_seen_at FROM account_web_sessions WHERE session_hash = ?')
      .get(hash(id)) as { user_id: string; signed_in_key_id: string; last_seen_at: number } | undefined;
    if (!row) return null;
    if (now - row.last_seen_at > WEB_SESSION_IDLE_MS) {
      this.end(id);
      return null;
    }
    this.db.prepare('UPDATE account_web_sessions SET last_seen_at = ? WHERE session_hash = ?').run(now, hash(id));
    return { id, userId: row.user_id, signedInKeyId: row.signed_in_key_id };
  }

  end(id: string): void {
    this.db.prepare('DELETE FROM account_web_sessions WHERE session_hash = ?').run(hash(id));
  }

  /** Ends every session signed in with `keyId` (its key was revoked). */
  endForKey(keyId: string): void {
    this.db.prepare('DELETE FROM account_web_sessions WHERE signed_in_key_id = ?').run(keyId);
  }
}
