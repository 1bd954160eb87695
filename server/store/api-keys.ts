import crypto from 'node:crypto';
import { type Db, prepared } from './database.js';

/** A stored key: everything but the secret, which is never kept. */
export interface ApiKeyRecord {
  keyId: string;
  userId: string;
  name: string;
  keyPrefix: string;
  keyHash: Buffer;
  scopes: string[];
  createdAt: number;
  lastUsedAt: number | null;
  revokedAt: number | null;
}

interface KeyRow {
  key_id: string;
  user_id: string;
  name: string;
  key_prefix: string;
  key_hash: Buffer;
  scopes: string;
  created_at: number;
  last_used_at: number | null;
  revoked_at: number | null;
}

const toRecord = (r: KeyRow): ApiKeyRecord => ({
  keyId: r.key_id,
  userId: r.user_id,
  name: r.name,
  keyPrefix: r.key_prefix,
  keyHash: r.key_hash,
  scopes: JSON.parse(r.scopes) as string[],
  createdAt: r.created_at,
  lastUsedAt: r.last_used_at,
  revokedAt: r.revoked_at,
});

/** Repository for API keys. */
export class ApiKeyStore {
  constructor(private readonly db: Db) {}

  insert(input: { userId: string; name: string; keyPrefix: string; keyHash: Buffer; scopes: string[]; now: number }): ApiKeyRecord {
    const record: ApiKeyRecord = {
      keyId: crypto.randomUUID(),
      userId: input.userId,
      name: input.name,
      keyPrefix: input.keyPrefix,
      keyHash: input.keyHash,
      scopes: input.scopes,
      createdAt: input.now,
      lastUsedAt: null,
      revokedAt: null,
    };
    prepared(
      this.db,
      'INSERT INTO api_keys (key_id, user_id, name, key_prefix, key_hash, scopes, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(record.keyId, record.userId, record.name, record.keyPrefix, record.keyHash, JSON.stringify(record.scopes), record.createdAt);
    return record;
  }

  findByPrefix(keyPrefix: string): ApiKeyRecord | null {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE key_prefix = ?').get(keyPrefix) as KeyRow | undefined;
    return row ? toRecord(row) : null;
  }

  get(keyId: string): ApiKeyRecord | null {
    const row = prepared(this.db, 'SELECT * FROM api_keys WHERE key_id = ?').get(keyId) as KeyRow | undefined;
    return row ? toRecord(row) : null;
  }

  listForUser(userId: string): ApiKeyRecord[] {
    return (prepared(this.db, 'SELECT * FROM api_keys WHERE user_id = ? ORDER BY created_at, key_id').all(userId) as KeyRow[]).map(
      toRecord,
    );
  }

  touch(keyId: string, now: number): void {
    prepared(this.db, 'UPDATE api_keys SET last_used_at = ? WHERE key_id = ?').run(now, keyId);
  }

  /** Revokes a key; returns false when it does not exist or was already revoked. */
  revoke(keyId: string, now: number): boolean {
    return prepared(this.db, 'UPDATE api_keys SET revoked_at = ? WHERE key_id = ? AND revoked_at IS NULL').run(now, keyId).changes === 1;
  }
}
