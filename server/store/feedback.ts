import crypto from 'node:crypto';
import type { Db } from './database.js';

export const FEEDBACK_CATEGORIES = ['bug', 'search_quality', 'missing_data', 'feature_request', 'other'] as const;

/** Feedback reports from agents and users (table `feedback_reports`, migration 11), read by the team. */
export class FeedbackStore {
  constructor(private readonly db: Db) {}

  insert(input: {
    ownerUserId: string;
    actingUserId: string;
    category: string;
    message: string;
    tool: string | null;
    searchId: string | null;
    rating: number | null;
    via: string;
    now: number;
  }): string {
    const id = `fb_${crypto.randomUUID()}`;
    this.db
      .prepare(
        `INSERT INTO feedback_reports (feedback_id, owner_user_id, acting_user_id, category, message, tool, search_id, rating, via, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        id,
        input.ownerUserId,
        input.actingUserId,
        input.category,
        input.message,
        input.tool,
        input.searchId,
        input.rating,
        input.via,
        input.now,
      );
    return id;
  }

  count(ownerUserId: string): number {
    return (this.db.prepare('SELECT COUNT(*) AS n FROM feedback_reports WHERE owner_user_id = ?').get(ownerUserId) as { n: number }).n;
  }
}
