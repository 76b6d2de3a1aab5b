// The envelope idioms judged with a server written by hand from the document (not the mock): the
// runner finds nothing in it and catches each planted fault; the mock serves the same document
// statefully (pages that end, ids in their format, Location), and --explain shows the model.
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { ENVELOPE_FAULTS, type EnvelopeFault, startEnvelopesServer } from '../fixtures/envelopes-server.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/envelopes-openapi.yaml', import.meta.url));
const WRAPPED = fileURLToPath(new URL('../fixtures/documents/wrapped-pages-openapi.yaml', import.meta.url));
const KEY = 'envelope-Key-1';
const contract = await loadContract(DOCUMENT);
const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function runAgainst(fault: EnvelopeFault | undefined, seed: number) {
  const server = await startEnvelopesServer({ key: KEY, ...(fault ? { fault } : {}) });
  servers.push(server);
  return runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed, runs: 10 });
}

describe('the envelopes document against a server written by hand', () => {
  it.each([1, 2])('finds nothing in the correct server (seed %i)', async (seed) => {
    const result = await runAgainst(undefined, seed);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  const expected: Record<EnvelopeFault, string> = {
    'cursor-skips-one': 'created_data_listed',
    'has-more-always-false': 'created_data_listed',
    'note-not-stored': 'created_item_readable',
    'customer-unwrapped-list': 'response_schema_conformance',
    'location-of-another-note': 'api_idioms_honoured',
    'notes-page-over-limit': 'api_idioms_honoured',
    'author-filter-ignored': 'api_idioms_honoured',
  };
  for (const fault of Object.keys(ENVELOPE_FAULTS) as EnvelopeFault[]) {
    it.each([1, 2])(`catches ${fault} (seed %i)`, async (seed) => {
      const result = await runAgainst(fault, seed);
      expect(result.exitCode).toBe(1);
      expect(result.violations.map((v) => v.check)).toContain(expected[fault]);
    });
  }
});

describe('the mock of the envelopes document', () => {
  const app = createMockApp({ contract, apiKeys: [KEY] });
  const auth = { Authorization: `Bearer ${KEY}` };

  it('creates notes with uuid ids and a Location, and pages them to a null next_cursor', async () => {
    const created: string[] = [];
    for (const text of ['one', 'two', 'three', 'four']) {
      const answer = await request(app).post('/v1/notes').set(auth).send({ text });
      expect(answer.status).toBe(201);
      expect(answer.body.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(answer.headers.location).toBe(`/v1/notes/${answer.body.id}`);
      created.push(answer.body.id);
    }
    const seen: string[] = [];
    let cursor: string | null = null as string | null;
    for (let page = 0; page < 20; page++) {
      const answer: request.Response = await request(app)
        .get('/v1/notes')
        .query({ limit: 2, ...(cursor ? { cursor } : {}) })
        .set(auth);
      expect(answer.status).toBe(200);
      expect(answer.body.data.length).toBeLessThanOrEqual(2);
      seen.push(...answer.body.data.map((note: { id: string }) => note.id));
      cursor = answer.body.next_cursor;
      if (cursor === null) break;
    }
    expect(cursor).toBeNull();
    expect(new Set(seen).size).toBe(seen.length);
    expect(seen).toEqual(expect.arrayContaining(created));
    expect((await request(app).get('/v1/notes').query({ cursor: 'made-up' }).set(auth)).status).toBe(400);
  });

  it('pages customers as Stripe does: has_more, the next page after an id', async () => {
    for (let n = 0; n < 3; n++)
      expect(
        (
          await request(app)
            .post('/v1/customers')
            .set(auth)
            .send({ email: `c${n}@x.test` })
        ).status,
      ).toBe(200);
    const first = await request(app).get('/v1/customers').query({ limit: 2 }).set(auth);
    expect(first.body).toMatchObject({ object: 'list', has_more: true });
    const last = first.body.data.at(-1).id;
    const second = await request(app).get('/v1/customers').query({ limit: 100, starting_after: last }).set(auth);
    expect(second.body.has_more).toBe(false);
    expect(second.body.data.map((c: { id: string }) => c.id)).not.toContain(last);
  });
});

describe('the mock of the wrapped-pages document', () => {
  it('wraps one droplet, pages by number with links and a total, and answers volumes with Link headers', async () => {
    const app = createMockApp({ contract: await loadContract(WRAPPED), apiKeys: [KEY] });
    const auth = { Authorization: `Bearer ${KEY}` };
    const made = await request(app).post('/v2/droplets').set(auth).send({ name: 'web', size: 's-1vcpu-1gb' });
    expect(made.status).toBe(202);
    expect(made.body.droplet).toMatchObject({ name: 'web', size: 's-1vcpu-1gb' });
    // An accepted job: new at first, read once, then done (active).
    expect(made.body.droplet.status).toBe('new');
    const read = await request(app).get(`/v2/droplets/${made.body.droplet.id}`).set(auth);
    expect(read.body).toEqual({ droplet: made.body.droplet });
    const later = await request(app).get(`/v2/droplets/${made.body.droplet.id}`).set(auth);
    expect(later.body.droplet.status).toBe('active');
    const page = await request(app).get('/v2/droplets').query({ per_page: 1 }).set(auth);
    expect(page.body.droplets).toHaveLength(1);
    expect(page.body.meta.total).toBeGreaterThan(1);
    expect(page.body.links.pages.next).toMatch(/^http:\/\/.*[?&]page=2/);
    const volumes = await request(app).get('/v2/volumes').query({ per_page: 1 }).set(auth);
    expect(volumes.headers.link).toMatch(/<http:\/\/[^>]*page=2[^>]*>; rel="next"/);
    expect(Number(volumes.headers['x-total-count'])).toBeGreaterThan(1);
    const all = await request(app).get('/v2/volumes').query({ per_page: 200 }).set(auth);
    expect(all.headers.link).toBeUndefined();
  });

  it('--explain prints the model it serves', () => {
    const cli = fileURLToPath(new URL('../dist/mock/cli.js', import.meta.url));
    const text = execFileSync(process.execPath, [cli, '--spec', WRAPPED, '--explain']).toString();
    expect(text).toMatch(/\/droplets\n {2}id: {10}id \(integer\)\n {2}items: {7}in droplets\n {2}item: {8}droplet/);
    expect(text).toMatch(
      /paging: +page \(page\), limit per_page up to 200, next in links\.pages\.next \(a URL\), total in meta\.total/,
    );
    const json = JSON.parse(
      execFileSync(process.execPath, [cli, '--spec', DOCUMENT, '--explain', '--json']).toString(),
    );
    const notes = json.resources.find((r: { path: string }) => r.path === '/notes');
    expect(notes).toMatchObject({ id: { format: 'uuid' }, list: { items: 'data' }, creationStatus: 201 });
    expect(notes.location.pointer).toBe('#/paths/~1notes/post');
  });
});
