// A plain-JSON PATCH gives each member it sends the value the item holds after it: a list of labels
// sent is the item's labels then (not labels to add), and a null the member's words say clears it
// ("send `null` to unassign") leaves it null. A service that merges the lists, or reads that null as
// "leave it", is named; a correct one passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const members = {
  title: { type: 'string', minLength: 1, maxLength: 40 },
  assignee: {
    type: 'string',
    nullable: true,
    pattern: '^[a-z]{2,12}$',
    description: 'Login of the person working on it; send `null` to unassign.',
  },
  labels: {
    type: 'array',
    uniqueItems: true,
    maxItems: 4,
    items: { type: 'string', enum: ['bug', 'docs', 'ui', 'api', 'perf'] },
  },
};
const ticket = {
  type: 'object',
  required: ['id', 'title', 'assignee', 'labels'],
  properties: { id: { type: 'string', readOnly: true }, ...members },
};
const id = { name: 'id', in: 'path', required: true, schema: { type: 'string' } };
const none = { description: 'none' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'tickets', version: '1' },
  paths: {
    '/tickets': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
      post: {
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, required: ['title'], properties: members }),
        },
        responses: { '201': { description: 'made', content: json(ticket) }, '400': { description: 'bad' } },
      },
    },
    '/tickets/{id}': {
      parameters: [id],
      get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': none } },
      patch: {
        description: 'Changes the members sent; the others stay as they are.',
        requestBody: {
          required: true,
          content: json({ type: 'object', additionalProperties: false, minProperties: 1, properties: members }),
        },
        responses: {
          '200': { description: 'changed', content: json(ticket) },
          '400': { description: 'bad' },
          '404': none,
        },
      },
    },
  },
});

type Fault = 'none' | 'labels merged' | 'null ignored';
type Ticket = { id: string; title: string; assignee: string | null; labels: string[] };

const LABELS = new Set(['bug', 'docs', 'ui', 'api', 'perf']);
const fits: Record<string, (value: unknown) => boolean> = {
  title: (value) => typeof value === 'string' && value.length >= 1 && [...value].length <= 40,
  assignee: (value) => value === null || (typeof value === 'string' && /^[a-z]{2,12}$/.test(value)),
  labels: (value) =>
    Array.isArray(value) &&
    value.length <= 4 &&
    new Set(value).size === value.length &&
    value.every((one) => typeof one === 'string' && LABELS.has(one)),
};
const valid = (sent: Record<string, unknown>) =>
  Object.entries(sent).every(([name, value]) => Object.hasOwn(fits, name) && fits[name]!(value));

function tickets(fault: Fault) {
  const all = new Map<string, Ticket>();
  let made = 0;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, key, ...rest] = new URL(req.url ?? '/', 'http://x').pathname.split('/').filter(Boolean);
    if (root !== 'tickets' || rest.length > 0) return sendJson(res, 404, {});
    if (key === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()]);
      if (!sent || !valid(sent) || sent.title === undefined) return sendJson(res, 400, {});
      const made1: Ticket = {
        id: `t${++made}`,
        title: sent.title as string,
        assignee: (sent.assignee as string | null | undefined) ?? null,
        labels: (sent.labels as string[] | undefined) ?? [],
      };
      all.set(made1.id, made1);
      return sendJson(res, 201, made1);
    }
    const item = all.get(key);
    if (!item) return sendJson(res, 404, {});
    if (req.method === 'GET') return sendJson(res, 200, item);
    if (req.method !== 'PATCH') return sendJson(res, 405, {});
    if (!sent || Object.keys(sent).length === 0 || !valid(sent)) return sendJson(res, 400, {});
    const change = { ...sent };
    if (fault === 'labels merged' && Array.isArray(change.labels))
      change.labels = [...new Set([...item.labels, ...(change.labels as string[])])].slice(0, 4);
    if (fault === 'null ignored' && change.assignee === null) delete change.assignee;
    Object.assign(item, change);
    return sendJson(res, 200, item);
  };
}

const run = (fault: Fault) => runConformance({ target: { app: tickets(fault) }, contract, seed: 3 });
const failures = async (fault: Fault) =>
  (await run(fault)).violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`);

describe('a plain-JSON PATCH: the values sent are the item’s after it', () => {
  it('passes a service that stores the list sent and clears a member sent as null', async () => {
    expect(await failures('none')).toEqual([]);
  });

  it('names a service that merges a list sent into the one held', async () => {
    expect((await failures('labels merged')).join('\n')).toMatch(/labels/);
  });

  it('names a service that reads a null the words say clears as "leave it"', async () => {
    expect((await failures('null ignored')).join('\n')).toMatch(/assignee/);
  });
});
