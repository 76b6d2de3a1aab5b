// Bodies nested deeper than the code that keeps values can follow (it serialises and compares them
// recursively): a member the schema declares is refused with a 400 in the Error shape, never a 500
// after the creation; one it does not declare is dropped, as any undeclared member is.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, MAX_JSON_DEPTH } from '../spec/index.js';
import { createMockApp } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const error = {
  type: 'object',
  required: ['code', 'message'],
  properties: { code: { type: 'string' }, message: { type: 'string' } },
};
const node = { type: 'object', properties: { kids: { type: 'array', items: { $ref: '#/components/schemas/Node' } } } };
const newThing = {
  type: 'object',
  required: ['name'],
  properties: { name: { type: 'string' }, meta: {}, tree: { $ref: '#/components/schemas/Node' } },
};
const thing = { allOf: [newThing, { type: 'object', required: ['id'], properties: { id: { type: 'integer' } } }] };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'things', version: '1' },
  components: { schemas: { Node: node } },
  paths: {
    '/things': {
      get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: thing }) } } },
      post: {
        parameters: [{ name: 'Idempotency-Key', in: 'header', schema: { type: 'string' } }],
        requestBody: { required: true, content: json(newThing) },
        responses: {
          '201': { description: 'made', content: json(thing) },
          '400': { description: 'bad', content: json(error) },
        },
      },
    },
    '/things/{thingId}': {
      parameters: [{ name: 'thingId', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { responses: { '200': { description: 'ok', content: json(thing) }, '404': { description: 'none' } } },
    },
  },
});

const arrays = (levels: number): string => `${'['.repeat(levels)}${']'.repeat(levels)}`;
/** A Node `levels` levels deep: each {"kids":[ opens two. */
const kids = (levels: number): string => {
  const pairs = Math.floor(levels / 2);
  return `${'{"kids":['.repeat(pairs)}${levels % 2 ? '{}' : ''}${']}'.repeat(pairs)}`;
};

function post(app: ReturnType<typeof createMockApp>, body: string, key?: string) {
  const pending = request(app).post('/things').set('Content-Type', 'application/json');
  return (key ? pending.set('Idempotency-Key', key) : pending).send(body);
}

describe('a body nested deeper than MAX_JSON_DEPTH levels', () => {
  it.each([
    // Each body nests `levels` levels deep, itself included.
    ['an open member', (levels: number) => `{"name":"a","meta":${arrays(levels - 1)}}`],
    ['a member of a recursive schema', (levels: number) => `{"name":"a","tree":${kids(levels - 1)}}`],
    ['the body itself', (levels: number) => `${arrays(levels)}`],
  ])('is refused with a 400 in %s, and kept whole at MAX_JSON_DEPTH levels', async (_where, body) => {
    const app = createMockApp({ contract });
    const listed = (await request(app).get('/things')).text;
    for (const levels of [MAX_JSON_DEPTH + 1, 50_000]) {
      const refused = await post(app, body(levels));
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: 'nested_too_deep', message: expect.stringContaining('1000 levels') });
      expect((await request(app).get('/things')).text).toBe(listed);
    }
    if (body(2).startsWith('[')) return; // a list body is refused at any depth: the schema wants an object
    const made = await post(app, body(MAX_JSON_DEPTH));
    expect(made.status).toBe(201);
    const read = await request(app).get(`/things/${made.body.id}`);
    expect(read.text).toBe(made.text);
    expect((await request(app).get('/things')).text).toContain(read.text);
  });

  it('is taken where only a member the schema does not declare nests that deep, and that member dropped', async () => {
    const app = createMockApp({ contract });
    const body = `{"name":"a","extra":${arrays(100_000)}}`;
    const made = await post(app, body, 'key-1');
    expect(made.status).toBe(201);
    expect(Object.keys(made.body).sort()).toEqual(['id', 'name']);
    const replayed = await post(app, body, 'key-1');
    expect(replayed.text).toBe(made.text);
    expect((await post(app, `{"name":"b","extra":${arrays(100_000)}}`, 'key-1')).status).toBeGreaterThanOrEqual(400);
  });

  it('is shown in the journal as its text', async () => {
    const app = createMockApp({ contract, apiKeys: ['k'] });
    const body = `{"name":"a","extra":${arrays(5000)}}`; // under the 16 KiB the journal keeps whole
    expect((await post(app, body)).status).toBe(201);
    const journal = await request(app).get('/__mock/requests').set('Authorization', 'Bearer k');
    expect(journal.status).toBe(200);
    expect(journal.body.at(-1).body).toBe(body);
  });
});
