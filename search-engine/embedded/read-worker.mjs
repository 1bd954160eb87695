// Bootstrap of a search worker thread: Node 20 applies a parent's tsx hooks to a worker only
// through its execArgv, and not to the worker's own entry, so register tsx here and load the
// TypeScript worker. Only the sources use it (tests, development under tsx): the compiled build
// (dist/) starts its read-worker.js directly, without tsx (see READ_WORKER in read-pool.ts).
import { register } from 'tsx/esm/api';

register();
await import('./read-worker.ts');
