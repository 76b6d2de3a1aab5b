// A refused creation is known in the final list by the run's own mark, not by any long string it
// carried: an enum value (DigitalOcean's destination type "opensearch_ext") is rightly in other
// items. A hand-written server passes; its copy that stores refused creations still fails.
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { parseObject, readBody } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';

const KEY = 'marks-Key-5150';
const json = (schema: unknown) => ({ 'application/json': { schema } });
const kind = { type: 'string', enum: ['opensearch_dbaas', 'opensearch_ext'] };
const fields = { name: { type: 'string', minLength: 1 }, type: kind };
const sink = { type: 'object', required: ['id', 'name', 'type'], properties: { id: { type: 'integer' }, ...fields } };
const refusal = {
  description: 'refused',
  content: json({ type: 'object', properties: { message: { type: 'string' } } }),
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'sinks', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/sinks': {
      get: {
        responses: { '200': { description: 'ok', content: json({ type: 'array', items: sink }) }, '401': refusal },
      },
      post: {
        requestBody: {
          required: true,
          content: json({
            type: 'object',
            required: ['name', 'type'],
            properties: fields,
            additionalProperties: false,
          }),
        },
        responses: { '201': { description: 'made', content: json(sink) }, '400': refusal, '401': refusal },
      },
    },
  },
});

type Sink = { id: number; name: string; type: string };

/** The sinks service by hand; `storesRefused` is its planted fault. */
function sinksServer(storesRefused: boolean) {
  const sinks: Sink[] = [];
  const send = (res: ServerResponse, status: number, body: unknown) => {
    // A 401 carries its challenge (RFC 9110 11.6.1).
    res.writeHead(status, {
      'content-type': 'application/json',
      ...(status === 401 ? { 'www-authenticate': 'Bearer' } : {}),
    });
    res.end(JSON.stringify(body));
  };
  return createServer(async (req, res) => {
    const body = req.method === 'POST' ? parseObject(await readBody(req)) : undefined;
    if (req.headers.authorization !== `Bearer ${KEY}`) return send(res, 401, { message: 'who are you?' });
    if ((req.url ?? '').split('?')[0] !== '/sinks') return send(res, 404, { message: 'no such path' });
    if (req.method === 'GET') return send(res, 200, sinks);
    const given = body ?? {};
    const valid =
      typeof given.name === 'string' &&
      given.name.length > 0 &&
      kind.enum.includes(given.type as string) &&
      Object.keys(given).every((name) => name === 'name' || name === 'type');
    const made = { id: sinks.length + 1, name: String(given.name), type: String(given.type) };
    if (!valid) {
      if (storesRefused && typeof given.name === 'string') sinks.push(made);
      return send(res, 400, { message: 'a sink has a name and a type' });
    }
    sinks.push(made);
    return send(res, 201, made);
  });
}

async function runAgainst(storesRefused: boolean) {
  const server = sinksServer(storesRefused);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    return await runConformance({ target: { baseUrl: `http://127.0.0.1:${port}` }, contract, apiKey: KEY, seed: 6 });
  } finally {
    server.close();
  }
}

describe('refused creations in the final list', () => {
  it('are not mistaken for items holding the same enum value', async () => {
    const result = await runAgainst(false);
    expect(result.violations).toEqual([]);
  });

  it('are still found where the service stored them', async () => {
    const result = await runAgainst(true);
    expect(result.violations.map((v) => v.code)).toContain('refused_write_stored');
  });
});
