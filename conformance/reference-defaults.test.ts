// Members whose default an item the body names holds ("`unitPriceCents` defaults to the part's
// current `unitPriceCents`"): the run drafts a line naming a part, reads the part, makes the line
// without the member and reads the part's value in it. A shop whose lines default to 0 is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { partsContract as contract } from '../fixtures/parts-document.js';
import { inferApiModel } from '../spec/index.js';
import { runConformance } from './index.js';

type Part = { id: string; name: string; unitPriceCents: number };

function shop(zeroPrice = false) {
  const parts = new Map<string, Part>();
  const lines = new Map<string, Record<string, unknown>>();
  let last = 0;
  const cents = (value: unknown) => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100000;
  const named = (value: unknown) => typeof value === 'string' && value.length >= 1 && [...value].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    const only = (members: readonly string[]) =>
      sent !== undefined && Object.keys(sent).every((m) => members.includes(m));
    if (root === 'parts') {
      if (key !== undefined) {
        const found = parts.get(decodeURIComponent(key));
        return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
      }
      if (req.method === 'GET') return sendJson(res, 200, [...parts.values()]);
      if (!only(['name', 'unitPriceCents']) || !named(sent!.name) || !cents(sent!.unitPriceCents))
        return sendJson(res, 400, {});
      const made = { id: `prt_${++last}`, name: sent!.name as string, unitPriceCents: sent!.unitPriceCents as number };
      parts.set(made.id, made);
      return sendJson(res, 201, made);
    }
    if (root !== 'lines') return sendJson(res, 404, {});
    if (key !== undefined) {
      const found = lines.get(decodeURIComponent(key));
      return found && req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 404, {});
    }
    if (req.method === 'GET') return sendJson(res, 200, [...lines.values()]);
    const valid =
      only(['partId', 'quantity', 'unitPriceCents', 'description']) &&
      typeof sent!.partId === 'string' &&
      sent!.partId.length >= 1 &&
      Number.isInteger(sent!.quantity) &&
      (sent!.quantity as number) >= 1 &&
      (sent!.quantity as number) <= 10 &&
      (sent!.unitPriceCents === undefined || cents(sent!.unitPriceCents)) &&
      (sent!.description === undefined || named(sent!.description));
    if (!valid) return sendJson(res, 400, {});
    const part = parts.get(sent!.partId as string);
    if (!part) return sendJson(res, 422, {});
    const made = {
      id: `lin_${++last}`,
      partId: part.id,
      quantity: sent!.quantity,
      unitPriceCents: sent!.unitPriceCents ?? (zeroPrice ? 0 : part.unitPriceCents),
      description: sent!.description ?? part.name,
    };
    lines.set(made.id, made);
    return sendJson(res, 201, made);
  };
}

const run = (fault?: boolean) => runConformance({ target: { app: shop(fault) }, contract, seed: 4 });

describe('members whose default the item the body names holds', () => {
  it("reads the part's members the line's defaults come from", () => {
    const lines = inferApiModel(contract).resources.find((r) => r.collection.path === '/lines');
    expect(lines?.idioms.referenceDefaults?.map((d) => `${d.member} ← ${d.via} ${d.otherMember}`)).toEqual([
      'unitPriceCents ← partId unitPriceCents',
      'description ← partId name',
    ]);
  });

  it('passes a shop that applies them, with the steps run', async () => {
    const result = await run();
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'reference defaults')).toEqual([]);
  });

  it('names a shop whose lines default to a price of 0', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('parent_default_not_applied');
  });
});
