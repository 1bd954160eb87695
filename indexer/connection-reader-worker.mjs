// Bootstrap of the connection reader worker under tsx (sources, tests): Node 20 applies a
// parent's tsx hooks to a worker only through its execArgv, so register tsx here and load the
// TypeScript worker. The compiled build (dist/) starts connection-reader-worker.js directly.
import { register } from 'tsx/esm/api';

register();
await import('./connection-reader-worker.ts');
