// A job started on an item: refused where the action's words start it only from some of the item's
// states, and its result member, which its words hold back ("Present only when `status` is
// `ready`"), left out until the job is done.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const one = (schema: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${schema}' } } }`;
const number = `[{ name: number, in: path, required: true, schema: { type: integer } }]`;
const DOCUMENT = `openapi: 3.0.3
info: { title: Invoices, version: '1' }
paths:
  /orders:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Order' } } } } } }
    post:
      requestBody: { required: true, content: ${one('NewOrder')} }
      responses: { '201': { description: made, content: ${one('Order')} } }
  /orders/{number}:
    parameters: ${number}
    get: { responses: { '200': { description: one, content: ${one('Order')} }, '404': { description: none } } }
  /orders/{number}/complete:
    parameters: ${number}
    post:
      description: '\`open\` → \`completed\`. From any other status, 409.'
      responses: { '200': { description: done, content: ${one('Order')} }, '404': { description: none }, '409': { description: not open } }
  /orders/{number}/invoice:
    parameters: ${number}
    post:
      description: Only for a \`completed\` order (409 otherwise). Starts an invoice job.
      responses:
        '202': { description: started, headers: { Location: { required: true, schema: { type: string } } }, content: ${one('Job')} }
        '404': { description: none }
        '409': { description: not completed }
  /jobs/{jobId}:
    parameters: [{ name: jobId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: the job, content: ${one('Job')} }, '404': { description: none } } }
components:
  schemas:
    NewOrder:
      type: object
      required: [item]
      properties: { item: { type: string } }
    Order:
      type: object
      required: [number, item, status]
      properties:
        number: { type: integer, readOnly: true }
        item: { type: string }
        status: { type: string, enum: [open, completed], readOnly: true }
    Job:
      type: object
      required: [id, status]
      properties:
        id: { type: string }
        status: { type: string, enum: [pending, ready] }
        pdfUrl: { type: string, format: uri, example: 'https://files.example/invoice.pdf', description: 'Present only when \`status\` is \`ready\`.' }
        finishedAt: { type: string, format: date-time, nullable: true, example: '2025-01-12T11:00:02Z' }
`;

describe('a job started on an item', () => {
  it('starts only from the states its words give, and holds its result back until done', async () => {
    const app = await mockOfDocument(DOCUMENT, 'invoices');
    const order = (await request(app).post('/orders').send({ item: 'bike' }).expect(201)).body;
    await request(app).post(`/orders/${order.number}/invoice`).expect(409);
    await request(app).post(`/orders/${order.number}/complete`).expect(200);
    const started = await request(app).post(`/orders/${order.number}/invoice`).expect(202);
    expect(started.body.status).toBe('pending');
    expect(started.body).not.toHaveProperty('pdfUrl');
    expect(started.body.finishedAt).toBeNull();
    let job = started.body;
    for (let tries = 0; tries < 20 && job.status !== 'ready'; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      job = (await request(app).get(`/jobs/${started.body.id}`).expect(200)).body;
      if (job.status !== 'ready') expect(job).not.toHaveProperty('pdfUrl');
    }
    expect(job).toMatchObject({ status: 'ready', pdfUrl: 'https://files.example/invoice.pdf' });
    // Done now, not when the document's example was.
    expect(Math.abs(Date.parse(job.finishedAt) - Date.now())).toBeLessThan(60_000);
  });
});

// An export started beside a list of the space's exports (the model reads a creation there), read
// at a path of its own: the job lives where its Location says, with an id of its schema's pattern
// and the space it works on, which its name ties to the starter's {key}.
const EXPORTS = `openapi: 3.0.3
info: { title: Wiki, version: '1' }
paths:
  /spaces/{key}/exports:
    parameters: [{ name: key, in: path, required: true, schema: { type: string } }]
    get:
      responses: { '200': { description: jobs, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Export' } } } } } }
    post:
      responses:
        '202': { description: started, headers: { Location: { required: true, schema: { type: string } } }, content: ${one('Export')} }
  /exports/{exportId}:
    parameters: [{ name: exportId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: the job, content: ${one('Export')} }, '404': { description: none } } }
components:
  schemas:
    Export:
      type: object
      required: [id, status, spaceKey]
      properties:
        id: { type: string, pattern: '^exp-[0-9]{4,}$' }
        status: { type: string, enum: [queued, running, done] }
        spaceKey: { type: string }
`;

describe('a job started beside its list', () => {
  it('is read where its Location says, with an id its pattern takes and the space it works on', async () => {
    const app = await mockOfDocument(EXPORTS, 'exports');
    const started = await request(app).post('/spaces/DOCS/exports').expect(202);
    expect(started.headers.location).toBe(`/exports/${started.body.id}`);
    expect(started.body.id).toMatch(/^exp-[0-9]{4,}$/);
    expect(started.body.spaceKey).toBe('DOCS');
    const read = await request(app).get(started.headers.location!).expect(200);
    expect(read.body.id).toBe(started.body.id);
  });
});

// A job started below a numbered item (`/sessions/{number}/certificates`) names it by a member of a
// number's type: the path's text typed as the member holds it.
const CERTIFICATES = `openapi: 3.0.3
info: { title: Courses, version: '1' }
paths:
  /sessions/{number}/certificates:
    parameters: [{ name: number, in: path, required: true, schema: { type: integer } }]
    post:
      responses:
        '202': { description: started, headers: { Location: { required: true, schema: { type: string } } }, content: ${one('Job')} }
  /jobs/{jobId}:
    parameters: [{ name: jobId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: the job, content: ${one('Job')} }, '404': { description: none } } }
components:
  schemas:
    Job:
      type: object
      required: [id, status, sessionNumber]
      properties:
        id: { type: string }
        status: { type: string, enum: [pending, done] }
        sessionNumber: { type: integer }
`;

describe('a job started below a numbered item', () => {
  it('names the item by a number, as its member holds it', async () => {
    const app = await mockOfDocument(CERTIFICATES, 'certificates');
    const started = await request(app).post('/sessions/4/certificates').expect(202);
    expect(started.body.sessionNumber).toBe(4);
    const read = await request(app).get(started.headers.location!).expect(200);
    expect(read.body.sessionNumber).toBe(4);
  });
});

// A job's result that is `oneOf: [null, Export]` (OpenAPI 3.1), null while pending: once done it
// holds an export, never the null.
const EXPORT_31 = `openapi: 3.1.0
info: { title: Stock, version: '1' }
paths:
  /exports:
    post:
      responses:
        '202': { description: started, headers: { Location: { required: true, schema: { type: string } } }, content: ${one('Job')} }
  /jobs/{jobId}:
    parameters: [{ name: jobId, in: path, required: true, schema: { type: string } }]
    get: { responses: { '200': { description: the job, content: ${one('Job')} }, '404': { description: none } } }
components:
  schemas:
    Job:
      type: object
      required: [id, status, result]
      properties:
        id: { type: string }
        status: { type: string, enum: [pending, done] }
        result:
          description: Null while pending; the export once done.
          oneOf:
            - type: 'null'
            - type: object
              required: [count]
              properties: { count: { type: integer, minimum: 0 } }
`;

describe('a job whose result is one of null and an export', () => {
  it('holds an export once done', async () => {
    const app = await mockOfDocument(EXPORT_31, 'export-31');
    const started = await request(app).post('/exports').expect(202);
    expect(started.body.result).toBeNull();
    let read = await request(app).get(started.headers.location!).expect(200);
    for (let tries = 0; read.body.status !== 'done' && tries < 40; tries++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      read = await request(app).get(started.headers.location!).expect(200);
    }
    expect(read.body.status).toBe('done');
    expect(read.body.result).toEqual({ count: expect.any(Number) });
  });
});
