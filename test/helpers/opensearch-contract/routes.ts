import type { SpecOperation } from './spec-loader.js';

/** The operation a request resolved to, with its path parameters. */
export interface RouteMatch {
  operation: SpecOperation;
  params: Record<string, string>;
}

interface Route {
  template: string;
  /** Literal segment, or `null` for a `{param}` segment. */
  segments: (string | null)[];
  names: string[];
  byMethod: Map<string, SpecOperation>;
}

function splitPath(path: string): string[] {
  const trimmed = path.replace(/^\/+/, '').replace(/\/+$/, '');
  return trimmed === '' ? [] : trimmed.split('/');
}

/** Literal segments beat `{param}` segments, leftmost first (as OpenSearch's path trie does). */
function moreSpecific(a: Route, b: Route): number {
  for (let i = 0; i < a.segments.length; i++) {
    const la = a.segments[i] !== null;
    const lb = b.segments[i] !== null;
    if (la !== lb) return la ? -1 : 1;
  }
  return 0;
}

/** Resolves `METHOD /path` to an operation of the spec. */
export class Router {
  private readonly routes = new Map<number, Route[]>();

  constructor(operations: SpecOperation[]) {
    const byTemplate = new Map<string, Route>();
    for (const op of operations) {
      let route = byTemplate.get(op.template);
      if (!route) {
        const parts = splitPath(op.template);
        const segments = parts.map((s) => (/^\{.+\}$/.test(s) ? null : s));
        const names = parts.filter((s) => /^\{.+\}$/.test(s)).map((s) => s.slice(1, -1));
        route = { template: op.template, segments, names, byMethod: new Map() };
        byTemplate.set(op.template, route);
        const list = this.routes.get(segments.length) ?? [];
        list.push(route);
        this.routes.set(segments.length, list);
      }
      route.byMethod.set(op.method, op);
    }
    for (const list of this.routes.values()) list.sort(moreSpecific);
  }

  /** The matching operation, or a problem explaining why none matches. */
  match(method: string, path: string): RouteMatch | { problem: string } {
    const parts = splitPath(path);
    const candidates = (this.routes.get(parts.length) ?? []).filter((r) => r.segments.every((s, i) => s === null || s === parts[i]));
    const verb = method.toLowerCase();
    for (const route of candidates) {
      const operation = route.byMethod.get(verb);
      if (!operation) continue;
      const params: Record<string, string> = {};
      let i = 0;
      route.segments.forEach((s, at) => {
        if (s === null) params[route.names[i++]!] = safeDecode(parts[at]!);
      });
      return { operation, params };
    }
    const request = `${method.toUpperCase()} ${path}`;
    if (candidates.length === 0) return { problem: `unknown endpoint ${request}: no path of the OpenSearch spec matches` };
    const allowed = candidates.map((r) => `${r.template} allows ${[...r.byMethod.keys()].map((m) => m.toUpperCase()).join(', ')}`);
    return { problem: `unknown endpoint ${request}: no ${method.toUpperCase()} operation matches (${allowed.join('; ')})` };
  }
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
