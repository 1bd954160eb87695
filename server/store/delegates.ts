import { type Db, prepared } from './database.js';

/** Repository for delegate grants: which users may act through an owner's keys. */
export class DelegateStore {
  constructor(private readonly db: Db) {}

  /** Grants; returns false when the grant already existed. */
  add(ownerUserId: string, delegateUserId: string, now: number): boolean {
    return (
      prepared(this.db, 'INSERT OR IGNORE INTO delegate_grants (owner_user_id, delegate_user_id, created_at) VALUES (?, ?, ?)').run(
        ownerUserId,
        delegateUserId,
        now,
      ).changes === 1
    );
  }

  remove(ownerUserId: string, delegateUserId: string): boolean {
    return (
      prepared(this.db, 'DELETE FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ?').run(ownerUserId, delegateUserId)
        .changes === 1
    );
  }

  isAllowed(ownerUserId: string, delegateUserId: string): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ?').get(
        ownerUserId,
        delegateUserId,
      ) !== undefined
    );
  }

  list(ownerUserId: string): { delegateUserId: string; createdAt: number }[] {
    return (
      prepared(this.db, 'SELECT delegate_user_id, created_at FROM delegate_grants WHERE owner_user_id = ? ORDER BY created_at').all(
        ownerUserId,
      ) as { delegate_user_id: string; created_at: number }[]
    ).map((r) => ({ delegateUserId: r.delegate_user_id, createdAt: r.created_at }));
  }
}
