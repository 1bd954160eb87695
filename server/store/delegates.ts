import { type Db, prepared } from './database.js';

/** One delegate grant: the owner may act for the delegate once the delegate has accepted. */
export interface DelegateGrant {
  ownerUserId: string;
  delegateUserId: string;
  /** When the owner asked (or an operator granted). */
  createdAt: number;
  /** When the delegate accepted (or an operator granted); null while pending. */
  acceptedAt: number | null;
}

interface GrantRow {
  owner_user_id: string;
  delegate_user_id: string;
  created_at: number;
  accepted_at: number | null;
}

const toGrant = (r: GrantRow): DelegateGrant => ({
  ownerUserId: r.owner_user_id,
  delegateUserId: r.delegate_user_id,
  createdAt: r.created_at,
  acceptedAt: r.accepted_at,
});

/**
 * Repository for delegate grants: which users an owner may act for through the owner's keys.
 * A grant is in force only once accepted (docs/authentication.md, "Delegates").
 */
export class DelegateStore {
  constructor(private readonly db: Db) {}

  /**
   * Records a grant, accepted at once (`accepted`: an operator's grant) or pending the
   * delegate's acceptance. An accepted grant over a pending one puts it in force. Returns
   * whether anything changed.
   */
  add(ownerUserId: string, delegateUserId: string, now: number, accepted: boolean): boolean {
    const inserted = prepared(
      this.db,
      'INSERT OR IGNORE INTO delegate_grants (owner_user_id, delegate_user_id, created_at, accepted_at) VALUES (?, ?, ?, ?)',
    ).run(ownerUserId, delegateUserId, now, accepted ? now : null).changes;
    if (inserted === 1 || !accepted) return inserted === 1;
    return this.accept(ownerUserId, delegateUserId, now);
  }

  /** Puts a pending grant in force; false when there is none pending. */
  accept(ownerUserId: string, delegateUserId: string, now: number): boolean {
    return (
      prepared(
        this.db,
        'UPDATE delegate_grants SET accepted_at = ? WHERE owner_user_id = ? AND delegate_user_id = ? AND accepted_at IS NULL',
      ).run(now, ownerUserId, delegateUserId).changes === 1
    );
  }

  /** Ends a grant, pending or in force; false when there was none. */
  remove(ownerUserId: string, delegateUserId: string): boolean {
    return (
      prepared(this.db, 'DELETE FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ?').run(ownerUserId, delegateUserId)
        .changes === 1
    );
  }

  /** Whether the owner may act for the delegate now: a grant the delegate accepted. */
  isAllowed(ownerUserId: string, delegateUserId: string): boolean {
    return (
      prepared(this.db, 'SELECT 1 FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ? AND accepted_at IS NOT NULL').get(
        ownerUserId,
        delegateUserId,
      ) !== undefined
    );
  }

  /** The grant between the two, pending or in force, if any. */
  get(ownerUserId: string, delegateUserId: string): DelegateGrant | null {
    const row = prepared(this.db, 'SELECT * FROM delegate_grants WHERE owner_user_id = ? AND delegate_user_id = ?').get(
      ownerUserId,
      delegateUserId,
    ) as GrantRow | undefined;
    return row ? toGrant(row) : null;
  }

  /** The owner's grants, pending and in force, oldest first. */
  list(ownerUserId: string): DelegateGrant[] {
    return (
      prepared(this.db, 'SELECT * FROM delegate_grants WHERE owner_user_id = ? ORDER BY created_at, delegate_user_id').all(
        ownerUserId,
      ) as GrantRow[]
    ).map(toGrant);
  }

  /** The grants naming `delegateUserId` as the delegate (who may act, or asks to act, for them), oldest first. */
  listFor(delegateUserId: string): DelegateGrant[] {
    return (
      prepared(this.db, 'SELECT * FROM delegate_grants WHERE delegate_user_id = ? ORDER BY created_at, owner_user_id').all(
        delegateUserId,
      ) as GrantRow[]
    ).map(toGrant);
  }
}
