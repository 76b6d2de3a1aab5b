// A member the creation's words say must name an item of a kind the document neither lists nor lets
// a client make ("`requesterId` must name a customer; otherwise 422": customers are seeded and read
// one at a time): the run names what the service holds, the member's example first, else the value
// the listed tickets hold, and so reaches the tickets' creation and what follows it. A made-up id is
// only refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ticket = {
  type: 'object',
  required: ['id', 'subject', 'requesterId'],
  properties: {
    id: { type: 'string', readOnly: true },
    subject: { type: 'string', minLength: 1, maxLength: 40 },
    requesterId: { type: 'string' },
  },
};
const customer = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };
const ticketId = { name: 'ticketId', in: 'path', required: true, schema: { type: 'string' } };
const customerId = { name: 'customerId', in: 'path', required: true, schema: { type: 'string' } };

const contractWith = (example?: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'helpdesk', version: '1' },
    paths: {
      '/tickets': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
        post: {
          description: '`requesterId` must name an existing customer; otherwise 422 and nothing is created.',
          requestBody: {
            required: true,
            content: json({
              type: 'object',
              additionalProperties: false,
              required: ['subject', 'requesterId'],
              properties: {
                subject: ticket.properties.subject,
                requesterId: { type: 'string', minLength: 1, ...(example ? { example } : {}) },
              },
            }),
          },
          responses: {
            '201': { description: 'made', content: json(ticket) },
            '400': { description: 'bad' },
            '422': { description: 'no such customer' },
          },
        },
      },
      '/tickets/{ticketId}': {
        parameters: [ticketId],
        get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': { description: 'none' } } },
        delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
      },
      '/customers/{customerId}': {
        parameters: [customerId],
        get: { responses: { '200': { description: 'one', content: json(customer) }, '404': { description: 'none' } } },
      },
    },
  });

/** Seeded customers (read one at a time) and one seeded ticket naming the first. */
function helpdesk() {
  const customers = new Set(['cus_1', 'cus_2']);
  const tickets = new Map([['t0', { id: 't0', subject: 'seeded', requesterId: 'cus_1' }]]);
  let made = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, key, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (rest.length > 0) return sendJson(res, 404, {});
    if (top === 'customers')
      return req.method === 'GET' && key && customers.has(key)
        ? sendJson(res, 200, { id: key })
        : sendJson(res, 404, {});
    if (top !== 'tickets') return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...tickets.values()]);
      const { subject, requesterId } = body ?? {};
      const valid =
        req.method === 'POST' &&
        Object.keys(body ?? {}).every((name) => name === 'subject' || name === 'requesterId') &&
        typeof subject === 'string' &&
        subject.length > 0 &&
        [...subject].length <= 40 &&
        typeof requesterId === 'string' &&
        requesterId.length > 0;
      if (!valid) return sendJson(res, 400, {});
      if (!customers.has(requesterId as string)) return sendJson(res, 422, {});
      const one = { id: `t${++made}`, subject: subject as string, requesterId: requesterId as string };
      tickets.set(one.id, one);
      return sendJson(res, 201, one);
    }
    const one = tickets.get(key);
    if (!one) return sendJson(res, 404, {});
    if (req.method === 'DELETE') {
      tickets.delete(key);
      return sendJson(res, 204, undefined);
    }
    return req.method === 'GET' ? sendJson(res, 200, one) : sendJson(res, 404, {});
  };
}

const reached = async (example?: string) => {
  const result = await runConformance({ target: { app: helpdesk() }, contract: contractWith(example), seed: 3 });
  return { notReached: result.reach?.notReached ?? [], failed: result.violations.filter((v) => v.severity !== 'note') };
};

describe('a member naming items of a kind with no list and no creation', () => {
  it("names the member's example, and reaches the creation and the deletion after it", async () => {
    const { notReached, failed } = await reached('cus_2');
    expect(notReached).not.toContain('POST /tickets');
    expect(notReached).not.toContain('DELETE /tickets/{ticketId}');
    expect(failed).toEqual([]);
  });

  it('names the value the listed tickets hold where the member has no example', async () => {
    const { notReached, failed } = await reached();
    expect(notReached).not.toContain('POST /tickets');
    expect(failed).toEqual([]);
  });
});
