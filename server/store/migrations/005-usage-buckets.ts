import type { Migration } from './index.js';

/** Width of a usage bucket: one hour, in milliseconds. */
export const USAGE_BUCKET_MS = 3_600_000;

/** Rebuilds one owner's bucket from the ledger rows in it (none left: no bucket row). */
const rebuild = (who: 'OLD' | 'NEW') => `
  DELETE FROM usage_buckets WHERE owner_user_id = ${who}.owner_user_id AND bucket_start = ${who}.created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS};
  INSERT INTO usage_buckets (owner_user_id, bucket_start, amount_micro, charges, oldest_at)
    SELECT owner_user_id, ${who}.created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS}, sum(amount_micro), count(*), min(created_at)
    FROM usage_ledger
    WHERE owner_user_id = ${who}.owner_user_id
      AND created_at >= ${who}.created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS}
      AND created_at < ${who}.created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS} + ${USAGE_BUCKET_MS}
      AND amount_micro > 0
    GROUP BY owner_user_id;`;

/**
 * Hourly totals of each owner's charged usage, kept by triggers on the ledger so that every
 * writer (server, CLI, a second process) keeps them exact. The rolling-window sum reads whole
 * hours from here and only the boundary hour from the ledger, so its cost no longer grows with
 * the number of charges in the window.
 */
export const usageBuckets: Migration = {
  version: 5,
  name: 'usage-buckets',
  sql: `
CREATE TABLE usage_buckets (
  owner_user_id TEXT NOT NULL,
  bucket_start INTEGER NOT NULL,
  amount_micro INTEGER NOT NULL,
  charges INTEGER NOT NULL,
  oldest_at INTEGER NOT NULL,
  PRIMARY KEY (owner_user_id, bucket_start)
) WITHOUT ROWID;

INSERT INTO usage_buckets (owner_user_id, bucket_start, amount_micro, charges, oldest_at)
  SELECT owner_user_id, created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS}, sum(amount_micro), count(*), min(created_at)
  FROM usage_ledger WHERE amount_micro > 0
  GROUP BY owner_user_id, created_at / ${USAGE_BUCKET_MS};

CREATE TRIGGER usage_buckets_insert AFTER INSERT ON usage_ledger WHEN NEW.amount_micro > 0
BEGIN
  INSERT INTO usage_buckets (owner_user_id, bucket_start, amount_micro, charges, oldest_at)
  VALUES (NEW.owner_user_id, NEW.created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS}, NEW.amount_micro, 1, NEW.created_at)
  ON CONFLICT (owner_user_id, bucket_start) DO UPDATE SET
    amount_micro = amount_micro + excluded.amount_micro,
    charges = charges + 1,
    oldest_at = min(oldest_at, excluded.oldest_at);
END;

CREATE TRIGGER usage_buckets_amount AFTER UPDATE OF amount_micro ON usage_ledger
WHEN OLD.amount_micro > 0 AND NEW.amount_micro > 0
  AND OLD.owner_user_id = NEW.owner_user_id AND OLD.created_at = NEW.created_at
BEGIN
  UPDATE usage_buckets SET amount_micro = amount_micro + NEW.amount_micro - OLD.amount_micro
  WHERE owner_user_id = NEW.owner_user_id AND bucket_start = NEW.created_at / ${USAGE_BUCKET_MS} * ${USAGE_BUCKET_MS};
END;

CREATE TRIGGER usage_buckets_update AFTER UPDATE OF amount_micro, owner_user_id, created_at ON usage_ledger
WHEN NOT (OLD.amount_micro > 0 AND NEW.amount_micro > 0
  AND OLD.owner_user_id = NEW.owner_user_id AND OLD.created_at = NEW.created_at)
BEGIN${rebuild('OLD')}${rebuild('NEW')}
END;

CREATE TRIGGER usage_buckets_delete AFTER DELETE ON usage_ledger WHEN OLD.amount_micro > 0
BEGIN${rebuild('OLD')}
END;
`,
};
