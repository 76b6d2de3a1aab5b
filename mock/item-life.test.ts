// The life of an item as a real service lives it, read from the document alone (the tracker fixture,
// written by someone who never read the mock): the caller owns what it makes, numbers count per
// parent, counts follow the children, defaults and nulls where nothing was sent, the example's
// parent holds its example children, HEAD answers as GET does, soft deletion and restore, a
// deletion for good takes the children along, and errors say their real reason in the document's
// own shape.
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = await loadContract(fileURLToPath(new URL('../fixtures/panels/tracker/openapi.yaml', import.meta.url)));
const KEY = 'item-life-test';
const auth = { Authorization: `Bearer ${KEY}` };
const fresh = () => createMockApp({ contract, apiKeys: [KEY] });

async function newProject(app: ReturnType<typeof fresh>, name = 'P') {
  const made = await request(app).post('/v1/projects').set(auth).send({ name });
  expect(made.status).toBe(201);
  return made.body as Record<string, unknown>;
}

describe('what the service fills in', () => {
  it('owner and author are the login the current-user operation answers; counts start at 0', async () => {
    const app = fresh();
    const me = await request(app).get('/v1/me').set(auth);
    expect(me.status).toBe(200);
    const project = await newProject(app);
    expect(project.owner).toBe(me.body.login);
    expect(project).toMatchObject({ issueCount: 0, description: null });
    const issue = await request(app).post(`/v1/projects/${project.id}/issues`).set(auth).send({ title: 'T' });
    expect(issue.body).toMatchObject({
      author: me.body.login,
      projectId: project.id,
      priority: 3, // the request schema's default
      body: null, // nullable, not sent
      state: 'open', // the state's first value
      closedAt: null,
      commentCount: 0,
    });
    const made = Date.parse(issue.body.createdAt);
    expect(Math.abs(made - Date.parse(String(issue.headers.date)))).toBeLessThan(5000);
  });

  it('numbers issues per project, never giving a number again', async () => {
    const app = fresh();
    const a = await newProject(app, 'A');
    const b = await newProject(app, 'B');
    const issue = (project: Record<string, unknown>) =>
      request(app).post(`/v1/projects/${project.id}/issues`).set(auth).send({ title: 'T' });
    expect((await issue(a)).body.number).toBe(1);
    expect((await issue(a)).body.number).toBe(2);
    expect((await issue(b)).body.number).toBe(1);
    expect((await request(app).delete(`/v1/projects/${a.id}/issues/2`).set(auth)).status).toBe(204);
    expect((await issue(a)).body.number).toBe(3);
  });

  it('keeps counts of children equal to the child lists, through creations and deletions', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.boolean(), { minLength: 1, maxLength: 8 }), async (steps) => {
        const app = fresh();
        const project = await newProject(app);
        const issues = `/v1/projects/${project.id}/issues`;
        const live: number[] = [];
        for (const create of steps) {
          if (create || live.length === 0) {
            live.push((await request(app).post(issues).set(auth).send({ title: 'T' })).body.number);
          } else {
            expect((await request(app).delete(`${issues}/${live.pop()}`).set(auth)).status).toBe(204);
          }
        }
        const listed = await request(app).get(issues).set(auth);
        const read = await request(app).get(`/v1/projects/${project.id}`).set(auth);
        expect(read.body.issueCount).toBe(listed.body.length);
        expect(listed.body.length).toBe(live.length);
      }),
      { numRuns: 15 },
    );
  });
});

describe('seeds that hang together', () => {
  it('the project the path examples name exists, with issues under it that name it', async () => {
    const app = fresh();
    const project = await request(app).get('/v1/projects/prj_demo').set(auth);
    expect(project.status).toBe(200);
    const issues = await request(app).get('/v1/projects/prj_demo/issues').set(auth);
    expect(issues.status).toBe(200);
    expect(issues.body.length).toBe(project.body.issueCount);
    expect(issues.body.length).toBeGreaterThan(0);
    for (const issue of issues.body) expect(issue.projectId).toBe('prj_demo');
    expect((await request(app).get('/v1/projects/prj_demo/issues/1').set(auth)).status).toBe(200);
  });

  it('a project the client made starts without issues', async () => {
    const app = fresh();
    const project = await newProject(app);
    const issues = await request(app).get(`/v1/projects/${project.id}/issues`).set(auth);
    expect(issues.body).toEqual([]);
  });
});

describe('HEAD, soft deletion, restore and cascades', () => {
  it('HEAD answers as GET without a body: 200, 404 for a missing issue, 410 for a deleted one', async () => {
    const app = fresh();
    const path = '/v1/projects/prj_demo/issues/1';
    const head = await request(app).head(path).set(auth);
    expect(head.status).toBe(200);
    expect(head.text ?? '').toBe('');
    expect((await request(app).head('/v1/projects/prj_demo/issues/999').set(auth)).status).toBe(404);
    expect((await request(app).delete(path).set(auth)).status).toBe(204);
    expect((await request(app).head(path).set(auth)).status).toBe(410);
  });

  it('a deleted issue answers 410, leaves the list and the count; restore brings it back; restoring a live one is 409', async () => {
    const app = fresh();
    const project = await newProject(app);
    const issues = `/v1/projects/${project.id}/issues`;
    await request(app).post(issues).set(auth).send({ title: 'T' });
    expect((await request(app).post(`${issues}/1/restore`).set(auth)).status).toBe(409);
    expect((await request(app).delete(`${issues}/1`).set(auth)).status).toBe(204);
    expect((await request(app).get(`${issues}/1`).set(auth)).status).toBe(410);
    expect((await request(app).get(`${issues}/1/comments`).set(auth)).status).toBe(410);
    expect((await request(app).get(`/v1/projects/${project.id}`).set(auth)).body.issueCount).toBe(0);
    const restored = await request(app).post(`${issues}/1/restore`).set(auth);
    expect(restored.status).toBe(200);
    expect(restored.body).toMatchObject({ number: 1, title: 'T' });
    expect((await request(app).get(issues).set(auth)).body).toHaveLength(1);
    expect((await request(app).get(`/v1/projects/${project.id}`).set(auth)).body.issueCount).toBe(1);
  });

  it('closing sets the state and its instant; closing again is refused', async () => {
    const app = fresh();
    const project = await newProject(app);
    const issues = `/v1/projects/${project.id}/issues`;
    await request(app).post(issues).set(auth).send({ title: 'T' });
    const closed = await request(app).post(`${issues}/1/close`).set(auth);
    expect(closed.status).toBe(200);
    expect(closed.body.state).toBe('closed');
    expect(typeof closed.body.closedAt).toBe('string');
    expect(Date.parse(closed.body.updatedAt)).toBeGreaterThanOrEqual(Date.parse(closed.body.createdAt));
    expect((await request(app).post(`${issues}/1/close`).set(auth)).status).toBe(409);
  });

  it('deleting a project for good takes its issues along', async () => {
    const app = fresh();
    const project = await newProject(app);
    await request(app).post(`/v1/projects/${project.id}/issues`).set(auth).send({ title: 'T' });
    expect((await request(app).delete(`/v1/projects/${project.id}`).set(auth)).status).toBe(204);
    expect((await request(app).get(`/v1/projects/${project.id}/issues/1`).set(auth)).status).toBe(404);
    expect((await request(app).get(`/v1/projects/${project.id}/issues`).set(auth)).status).toBe(404);
  });
});

describe('errors that tell the truth', () => {
  it('a 404 says which item is missing, in the document {error: {code, message}} shape', async () => {
    const app = fresh();
    const missing = await request(app).get('/v1/projects/prj_nowhere_else').set(auth);
    expect(missing.status).toBe(404);
    expect(missing.body.error.code).toBe('not_found');
    expect(missing.body.error.message).toContain('prj_nowhere_else');
  });
});

describe('a merge patch that removes a required member taking null', () => {
  const json = (schema: unknown) => ({ 'application/json': { schema } });
  const note = {
    type: 'object',
    required: ['id', 'text', 'reason'],
    properties: {
      id: { type: 'integer', readOnly: true },
      text: { type: 'string' },
      reason: { type: ['string', 'null'] },
    },
  };
  const contract = contractFromDocument({
    openapi: '3.1.0',
    info: { title: 'notes', version: '1' },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    security: [{ key: [] }],
    paths: {
      '/notes': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: note }) } } },
        post: {
          requestBody: { content: json(note) },
          responses: { '201': { description: 'made', content: json(note) } },
        },
      },
      '/notes/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
        get: { responses: { '200': { description: 'ok', content: json(note) }, '404': { description: 'none' } } },
        patch: {
          requestBody: { content: { 'application/merge-patch+json': { schema: { type: 'object' } } } },
          responses: { '200': { description: 'ok', content: json(note) }, '404': { description: 'none' } },
        },
      },
    },
  });

  it('leaves it null, and the item reads back so', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const made = await request(app).post('/notes').set(auth).send({ text: 'a', reason: 'why' });
    expect(made.status).toBe(201);
    const patched = await request(app)
      .patch(`/notes/${made.body.id}`)
      .set({ ...auth, 'Content-Type': 'application/merge-patch+json' })
      .send(JSON.stringify({ reason: null }));
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ text: 'a', reason: null });
    expect((await request(app).get(`/notes/${made.body.id}`).set(auth)).body.reason).toBeNull();
  });
});

describe('asynchronous jobs', () => {
  it('a 202 names its job; reads see it move to done in order, its result null until then', async () => {
    const app = fresh();
    const started = await request(app).post('/v1/projects/prj_demo/exports').set(auth);
    expect(started.status).toBe(202);
    expect(started.body).toMatchObject({ status: 'pending', result: null, projectId: 'prj_demo' });
    const location = started.headers.location!;
    const seen: string[] = [];
    for (let poll = 0; poll < 40 && seen.at(-1) !== 'done'; poll++) {
      const read = await request(app).get(location).set(auth);
      expect(read.status).toBe(200);
      expect(read.body.id).toBe(started.body.id);
      if (read.body.status === 'done') expect(read.body.result).not.toBeNull();
      else expect(read.body.result).toBeNull();
      if (seen.at(-1) !== read.body.status) seen.push(read.body.status);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(seen.at(-1)).toBe('done');
    const order = ['pending', 'running', 'done'];
    expect(seen.map((state) => order.indexOf(state))).toEqual([...seen.map((state) => order.indexOf(state))].sort());
  });

  it('a job never started is 404; the one the document names is there, done', async () => {
    const app = fresh();
    expect((await request(app).get('/v1/jobs/job_never_started').set(auth)).status).toBe(404);
    const named = await request(app).get('/v1/jobs/job_demo').set(auth);
    expect(named.status).toBe(200);
    expect(named.body.status).toBe('done');
  });
});
