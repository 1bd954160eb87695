import type { RouteDef } from '../http/route.js';
import { communicationRoutes } from './communications/routes.js';
import { companyRoutes } from './companies/routes.js';
import { contactRoutes } from './contacts/routes.js';
import { creditRoutes } from './credits/routes.js';
import { docsRoutes } from './docs/routes.js';
import { exportRoutes } from './exports/routes.js';
import { healthRoutes } from './health/routes.js';
import { inboxRoutes } from './inbox/routes.js';
import { jobRoutes } from './jobs/routes.js';
import { peopleSearchRoutes } from './people-search/routes.js';
import { postRoutes } from './posts/routes.js';
import { profileRoutes } from './profiles/routes.js';
import { projectOutreachRoutes } from './projects/outreach-routes.js';
import { projectRoutes } from './projects/routes.js';
import { signalRoutes } from './signals/routes.js';

/** Every route of the service, in documentation order. `extra` is for tests of the framework. */
export function allRoutes(extra: RouteDef[] = []): RouteDef[] {
  const routes: RouteDef[] = [];
  const list = (): RouteDef[] => routes;
  routes.push(
    ...healthRoutes,
    ...creditRoutes,
    ...peopleSearchRoutes,
    ...companyRoutes,
    ...jobRoutes,
    ...postRoutes,
    ...profileRoutes,
    ...communicationRoutes,
    ...inboxRoutes,
    ...projectRoutes,
    ...projectOutreachRoutes,
    ...signalRoutes,
    ...contactRoutes,
    ...exportRoutes,
    ...docsRoutes(list),
    ...extra,
  );
  return routes;
}
