import crypto from 'node:crypto';
import { type Db, prepared } from './database.js';

export const TIERS = ['free', 'starter', 'starter_annual', 'pro', 'annual', 'team'] as const;
export type Tier = (typeof TIERS)[number];

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

/** A person on the service; an account owner when they hold keys. */
export interface User {
  userId: string;
  email: string | null;
  name: string | null;
  tier: Tier;
  /** The corpus profile this user is, when linked. */
  profileId: string | null;
  createdAt: number;
}

interface UserRow {
  user_id: string;
  email: string | null;
  name: string | null;
  tier: Tier;
  profile_id: string | null;
  created_at: number;
}

const toUser = (r: UserRow): User => ({
  userId: r.user_id,
  email: r.email,
  name: r.name,
  tier: r.tier,
  profileId: r.profile_id,
  createdAt: r.created_at,
});

/** Repository for users. */
export class UserStore {
  constructor(private readonly db: Db) {}

  create(input: {
    tier: Tier;
    email?: string | null;
    name?: string | null;
    profileId?: string | null;
    userId?: string;
    now: number;
  }): User {
    const user: User = {
      userId: input.userId ?? crypto.randomUUID(),
      email: input.email ?? null,
      name: input.name ?? null,
      tier: input.tier,
      profileId: input.profileId ?? null,
      createdAt: input.now,
    };
    prepared(this.db, 'INSERT INTO users (user_id, email, name, tier, profile_id, created_at) VALUES (?, ?, ?, ?, ?, ?)').run(
      user.userId,
      user.email,
      user.name,
      user.tier,
      user.profileId,
      user.createdAt,
    );
    return user;
  }

  get(userId: string): User | null {
    const row = prepared(this.db, 'SELECT * FROM users WHERE user_id = ?').get(userId) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  findByEmail(email: string): User | null {
    const row = prepared(this.db, 'SELECT * FROM users WHERE lower(email) = lower(?)').get(email) as UserRow | undefined;
    return row ? toUser(row) : null;
  }

  setTier(userId: string, tier: Tier): boolean {
    return prepared(this.db, 'UPDATE users SET tier = ? WHERE user_id = ?').run(tier, userId).changes === 1;
  }

  /** Links a user to their corpus profile (and takes its name when they have none). */
  linkProfile(userId: string, profileId: string, name: string | null): void {
    prepared(this.db, 'UPDATE users SET profile_id = ?, name = coalesce(name, ?) WHERE user_id = ?').run(profileId, name, userId);
  }

  count(): number {
    return (prepared(this.db, 'SELECT count(*) AS n FROM users').get() as { n: number }).n;
  }
}
