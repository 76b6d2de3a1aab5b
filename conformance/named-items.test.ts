// A plain creation naming an item the run found listed meets that item as its owner left it: a
// stock with one left answers the documented 409 to an order of more. Where the same order asking
// the least it can is taken, that is noted, not failed; a service refusing every order still fails.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const stock = {
  type: 'object',
  required: ['id', 'left'],
  properties: { id: { type: 'string' }, left: { type: 'integer', minimum: 0 } },
};
const order = {
  type: 'object',
  required: ['stockId', 'quantity'],
  additionalProperties: false,
  properties: { stockId: { type: 'string' }, quantity: { type: 'integer', minimum: 1, maximum: 9 } },
};
const made = {
  ...order,
  required: ['id', ...order.required],
  properties: { id: { type: 'string' }, ...order.properties },
};
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'stocks', version: '1' },
  paths: {
    '/stocks': {
      get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: stock }) } } },
    },
    '/orders': {
      post: {
        description: '`409` when the stock has fewer left than the quantity.',
        requestBody: { required: true, content: json(order) },
        responses: {
          '201': { description: 'ordered', content: json(made) },
          '400': { description: 'bad' },
          '409': { description: 'not enough left' },
        },
      },
    },
  },
});

/** One stock with one left. `refusesAll` is the fault: every order refused. */
function shop(refusesAll: boolean) {
  const stocks = [{ id: 'last-one', left: 1 }];
  const send = (res: ServerResponse, status: number, body: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/stocks') return send(res, 200, stocks);
      if (req.method !== 'POST' || req.url !== '/orders') return send(res, 404, {});
      let body: { stockId?: unknown; quantity?: unknown };
      try {
        body = JSON.parse(text);
      } catch {
        return send(res, 400, {});
      }
      const valid =
        typeof body === 'object' &&
        body !== null &&
        Object.keys(body).every((key) => key === 'stockId' || key === 'quantity') &&
        typeof body.stockId === 'string' &&
        Number.isInteger(body.quantity) &&
        (body.quantity as number) >= 1 &&
        (body.quantity as number) <= 9;
      if (!valid) return send(res, 400, {});
      const found = stocks.find((one) => one.id === body.stockId);
      if (refusesAll || (found && found.left < (body.quantity as number))) return send(res, 409, {});
      send(res, 201, { id: `o${text.length}`, ...body });
    });
  };
}

const run = (refusesAll: boolean) => runConformance({ target: { app: shop(refusesAll) }, contract, seed: 3, runs: 5 });

describe('a creation naming a listed item its state refuses', () => {
  it('is a note, not a failure', async () => {
    const result = await run(false);
    expect(result.violations.filter((v) => v.check === 'positive_data_acceptance')).toEqual([]);
    expect(result.notes.map((note) => note.code)).toContain('named_item_state_refused');
  });

  it('still fails a service that refuses every order', async () => {
    const result = await run(true);
    expect(result.violations.map((v) => v.check)).toContain('positive_data_acceptance');
  });
});
