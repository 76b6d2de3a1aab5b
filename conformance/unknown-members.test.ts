// Where the words say a request's unknown members are ignored (in the overview, not only beside the
// schema), any write's body holding one must be taken: a line added to a cart too, not only a
// collection's creation. A service that refuses it is named; words that refuse such members, or
// speak of answers, leave the refusal open.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { unknownMembersIgnored } from '../spec/model/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const refused = { description: 'refused', content: json({ type: 'object' }) };
const cart = {
  type: 'object',
  required: ['id', 'units'],
  properties: { id: { type: 'string', readOnly: true }, units: { type: 'integer', minimum: 0 } },
};
const cartId = { name: 'cartId', in: 'path', required: true, schema: { type: 'string' }, example: 'c1' };

const document = (overview: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'carts', version: '1', description: overview },
    paths: {
      '/carts': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: cart }) } } },
      },
      '/carts/{cartId}': {
        parameters: [cartId],
        get: { responses: { '200': { description: 'one', content: json(cart) }, '404': refused } },
      },
      '/carts/{cartId}/additions': {
        parameters: [cartId],
        post: {
          operationId: 'addUnits',
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              required: ['units'],
              properties: {
                units: { type: 'integer', minimum: 1, maximum: 9 },
                // A closed object below: its unknown members are as ignorable as the body's own.
                gift: { type: 'object', additionalProperties: false, properties: { wrap: { type: 'boolean' } } },
              },
            }),
          },
          responses: { '200': { description: 'the cart', content: json(cart) }, '400': refused, '404': refused },
        },
      },
    },
  });

/** One cart; `strict` refuses members it does not know (the fault where the words ignore them). */
function carts(strict: boolean) {
  const found = { id: 'c1', units: 0 };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [root, id, sub, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'carts' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined) return req.method === 'GET' ? sendJson(res, 200, [found]) : sendJson(res, 405, {});
    if (id !== found.id) return sendJson(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? sendJson(res, 200, found) : sendJson(res, 405, {});
    if (sub !== 'additions' || req.method !== 'POST') return sendJson(res, 404, {});
    const units = body?.units;
    const unknown = Object.keys(body ?? {}).filter((member) => member !== 'units' && member !== 'gift');
    const gift = body?.gift;
    const wrap = (gift as { wrap?: unknown } | undefined)?.wrap;
    const giftWrong =
      gift !== undefined &&
      (typeof gift !== 'object' ||
        gift === null ||
        Array.isArray(gift) ||
        (wrap !== undefined && typeof wrap !== 'boolean'));
    const wrong = [
      ...(Number.isInteger(units) && (units as number) >= 1 && (units as number) <= 9 ? [] : ['units']),
      ...(strict ? unknown : []),
      ...(giftWrong ? ['gift'] : []),
    ];
    if (!body || wrong.length > 0) return sendJson(res, 400, { errors: wrong.map((field) => ({ field })) });
    found.units += units as number;
    return sendJson(res, 200, found);
  };
}

const IGNORED = 'Unknown members in a request body are ignored as well.';
const run = (overview: string, strict: boolean) =>
  runConformance({ target: { app: carts(strict) }, contract: document(overview), seed: 6, runs: 5 });
const accepted = (report: Awaited<ReturnType<typeof run>>) =>
  report.violations.filter((v) => v.code === 'invalid_input_accepted').map((v) => v.operation);
const refusals = (report: Awaited<ReturnType<typeof run>>) =>
  report.violations.filter((v) => v.code === 'valid_input_refused').map((v) => v.operation);

describe('unknown members the words ignore, on a write that is no creation', () => {
  it('passes a service that takes them', async () => {
    const report = await run(IGNORED, false);
    expect(report.violations.map((v) => `${v.code} ${v.operation}: ${v.message}`)).toEqual([]);
  });

  it('fails a service that refuses them', async () => {
    expect(refusals(await run(IGNORED, true))).toContain('addUnits');
  });

  it('takes a member unknown to a closed object below the body as ignorable too', async () => {
    // The lenient service keeps `gift.unexpectedProperty` out, as the words allow.
    expect(accepted(await run(IGNORED, false))).toEqual([]);
  });

  it('still fails such a member taken where the words are silent', async () => {
    expect(accepted(await run('Carts hold units.', false))).toContain('addUnits');
  });

  it('leaves the refusal open where the words do not say so', async () => {
    expect(refusals(await run('Carts hold units.', true))).toEqual([]);
  });
});

describe('unknownMembersIgnored', () => {
  it.each([
    IGNORED,
    'In requests, members marked `readOnly` are ignored, and so are members\n this document does not define.',
    'Members this document does not know are ignored as well.',
    'When a client sends them in a request they are ignored; so are members the schema does not know.',
    'Extra fields are silently ignored.',
  ])('reads "%s"', (words) => {
    expect(unknownMembersIgnored([words])).toBe(true);
  });

  it.each([
    'Members marked `readOnly` are rejected like any other unknown member when sent in a request body.',
    'Clients must ignore unknown members in responses.',
    'Unknown members in answers are ignored by clients.',
    'Unknown members are not ignored: they are answered 400.',
    'Members marked `readOnly` are ignored.',
  ])('does not read "%s"', (words) => {
    expect(unknownMembersIgnored([words])).toBe(false);
  });
});
