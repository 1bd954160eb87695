import crypto from 'node:crypto';
import { type Db, prepared } from './database.js';
import { GraphStore } from './graph.js';

export const TIERS = ['free', 'starter', 'starter_annual', 'pro', 'annual', 'team'] as const;
export type Tier = (typeof TIERS)[number];

export function isTier(value: string): value is Tier {
  return (TIERS as readonly string[]).includes(value);
}

/**
 * A person on the service; an account owner when they hold keys. A person has one id
 * everywhere (docs/authentication.md, "One id per person"): an account that is a corpus person
 * has that person's id as its user id; any other account has a uuid of its own, which is also
 * the id of the minimal profile the service publishes for it.
 */
export interface User {
  userId: string;
  email: string | null;
  name: string | null;
  tier: Tier;
  /** True when the user id is a person of the indexed corpus (not an account-only profile). */
  corpusPerson: boolean;
  createdAt: number;
}

interface UserRow {
  user_id: string;
  email: string | null;
  name: string | null;
  tier: Tier;
  corpus_person: 0 | 1;
  created_at: number;
}

const toUser = (r: UserRow): User => ({
  userId: r.user_id,
  email: r.email,
  name: r.name,
  tier: r.tier,
  corpusPerson: r.corpus_person === 1,
  createdAt: r.created_at,
});

/** Columns that hold a person's id, by name: where a renamed user id must follow (see {@link UserStore.adoptPerson}). */
const PERSON_ID_COLUMN = /^(?:user_id|[a-z]+_user_id)$/;
/** The graph's tables: a rename moves what they hold with GraphStore.renamePerson, which merges rather than relabels. */
const GRAPH_TABLES = new Set(['graph_people', 'graph_links', 'connection_sync']);

/** Repository for users. */
export class UserStore {
  constructor(private readonly db: Db) {}

  /**
   * Creates a user. With `personId` (a corpus person) the user id is that person's id;
   * otherwise a fresh uuid.
   */
  create(input: { tier: Tier; email?: string | null; name?: string | null; personId?: string | null; now: number }): User {
    const personId = input.personId ?? null;
    const user: User = {
      userId: personId ?? crypto.randomUUID(),
      email: input.email ?? null,
      name: input.name ?? null,
      tier: input.tier,
      corpusPerson: personId !== null,
      createdAt: input.now,
    };
    prepared(
      this.db,
      'INSERT INTO users (user_id, email, name, tier, profile_id, corpus_person, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ).run(user.userId, user.email, user.name, user.tier, personId, user.corpusPerson ? 1 : 0, user.createdAt);
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

  /**
   * Makes an account-only user the corpus person `personId`: the user id becomes the person's
   * id, in every table that refers to it (keys, delegates, usage, stored searches, ...) and in
   * the graph (the connections of invites it accepted join the person's own), in one
   * transaction, and the user takes the person's name when they have none. Refused when the
   * user is already a corpus person or another user already has that id.
   */
  adoptPerson(userId: string, personId: string, name: string | null): User {
    const user = this.get(userId);
    if (!user) throw new Error(`no user ${userId}`);
    if (user.corpusPerson) throw new Error(`user ${userId} is already a corpus person`);
    if (this.get(personId)) throw new Error(`another user already has id ${personId}`);
    const tables = this.db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .pluck()
      .all() as string[];
    this.db.transaction(() => {
      this.db.pragma('defer_foreign_keys = ON');
      for (const table of tables) {
        if (GRAPH_TABLES.has(table)) continue;
        const columns = (this.db.prepare('SELECT name FROM pragma_table_info(?)').pluck().all(table) as string[]).filter((c) =>
          PERSON_ID_COLUMN.test(c),
        );
        for (const column of columns) this.db.prepare(`UPDATE "${table}" SET "${column}" = ? WHERE "${column}" = ?`).run(personId, userId);
      }
      new GraphStore(this.db).renamePerson(userId, personId);
      prepared(this.db, 'UPDATE users SET profile_id = user_id, corpus_person = 1, name = coalesce(name, ?) WHERE user_id = ?').run(
        name,
        personId,
      );
    })();
    return this.get(personId) as User;
  }

  /** Users with no corpus person: the ones whose minimal profile the service publishes. */
  accountOnly(): User[] {
    return (prepared(this.db, 'SELECT * FROM users WHERE corpus_person = 0 ORDER BY created_at, user_id').all() as UserRow[]).map(toUser);
  }

  count(): number {
    return (prepared(this.db, 'SELECT count(*) AS n FROM users').get() as { n: number }).n;
  }
}
