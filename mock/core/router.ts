// Matches a request to an operation of the contract. Built once; routing returns data, not strings.
import { type Contract, escapeRegExp, type HttpMethod, type Operation } from '../../spec/core.js';

export type RouteMatch =
  | { readonly kind: 'matched'; readonly operation: Operation; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'method-not-allowed'; readonly allowed: readonly string[] }
  | { readonly kind: 'not-found' };

interface PathRoute {
  readonly template: string;
  readonly pattern: RegExp;
  /** How many "/" the template's paths hold. */
  readonly slashes: number;
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
/** The params of a match on a template without parameters: one frozen object, shared. */
export const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

export function createRouter(contract: Contract): Router {
  const routes = buildRoutes(contract);
  // Paths without parameters, matched by a map lookup to a match built once (the hot paths of a
  // collection: its list and its create), before any pattern is tried.
  const literalMatches = literalRoutes(routes);
  const routesFor = segmentIndex(routes);
  /** Every template the path matches, most literal first. */
  const findRoutes = (pathname: string): Array<{ route: PathRoute; values: string[] }> => {
    if (!pathname.startsWith(contract.basePath)) return [];
    const relative = pathname.slice(contract.basePath.length);
    const slashes = slashCount(relative);
    const found: Array<{ route: PathRoute; values: string[] }> = [];
    for (const route of routesFor(relative)) {
      if (route.slashes !== slashes) continue;
      const match = route.pattern.exec(relative);
      if (match) found.push({ route, values: match.slice(1) });
    }
    return found;
  };
  const allowedMethods = (pathname: string): readonly string[] => [
    ...new Set(findRoutes(pathname).flatMap(({ route }) => route.allowed)),
  ];
  return {
    match(method, pathname) {
      if (!pathname.startsWith(contract.basePath)) return NOT_FOUND;
      const relative = pathname.slice(contract.basePath.length);
      const known = literalMatches.get(relative)?.get(method);
      if (known) return known;
      // A parameter never holds a "/": only templates with as many segments can match.
      const slashes = slashCount(relative);
      let fits = false;
      // A path can fit several templates (/v1/{name} and /v1/{name}:setPolicy): the first, most
      // literal, that has the method wins, so a literal suffix is not swallowed by a parameter.
      for (const route of routesFor(relative)) {
        if (route.slashes !== slashes) continue;
        const values = route.pattern.exec(relative);
        if (!values) continue;
        fits = true;
        // HEAD is answered wherever GET is, as HTTP requires; Node leaves the body out.
        const operation = route.byMethod.get(method) ?? (method === 'HEAD' ? route.byMethod.get('GET') : undefined);
        if (!operation) continue;
        const params: Record<string, string> = {};
        for (let index = 0; index < route.paramNames.length; index++) {
          params[route.paramNames[index]!] = safeDecode(values[index + 1] ?? '');
        }
        return { kind: 'matched', operation, params };
      }
      if (!fits) return NOT_FOUND;
      return { kind: 'method-not-allowed', allowed: allowedMethods(pathname) };
    },
    allowedMethods,
  };
}

function slashCount(path: string): number {
  let count = 0;
  for (let at = path.indexOf('/'); at !== -1; at = path.indexOf('/', at + 1)) count++;
  return count;
}

/** The path's depth-th segment (0: the first), undefined past its end. */
function segmentAt(path: string, depth: number): string | undefined {
  let start = 1;
  for (let level = 0; level < depth; level++) {
    const slash = path.indexOf('/', start);
    if (slash === -1) return undefined;
    start = slash + 1;
  }
  const end = path.indexOf('/', start);
  return end === -1 ? path.slice(start) : path.slice(start, end);
}

// A segment that only ever arrives as written: no parameter, nothing a URL percent-encodes.
const PLAIN_SEGMENT = /^[A-Za-z0-9\-._~!$&'()*+,;=:@]*$/;
const INDEXED_DEPTH = 2;

/**
 * The routes a path may match, in their order, by its first two segments: those whose template has
 * the same segment there, and those whose template has a parameter there (or text that may arrive
 * encoded). DigitalOcean's 500 operations all begin /v2/: every request tried every pattern.
 */
function segmentIndex(routes: readonly PathRoute[], depth = 0): (path: string) => readonly PathRoute[] {
  if (depth === INDEXED_DEPTH || routes.length <= 8) return () => routes;
  const keys = routes.map((route) => {
    const segment = segmentAt(route.template, depth);
    return segment !== undefined && PLAIN_SEGMENT.test(segment) ? segment : undefined;
  });
  const open = routes.filter((_, index) => keys[index] === undefined);
  const children = new Map<string, (path: string) => readonly PathRoute[]>();
  for (const key of new Set(keys)) {
    if (key === undefined) continue;
    const kept = routes.filter((_, index) => keys[index] === key || keys[index] === undefined);
    children.set(key, segmentIndex(kept, depth + 1));
  }
  return (path) => {
    const segment = segmentAt(path, depth);
    const child = segment === undefined ? undefined : children.get(segment);
    return child ? child(path) : open;
  };
}

/** For each template without parameters, its matches by method (HEAD where GET is): the routes are
 * tried most literal first, so such a match always wins. A path spelt otherwise (percent-encoded)
 * misses the map and is matched by the patterns. */
function literalRoutes(routes: readonly PathRoute[]): Map<string, Map<string, RouteMatch>> {
  const literal = new Map<string, Map<string, RouteMatch>>();
  for (const route of routes) {
    if (route.paramNames.length > 0) continue;
    const byMethod = new Map<string, RouteMatch>();
    for (const [method, operation] of route.byMethod)
      byMethod.set(method, Object.freeze({ kind: 'matched', operation, params: NO_PARAMS }));
    const get = byMethod.get('GET');
    if (get && !byMethod.has('HEAD')) byMethod.set('HEAD', get);
    if (!literal.has(route.template)) literal.set(route.template, byMethod);
  }
  return literal;
}

function buildRoutes(contract: Contract): PathRoute[] {
  const byTemplate = new Map<string, Map<string, Operation>>();
  for (const operation of contract.operations) {
    const methods = byTemplate.get(operation.path) ?? new Map<string, Operation>();
    methods.set(operation.method, operation);
    byTemplate.set(operation.path, methods);
  }
  const routes = [...byTemplate].map(([template, byMethod]) => {
    const { source, paramNames } = templatePattern(template);
    const methods = [...byMethod.keys()] as HttpMethod[];
    const allowed = methods.includes('GET') && !methods.includes('HEAD') ? [...methods, 'HEAD'] : methods;
    return {
      template,
      pattern: new RegExp(`^${source}$`),
      slashes: slashCount(template),
      paramNames,
      byMethod,
      allowed,
    };
  });
  // Literal segments win over parameters: /pets/mine before /pets/{petId}, and of two templates
  // with as many parameters the longer literal text first ({name}:setPolicy before {name}).
  const literal = (template: string) => template.replace(/\{[^}]+\}/g, '').length;
  return routes.sort((a, b) => a.paramNames.length - b.paramNames.length || literal(b.template) - literal(a.template));
}

/** A path template as a regular expression source (unanchored): a group of one segment per
 * parameter, literal parts as they arrive in a URL. */
export function templatePattern(template: string): { source: string; paramNames: string[] } {
  const paramNames: string[] = [];
  const source = template
    .split(/(\{[^}]+\})/)
    .map((part) => {
      const param = /^\{([^}]+)\}$/.exec(part);
      if (!param) return literalPattern(part);
      paramNames.push(param[1]!);
      return '([^/]+)';
    })
    .join('');
  return { source, paramNames };
}

/** A literal part of a template as it arrives in a URL: characters a path cannot carry raw (#, ?,
 * spaces, non-ASCII) come percent-encoded, in either letter case. */
function literalPattern(part: string): string {
  return [...part]
    .map((char) => {
      if (/[A-Za-z0-9\-._~!$&'()*+,;=:@/]/.test(char)) return escapeRegExp(char);
      const encoded = encodeURIComponent(char);
      return `(?:${escapeRegExp(char)}|${encoded.replace(/%[0-9A-F]{2}/g, (hex) => `%[${hex[1]}${hex[1]!.toLowerCase()}][${hex[2]}${hex[2]!.toLowerCase()}]`)})`;
    })
    .join('');
}

function safeDecode(value: string): string {
  // Most ids carry no escape: they are their own text.
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
