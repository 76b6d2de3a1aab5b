// Refusals a correct service gives to input the run drew from the schema alone, which the words
// explain: a tag name already in use (409, tags have no path of their own), an `assigneeId` that
// "must name an active user" (422), a merge target that "is not a ticket of this desk" (422).
// None is a failure; a service that refuses a fresh tag name is still named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max });
const tag = { type: 'object', required: ['name'], properties: { name: text(12) } };
const ticket = {
  type: 'object',
  required: ['id', 'title', 'state'],
  properties: {
    id: { type: 'integer', readOnly: true },
    title: text(30),
    assigneeId: { type: 'string', maxLength: 20 },
    state: { type: 'string', enum: ['open', 'merged'], readOnly: true },
  },
};
const closed = (properties: Record<string, unknown>, required: string[]) =>
  json({ type: 'object', additionalProperties: false, required, properties });
const document = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'desk', version: '1' },
  paths: {
    '/tags': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: tag }) } } },
      post: {
        description: 'The client chooses the `name`. A name already in use is refused `409` and nothing changes.',
        requestBody: { required: true, content: closed({ name: text(12) }, ['name']) },
        responses: {
          '201': { description: 'made', content: json(tag) },
          '400': { description: 'bad' },
          '409': { description: 'in use' },
        },
      },
    },
    '/users': {
      get: {
        responses: {
          '200': {
            description: 'all',
            content: json({ type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }),
          },
        },
      },
    },
    '/tickets': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
      post: {
        description: '`assigneeId` must name an active user; otherwise `422`.',
        requestBody: {
          required: true,
          content: {
            'application/json': {
              schema: {
                type: 'object',
                additionalProperties: false,
                required: ['title'],
                properties: { title: text(30), assigneeId: ticket.properties.assigneeId },
              },
              example: { title: 'Printer jam', assigneeId: 'usr_cyd' },
            },
          },
        },
        responses: {
          '201': { description: 'made', content: json(ticket) },
          '400': { description: 'bad' },
          '422': { description: 'no such user' },
        },
      },
    },
    '/tickets/{ticketId}': {
      parameters: [{ name: 'ticketId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': { description: 'none' } } },
    },
    '/tickets/{ticketId}/merge': {
      parameters: [{ name: 'ticketId', in: 'path', required: true, schema: { type: 'integer' } }],
      post: {
        description:
          'The ticket becomes `merged`. A `targetNumber` that is not a ticket of this desk, or is this ticket itself, is refused `422`.',
        requestBody: {
          required: true,
          content: closed({ targetNumber: { type: 'integer', minimum: 1 } }, ['targetNumber']),
        },
        responses: {
          '200': { description: 'merged', content: json(ticket) },
          '400': { description: 'bad' },
          '404': { description: 'none' },
          '409': { description: 'already merged' },
          '422': { description: 'no such target' },
        },
      },
    },
  },
});

function desk(refusesFreshTags: boolean) {
  const tags: Record<string, unknown>[] = [];
  const tickets: Record<string, unknown>[] = [];
  const users = [{ id: 'usr_cyd' }];
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [collection, id, action] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    const fits = (value: unknown, max: number) =>
      typeof value === 'string' && value.length >= 1 && [...value].length <= max;
    const only = (...names: string[]) => body !== undefined && Object.keys(body).every((key) => names.includes(key));
    if (req.method === 'GET') {
      if (collection === 'users') return send(res, 200, users);
      if (collection === 'tags') return send(res, 200, tags);
      if (!id) return send(res, 200, tickets);
      const found = tickets.find((one) => String(one.id) === id);
      return found ? send(res, 200, found) : send(res, 404, {});
    }
    if (collection === 'tags') {
      if (!only('name') || !fits(body?.name, 12)) return send(res, 400, {});
      if (refusesFreshTags || tags.some((one) => one.name === body?.name)) return send(res, 409, {});
      tags.push({ name: body?.name });
      return send(res, 201, { name: body?.name });
    }
    if (!id) {
      const assignee = body?.assigneeId;
      if (!only('title', 'assigneeId') || !fits(body?.title, 30)) return send(res, 400, {});
      if (assignee !== undefined && (typeof assignee !== 'string' || [...assignee].length > 20))
        return send(res, 400, {});
      if (assignee !== undefined && !users.some((user) => user.id === assignee))
        return send(res, 422, { message: 'assigneeId names no active user' });
      const made = {
        id: tickets.length + 1,
        title: body?.title,
        ...(assignee ? { assigneeId: assignee } : {}),
        state: 'open',
      };
      tickets.push(made);
      return send(res, 201, made);
    }
    const found = tickets.find((one) => String(one.id) === id);
    if (!found || action !== 'merge') return send(res, 404, {});
    const target = body?.targetNumber;
    if (!only('targetNumber') || !Number.isInteger(target) || (target as number) < 1) return send(res, 400, {});
    if (found.state !== 'open') return send(res, 409, {});
    if (target === found.id || !tickets.some((one) => one.id === target))
      return send(res, 422, { message: 'targetNumber names no other ticket' });
    found.state = 'merged';
    return send(res, 200, found);
  };
}

const failures = async (refusesFreshTags: boolean) =>
  (await runConformance({ target: { app: desk(refusesFreshTags) }, contract: document, seed: 12, runs: 8 })).violations
    .filter((v) => v.severity !== 'note')
    .map((v) => `${v.operation} ${v.code}`);

describe('refusals the words explain', () => {
  it('passes a desk that refuses taken tag names, unknown assignees and merge targets', async () => {
    expect(await failures(false)).toEqual([]);
  });

  it('names a desk that refuses a fresh tag name', async () => {
    expect(await failures(true)).toContain('POST /tags valid_input_refused');
  });
});
