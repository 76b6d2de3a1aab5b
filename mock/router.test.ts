// Routing: literal paths by lookup, templates by pattern, with the same precedence either way.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createRouter } from './core/router.js';

const ok = { responses: { '200': { description: 'ok' } } };
const id = { parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }] };
const tenant = { name: 'tenant', in: 'path', required: true, schema: { type: 'string' } };
const kind = { name: 'kind', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'routes', version: '1' },
  servers: [{ url: '/api' }],
  paths: {
    '/pets': { get: { ...ok, operationId: 'list' }, post: { ...ok, operationId: 'create' } },
    '/pets/mine': { get: { ...ok, operationId: 'mine' } },
    '/pets/{id}': { ...id, get: { ...ok, operationId: 'read' }, delete: { ...ok, operationId: 'remove' } },
    '/café': { get: { ...ok, operationId: 'cafe' } },
  },
});
const router = createRouter(contract);
const routed = (method: string, path: string) => {
  const match = router.match(method, path);
  return match.kind === 'matched' ? [match.operation.id, match.params] : [match.kind];
};

describe('the router', () => {
  it('matches literal paths first, HEAD where GET is, and templates for the rest', () => {
    expect(routed('GET', '/api/pets')).toEqual(['list', {}]);
    expect(routed('POST', '/api/pets')).toEqual(['create', {}]);
    expect(routed('HEAD', '/api/pets')).toEqual(['list', {}]);
    expect(routed('GET', '/api/pets/mine')).toEqual(['mine', {}]);
    expect(routed('GET', '/api/pets/a%20b')).toEqual(['read', { id: 'a b' }]);
  });

  it('falls back to a template where the literal path lacks the method', () => {
    expect(routed('DELETE', '/api/pets/mine')).toEqual(['remove', { id: 'mine' }]);
    expect(routed('PUT', '/api/pets')).toEqual(['method-not-allowed']);
    expect(routed('GET', '/pets')).toEqual(['not-found']);
  });

  it('matches a literal path sent raw or percent-encoded', () => {
    expect(routed('GET', '/api/café')).toEqual(['cafe', {}]);
    expect(routed('GET', '/api/caf%C3%A9')).toEqual(['cafe', {}]);
    expect(routed('GET', '/api/caf%c3%a9')).toEqual(['cafe', {}]);
  });
});

describe('the router on a larger document (routes indexed by their first segments)', () => {
  const paths: Record<string, object> = {
    '/{tenant}/droplets/{id}': { parameters: [tenant, id.parameters[0]], get: { ...ok, operationId: 'tenantDroplet' } },
    '/v2/{kind}': { parameters: [kind], get: { ...ok, operationId: 'anyKind' } },
    '/v2/café/{id}': { ...id, get: { ...ok, operationId: 'cafeItem' } },
  };
  for (const name of ['droplets', 'volumes', 'images', 'domains', 'keys', 'regions', 'sizes', 'tags']) {
    paths[`/v2/${name}`] = { get: { ...ok, operationId: `list_${name}` } };
    paths[`/v2/${name}/{id}`] = { ...id, get: { ...ok, operationId: `read_${name}` } };
  }
  const big = createRouter(contractFromDocument({ openapi: '3.0.3', info: { title: 'big', version: '1' }, paths }));
  const route = (method: string, path: string) => {
    const match = big.match(method, path);
    return match.kind === 'matched' ? [match.operation.id, match.params] : [match.kind];
  };

  it('finds each template as the full list of patterns would', () => {
    expect(route('GET', '/v2/volumes/7')).toEqual(['read_volumes', { id: '7' }]);
    expect(route('GET', '/v2/tags')).toEqual(['list_tags', {}]);
    expect(route('GET', '/v2/snapshots')).toEqual(['anyKind', { kind: 'snapshots' }]);
    expect(route('GET', '/acme/droplets/3')).toEqual(['tenantDroplet', { tenant: 'acme', id: '3' }]);
    expect(route('GET', '/v2/droplets/3')).toEqual(['read_droplets', { id: '3' }]);
    expect(route('GET', '/v2/caf%C3%A9/9')).toEqual(['cafeItem', { id: '9' }]);
    expect(route('DELETE', '/v2/keys/1')).toEqual(['method-not-allowed']);
    expect(route('GET', '/v3/keys/1')).toEqual(['not-found']);
  });
});

describe('the router against a plain segment-by-segment matcher', () => {
  const segment = fc.oneof(fc.constantFrom('a', 'b', 'c'), fc.constant('{}'));
  const template = fc.array(segment, { minLength: 1, maxLength: 3 });
  const method = fc.constantFrom('GET', 'POST', 'DELETE');
  const path = fc.array(fc.constantFrom('a', 'b', 'c', 'x'), { minLength: 0, maxLength: 4 });

  it('routes every path to the most literal template that fits and has the method', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(template, method), { minLength: 1, maxLength: 8 }),
        path,
        method,
        (ops, sent, verb) => {
          const paths: Record<string, Record<string, object>> = {};
          for (const [segments, opMethod] of ops) {
            let n = 0;
            const text = `/${segments.map((s) => (s === '{}' ? `{p${n++}}` : s)).join('/')}`;
            const parameters = Array.from({ length: n }, (_, i) => ({
              name: `p${i}`,
              in: 'path',
              required: true,
              schema: { type: 'string' },
            }));
            paths[text] ??= {};
            paths[text]![opMethod.toLowerCase()] = { ...ok, operationId: `${opMethod} ${text}`, parameters };
          }
          const r = createRouter(contractFromDocument({ openapi: '3.0.3', info: { title: 't', version: '1' }, paths }));
          // The reference: templates whose segments equal the path's, a parameter fitting any one.
          const pathSegments = sent;
          const fitting = Object.keys(paths).filter((t) => {
            const parts = t.slice(1).split('/');
            return (
              parts.length === pathSegments.length && parts.every((p, i) => p.startsWith('{') || p === pathSegments[i])
            );
          });
          const rank = (t: string) => [(t.match(/\{/g) ?? []).length, -t.replace(/\{[^}]+\}/g, '').length] as const;
          const withMethod = fitting.filter((t) => paths[t]![verb.toLowerCase()]);
          const match = r.match(verb, `/${sent.join('/')}`);
          if (withMethod.length === 0) {
            expect(match.kind).toBe(fitting.length > 0 ? 'method-not-allowed' : 'not-found');
            return;
          }
          const best = withMethod.map(rank).sort((x, y) => x[0] - y[0] || x[1] - y[1])[0]!;
          const acceptable = withMethod.filter((t) => rank(t)[0] === best[0] && rank(t)[1] === best[1]);
          expect(match.kind).toBe('matched');
          if (match.kind !== 'matched') return;
          expect(acceptable.map((t) => `${verb} ${t}`)).toContain(match.operation.id);
          const chosen = match.operation.id
            .slice(verb.length + 1)
            .slice(1)
            .split('/');
          const expected = Object.fromEntries(
            chosen.flatMap((p, i) => (p.startsWith('{') ? [[p.slice(1, -1), sent[i]]] : [])),
          );
          expect(match.params).toEqual(expected);
        },
      ),
      { numRuns: 400 },
    );
  });
});
