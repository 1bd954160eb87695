import { AppError } from '../../errors.js';
import { defineRoute } from '../../http/route.js';

const okSchema = {
  type: 'object',
  required: ['success', 'status'],
  properties: {
    success: { const: true },
    status: { const: 'ok' },
    checks: {
      type: 'object',
      description: 'readyz: each dependency and its state.',
      required: ['store', 'search_engine'],
      properties: { store: { const: 'ok' }, search_engine: { const: 'ok' } },
    },
  },
};

/** Liveness and readiness probes: public, unbilled. */
export const healthRoutes = [
  defineRoute({
    method: 'GET',
    path: '/healthz',
    tag: 'health',
    summary: 'Process liveness: answers while the process runs.',
    auth: 'none',
    response: okSchema,
    handler: () => ({ success: true, status: 'ok' }),
  }),
  defineRoute({
    method: 'GET',
    path: '/readyz',
    tag: 'health',
    summary: 'Readiness: the transactional store and the search engine both answer. 503 service_unavailable otherwise.',
    auth: 'none',
    response: okSchema,
    errors: ['service_unavailable'],
    handler: async ({ services }) => {
      const checks: Record<string, string> = {};
      try {
        services.db.prepare('SELECT 1').get();
        checks.store = 'ok';
      } catch (err) {
        checks.store = `unreachable: ${(err as Error).name}`;
      }
      try {
        await services.engine.ping();
        checks.search_engine = 'ok';
      } catch (err) {
        checks.search_engine = `unreachable: ${(err as { code?: string }).code ?? (err as Error).name}`;
      }
      const failing = Object.entries(checks).filter(([, v]) => v !== 'ok');
      if (failing.length > 0) {
        throw new AppError(503, 'service_unavailable', `Not ready: ${failing.map(([k]) => k).join(', ')} not reachable.`, { checks });
      }
      return { success: true, status: 'ok', checks };
    },
  }),
];
