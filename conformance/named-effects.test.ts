// What a rental's actions do to the tools its lines name, read from the words ("every tool on it
// becomes `reserved`", "When it was `confirmed`, every tool on it becomes `available` again") and
// what they ask of them ("names a tool whose status is not `available`" refused). A desk that keeps
// them passes with every step run; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { toolDeskDocument } from '../fixtures/tool-desk-document.js';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

const document = contractFromDocument(toolDeskDocument);

type Fault = 'cancel-keeps-tools' | 'double-booking' | 'retire-reserved' | 'counts-reserved' | 'booking-not-counted';

const DEPOTS = ['d1', 'd2'];

/** A tool desk; `fault` plants one mistake. */
function desk(fault?: Fault) {
  const tools: Record<string, unknown>[] = [];
  const rentals: Record<string, unknown>[] = [];
  const lines = new Map<unknown, Record<string, unknown>[]>();
  const send = sendJson;
  const named = (body: Record<string, unknown> | undefined, member: string, max: number) => {
    const value = body?.[member];
    const ok = body && Object.keys(body).every((key) => key === member) && typeof value === 'string';
    return ok && value.length >= 1 && [...value].length <= max ? value : undefined;
  };
  const toolsOf = (one: Record<string, unknown>) =>
    (lines.get(one.id) ?? []).map((entry) => tools.find((t) => t.id === entry.toolId)!);
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [collection, id, sub, lineNo] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const post = req.method === 'POST';
    if (collection === 'depots' && !post) {
      const counted = ['available', ...(fault === 'counts-reserved' ? ['reserved'] : [])];
      const depotOf = (depotId: string) => ({
        id: depotId,
        availableCount: tools.filter((t) => t.depotId === depotId && counted.includes(String(t.status))).length,
      });
      if (!id) return send(res, 200, DEPOTS.map(depotOf));
      return DEPOTS.includes(id) && !sub ? send(res, 200, depotOf(id)) : send(res, 404, {});
    }
    if (collection === 'tools') {
      if (!id) {
        if (!post) return send(res, 200, tools);
        const name = body?.name;
        const depotId = body?.depotId;
        const rate = body?.rate;
        const shaped = body && Object.keys(body).every((key) => ['name', 'depotId', 'rate'].includes(key));
        if (!Number.isInteger(rate) || (rate as number) < 0 || (rate as number) > 1000) return send(res, 400, {});
        if (!shaped || typeof name !== 'string' || name.length < 1 || [...name].length > 20) return send(res, 400, {});
        if (typeof depotId !== 'string' || !/^d[0-9]$/.test(depotId)) return send(res, 400, {});
        if (!DEPOTS.includes(depotId)) return send(res, 422, {});
        const made = { id: `t${tools.length + 1}`, name, depotId, rate, status: 'available', timesBooked: 0 };
        tools.push(made);
        return send(res, 201, made);
      }
      const found = tools.find((one) => one.id === id);
      if (!found) return send(res, 404, {});
      if (!sub && !post) return send(res, 200, found);
      if (sub !== 'retire' || !post) return send(res, 404, {});
      if (found.status !== 'available' && !(fault === 'retire-reserved' && found.status === 'reserved'))
        return send(res, 409, {});
      found.status = 'retired';
      return send(res, 200, found);
    }
    if (collection !== 'rentals') return send(res, 404, {});
    if (!id) {
      if (!post) return send(res, 200, rentals);
      const customer = named(body, 'customer', 20);
      if (customer === undefined) return send(res, 400, {});
      const made = { id: `r${rentals.length + 1}`, customer, status: 'draft' };
      rentals.push(made);
      lines.set(made.id, []);
      return send(res, 201, made);
    }
    const found = rentals.find((one) => one.id === id);
    if (!found) return send(res, 404, {});
    if (!sub) return post ? send(res, 404, {}) : send(res, 200, found);
    if (sub === 'lines') {
      const held = lines.get(found.id)!;
      if (lineNo !== undefined) {
        const entry = held.find((one) => String(one.lineNo) === lineNo);
        return entry && !post ? send(res, 200, entry) : send(res, 404, {});
      }
      if (!post) return send(res, 200, held);
      const toolId = body && Object.keys(body).every((key) => key === 'toolId') ? body.toolId : undefined;
      if (typeof toolId !== 'string') return send(res, 400, {});
      const named = tools.find((one) => one.id === toolId);
      if (!named) return send(res, 422, {});
      if (found.status !== 'draft' || named.status === 'retired' || held.some((one) => one.toolId === toolId))
        return send(res, 409, {});
      const entry = { lineNo: held.length + 1, toolId, rate: named.rate };
      held.push(entry);
      return send(res, 201, entry);
    }
    if (!post) return send(res, 404, {});
    if (sub === 'confirm') {
      const onIt = toolsOf(found);
      const free = onIt.every(
        (one) => one.status === 'available' || (fault === 'double-booking' && one.status === 'reserved'),
      );
      if (found.status !== 'draft' || onIt.length === 0 || !free) return send(res, 409, {});
      for (const one of onIt) {
        one.status = 'reserved';
        if (fault !== 'booking-not-counted') one.timesBooked = Number(one.timesBooked) + 1;
      }
      found.status = 'confirmed';
      return send(res, 200, found);
    }
    if (sub === 'cancel') {
      if (found.status !== 'draft' && found.status !== 'confirmed') return send(res, 409, {});
      if (found.status === 'confirmed' && fault !== 'cancel-keeps-tools')
        for (const one of toolsOf(found)) one.status = 'available';
      found.status = 'cancelled';
      return send(res, 200, found);
    }
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) => runConformance({ target: { app: desk(fault) }, contract: document, seed: 9, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);
const WATCHED = ['named_not_moved', 'named_state_ignored', 'action_accepted_from_other_state', 'state_count_wrong'];

describe('what a rental does to the tools its lines name', () => {
  it('reads the effects through the lines, the state confirm asks, and when cancel frees them', () => {
    const rentals = inferApiModel(document).resources.find(({ collection }) => collection.path === '/rentals');
    const link = { collection: '/tools', via: 'toolId', through: '/rentals/{rentalId}/lines', stateMember: 'status' };
    expect(rentals?.idioms.namedEffects).toEqual([
      expect.objectContaining({ ...link, verb: 'confirm', to: 'reserved', grows: { member: 'timesBooked', by: 1 } }),
      expect.objectContaining({ ...link, verb: 'cancel', to: 'available', when: ['confirmed'] }),
    ]);
    expect(rentals?.idioms.namedStates).toEqual([
      expect.objectContaining({ ...link, verb: 'confirm', allowed: ['available'], status: 409 }),
    ]);
  });

  it('passes a desk that keeps them, with every step run', async () => {
    const result = await run();
    expect(codes(result).filter((code) => WATCHED.includes(code))).toEqual([]);
    expect((result.reach?.unreached ?? []).filter(({ scenario }) => scenario === 'named effects')).toEqual([]);
  });

  it.each([
    ['cancel-keeps-tools', 'named_not_moved'],
    ['double-booking', 'named_state_ignored'],
    ['retire-reserved', 'action_accepted_from_other_state'],
    ['counts-reserved', 'state_count_wrong'],
    ['booking-not-counted', 'named_not_moved'],
  ] as const)('names a desk whose fault is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });
});
