// An action that makes an item of another collection with an idempotency key (a cart's checkout
// makes an order): its request, once taken, is sent again as it was. A second order is a failure; a
// refused replay is one only where the words speak of replays. Its Location must lead to the order.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const id = { type: 'string', readOnly: true };
const cart = {
  type: 'object',
  required: ['id', 'status'],
  properties: { id, status: { type: 'string', enum: ['open', 'checked_out'], readOnly: true } },
};
const order = { type: 'object', required: ['id', 'cartId'], properties: { id, cartId: id } };
const key = { name: 'Idempotency-Key', in: 'header', required: true, schema: { type: 'string', minLength: 1 } };
const param = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const REPLAY_WORDS = ' A checkout sent again with the same key is a replay: it answers the same order.';

function document(saysReplay: boolean) {
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'orders', version: '1' },
    paths: {
      '/carts': { post: { responses: { '201': { description: 'made', content: json(cart) } } } },
      '/carts/{cartId}': {
        parameters: [param('cartId')],
        get: { responses: { '200': { description: 'one', content: json(cart) }, '404': refused } },
      },
      '/carts/{cartId}/checkout': {
        parameters: [param('cartId')],
        post: {
          operationId: 'checkout',
          description: `Makes an order of the cart; its \`status\` becomes \`checked_out\`. A checked-out cart answers \`409\`.${saysReplay ? REPLAY_WORDS : ''}`,
          parameters: [key],
          responses: {
            '201': {
              description: 'ordered',
              headers: { Location: { schema: { type: 'string' } } },
              content: json(order),
            },
            '400': refused,
            '409': refused,
          },
        },
      },
      '/orders': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: order }) } } },
      },
      '/orders/{orderId}': {
        parameters: [param('orderId')],
        get: { responses: { '200': { description: 'one', content: json(order) }, '404': refused } },
      },
    },
  });
}

type Replay = 'same order' | 'new order' | 'refused';

/** Carts checked out into orders; a second checkout with the key of the first is answered per
 * `replay`; the Location names the order, or the cart where `locatesCart`. */
function shop(replay: Replay, locatesCart = false) {
  const carts = new Map<string, { id: string; status: string; key?: string; orderId?: string }>();
  const orders = new Map<string, { id: string; cartId: string }>();
  const newOrder = (cartId: string) => {
    const made = { id: `o${orders.size + 1}`, cartId };
    orders.set(made.id, made);
    return made;
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    await readBody(req);
    const [root, at, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (root === 'orders' && !at && req.method === 'GET') return sendJson(res, 200, [...orders.values()]);
    if (root === 'orders' && at && !sub && req.method === 'GET') {
      const found = orders.get(decodeURIComponent(at));
      return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (root !== 'carts') return sendJson(res, 404, {});
    if (!at) {
      if (req.method !== 'POST') return sendJson(res, 405, {});
      const made = { id: `c${carts.size + 1}`, status: 'open' };
      carts.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = carts.get(decodeURIComponent(at));
    if (!found) return sendJson(res, 404, {});
    const view = { id: found.id, status: found.status };
    if (!sub) return req.method === 'GET' ? sendJson(res, 200, view) : sendJson(res, 405, {});
    if (sub !== 'checkout' || req.method !== 'POST') return sendJson(res, 404, {});
    const given = req.headers['idempotency-key'];
    if (typeof given !== 'string' || given === '') return sendJson(res, 400, {});
    if (found.status === 'checked_out' && given === found.key) {
      if (replay === 'refused') return sendJson(res, 409, {});
      return sendJson(res, 201, replay === 'new order' ? newOrder(found.id) : orders.get(found.orderId!));
    }
    if (found.status !== 'open') return sendJson(res, 409, {});
    const made = newOrder(found.id);
    Object.assign(found, { status: 'checked_out', key: given, orderId: made.id });
    res.setHeader('Location', `/orders/${locatesCart ? found.id : made.id}`);
    return sendJson(res, 201, made);
  };
}

const codes = async (replay: Replay, saysReplay: boolean, locatesCart = false) => {
  const report = await runConformance({
    target: { app: shop(replay, locatesCart) },
    contract: document(saysReplay),
    seed: 5,
    runs: 4,
  });
  return report.violations.map((v) => v.code);
};

describe('an action that makes an item, replayed with its idempotency key', () => {
  it('passes where the replay answers the same order', async () => {
    expect(await codes('same order', true)).toEqual([]);
  });

  it('fails where the replay makes a second order', async () => {
    expect(await codes('new order', false)).toContain('idempotent_replay_created');
  });

  it('fails where a replay the words describe is refused', async () => {
    expect(await codes('refused', true)).toContain('idempotent_replay_refused');
  });

  it('is no failure where a replay the words are silent on is refused', async () => {
    expect(await codes('refused', false)).toEqual([]);
  });

  it('fails where the Location names the cart, not the order it made', async () => {
    expect(await codes('same order', true, true)).toContain('location_not_readable');
  });
});
