// What an action does to the item's children, as its words say ("Every `confirmed` order of the
// event becomes `refunded`"): the run makes an event, an order under it, cancels the event and reads
// the order refunded. A box office whose cancel leaves the orders confirmed is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { eventOrdersContract as contract } from '../fixtures/event-orders-document.js';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { runConformance } from './index.js';

function boxOffice(cancelKeepsOrders = false) {
  const events = new Map<number, { id: number; name: string; status: string }>();
  const orders = new Map<number, Array<{ id: number; buyer: string; status: string }>>();
  let last = 0;
  const valid = (sent: Record<string, unknown> | undefined, member: string) =>
    sent !== undefined &&
    Object.keys(sent).every((key) => key === member) &&
    typeof sent[member] === 'string' &&
    (sent[member] as string).length > 0 &&
    [...(sent[member] as string)].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, below, inner, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'events' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...events.values()]);
      if (!valid(sent, 'name')) return sendJson(res, 400, {});
      const made = { id: ++last, name: String(sent!.name), status: 'open' };
      events.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = events.get(Number(key));
    if (!found) return sendJson(res, 404, {});
    if (below === undefined) return sendJson(res, 200, found);
    const held = orders.get(found.id) ?? [];
    if (below === 'cancel' && req.method === 'POST' && inner === undefined) {
      if (found.status !== 'open') return sendJson(res, 409, {});
      found.status = 'cancelled';
      if (!cancelKeepsOrders) for (const one of held) if (one.status === 'confirmed') one.status = 'refunded';
      return sendJson(res, 200, found);
    }
    if (below !== 'orders') return sendJson(res, 404, {});
    if (inner !== undefined) {
      const one = held.find((o) => String(o.id) === inner);
      return one ? sendJson(res, 200, one) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, held);
    if (!valid(sent, 'buyer')) return sendJson(res, 400, {});
    const made = { id: ++last, buyer: String(sent!.buyer), status: 'confirmed' };
    orders.set(found.id, [...held, made]);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: boxOffice(fault) }, contract, seed: 26 });

describe("what an action does to the item's children", () => {
  it('passes a box office that refunds them, with the step run', async () => {
    const result = await run();
    expect(result.violations.map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'referrer effects')).toEqual([]);
  });

  it('names a box office whose cancel leaves the orders confirmed', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('referrer_not_moved');
  });
});
