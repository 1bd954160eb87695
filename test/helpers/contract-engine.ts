import type { SearchEngine } from '../../search-engine/port.js';
import type { Services } from '../../server/services.js';
import { checkRequest } from './opensearch-contract/checker.js';

/**
 * Wraps the app's engine so that every search and count body a route sends is checked against
 * the official OpenSearch API specification (closed query DSL) before the embedded engine runs
 * it: an HTTP test of a route then also proves the OpenSearch adapter could send its requests.
 * Failures are collected (a route may catch engine errors) and read by the test.
 */
export function checkEveryRequest(services: Services): { problems: string[] } {
  const seen = { problems: [] as string[] };
  const inner: SearchEngine = services.engine;
  const check = (index: string, api: '_search' | '_count', body: unknown) => {
    const result = checkRequest({ method: 'POST', path: `/${index}/${api}`, body });
    if (!result.ok) seen.problems.push(`${api} on ${index}: ${result.problems.join('; ')}\n  body: ${JSON.stringify(body)}`);
  };
  services.engine = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop === 'search')
        return (index: string, body: Parameters<SearchEngine['search']>[1]) => {
          check(index, '_search', body);
          return target.search(index, body);
        };
      if (prop === 'count')
        return (index: string, query?: Parameters<SearchEngine['count']>[1]) => {
          check(index, '_count', query ? { query } : {});
          return target.count(index, query);
        };
      const value = Reflect.get(target, prop, receiver);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return seen;
}
