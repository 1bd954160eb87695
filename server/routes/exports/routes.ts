import crypto from 'node:crypto';
import fs from 'node:fs';
import { EXPORT_FORMATS, type ExportFormat, exportFile, exportSignature } from '../../commands/bulk-export.js';
import { AppError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';
import { matching } from '../../http/validation.js';

const params = {
  type: 'object',
  required: ['export_file'],
  properties: {
    export_file: {
      type: 'string',
      maxLength: 60,
      ...matching(
        '^ex_[0-9a-f-]{36}\\.(csv|xlsx)$',
        'must be the file of a bulk export link, <export_id>.csv or <export_id>.xlsx, as bulk_export gave it',
      ),
      description: '<export_id>.csv or <export_id>.xlsx',
    },
  },
} as const;

const query = {
  type: 'object',
  required: ['expires', 'signature'],
  properties: {
    expires: {
      type: 'string',
      maxLength: 16,
      ...matching('^[0-9]{1,16}$', 'must be the expiry of the link in decimal digits (epoch milliseconds), as bulk_export gave it'),
      description: 'Expiry of the link (epoch ms), as bulk_export gave it.',
    },
    signature: { type: 'string', maxLength: 100, description: 'The link signature, as bulk_export gave it.' },
  },
} as const;

const sameSignature = (a: string, b: string): boolean => a.length === b.length && crypto.timingSafeEqual(Buffer.from(a), Buffer.from(b));

/**
 * `GET /exports/<export_id>.csv`: the download link of a bulk export. The link is the credential
 * (an HMAC of the id and the expiry: private to whoever holds it), so no key is sent; it works
 * until its expiry (24 hours), then 410.
 */
export const exportRoutes = [
  defineRoute<Record<string, never>, { expires: string; signature: string }, { export_file: string }>({
    method: 'GET',
    path: '/exports/:export_file',
    tag: 'exports',
    summary: 'Downloads a bulk export (CSV or XLSX) through its signed, expiring link (from the connector tool bulk_export).',
    auth: 'none',
    request: { params, query },
    response: { type: 'string', description: 'The file: CSV (RFC 4180, header row first) or an XLSX workbook, as its extension says.' },
    responseContentType: [EXPORT_FORMATS.csv, EXPORT_FORMATS.xlsx],
    errors: ['invalid_signature', 'export_expired', 'not_found'],
    handler: ({ params: p, query: q, services }, ctx) => {
      const [exportId, extension] = p.export_file.split('.') as [string, ExportFormat];
      const expires = Number(q.expires);
      if (!sameSignature(exportSignature(services.config.dataDir, exportId, expires), q.signature))
        throw new AppError(403, 'invalid_signature', 'This download link is not valid: use the url bulk_export returned, unchanged.');
      const record = services.bulkExports.get(exportId);
      if (expires <= services.clock() || (record && record.expiresAt <= services.clock()))
        throw new AppError(410, 'export_expired', 'This export has expired (links last 24 hours); run bulk_export again.');
      const file = exportFile(services.config.dataDir, exportId, extension);
      if (!record || !fs.existsSync(file)) throw new AppError(404, 'not_found', 'This export no longer exists; run bulk_export again.');
      ctx.type = extension === 'csv' ? 'text/csv; charset=utf-8' : EXPORT_FORMATS.xlsx;
      ctx.set('Content-Disposition', `attachment; filename="${exportId}.${extension}"`);
      ctx.set('Cache-Control', 'private, no-store');
      return extension === 'csv' ? fs.readFileSync(file, 'utf8') : fs.readFileSync(file);
    },
  }),
];
