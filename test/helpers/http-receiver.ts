import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A real local HTTP server that records every request and answers with what `respond` says
 * (a webhook receiver, an HTTP relay). `respond` gets the request and its index, and answers
 * with a status, a body (sent as JSON) or a `raw` body, and extra headers.
 */
export async function startReceiver(
  respond: (
    req: Received,
    index: number,
  ) => { status: number; body?: unknown; raw?: string | Buffer; headers?: Record<string, string> } = () => ({
    status: 200,
    body: { ok: true },
  }),
): Promise<{ url: string; received: Received[]; close(): Promise<void>; waitFor(n: number, ms?: number): Promise<void> }> {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const r: Received = {
        method: req.method ?? '',
        path: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      const index = received.length;
      received.push(r);
      const answer = respond(r, index);
      res.writeHead(answer.status, { 'content-type': 'application/json', ...answer.headers });
      // `raw`: the body as given, byte for byte (an answer that is not what JSON.stringify would write).
      res.end(answer.raw ?? (answer.body === undefined ? '' : JSON.stringify(answer.body)));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
    async waitFor(n, ms = 5000) {
      const end = Date.now() + ms;
      while (received.length < n) {
        if (Date.now() > end) throw new Error(`expected ${n} requests, got ${received.length}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
