import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PEOPLE_SEARCH_LIMITS } from '../../query-planner/limits.js';
import { withSearchBudget } from '../../search-engine/call-context.js';
import type { Actor } from '../auth/actor.js';
import { loadSecret } from '../auth/secrets.js';
import type { CreditHold } from '../billing/credits.js';
import { presentPersonRows } from '../routes/people-search/person-row.js';
import type { Services } from '../services.js';
import { DEFAULT_ROW_OPTIONS } from './search/people/person-rows.js';
import { searchPeople } from './search/people/search-people.js';
import type { PeopleSearchRequest } from './search/people/types.js';

/** Rows one export may hold (the contract's connector rules). */
export const BULK_EXPORT_MAX_ROWS = 5_000;
/** How long the file and its link live. */
export const BULK_EXPORT_TTL_MS = 24 * 3_600_000;
/** Time budget of the searches of one export. */
const EXPORT_BUDGET_MS = 120_000;

export const EXPORT_COLUMNS = [
  'id',
  'name',
  'headline',
  'current_title',
  'current_company',
  'location',
  'professional_url',
  'service_url',
  'connection_degree',
  'social_proximity_score',
] as const;

/**
 * One CSV cell (RFC 4180 quoting). A cell a spreadsheet would run as a formula (starting with
 * = + - @ or a control character) is prefixed with a quote, so opening the file runs nothing.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let text = typeof value === 'object' ? JSON.stringify(value) : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const exportsDir = (dataDir: string): string => path.join(dataDir, 'exports');
export const exportFile = (dataDir: string, exportId: string): string => path.join(exportsDir(dataDir), `${exportId}.csv`);

/** HMAC of the export id and its expiry: the download link's signature. */
export function exportSignature(dataDir: string, exportId: string, expiresAt: number): string {
  return crypto.createHmac('sha256', loadSecret(dataDir, 'export-links')).update(`${exportId}.${expiresAt}`).digest('base64url');
}

export interface BulkExportInput {
  text: string | null;
  filters: Record<string, unknown> | null;
  networkMode: PeopleSearchRequest['networkMode'];
  maxRows: number;
}

/**
 * Writes the people of a search, up to `maxRows` (5,000), to a private CSV file with a signed
 * link that expires in 24 hours. It runs the people-search command page by page (25 people per
 * page, within the engine's 10,000 window) under one time budget, reserves `maxRows` rows at the
 * bulk_export price and settles to the rows written; a failed export costs nothing and leaves no file.
 */
export async function runBulkExport(services: Services, actor: Actor, input: BulkExportInput, requestId: string) {
  const now = services.clock();
  const dataDir = services.config.dataDir;
  for (const id of services.bulkExports.purgeExpired(now)) fs.rmSync(exportFile(dataDir, id), { force: true });
  let hold: CreditHold | null = services.credits.reserve({
    ownerUserId: actor.ownerUserId,
    tier: actor.owner.tier,
    keyId: actor.keyId,
    actingUserId: actor.actingUserId,
    operation: 'bulk_export',
    quantity: input.maxRows,
    requestId,
    now,
  });
  const exportId = `ex_${crypto.randomUUID()}`;
  const file = exportFile(dataDir, exportId);
  try {
    const rows = await withSearchBudget(EXPORT_BUDGET_MS, actor.ownerUserId, () => collectRows(services, actor, input));
    const lines = [EXPORT_COLUMNS.join(','), ...rows.map((r) => EXPORT_COLUMNS.map((c) => csvCell(r[c])).join(','))];
    const csv = `${lines.join('\r\n')}\r\n`;
    fs.mkdirSync(exportsDir(dataDir), { recursive: true, mode: 0o700 });
    fs.writeFileSync(file, csv, { mode: 0o600 });
    const expiresAt = now + BULK_EXPORT_TTL_MS;
    services.bulkExports.insert({
      exportId,
      ownerUserId: actor.ownerUserId,
      actingUserId: actor.actingUserId,
      rowCount: rows.length,
      bytes: Buffer.byteLength(csv),
      createdAt: now,
      expiresAt,
    });
    hold = services.credits.settle(hold, rows.length);
    services.credits.commit(hold);
    hold = null;
    const url = `${services.config.baseUrl}/exports/${exportId}.csv?expires=${expiresAt}&signature=${exportSignature(dataDir, exportId, expiresAt)}`;
    return { exportId, rowCount: rows.length, bytes: Buffer.byteLength(csv), expiresAt, url };
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  } finally {
    if (hold) services.credits.release(hold);
  }
}

async function collectRows(services: Services, actor: Actor, input: BulkExportInput): Promise<Record<string, unknown>[]> {
  const page = PEOPLE_SEARCH_LIMITS.limit.max;
  const rows: Record<string, unknown>[] = [];
  const options = { ...DEFAULT_ROW_OPTIONS, reasons: false };
  for (let offset = 0; rows.length < input.maxRows && offset <= PEOPLE_SEARCH_LIMITS.offset.max - page; offset += page) {
    const outcome = await searchPeople(services, actor, {
      route: 'preview',
      text: input.text,
      filters: input.filters,
      keywords: [],
      lookup: null,
      limit: Math.min(page, input.maxRows - rows.length),
      offset,
      networkMode: input.networkMode,
      countOnly: false,
      rows: options,
      receipts: [],
    });
    rows.push(...presentPersonRows(outcome.rows, outcome.rowOptions));
    if (!outcome.pagination.has_more || outcome.rows.length === 0) break;
  }
  return rows;
}
