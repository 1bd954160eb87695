/**
 * The bytes of an export file (docs/mcp.md, "Exports"): RFC 4180 CSV with formula guarding, or an
 * XLSX workbook. A workbook of thousands of rows takes a second or more of synchronous work, so
 * `renderExportOffThread` builds it in a worker thread (render-export-worker.ts) and the event
 * loop keeps serving other requests.
 */
import { Worker } from 'node:worker_threads';
import ExcelJS from 'exceljs';
import { workerModule } from '../../lib/worker-module.js';

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

/** The two file formats of an export. */
export const EXPORT_FORMATS = {
  csv: 'text/csv',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
} as const;
export type ExportFormat = keyof typeof EXPORT_FORMATS;

/**
 * The bytes of an export: RFC 4180 CSV with formula guarding, or an XLSX workbook (exceljs) with
 * one sheet whose cells are all plain values (a string starting with = is text, never a formula).
 */
export async function renderExport(
  format: ExportFormat,
  sheet: string,
  columns: readonly string[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  if (format === 'csv') {
    const lines = [columns.join(','), ...rows.map((r) => columns.map((c) => csvCell(r[c])).join(','))];
    return Buffer.from(`${lines.join('\r\n')}\r\n`);
  }
  const book = new ExcelJS.Workbook();
  book.creator = 'Proxima';
  const ws = book.addWorksheet(sheet);
  ws.columns = columns.map((c) => ({ header: c, key: c, width: Math.min(60, Math.max(12, c.length + 2)) }));
  ws.getRow(1).font = { bold: true };
  for (const r of rows)
    ws.addRow(
      Object.fromEntries(
        columns.map((c) => {
          const v = r[c];
          return [c, v === null || v === undefined ? null : typeof v === 'object' ? JSON.stringify(v) : v];
        }),
      ),
    );
  return Buffer.from(await book.xlsx.writeBuffer());
}

const RENDER_WORKER = workerModule(import.meta.url, 'render-export-worker');

/** What the render worker is given. */
export interface RenderJob {
  format: ExportFormat;
  sheet: string;
  columns: readonly string[];
  rows: Record<string, unknown>[];
}

/**
 * {@link renderExport} off the main thread for a workbook, one worker per export (CSV is cheap
 * and written here). The rows are cloned to the worker; the bytes come back transferred.
 */
export async function renderExportOffThread(
  format: ExportFormat,
  sheet: string,
  columns: readonly string[],
  rows: Record<string, unknown>[],
): Promise<Buffer> {
  if (format === 'csv') return renderExport(format, sheet, columns, rows);
  // At most RENDER_WORKERS workbooks at once (each worker holds its rows and workbook, 100-200 MB
  // for 5,000 rows); the others wait their turn.
  while (rendering >= RENDER_WORKERS) await new Promise<void>((r) => waiting.push(r));
  rendering++;
  try {
    return await renderInWorker(format, sheet, columns, rows);
  } finally {
    rendering--;
    waiting.shift()?.();
  }
}

/** Workbooks rendered at once, and the renders waiting for a turn. */
const RENDER_WORKERS = 2;
let rendering = 0;
const waiting: (() => void)[] = [];

function renderInWorker(format: ExportFormat, sheet: string, columns: readonly string[], rows: Record<string, unknown>[]): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const job: RenderJob = { format, sheet, columns: [...columns], rows };
    const worker = new Worker(RENDER_WORKER, { workerData: job, resourceLimits: { maxOldGenerationSizeMb: 512 } });
    let settled = false;
    worker.once('message', (bytes: Uint8Array) => {
      settled = true;
      resolve(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength));
    });
    worker.once('error', (err) => {
      settled = true;
      reject(err);
    });
    worker.once('exit', (code) => {
      if (!settled) reject(new Error(`the export render worker exited with code ${code} before answering`));
    });
  });
}
