// A plain creation naming an item the run found listed meets that item as its owner left it. Its
// documented 409 is noted, not failed, where the words tie that 409 to the named item ("when the
// stock has fewer `left`"), or where the same order asking the least it can is taken; a service
// whose words tie nothing and that refuses every order still fails.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
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
const documentWith = (conflictWords: string, overview = '') =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'stocks', version: '1', description: overview },
    paths: {
      '/stocks': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: stock }) } } },
      },
      '/orders': {
        post: {
          description: conflictWords,
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

const TIED = '`409` when the stock has fewer `left` than the quantity.';
const UNTIED = '`409` on a conflict.';

/** One stock with `left` items. `refusesAll` is the fault: every order refused. */
function shop(left: number, refusesAll = false) {
  const stocks = [{ id: 'the-stock', left }];
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    if (req.method === 'GET' && req.url === '/stocks') return send(res, 200, stocks);
    if (req.method !== 'POST' || req.url !== '/orders') return send(res, 404, {});
    const body = parseObject(text);
    const quantity = body?.quantity;
    const valid =
      body !== undefined &&
      Object.keys(body).every((key) => key === 'stockId' || key === 'quantity') &&
      typeof body.stockId === 'string' &&
      typeof quantity === 'number' &&
      Number.isInteger(quantity) &&
      quantity >= 1 &&
      quantity <= 9;
    if (!body || !valid) return send(res, 400, {});
    const found = stocks.find((one) => one.id === body.stockId);
    if (refusesAll || (found && found.left < quantity)) return send(res, 409, {});
    send(res, 201, { id: `o${text.length}`, ...body });
  };
}

const run = (words: string, app: ReturnType<typeof shop>, overview = '') =>
  runConformance({ target: { app }, contract: documentWith(words, overview), seed: 3, runs: 5 });

describe('a creation naming a listed item its state refuses', () => {
  it('is a note where the words tie the 409 to the named item, sold out as it is', async () => {
    const result = await run(TIED, shop(0));
    expect(result.violations.filter((v) => v.check === 'positive_data_acceptance')).toEqual([]);
    expect(result.notes.map((note) => note.code)).toContain('named_item_state_refused');
  });

  it("is a note where the overview's words about orders tie the 409 to the named item", async () => {
    const overview = 'Orders can only be placed while the stock has `left` items (`409` otherwise).';
    const result = await run(UNTIED, shop(0), overview);
    expect(result.violations.filter((v) => v.check === 'positive_data_acceptance')).toEqual([]);
    expect(result.notes.map((note) => note.code)).toContain('named_item_state_refused');
  });

  it('is a note where the least the order can ask is taken', async () => {
    const result = await run(UNTIED, shop(1));
    expect(result.violations.filter((v) => v.check === 'positive_data_acceptance')).toEqual([]);
    expect(result.notes.map((note) => note.code)).toContain('named_item_state_refused');
  });

  it('still fails a service that refuses every order, where no word ties its 409', async () => {
    const result = await run(UNTIED, shop(9, true));
    expect(result.violations.map((v) => v.check)).toContain('positive_data_acceptance');
  });
});
