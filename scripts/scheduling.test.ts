// The scheduling idioms (ETags, If-Match, Idempotency-Key, actions, 410, problem details) judged
// with a server written by hand from the document (not the mock): the runner finds nothing in it and
// catches each planted fault on seeds 1 and 2; the mock serves the same idioms over HTTP.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { runConformance } from '../conformance/index.js';
import { SCHEDULING_FAULTS, type SchedulingFault, startSchedulingServer } from '../fixtures/scheduling-server.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';
import { inferApiModel } from '../spec/model/index.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/scheduling-3.1-openapi.yaml', import.meta.url));
const KEY = 'scheduling-Key-2';
const OTHER_KEY = 'scheduling-Other-9';
const contract = await loadContract(DOCUMENT);
const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function runAgainst(fault: SchedulingFault | undefined, seed: number) {
  const server = await startSchedulingServer({ key: KEY, otherKey: OTHER_KEY, ...(fault ? { fault } : {}) });
  servers.push(server);
  return runConformance({
    target: { baseUrl: server.baseUrl },
    contract,
    apiKey: KEY,
    otherApiKey: OTHER_KEY,
    seed,
    runs: 10,
  });
}

const CAUGHT_BY: Record<SchedulingFault, string> = {
  'stale-if-match-accepted': 'api_idioms_honoured',
  'etag-never-changes': 'api_idioms_honoured',
  'etag-changes-on-read': 'api_idioms_honoured',
  'if-none-match-ignored': 'api_idioms_honoured',
  'replay-creates-again': 'api_idioms_honoured',
  'key-reuse-accepted': 'api_idioms_honoured',
  'cancel-not-applied': 'api_idioms_honoured',
  'cancel-twice-accepted': 'api_idioms_honoured',
  'problem-status-differs': 'error_status_matches_http_status',
  'other-users-booking-readable': 'object_level_authorization',
  'other-users-booking-deletable': 'object_level_authorization',
  'status-filter-ignored': 'api_idioms_honoured',
  'deleted-answers-404': 'deleted_item_gone',
};

describe('the scheduling document against a server written by hand', () => {
  it.each([1, 2])('finds nothing in the correct server (seed %i)', async (seed) => {
    const result = await runAgainst(undefined, seed);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    // Its documented 409 for a room the run's own bookings hold is a conflict with state, a note.
    expect(result.notes.some((note) => note.code === 'value_already_taken' && note.message.includes('409'))).toBe(true);
  });

  for (const fault of Object.keys(SCHEDULING_FAULTS) as SchedulingFault[]) {
    it.each([1, 2])(`catches ${fault} (seed %i)`, async (seed) => {
      const result = await runAgainst(fault, seed);
      expect(result.exitCode).toBe(1);
      expect(result.violations.map((v) => v.check)).toContain(CAUGHT_BY[fault]);
    });
  }
});

describe('object-level authorization on the scheduling document', () => {
  it('says it could not check owned resources without a second credential', async () => {
    const server = await startSchedulingServer({ key: KEY });
    servers.push(server);
    const result = await runConformance({
      target: { baseUrl: server.baseUrl },
      contract,
      apiKey: KEY,
      seed: 1,
      runs: 5,
    });
    expect(result.exitCode).toBe(0);
    expect(result.notes.map((n) => n.check)).toContain('object_level_authorization');
  });

  it("keeps the mock's bookings per credential: another key reads 404, and the runner passes it", async () => {
    const app = createMockApp({ contract, apiKeys: [KEY, OTHER_KEY] });
    const { body } = await request(app)
      .post('/api/bookings')
      .set('Authorization', `Bearer ${KEY}`)
      .send({ room: 'A', guest: 'Ada' });
    expect(
      (await request(app).get(`/api/bookings/${body.id}`).set('Authorization', `Bearer ${OTHER_KEY}`)).status,
    ).toBe(404);
    expect((await request(app).get(`/api/bookings/${body.id}`).set('Authorization', `Bearer ${KEY}`)).status).toBe(200);
    const result = await runConformance({
      target: { app },
      contract,
      apiKey: KEY,
      otherApiKey: OTHER_KEY,
      seed: 2,
      runs: 5,
    });
    expect(result.violations).toEqual([]);
    expect(result.operations.find((o) => o.id === 'getBooking')?.checks.object_level_authorization?.outcome).toBe(
      'passed',
    );
  });
});

describe('the mock of the scheduling document', () => {
  const auth = { Authorization: `Bearer ${KEY}` };
  const booking = { room: 'Aurora', guest: 'Ada' };

  it('answers a creation 201 with a uuid, a Location and an ETag, and replays it (the documented 200) for the same key', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const made = await request(app).post('/api/bookings').set(auth).set('Idempotency-Key', 'k-1').send(booking);
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ ...booking, status: 'pending' });
    expect(made.body.id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(made.headers.location).toBe(`/api/bookings/${made.body.id}`);
    expect(made.headers.etag).toMatch(/^"[0-9a-f]{16}"$/);
    const again = await request(app).post('/api/bookings').set(auth).set('Idempotency-Key', 'k-1').send(booking);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(made.body);
    const other = await request(app)
      .post('/api/bookings')
      .set(auth)
      .set('Idempotency-Key', 'k-1')
      .send({ ...booking, guest: 'Bo' });
    expect(other.status).toBe(422);
    expect(other.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(other.body.status).toBe(422);
    // The same body in other text (members reordered, spaced) is the same request: replayed.
    const respelled = await request(app)
      .post('/api/bookings')
      .set({ ...auth, 'Content-Type': 'application/json' })
      .set('Idempotency-Key', 'k-1')
      .send('{ "guest": "Ada",\n  "room": "Aurora" }');
    expect(respelled.status).toBe(200);
    expect(respelled.body).toEqual(made.body);
    // An invalid body under a used key is judged as a body first: 400, not a replay or a conflict.
    const invalid = await request(app)
      .post('/api/bookings')
      .set({ ...auth, 'Content-Type': 'application/json' })
      .set('Idempotency-Key', 'k-1')
      .send('{"room": 5}');
    expect(invalid.status).toBe(400);
    const listed = await request(app).get('/api/bookings').query({ limit: 25 }).set(auth);
    expect(listed.body.data.filter((b: { id: string }) => b.id === made.body.id)).toHaveLength(1);
  });

  it('keeps ETags with the item: 304, 428, 412, a new ETag after a change', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const { body } = await request(app).post('/api/bookings').set(auth).send(booking);
    const item = `/api/bookings/${body.id}`;
    const read = await request(app).get(item).set(auth);
    const etag = read.headers.etag as string;
    const notModified = await request(app).get(item).set(auth).set('If-None-Match', etag);
    expect(notModified.status).toBe(304);
    expect(notModified.text ?? '').toBe('');
    const patch = (ifMatch?: string) => {
      const sent = request(app).patch(item).set(auth).set('Content-Type', 'application/merge-patch+json');
      return (ifMatch ? sent.set('If-Match', ifMatch) : sent).send(JSON.stringify({ guest: 'Bo' }));
    };
    expect((await patch()).status).toBe(428);
    const changed = await patch(etag);
    expect(changed.status).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    const stale = await patch(etag);
    expect(stale.status).toBe(412);
    expect(stale.body).toMatchObject({ status: 412 });
  });

  it('moves the status by actions, refuses one the booking is past, and answers 410 once deleted', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const { body } = await request(app).post('/api/bookings').set(auth).send(booking);
    const item = `/api/bookings/${body.id}`;
    expect((await request(app).post(`${item}/confirm`).set(auth)).body.status).toBe('confirmed');
    expect((await request(app).post(`${item}/cancel`).set(auth)).body.status).toBe('cancelled');
    const twice = await request(app).post(`${item}/cancel`).set(auth);
    expect(twice.status).toBe(409);
    expect((await request(app).get(item).set(auth)).body.status).toBe('cancelled');
    const etag = (await request(app).get(item).set(auth)).headers.etag as string;
    expect((await request(app).delete(item).set(auth).set('If-Match', etag)).status).toBe(204);
    expect((await request(app).get(item).set(auth)).status).toBe(410);
    const listed = await request(app).get('/api/bookings').query({ limit: 25 }).set(auth);
    expect(listed.body.data.map((b: { id: string }) => b.id)).not.toContain(body.id);
  });

  it('seeds read-only collections and answers refusals before routing as problem details', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const rooms = await request(app).get('/api/rooms').set(auth);
    expect(rooms.body.data.length).toBeGreaterThan(0);
    expect((await request(app).get(`/api/rooms/${rooms.body.data[0].id}`).set(auth)).status).toBe(200);
    const nowhere = await request(app).get('/api/nowhere').set(auth);
    expect(nowhere.status).toBe(404);
    expect(nowhere.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(nowhere.body).toMatchObject({ status: 404 });
  });
});

describe('a 403 that says nothing of whose the item is', () => {
  // The same document with the 403 reworded to a bare "Forbidden" and listed on every operation, as
  // GitHub's description lists it: a refusal the service may give, not a statement that items are private.
  async function variant(everywhere: boolean) {
    const text = readFileSync(DOCUMENT, 'utf8').replace('The booking belongs to another user.', 'Forbidden');
    const document = parse(text) as { paths: Record<string, Record<string, { responses?: Record<string, unknown> }>> };
    if (everywhere)
      for (const item of Object.values(document.paths))
        for (const operation of Object.values(item))
          if (operation.responses) operation.responses['403'] = { $ref: '#/components/responses/Forbidden' };
    const file = join(mkdtempSync(join(tmpdir(), 'forbidden-')), 'scheduling.yaml');
    writeFileSync(file, stringify(document));
    return loadContract(file);
  }
  const bookings = (model: ReturnType<typeof inferApiModel>) =>
    model.resources.find((resource) => resource.collection.path === '/bookings');

  it('listed on every operation: bookings are not owned, the mock shares them, the runner judges no one', async () => {
    const everywhere = await variant(true);
    expect(bookings(inferApiModel(everywhere))?.idioms.owned).toBeUndefined();
    const app = createMockApp({ contract: everywhere, apiKeys: [KEY, OTHER_KEY] });
    const { body } = await request(app)
      .post('/api/bookings')
      .set('Authorization', `Bearer ${KEY}`)
      .send({ room: 'A', guest: 'Ada' });
    const other = await request(app).get(`/api/bookings/${body.id}`).set('Authorization', `Bearer ${OTHER_KEY}`);
    expect(other.status).toBe(200);
    const result = await runConformance({
      target: { app },
      contract: everywhere,
      apiKey: KEY,
      otherApiKey: OTHER_KEY,
      seed: 1,
      runs: 5,
    });
    expect(result.violations).toEqual([]);
    expect(result.operations.find((o) => o.id === 'getBooking')?.checks.object_level_authorization?.applied ?? 0).toBe(
      0,
    );
  });

  it('listed on the items alone: bookings stay owned', async () => {
    expect(bookings(inferApiModel(await variant(false)))?.idioms.owned?.how).toBe('a documented 403 on its items');
    expect(bookings(inferApiModel(contract))?.idioms.owned?.how).toBe('a documented 403 that says whose the item is');
  });
});
