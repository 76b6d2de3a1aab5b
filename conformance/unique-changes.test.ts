// A value one item at a time may hold, given to a second item by a change: a PATCH of another
// product to the first one's `sku` meets the same 409 a creation does. A shop that keeps it passes
// with the step run; one that checks only creations is named (values_in_use_accepted).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const sku = {
  type: 'string',
  pattern: '^[A-Z]{3}-[0-9]{4}$',
  description: 'Unique among products: a request that would give two products the same `sku` is refused with 409.',
};
const name = { type: 'string', minLength: 1, maxLength: 30 };
const product = {
  type: 'object',
  required: ['id', 'sku', 'name'],
  properties: { id: { type: 'string', readOnly: true }, sku, name },
};
const input = (required: string[]) =>
  json({ type: 'object', additionalProperties: false, required, properties: { sku, name } });
const none = { '404': { description: 'none' } };
const taken = { '409': { description: 'sku taken' } };
const documentOf = (patchInput: ReturnType<typeof json>) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'shop', version: '1' },
    paths: {
      '/products': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: product }) } } },
        post: {
          requestBody: { required: true, content: input(['sku', 'name']) },
          responses: {
            '201': { description: 'made', content: json(product) },
            '400': { description: 'bad' },
            ...taken,
          },
        },
      },
      '/products/{productId}': {
        parameters: [{ name: 'productId', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(product) }, ...none } },
        patch: {
          requestBody: { required: true, content: patchInput },
          responses: {
            '200': { description: 'changed', content: json(product) },
            '400': { description: 'bad' },
            ...none,
            ...taken,
          },
        },
      },
    },
  });
const document = documentOf(input([]));
// A PATCH that names only `name`: a sku sent there is ignored, as members the schema does not know.
const nameOnly = documentOf(json({ type: 'object', properties: { name } }));

/** A shop; `createOnly` plants the fault: a PATCH may give a product a sku another holds. */
function shop(createOnly = false, ignoresSku = false, refusalOverwrites = false, duplicateStatus = 409) {
  const products = new Map<string, Record<string, unknown>>();
  const send = sendJson;
  const valid = (body: Record<string, unknown> | undefined, required: string[]) =>
    body !== undefined &&
    Object.keys(body).every((key) => key === 'sku' || key === 'name') &&
    required.every((key) => key in body) &&
    (!('sku' in body) || (typeof body.sku === 'string' && /^[A-Z]{3}-[0-9]{4}$/.test(body.sku))) &&
    (!('name' in body) || (typeof body.name === 'string' && body.name.length >= 1 && [...body.name].length <= 30));
  const heldByOther = (value: unknown, id?: string) =>
    [...products.values()].some((other) => other.sku === value && other.id !== id);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'products' || rest.length > 0) return send(res, 404, {});
    if (id === undefined && req.method === 'GET') return send(res, 200, [...products.values()]);
    if (id === undefined && req.method === 'POST') {
      if (!valid(body, ['sku', 'name'])) return send(res, 400, {});
      if (heldByOther(body!.sku)) {
        // The fault: the refused duplicate's name is written onto the product holding the sku.
        const holder = [...products.values()].find((other) => other.sku === body!.sku);
        if (refusalOverwrites && holder) holder.name = body!.name;
        return send(res, duplicateStatus, {});
      }
      const made = { id: `p${products.size + 1}`, sku: body!.sku, name: body!.name };
      products.set(made.id, made);
      return send(res, 201, made);
    }
    const found = products.get(id!);
    if (!found) return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found);
    if (req.method !== 'PATCH') return send(res, 404, {});
    if (ignoresSku && body) delete body.sku;
    if (!valid(body, [])) return send(res, 400, {});
    if ('sku' in body! && !createOnly && heldByOther(body!.sku, id)) return send(res, 409, {});
    Object.assign(found, body);
    return send(res, 200, found);
  };
}

const run = (createOnly?: boolean) =>
  runConformance({ target: { app: shop(createOnly) }, contract: document, seed: 3, runs: 5 });

describe('a unique value given by a change', () => {
  it('passes a shop that refuses it, with the step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => v.code)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).filter((u) => u.scenario === 'unique values');
    expect(unreached).toEqual([]);
  });

  it('names a shop that checks only creations', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('values_in_use_accepted');
  });

  it('is not asked of a PATCH that does not declare the member, and one that ignores it passes', async () => {
    const result = await runConformance({ target: { app: shop(false, true) }, contract: nameOnly, seed: 3, runs: 5 });
    expect(result.violations.map((v) => v.code)).toEqual([]);
    const unreached = (result.reach?.unreached ?? []).filter((u) => u.scenario === 'unique values');
    expect(JSON.stringify(unreached)).toContain('does not declare sku');
  });

  it('names a shop whose refused duplicate changed the product holding the sku', async () => {
    const result = await runConformance({
      target: { app: shop(false, false, true) },
      contract: document,
      seed: 3,
      runs: 5,
    });
    expect(result.violations.map((v) => `${v.code} ${v.message}`).join('\n')).toMatch(/name/);
  });

  it('names a shop that refuses a duplicate sku with 400, whether or not the words give the 409', async () => {
    // The same rule said without its status: the 409 is only documented.
    const unsaid = contractFromDocument(
      JSON.parse(JSON.stringify(document.document).replaceAll(' is refused with 409', ' is refused')),
    );
    expect(JSON.stringify(unsaid.document)).not.toContain('409.');
    for (const contract of [document, unsaid]) {
      const result = await runConformance({
        target: { app: shop(false, false, false, 400) },
        contract,
        seed: 3,
        runs: 5,
      });
      expect(result.violations.map((v) => v.code)).toContain('values_in_use_other_status');
    }
  });
});
