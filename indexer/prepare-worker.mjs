// Bootstrap of an indexer prepare worker under tsx (sources, tests): Node 20 applies a parent's
// tsx hooks to a worker only through its execArgv, so register tsx here and load the TypeScript
// worker. The compiled build (dist/) starts prepare-worker.js directly (see prepare-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./prepare-worker.ts');
