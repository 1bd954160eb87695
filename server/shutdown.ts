import type { Server } from 'node:http';
import { closeServices } from './build-services.js';
import type { Services } from './services.js';

/**
 * Stops the server within about `graceMs`: it stops accepting connections at once, lets the
 * requests in flight finish for up to `graceMs`, then interrupts the search work still running
 * (those requests answer with an error and are not charged), closes every connection and the
 * services. A request can therefore hold a shutdown for no longer than the grace period, whatever
 * it is doing.
 */
export async function shutdown(server: Server, services: Services, graceMs: number): Promise<void> {
  const drained = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Open event streams and waits end now rather than holding the shutdown (docs/communications.md).
  services.communications.notifier.emit('closing');
  let timer: NodeJS.Timeout | undefined;
  const graceOver = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), graceMs);
  });
  const outcome = await Promise.race([drained, graceOver]);
  clearTimeout(timer);
  if (outcome === 'late') {
    services.logger.warn({ grace_ms: graceMs }, 'shutdown: requests still running after the grace period; interrupting them');
    services.engine.abortReads();
    // The interrupted requests answer within milliseconds; then whatever is left is cut.
    await Promise.race([drained, new Promise((r) => setTimeout(r, 500))]);
    server.closeAllConnections();
  }
  await closeServices(services);
}
