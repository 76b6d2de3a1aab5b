// A parent's count of its children where the child list leaves archived ones out by default:
// - by a filter's default (`state`, default `active`): the count's own words say which list it
//   equals ("equals the number of flags listed with `state=all`"), and the run counts that list. A
//   correct service is not said to miscount once the run archived a flag of its own, and one that
//   leaves archived flags out of the count is named;
// - behind a switch (`includeArchived`, off by default), the count's words silent: a count equal to
//   either list is right, and one that follows neither (never moved by a creation) is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const name = { type: 'string', minLength: 1, maxLength: 20 };
type Listing = 'state' | 'switch';
const groupOf = (listing: Listing) => ({
  type: 'object',
  required: ['id', 'name', 'flagCount'],
  properties: {
    id: { type: 'string', readOnly: true },
    name,
    flagCount: {
      type: 'integer',
      readOnly: true,
      description:
        listing === 'state'
          ? 'The number of flags in the group, archived flags included. It equals the number of flags listed with `state=all`.'
          : 'The number of flags in the group.',
    },
  },
});
/** The list's parameter that adds archived flags: a filter with a default, or a switch. */
const listParameters = {
  state: {
    name: 'state',
    in: 'query',
    description: '`active` (the default) lists flags that are not archived, `archived` only archived ones, `all` both.',
    schema: { type: 'string', enum: ['active', 'archived', 'all'], default: 'active' },
  },
  switch: {
    name: 'includeArchived',
    in: 'query',
    description: 'Archived flags are listed only when true.',
    schema: { type: 'boolean', default: false },
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

const contractOf = (listing: Listing) => {
  const group = groupOf(listing);
  return contractFromDocument({
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
          parameters: [listParameters[listing]],
          responses: {
            '200': { description: 'some', content: json({ type: 'array', items: flag }) },
            '400': { description: 'bad' },
            '404': none,
          },
        },
        post: {
          requestBody: { required: true, content: named },
          responses: {
            '201': { description: 'made', content: json(flag) },
            '400': { description: 'bad' },
            '404': none,
          },
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
};

type Flag = { id: string; name: string; state: 'active' | 'archived' };

/** Groups of flags listed as `listing` says, counted as `counting` says: every flag, the active
 * ones, or the flags the group had when it was made. */
function groups(counting: 'all' | 'active' | 'stale', listing: Listing) {
  const all = new Map<string, { id: string; name: string; flags: Flag[] }>();
  let made = 0;
  const shown = (g: { id: string; name: string; flags: Flag[] }) => ({
    id: g.id,
    name: g.name,
    flagCount: counting === 'stale' ? 0 : g.flags.filter((one) => counting === 'all' || one.state === 'active').length,
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
        const include = url.searchParams.get('includeArchived') ?? 'false';
        const state =
          listing === 'state' ? (url.searchParams.get('state') ?? 'active') : include === 'true' ? 'all' : 'active';
        if (!['active', 'archived', 'all'].includes(state) || !['true', 'false'].includes(include))
          return sendJson(res, 400, {});
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

type Counting = 'all' | 'active' | 'stale';
const run = (counting: Counting, listing: Listing) =>
  runConformance({ target: { app: groups(counting, listing) }, contract: contractOf(listing), seed: 2 });
const failures = (report: Awaited<ReturnType<typeof run>>) =>
  report.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`);

describe('a count of children whose list filters by a default', () => {
  it('passes a service that counts every flag, archived ones too', async () => {
    expect(failures(await run('all', 'state'))).toEqual([]);
  });

  it('names a service that leaves archived flags out of the count', async () => {
    expect((await run('active', 'state')).violations.map((v) => v.code)).toContain('count_not_following');
  });
});

describe('a count of children whose list hides archived ones behind a switch', () => {
  it('passes a service that counts archived flags, and one that does not', async () => {
    expect(failures(await run('all', 'switch'))).toEqual([]);
    expect(failures(await run('active', 'switch'))).toEqual([]);
  });

  it('names a count that follows neither list', async () => {
    expect((await run('stale', 'switch')).violations.map((v) => v.code)).toContain('count_not_following');
  });
});
