/**
 * A worker thread that renders one export file (render-export.ts, `renderExportOffThread`): it
 * reads the job from `workerData`, posts the bytes back (transferred) and ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { type RenderJob, renderExport } from './render-export.js';

const job = workerData as RenderJob;
const bytes = await renderExport(job.format, job.sheet, job.columns, job.rows);
const out = new Uint8Array(bytes.byteLength);
out.set(bytes);
parentPort?.postMessage(out, [out.buffer]);
