// Worker for credit-service.test.ts: opens its own connection and charges as fast as it can.
import { parentPort, workerData } from 'node:worker_threads';
import { CreditService } from '../../../server/billing/credits.js';
import { openStore } from '../../../server/store/database.js';

const { dataDir, ownerUserId, attempts, now, barrier, parties } = workerData as {
  dataDir: string;
  ownerUserId: string;
  attempts: number;
  now: number;
  barrier: SharedArrayBuffer;
  parties: number;
};
const db = openStore(dataDir);
const credits = new CreditService(db);
// Start together, so the charges of every worker really interleave.
const gate = new Int32Array(barrier);
Atomics.add(gate, 0, 1);
while (Atomics.load(gate, 0) < parties) Atomics.wait(gate, 0, Atomics.load(gate, 0), 5);
let ok = 0;
let refused = 0;
for (let i = 0; i < attempts; i++) {
  try {
    credits.reserve({
      ownerUserId,
      tier: 'free',
      keyId: null,
      actingUserId: ownerUserId,
      operation: 'delegate_resolve_preview',
      quantity: 1,
      requestId: null,
      now,
    });
    ok++;
  } catch (err) {
    if ((err as { code?: string }).code !== 'credits_exhausted') throw err;
    refused++;
  }
}
db.close();
parentPort!.postMessage({ ok, refused });
