// A copy under another name ("The product's `priceCents` when the order was created" on an order's
// `unitPriceCents`): the run changes the product's price, at the version it read (If-Match), and
// reads the order's copy unchanged. A shop whose orders follow the product's current price is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { priceCopiesDocument } from '../fixtures/price-copies-document.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const contract = contractFromDocument(priceCopiesDocument);

function shop(priceFollows = false) {
  const products = new Map<string, { id: string; name: string; priceCents: number; version: number }>();
  const orders = new Map<string, { id: string; productId: string; unitPriceCents: number }>();
  let last = 0;
  const view = (p: { id: string; name: string; priceCents: number }) => ({
    id: p.id,
    name: p.name,
    priceCents: p.priceCents,
  });
  const tagged = (
    res: ServerResponse,
    status: number,
    p: { id: string; version: number; name: string; priceCents: number },
  ) =>
    res
      .writeHead(status, { 'content-type': 'application/json', etag: `"${p.id}-${p.version}"` })
      .end(JSON.stringify(view(p)));
  const orderView = (o: { id: string; productId: string; unitPriceCents: number }) =>
    priceFollows ? { ...o, unitPriceCents: products.get(o.productId)?.priceCents ?? o.unitPriceCents } : o;
  const validPrice = (v: unknown) => Number.isInteger(v) && Number(v) >= 0 && Number(v) <= 100000;
  const validName = (v: unknown) => typeof v === 'string' && v.length > 0 && [...v].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'products') {
      if (key === undefined && req.method === 'GET') return sendJson(res, 200, [...products.values()].map(view));
      if (key === undefined) {
        if (!body || !validName(body.name) || !validPrice(body.priceCents)) return sendJson(res, 400, {});
        const made = { id: `p${++last}`, name: String(body.name), priceCents: Number(body.priceCents), version: 1 };
        products.set(made.id, made);
        return tagged(res, 201, made);
      }
      const found = products.get(key);
      if (!found) return sendJson(res, 404, {});
      if (req.method === 'GET') return tagged(res, 200, found);
      const ifMatch = req.headers['if-match'];
      if (ifMatch === undefined) return sendJson(res, 428, {});
      if (ifMatch !== '*' && ifMatch !== `"${found.id}-${found.version}"`) return sendJson(res, 412, {});
      // A body that is no JSON object (an array) is no change: refused.
      if (!body) return sendJson(res, 400, {});
      const changes = body;
      if (Object.keys(changes).some((name) => name !== 'name' && name !== 'priceCents')) return sendJson(res, 400, {});
      if ('name' in changes && !validName(changes.name)) return sendJson(res, 400, {});
      if ('priceCents' in changes && !validPrice(changes.priceCents)) return sendJson(res, 400, {});
      Object.assign(found, changes, { version: found.version + 1 });
      return tagged(res, 200, found);
    }
    if (root !== 'orders') return sendJson(res, 404, {});
    if (key !== undefined) {
      const found = orders.get(key);
      return found ? sendJson(res, 200, orderView(found)) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, [...orders.values()].map(orderView));
    if (!body || Object.keys(body).some((name) => name !== 'productId') || typeof body.productId !== 'string')
      return sendJson(res, 400, {});
    const product = products.get(body.productId);
    if (!product) return sendJson(res, 422, {});
    const made = { id: `o${++last}`, productId: product.id, unitPriceCents: product.priceCents };
    orders.set(made.id, made);
    return sendJson(res, 201, orderView(made));
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: shop(fault) }, contract, seed: 17 });

describe('a copy under another name', () => {
  it('passes a shop that keeps it, with the step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'copied values')).toEqual([]);
  });

  it("names a shop whose orders follow the product's current price", async () => {
    const found = (await run(true)).violations.filter((v) => v.code === 'copy_followed_source');
    expect(found.map((v) => v.message).join('\n')).toMatch(/unitPriceCents/);
  });
});
