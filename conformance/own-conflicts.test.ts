// Conflicts with the run's own items are notes where the model reads a rule tying them to other
// items: a change of an item whose spans must not overlap ("Rooms must not overlap ... (409)": an
// interval rule), a deletion refused while other items name the item ("A room named by a booking
// cannot be deleted (409)": keptByChildren). Without such words, the same 409 is valid input refused.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const room = {
  type: 'object',
  required: ['id', 'name', 'from', 'until'],
  properties: {
    id: { type: 'string', readOnly: true },
    name: { type: 'string', maxLength: 20 },
    from: { type: 'string', format: 'date' },
    until: { type: 'string', format: 'date' },
  },
};
const booking = {
  type: 'object',
  required: ['roomId'],
  properties: { id: { type: 'string', readOnly: true }, roomId: { type: 'string' } },
};
const change = { type: 'object', properties: { name: { type: 'string', maxLength: 20 } }, additionalProperties: false };
const roomId = [{ name: 'roomId', in: 'path', required: true, schema: { type: 'string' } }];

function documentWith(words: boolean) {
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'rooms', version: '1' },
    paths: {
      '/rooms': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: room }) } } },
        post: {
          description: words
            ? 'Rooms must not overlap: a room holds the half-open range [from, until) (409).'
            : 'Makes a room.',
          requestBody: { required: true, content: json(room) },
          responses: {
            '201': { description: 'made', content: json(room) },
            '400': { description: 'malformed' },
            '409': { description: 'overlap' },
          },
        },
      },
      // Bookings name rooms: the items a room's deletion waits on.
      '/bookings': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: booking }) } } },
        post: {
          requestBody: { required: true, content: json(booking) },
          responses: { '201': { description: 'made', content: json(booking) }, '400': { description: 'malformed' } },
        },
      },
      '/rooms/{roomId}': {
        parameters: roomId,
        get: { responses: { '200': { description: 'one', content: json(room) }, '404': { description: 'none' } } },
        patch: {
          description: 'Changes the room.',
          requestBody: { required: true, content: json(change) },
          responses: {
            '200': { description: 'changed', content: json(room) },
            '400': { description: 'malformed' },
            '404': { description: 'none' },
            '409': { description: 'conflict' },
          },
        },
        delete: {
          description: words ? 'A room named by a booking cannot be deleted (409).' : 'Deletes the room.',
          responses: {
            '204': { description: 'gone' },
            '404': { description: 'none' },
            '409': { description: 'conflict' },
          },
        },
      },
    },
  });
}

/** Rooms in memory whose every change and deletion meets a 409, as if the run's other items held them. */
function rooms() {
  const items = new Map<string, Record<string, unknown>>();
  const send = (res: ServerResponse, status: number, body?: unknown) =>
    res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body));
  return (req: IncomingMessage, res: ServerResponse) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      const [, first, id, extra] = (req.url ?? '').split('?')[0]!.split('/');
      if (first !== 'rooms' || extra !== undefined) return send(res, 404, {});
      let body: Record<string, unknown> = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return send(res, 400, {});
      }
      if (id === undefined && req.method === 'GET') return send(res, 200, [...items.values()]);
      if (id === undefined) {
        const { name, from, until } = body ?? {};
        if (typeof name !== 'string' || name.length > 20 || typeof from !== 'string' || typeof until !== 'string')
          return send(res, 400, {});
        const made = { id: `r${items.size + 1}`, name, from, until };
        items.set(made.id, made);
        return send(res, 201, made);
      }
      const item = items.get(id);
      if (!item) return send(res, 404, {});
      if (req.method === 'GET') return send(res, 200, item);
      if (req.method === 'PATCH' && (typeof body !== 'object' || body === null || Array.isArray(body)))
        return send(res, 400, {});
      return send(res, 409, {});
    });
  };
}

const refusals = async (words: boolean) => {
  const result = await runConformance({ target: { app: rooms() }, contract: documentWith(words), seed: 3, runs: 5 });
  const on = (method: string) => (entry: { operation: string }) => entry.operation.startsWith(method);
  return {
    failed: result.violations.filter((v) => v.check === 'positive_data_acceptance'),
    noted: result.notes.filter((n) => ['value_already_taken', 'item_state_refused'].includes(n.code)),
    on,
  };
};

describe("conflicts with the run's own items", () => {
  it('are notes where the words tie the 409 to other items', async () => {
    const { failed, noted, on } = await refusals(true);
    expect(failed.filter((v) => on('PATCH')(v) || on('DELETE')(v))).toEqual([]);
    expect(noted.some(on('PATCH'))).toBe(true);
    expect(noted.some(on('DELETE'))).toBe(true);
  });

  it('are valid input refused where the words say nothing of other items', async () => {
    const { failed, on } = await refusals(false);
    expect(failed.some(on('DELETE'))).toBe(true);
  });
});
