// Bootstrap of the export render worker under tsx (sources, tests): Node 20 applies a parent's
// tsx hooks to a worker only through its execArgv, so register tsx here and load the TypeScript
// worker. The compiled build (dist/) starts render-export-worker.js directly (render-export.ts).
import { register } from 'tsx/esm/api';

register();
await import('./render-export-worker.ts');
