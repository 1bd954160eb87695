/**
 * The OpenSearch stand-in of `npm run bench -- --loader` (bench/opensearch-loader.ts), run as a
 * child process: the recording fake of the OpenSearch HTTP API (test/helpers/fake-opensearch.ts)
 * without its request log, keeping sources only for companies (the loader reads them back).
 * Every request, each `_bulk` NDJSON line included, is checked against the OpenSearch API
 * specification; an invalid one is answered 400 and counted. Faults are injected: every
 * `rejectEvery`-th bulk request is refused whole with 429, and each item fails with probability
 * `itemFailRate` (429 or 503, seeded). `GET /_bench/report` answers what happened and
 * `GET /_bench/ids/<index>` the ids an index holds, one per line.
 *
 * Usage: `node --import tsx bench/bulk-server.ts <rejectEvery> <itemFailRate> <seed>`; prints
 * `{"url": …}` and serves until stdin closes.
 */
import { pathToFileURL } from 'node:url';
import { errorResponse, FakeOpenSearch } from '../test/helpers/fake-opensearch.js';
import { checkRequest } from '../test/helpers/opensearch-contract/checker.js';

export interface BulkServerReport {
  requests: number;
  bulkRequests: number;
  bulkLines: number;
  /** NDJSON bytes of the bulk requests accepted (after any whole-request 429). */
  bulkBytes: number;
  rejectedRequests: number;
  itemFailures: number;
  contractProblems: number;
  firstProblems: string[];
  indices: Record<string, { docs: number; refresh_interval: string | null; number_of_replicas: string }>;
  /** The stand-in's own CPU (user + system) so far, seconds: it shares the machine with the loader. */
  cpu_seconds: number;
  aliases: Record<string, string[]>;
}

async function serve(rejectEvery: number, itemFailRate: number, seed: number): Promise<void> {
  const fake = new FakeOpenSearch({ record: false, keepSource: (index) => index.includes('compan') });
  const report: BulkServerReport = {
    requests: 0,
    bulkRequests: 0,
    bulkLines: 0,
    bulkBytes: 0,
    rejectedRequests: 0,
    itemFailures: 0,
    contractProblems: 0,
    firstProblems: [],
    indices: {},
    aliases: {},
    cpu_seconds: 0,
  };
  let state = seed >>> 0 || 1;
  const random = () => {
    // xorshift32: the same faults for the same seed.
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) / 2 ** 32;
  };
  fake.intercept((req) => {
    report.requests++;
    if (req.path === '/_bench/report') {
      for (const [name, index] of fake.indices)
        report.indices[name] = {
          docs: index.docs.size,
          refresh_interval: index.refresh_interval ?? null,
          number_of_replicas: index.number_of_replicas,
        };
      for (const [alias, targets] of fake.aliases) report.aliases[alias] = [...targets];
      const cpu = process.cpuUsage();
      report.cpu_seconds = Math.round((cpu.user + cpu.system) / 1e4) / 100;
      return { status: 200, body: report };
    }
    if (req.path.startsWith('/_bench/ids/')) {
      const index = fake.indices.get(decodeURIComponent(req.path.slice('/_bench/ids/'.length)));
      return { status: 200, body: { ids: index ? [...index.docs.keys()] : [] } };
    }
    const checked = checkRequest(req);
    if (!checked.ok) {
      report.contractProblems++;
      if (report.firstProblems.length < 10) report.firstProblems.push(`${req.method} ${req.path}: ${checked.problems.join('; ')}`);
      return errorResponse(400, 'x_content_parse_exception', checked.problems.join('; '));
    }
    if (req.path.endsWith('/_bulk')) {
      report.bulkRequests++;
      report.bulkLines += req.bulkBody?.length ?? 0;
      if (rejectEvery > 0 && report.bulkRequests % rejectEvery === 0) {
        report.rejectedRequests++;
        return errorResponse(429, 'es_rejected_execution_exception', 'rejected execution of coordinating operation');
      }
      report.bulkBytes += req.bytes ?? 0;
    }
    return undefined;
  });
  fake.bulkItemFailure = () => {
    if (itemFailRate <= 0 || random() >= itemFailRate) return undefined;
    report.itemFailures++;
    return random() < 0.5
      ? { status: 429, error: { type: 'es_rejected_execution_exception', reason: 'rejected execution of bulk item' } }
      : { status: 503, error: { type: 'unavailable_shards_exception', reason: 'primary shard is not active' } };
  };
  await fake.start();
  process.stdout.write(`${JSON.stringify({ url: fake.url })}\n`);
  process.stdin.resume();
  process.stdin.on('end', () => {
    void fake.close().then(() => process.exit(0));
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href)
  void serve(Number(process.argv[2] ?? 0), Number(process.argv[3] ?? 0), Number(process.argv[4] ?? 1));
