// Matches a request to an operation of the contract. Built once; routing returns data, not strings.
import { type Contract, escapeRegExp, type HttpMethod, type Operation } from '../spec/index.js';

export type RouteMatch =
  | { readonly kind: 'matched'; readonly operation: Operation; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

interface PathRoute {
  readonly template: string;
  readonly pattern: RegExp;
  readonly paramNames: readonly string[];
  readonly byMethod: ReadonlyMap<string, Operation>;
  readonly allowed: readonly string[];
}

export interface Router {
  match(method: string, pathname: string): RouteMatch;
  /** Methods a path accepts, for preflight answers; empty when the path is unknown. */
  allowedMethods(pathname: string): readonly string[];
}

const NOT_FOUND: RouteMatch = Object.freeze({ kind: 'not-found' });

export function createRouter(contract: Contract): Router {
  const routes = buildRoutes(contract);
  const findRoute = (pathname: string): { route: PathRoute; values: string[] } | undefined => {
    if (!pathname.startsWith(contract.basePath)) return undefined;
    const relative = pathname.slice(contract.basePath.length);
    for (const route of routes) {
      const found = route.pattern.exec(relative);
      if (found) return { route, values: found.slice(1) };
    }
    return undefined;
  };
  return {
    match(method, pathname) {
      const found = findRoute(pathname);
      if (!found) return NOT_FOUND;
      const { route, values } = found;
      // HEAD is answered wherever GET is, as HTTP requires; Node leaves the body out.
      const operation = route.byMethod.get(method) ?? (method === 'HEAD' ? route.byMethod.get('GET') : undefined);
      if (!operation) return { kind: 'method-not-allowed', allowed: route.allowed };
      const params: Record<string, string> = {};
      route.paramNames.forEach((name, index) => {
        params[name] = safeDecode(values[index] ?? '');
      });
      return { kind: 'matched', operation, params };
    },
    allowedMethods(pathname) {
      return findRoute(pathname)?.route.allowed ?? [];
    },
  };
}

function buildRoutes(contract: Contract): PathRoute[] {
  const byTemplate = new Map<string, Map<string, Operation>>();
  for (const operation of contract.operations) {
    const methods = byTemplate.get(operation.path) ?? new Map<string, Operation>();
    methods.set(operation.method, operation);
    byTemplate.set(operation.path, methods);
  }
  const routes = [...byTemplate].map(([template, byMethod]) => {
    const paramNames: string[] = [];
    const source = template
      .split(/(\{[^}]+\})/)
      .map((part) => {
        const param = /^\{([^}]+)\}$/.exec(part);
        if (!param) return escapeRegExp(part);
        paramNames.push(param[1]!);
        return '([^/]+)';
      })
      .join('');
    const methods = [...byMethod.keys()] as HttpMethod[];
    const allowed = methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
    return { template, pattern: new RegExp(`^${source}$`), paramNames, byMethod, allowed };
  });
  // Literal segments win over parameters: /pets/mine before /pets/{petId}.
  return routes.sort((a, b) => a.paramNames.length - b.paramNames.length);
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
