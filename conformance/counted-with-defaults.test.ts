// A parent's count of its children where the child list filters by a default (`state`, default
// `active`): the count's own words say which list it equals ("equals the number of flags listed with
// `state=all`"), and the run counts that list. A correct service is not said to miscount once the run
// archived a flag of its own, and one that leaves archived flags out of the count is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const name = { type: 'string', minLength: 1, maxLength: 20 };
const group = {
  type: 'object',
  required: ['id', 'name', 'flagCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    name,
    flagCount: {
      type: 'integer',
      readOnly: true,
      description:
        'The number of flags in the group, archived flags included. It equals the number of flags listed with `state=all`.',
    },
  },
};
const flag = {
  type: 'object',
  required: ['id', 'name', 'state'],
  properties: {
    id: { type: 'string', readOnly: true },
    name,
    state: { type: 'string', enum: ['active', 'archived'], readOnly: true },
  },
};
const gid = { name: 'gid', in: 'path', required: true, schema: { type: 'string' } };
const fid = { name: 'fid', in: 'path', required: true, schema: { type: 'string' } };
const named = json({ type: 'object', additionalProperties: false, required: ['name'], properties: { name } });
const none = { description: 'none' };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'groups', version: '1' },
  paths: {
    '/groups': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: group }) } } },
      post: {
        requestBody: { required: true, content: named },
        responses: { '201': { description: 'made', content: json(group) }, '400': { description: 'bad' } },
      },
    },
    '/groups/{gid}': {
      parameters: [gid],
      get: { responses: { '200': { description: 'one', content: json(group) }, '404': none } },
    },
    '/groups/{gid}/flags': {
      parameters: [gid],
      get: {
        parameters: [
          {
            name: 'state',
            in: 'query',
            description:
              '`active` (the default) lists flags that are not archived, `archived` only archived ones, `all` both.',
            schema: { type: 'string', enum: ['active', 'archived', 'all'], default: 'active' },
          },
        ],
        responses: {
          '200': { description: 'some', content: json({ type: 'array', items: flag }) },
          '400': { description: 'bad' },
          '404': none,
        },
      },
      post: {
        requestBody: { required: true, content: named },
        responses: { '201': { description: 'made', content: json(flag) }, '400': { description: 'bad' }, '404': none },
      },
    },
    '/groups/{gid}/flags/{fid}': {
      parameters: [gid, fid],
      get: { responses: { '200': { description: 'one', content: json(flag) }, '404': none } },
    },
    '/groups/{gid}/flags/{fid}/archive': {
      parameters: [gid, fid],
      post: {
        description: 'Archives the flag: its `state` becomes `archived`. An archived flag answers `409`.',
        responses: {
          '200': { description: 'archived', content: json(flag) },
          '404': none,
          '409': { description: 'archived' },
        },
      },
    },
  },
});

type Flag = { id: string; name: string; state: 'active' | 'archived' };

/** Groups of flags; `activeOnly` counts only the active ones (the fault). */
function groups(activeOnly: boolean) {
  const all = new Map<string, { id: string; name: string; flags: Flag[] }>();
  let made = 0;
  const shown = (g: { id: string; name: string; flags: Flag[] }) => ({
    id: g.id,
    name: g.name,
    flagCount: g.flags.filter((one) => !activeOnly || one.state === 'active').length,
  });
  const fits = (sent: Record<string, unknown> | undefined) =>
    sent !== undefined &&
    Object.keys(sent).join() === 'name' &&
    typeof sent.name === 'string' &&
    sent.name.length >= 1 &&
    [...sent.name].length <= 20;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const url = new URL(req.url ?? '/', 'http://x');
    const [root, g, sub, f, action, ...rest] = url.pathname.split('/').filter(Boolean);
    if (root !== 'groups' || rest.length > 0) return sendJson(res, 404, {});
    if (g === undefined) {
      if (req.method === 'GET') return sendJson(res, 200, [...all.values()].map(shown));
      if (!fits(sent)) return sendJson(res, 400, {});
      const group = { id: `g${++made}`, name: sent!.name as string, flags: [] };
      all.set(group.id, group);
      return sendJson(res, 201, shown(group));
    }
    const group = all.get(g);
    if (!group) return sendJson(res, 404, {});
    if (sub === undefined) return sendJson(res, 200, shown(group));
    if (sub !== 'flags') return sendJson(res, 404, {});
    if (f === undefined) {
      if (req.method === 'GET') {
        const state = url.searchParams.get('state') ?? 'active';
        if (!['active', 'archived', 'all'].includes(state)) return sendJson(res, 400, {});
        return sendJson(
          res,
          200,
          group.flags.filter((one) => state === 'all' || one.state === state),
        );
      }
      if (!fits(sent)) return sendJson(res, 400, {});
      const flag: Flag = { id: `f${++made}`, name: sent!.name as string, state: 'active' };
      group.flags.push(flag);
      return sendJson(res, 201, flag);
    }
    const flag = group.flags.find((one) => one.id === f);
    if (!flag) return sendJson(res, 404, {});
    if (action === undefined) return sendJson(res, 200, flag);
    if (action !== 'archive' || req.method !== 'POST') return sendJson(res, 404, {});
    if (flag.state === 'archived') return sendJson(res, 409, {});
    flag.state = 'archived';
    return sendJson(res, 200, flag);
  };
}

const run = (activeOnly: boolean) => runConformance({ target: { app: groups(activeOnly) }, contract, seed: 2 });

describe('a count of children whose list filters by a default', () => {
  it('passes a service that counts every flag, archived ones too', async () => {
    const clean = await run(false);
    expect(clean.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
  });

  it('names a service that leaves archived flags out of the count', async () => {
    expect((await run(true)).violations.map((v) => v.code)).toContain('count_not_following');
  });
});
