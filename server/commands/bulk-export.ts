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
import { EXPORT_FORMATS, type ExportFormat, renderExportOffThread } from './render-export.js';
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

export { csvCell, EXPORT_FORMATS, type ExportFormat, renderExport } from './render-export.js';

const exportsDir = (dataDir: string): string => path.join(dataDir, 'exports');
export const exportFile = (dataDir: string, exportId: string, format: ExportFormat = 'csv'): string =>
  path.join(exportsDir(dataDir), `${exportId}.${format}`);

/** Writes an export's file privately and records it; returns what the tool answers. */
export function saveExport(
  services: Services,
  actor: Actor,
  input: { exportId: string; format: ExportFormat; data: Buffer; rowCount: number; now: number },
): { exportId: string; rowCount: number; bytes: number; expiresAt: number; url: string } {
  const dataDir = services.config.dataDir;
  fs.mkdirSync(exportsDir(dataDir), { recursive: true, mode: 0o700 });
  fs.writeFileSync(exportFile(dataDir, input.exportId, input.format), input.data, { mode: 0o600 });
  const expiresAt = input.now + BULK_EXPORT_TTL_MS;
  services.bulkExports.insert({
    exportId: input.exportId,
    ownerUserId: actor.ownerUserId,
    actingUserId: actor.actingUserId,
    rowCount: input.rowCount,
    bytes: input.data.byteLength,
    createdAt: input.now,
    expiresAt,
  });
  const url = `${services.config.baseUrl}/exports/${input.exportId}.${input.format}?expires=${expiresAt}&signature=${exportSignature(dataDir, input.exportId, expiresAt)}`;
  return { exportId: input.exportId, rowCount: input.rowCount, bytes: input.data.byteLength, expiresAt, url };
}

/** Deletes the files of expired exports (either format). */
export function purgeExpiredExports(services: Services, now: number): void {
  for (const id of services.bulkExports.purgeExpired(now))
    for (const format of Object.keys(EXPORT_FORMATS) as ExportFormat[])
      fs.rmSync(exportFile(services.config.dataDir, id, format), { force: true });
}

/** HMAC of the export id and its expiry: the download link's signature. */
export function exportSignature(dataDir: string, exportId: string, expiresAt: number): string {
  return crypto.createHmac('sha256', loadSecret(dataDir, 'export-links')).update(`${exportId}.${expiresAt}`).digest('base64url');
}

export interface BulkExportInput {
  text: string | null;
  filters: Record<string, unknown> | null;
  networkMode: PeopleSearchRequest['networkMode'];
  maxRows: number;
  /** Default csv. */
  format?: ExportFormat;
}

/**
 * Writes the people of a search, up to `maxRows` (5,000), to a private CSV file with a signed
 * link that expires in 24 hours. It runs the people-search command page by page (25 people per
 * page, within the engine's 10,000 window) under one time budget, reserves `maxRows` rows at the
 * bulk_export price and settles to the rows written; a failed export costs nothing and leaves no file.
 */
export async function runBulkExport(services: Services, actor: Actor, input: BulkExportInput, requestId: string, signal?: AbortSignal) {
  const now = services.clock();
  purgeExpiredExports(services, now);
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
  const format = input.format ?? 'csv';
  const file = exportFile(services.config.dataDir, exportId, format);
  try {
    const rows = await withSearchBudget(EXPORT_BUDGET_MS, actor.ownerUserId, () => collectRows(services, actor, input, signal), signal);
    const data = await renderExportOffThread(format, 'People', EXPORT_COLUMNS, rows);
    // The client went away: the link it would pay for reaches no one, so nothing is kept or charged.
    signal?.throwIfAborted();
    const saved = saveExport(services, actor, { exportId, format, data, rowCount: rows.length, now });
    hold = services.credits.settle(hold, rows.length);
    services.credits.commit(hold);
    hold = null;
    return saved;
  } catch (err) {
    fs.rmSync(file, { force: true });
    throw err;
  } finally {
    if (hold) services.credits.release(hold);
  }
}

async function collectRows(
  services: Services,
  actor: Actor,
  input: BulkExportInput,
  signal?: AbortSignal,
): Promise<Record<string, unknown>[]> {
  const page = PEOPLE_SEARCH_LIMITS.limit.max;
  const rows: Record<string, unknown>[] = [];
  const options = { ...DEFAULT_ROW_OPTIONS, reasons: false };
  for (let offset = 0; rows.length < input.maxRows && offset <= PEOPLE_SEARCH_LIMITS.offset.max - page; offset += page) {
    // A caller that went away stops the export between pages (docs/mcp.md, "Cancellation").
    signal?.throwIfAborted();
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
