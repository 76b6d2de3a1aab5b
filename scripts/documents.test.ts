// Documents other than the Pet Catalog, written for the kit: every operation answered by the mock
// as the document declares it, and the runner finding the mock of each conformant.
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { mergeResults } from '../conformance/report/merge.js';
import type { RunOptions } from '../conformance/run.js';
import { createMockApp } from '../mock/index.js';
import { describeIssues, loadContract, responseFor } from '../spec/index.js';
import { startFront } from './front.js';

const folder = fileURLToPath(new URL('../fixtures/documents/', import.meta.url));
const documents = readdirSync(folder).filter((name) => name.endsWith('.yaml'));
const KEY = 'doc-Key-4711';
const basic = (password: string) => `Basic ${Buffer.from(`someone:${password}`).toString('base64')}`;

describe.each(documents)('%s', (name) => {
  it('is mocked and the runner finds the mock conformant', async () => {
    const contract = await loadContract(`${folder}${name}`);
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const result = await runConformance({ target: { app }, contract, apiKey: KEY, seed: 5, runs: 10 });
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.operations.filter((o) => !o.skipped).every((o) => o.requests > 0)).toBe(true);
  });
});

const shop = await loadContract(`${folder}shop-openapi.yaml`);
const problemOf = (operationId: string, status: number) =>
  responseFor(shop.operations.find((o) => o.id === operationId)!, status)!.content[0]!.validator!;

describe('the shop document, through the mock', () => {
  const api = () => request(createMockApp({ contract: shop, apiKeys: [KEY] }));

  it('checks query and header parameters, answering in the problem+json shape of the document', async () => {
    const missing = await api().get('/api/owners').set('X-Shop-Key', KEY).set('X-Request-Id', 'r1');
    expect(missing.status).toBe(400);
    expect(missing.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(describeIssues(problemOf('listOwners', 400).validate(missing.body))).toBe('');
    expect(missing.body.status).toBe(400);
    const outOfRange = await api().get('/api/owners?limit=500').set('X-Shop-Key', KEY).set('X-Request-Id', 'r1');
    expect(outOfRange.status).toBe(400);
    const fine = await api().get('/api/owners?limit=5').set('X-Shop-Key', KEY).set('X-Request-Id', 'r1');
    expect(fine.status).toBe(200);
  });

  it('takes each scheme in its place: an API-key header, basic (the key as password), OAuth2 bearer tokens', async () => {
    const app = api();
    expect((await app.get('/api/owners/1').set('X-Shop-Key', 'wrong')).status).toBe(401);
    expect((await app.get('/api/owners/1').set('Authorization', `Bearer ${KEY}`)).status).toBe(401);
    expect((await app.get('/api/owners/1/pets').set('Authorization', basic(KEY))).status).toBe(200);
    expect((await app.get('/api/owners/1/pets').set('Authorization', basic('nope'))).status).toBe(401);
    const order = await app.get('/api/orders/first-order').set('Authorization', `Bearer ${KEY}`);
    expect(order.status).toBe(200);
    expect(order.body).toEqual({ name: 'first-order', total: 12.5, status: 'open' });
    expect(Number.isInteger(Number(order.headers['x-rate-remaining']))).toBe(true);
  });

  it('routes a literal suffix to its own template and encoded literals to theirs', async () => {
    const app = api();
    expect((await app.post('/api/orders/first-order:archive').set('Authorization', `Bearer ${KEY}`)).status).toBe(202);
    const search = await app.get('/api/search%23all?q=x&tags=a,b');
    expect(search.status).toBe(200);
    expect(search.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('reads form bodies and cookies, with no security where the document asks none', async () => {
    const app = api();
    const form = (body: string) =>
      app
        .post('/api/newsletter')
        .set('Cookie', 'session=abcd')
        .set('Content-Type', 'application/x-www-form-urlencoded')
        .send(body);
    expect((await form('email=a%40b.example&weekly=true')).status).toBe(204);
    const refused = await form('weekly=maybe');
    expect(refused.status).toBe(422);
    expect(describeIssues(problemOf('subscribe', 422).validate(refused.body))).toBe('');
    expect(
      (
        await app
          .post('/api/newsletter')
          .set('Content-Type', 'application/x-www-form-urlencoded')
          .send('email=a%40b.example')
      ).status,
    ).toBe(422);
  });

  it('reads multipart bodies field by field', async () => {
    const app = api();
    const upload = () => app.post('/api/avatars').set('X-Shop-Key', KEY);
    expect((await upload().field('width', '64').attach('image', Buffer.from('png-bytes'), 'a.png')).status).toBe(201);
    expect((await upload().field('width', 'wide').attach('image', Buffer.from('png-bytes'), 'a.png')).status).toBe(400);
    expect((await upload().field('width', '64')).status).toBe(400);
  });

  it('replaces, merges and deletes items, and keeps nested collections per parent', async () => {
    const app = api();
    const key = { 'X-Shop-Key': KEY };
    const created = await app.post('/api/owners').set(key).send({ name: 'Ada', email: 'ada@example.com' });
    expect(created.status).toBe(201);
    const at = `/api/owners/${created.body.id}`;
    expect((await app.put(at).set(key).send({ name: 'Ada L.' })).body).toEqual({ id: created.body.id, name: 'Ada L.' });
    expect((await app.patch(at).set(key).send({ email: 'al@example.com' })).body).toEqual({
      id: created.body.id,
      name: 'Ada L.',
      email: 'al@example.com',
    });
    expect((await app.patch(at).set(key).send({ name: '' })).status).toBe(400);
    expect((await app.delete(at).set(key)).status).toBe(204);
    expect((await app.get(at).set(key)).status).toBe(404);
    const auth = { Authorization: basic(KEY) };
    const owner = async () => (await app.post('/api/owners').set(key).send({ name: 'Bo' })).body.id as number;
    const [first, second] = [await owner(), await owner()];
    const pet = await app.post(`/api/owners/${first}/pets`).set(auth).send({ name: 'Rex', kind: 'dog' });
    expect(pet.body.id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await app.get(`/api/owners/${first}/pets`).set(auth)).body).toHaveLength(1);
    expect((await app.get(`/api/owners/${second}/pets`).set(auth)).body).toHaveLength(0);
    // Under an owner that was deleted, or never made, there are no pets to list or to add to.
    const underDeleted = await app.post(`${at}/pets`).set(auth).send({ name: 'Rex', kind: 'dog' });
    expect([underDeleted.status, underDeleted.body.title ?? underDeleted.body.code]).toEqual([404, expect.anything()]);
    expect((await app.get('/api/owners/987654/pets').set(auth)).status).toBe(404);
    // Credentials are judged before anything is looked up.
    expect((await app.get('/api/owners/987654/pets')).status).toBe(401);
  });

  it('gives the runner each scheme its own credential with --auth', async () => {
    const app = createMockApp({ contract: shop, apiKeys: [KEY, 'pw-for-basic'] });
    const result = await runConformance({
      target: { app },
      contract: shop,
      apiKey: KEY,
      auth: { basicAuth: 'someone:pw-for-basic' },
      seed: 9,
      runs: 5,
    });
    expect(result.exitCode).toBe(0);
    const text = JSON.stringify(result);
    expect(text).not.toContain('pw-for-basic');
    expect(text).not.toContain(Buffer.from('someone:pw-for-basic').toString('base64'));
  });
});

describe('the shapes document', () => {
  it('loads with one warning line for the example that breaks its schema', async () => {
    const shapes = await loadContract(`${folder}shapes-openapi.yaml`);
    expect(shapes.warnings).toHaveLength(1);
    expect(shapes.warnings[0]).toMatch(
      /\/components\/schemas\/Node\/example: example does not match its schema: \/weight/,
    );
    await expect(loadContract(`${folder}shapes-openapi.yaml`, { strictExamples: true })).rejects.toThrow(
      /example does not match/,
    );
  });

  it('keeps a recursive tree and answers an operation documented only by its error', async () => {
    const shapes = await loadContract(`${folder}shapes-openapi.yaml`);
    const app = request(createMockApp({ contract: shapes }));
    const root = { label: 'a', children: [{ label: 'b', children: [{ label: 'c', weight: null }] }] };
    const planted = await app.post('/trees').send({ name: 'oak', root });
    expect(planted.status).toBe(201);
    expect((await app.get(`/trees/${planted.body.id}`)).body.root).toEqual(root);
    const refused = await app.post('/trees').send({ name: 'elm', root: { children: [] } });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ error: { reason: expect.any(String) } });
    const ping = await app.get('/legacy/ping');
    expect(ping.status).toBe(400);
    expect(ping.body).toMatchObject({ error: { reason: expect.any(String) } });
  });
});

describe('valid input the generators cannot build', () => {
  it('is said in a note on the operation, and the cases that need it are not sent', async () => {
    const contract = await loadContract(`${folder}shapes-openapi.yaml`);
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const result = await runConformance({ target: { app }, contract, apiKey: KEY, seed: 9, runs: 5 });
    const note = result.notes.find((n) => n.code === 'no_valid_input');
    expect(note?.operation).toBe('recordMeasurement');
    expect(note?.message).toMatch(/no request body that the schema accepts/);
    const operation = result.operations.find((o) => o.id === 'recordMeasurement')!;
    expect(operation.checks.positive_data_acceptance!.applied).toBe(0);
  });
});

describe('a sharded run', () => {
  it('shards together test every operation exactly once, and merge into the full run', async () => {
    const shopContract = await loadContract(`${folder}shop-openapi.yaml`);
    const app = createMockApp({ contract: shopContract, apiKeys: [KEY] });
    const runShop = (selection?: RunOptions['selection']) =>
      runConformance({
        target: { app },
        contract: shopContract,
        apiKey: KEY,
        seed: 4,
        runs: 3,
        // Each shard has its own write budget: the full run gets room for everything too.
        maxWrites: 5000,
        ...(selection ? { selection } : {}),
      });
    const full = await runShop();
    const shards = await Promise.all([1, 2, 3].map((index) => runShop({ shard: { index, count: 3 } })));
    const testedIn = (operation: string) =>
      shards.filter((shard) => shard.operations.find((o) => o.id === operation && !o.skipped)).length;
    for (const operation of full.operations.filter((o) => !o.skipped))
      expect(testedIn(operation.id), operation.id).toBe(1);
    const outcomes = (result: typeof full) =>
      result.operations.map((o) => [
        o.id,
        o.skipped ? 'skipped' : Object.entries(o.checks).map(([n, c]) => `${n}:${c.outcome}`),
      ]);
    const merged = mergeResults(shards);
    expect(outcomes(merged)).toEqual(outcomes(full));
    expect(merged.exitCode).toBe(full.exitCode);
  });
});

describe('mass assignment', () => {
  it('a service that takes a client-sent readOnly value fails server_assigned_id; the mock does not', async () => {
    const shopContract = await loadContract(`${folder}shop-openapi.yaml`);
    const honoured = await startFront(
      createMockApp({ contract: shopContract, apiKeys: [KEY] }),
      shopContract.basePath,
      {
        // The planted fault: a created pet takes the addedAt the client sent.
        response: (answer, sent) =>
          sent && typeof sent.addedAt === 'string' && typeof answer === 'object' && answer !== null && 'kind' in answer
            ? { ...answer, addedAt: sent.addedAt }
            : answer,
      },
    );
    try {
      const run = (baseUrl: string) =>
        runConformance({ target: { baseUrl }, contract: shopContract, apiKey: KEY, seed: 3, runs: 3, maxWrites: 2000 });
      const result = await run(honoured.baseUrl);
      expect(result.violations.filter((v) => v.code === 'client_value_taken').map((v) => v.operation)).toEqual([
        'addOwnerPet',
      ]);
    } finally {
      honoured.close();
    }
    const app = createMockApp({ contract: shopContract, apiKeys: [KEY] });
    const correct = await runConformance({ target: { app }, contract: shopContract, apiKey: KEY, seed: 3, runs: 3 });
    expect(correct.violations).toEqual([]);
  });
});

describe('the answer to a change', () => {
  it('a PUT answered with the old values (while the change is stored) fails item_changes_stored', async () => {
    const shopContract = await loadContract(`${folder}shop-openapi.yaml`);
    const stale = await startFront(createMockApp({ contract: shopContract, apiKeys: [KEY] }), shopContract.basePath, {
      // The planted fault: the answer to PUT is the item as it was before.
      response: (answer, sent, method) =>
        method === 'PUT' && sent && typeof answer === 'object' && answer !== null && typeof sent.name === 'string'
          ? { ...answer, name: `${sent.name} (before)` }
          : answer,
    });
    try {
      const result = await runConformance({
        target: { baseUrl: stale.baseUrl },
        contract: shopContract,
        apiKey: KEY,
        seed: 3,
        runs: 3,
        maxWrites: 2000,
      });
      const found = result.violations.filter((v) => v.code === 'change_not_answered');
      expect(found.map((v) => `${v.check} ${v.operation}`)).toEqual(['item_changes_stored replaceOwner']);
    } finally {
      stale.close();
    }
  });
});

describe('media types as documents write them', () => {
  it('takes a body sent as the essence of a key with parameters, and never answers a documented body empty', async () => {
    const contract = await loadContract(`${folder}media-types-openapi.yaml`);
    const app = request(createMockApp({ contract, apiKeys: [KEY] }));
    const created = await app.post('/v2/things').set('Content-Type', 'application/json').send('{"name":"x"}');
    expect([created.status, created.headers['content-type']]).toEqual([201, 'application/json; charset=utf-8']);
    for (const [path, type] of [
      ['/v2/page', 'text/html; charset=UTF-8'],
      ['/v2/blob', 'application/octet-stream'],
      ['/v2/any', 'application/json'],
    ] as const) {
      const answer = await app.get(path).buffer(true);
      expect([path, answer.headers['content-type'], Number(answer.headers['content-length']) > 0]).toEqual([
        path,
        type,
        true,
      ]);
    }
  });
});
