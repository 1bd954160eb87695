// Worker bootstrap: Node 20 does not run --import hooks for a worker's own .ts entry, so
// register tsx here and load the TypeScript module named in workerData.entry.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
