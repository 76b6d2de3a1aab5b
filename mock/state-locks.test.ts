// Changes and deletions the document's words allow only in some of an item's states ("Only a `draft`
// event can be deleted (`409` otherwise, nothing changes)"): the mock refuses them with the
// documented status once the item left those states, and keeps the item as it was.
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = await loadContract(
  fileURLToPath(new URL('../fixtures/panels/ticketing/openapi.yaml', import.meta.url)),
);
const KEY = 'state-locks-test';
const headers = { 'X-Api-Key': KEY, 'Content-Type': 'application/json' };
const event = {
  title: 'Locks',
  venueId: 'main-hall',
  startsAt: '2050-01-01T10:00:00Z',
  endsAt: '2050-01-01T12:00:00Z',
};

async function publishedEvent() {
  const app = createMockApp({ contract, apiKeys: [KEY] });
  const made = await request(app).post('/v1/events').set(headers).send(event);
  expect(made.status).toBe(201);
  const at = `/v1/events/${made.body.id}`;
  const type = await request(app)
    .put(`${at}/ticket-types/GA`)
    .set(headers)
    .send({ name: 'GA', price: 100, quantity: 5 });
  expect(type.status).toBe(201);
  expect((await request(app).post(`${at}/publish`).set(headers)).status).toBe(200);
  return { app, at };
}

describe('writes locked by the item’s own state', () => {
  it('a draft event is deleted; a published one is refused with 409 and stays readable', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const draft = await request(app).post('/v1/events').set(headers).send(event);
    expect((await request(app).delete(`/v1/events/${draft.body.id}`).set(headers)).status).toBe(204);
    const published = await publishedEvent();
    const refused = await request(published.app).delete(published.at).set(headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual(expect.objectContaining({ code: expect.any(String), message: expect.any(String) }));
    const read = await request(published.app).get(published.at).set(headers);
    expect(read.status).toBe(200);
    expect(read.body.status).toBe('published');
  });

  it('a cancelled event takes no change, and keeps its title', async () => {
    const { app, at } = await publishedEvent();
    expect((await request(app).patch(at).set(headers).send({ title: 'While published' })).status).toBe(200);
    expect((await request(app).post(`${at}/cancel`).set(headers)).status).toBe(200);
    const refused = await request(app).patch(at).set(headers).send({ title: 'After cancel' });
    expect(refused.status).toBe(409);
    expect((await request(app).get(at).set(headers)).body.title).toBe('While published');
  });
});

describe('actions from the states their words draw', () => {
  it('complete starts only from published: a draft event is refused and stays a draft', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const draft = await request(app).post('/v1/events').set(headers).send(event);
    const at = `/v1/events/${draft.body.id}`;
    const refused = await request(app).post(`${at}/complete`).set(headers);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/starts only from "published"/);
    expect((await request(app).get(at).set(headers)).body.status).toBe('draft');
  });

  it('cancel starts from draft and from published', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const draft = await request(app).post('/v1/events').set(headers).send(event);
    expect((await request(app).post(`/v1/events/${draft.body.id}/cancel`).set(headers)).status).toBe(200);
    const { app: other, at } = await publishedEvent();
    expect((await request(other).post(`${at}/cancel`).set(headers)).status).toBe(200);
  });
});

describe('spans the words order', () => {
  it('an event ending as it starts, or before, gets the 400 the words give; one ending later is made', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const count = async () => (await request(app).get('/v1/events?limit=100').set(headers)).body.items.length;
    const before = await count();
    for (const endsAt of ['2050-01-01T10:00:00Z', '2050-01-01T09:00:00Z']) {
      const refused = await request(app)
        .post('/v1/events')
        .set(headers)
        .send({ ...event, endsAt });
      expect(refused.status).toBe(400);
      expect(refused.body.message).toMatch(/endsAt must be later than startsAt/);
    }
    expect(await count()).toBe(before);
    expect((await request(app).post('/v1/events').set(headers).send(event)).status).toBe(201);
  });
});
