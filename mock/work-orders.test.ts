// The life of an item whose words the model reads beyond its schema: numbers that start where the
// schema's minimum says, lines of two forms (a union) each filled in as its own form, totals the
// words compute from other members, and writes under a parent its words lock to some states.
import fc from 'fast-check';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Workshop, version: '1' }
paths:
  /parts:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Part' } }, example: [{ sku: CH-1, unitPrice: 250 }] } } } }
  /parts/{sku}:
    parameters: [{ name: sku, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Part' } } } }
        '404': { description: none }
  /work-orders:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/WorkOrder' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewWorkOrder' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/WorkOrder' } } } } }
  /work-orders/{number}:
    parameters: [{ name: number, in: path, required: true, schema: { type: integer, minimum: 1000 } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/WorkOrder' } } } }
        '404': { description: none }
  /work-orders/{number}/start:
    parameters: [{ name: number, in: path, required: true, schema: { type: integer, minimum: 1000 } }]
    post:
      description: Moves an \`open\` work order to \`in_progress\`.
      responses:
        '200': { description: started, content: { application/json: { schema: { $ref: '#/components/schemas/WorkOrder' } } } }
        '404': { description: none }
        '409': { description: not open }
  /work-orders/{number}/remind:
    parameters: [{ name: number, in: path, required: true, schema: { type: integer, minimum: 1000 } }]
    post:
      description: Only for an \`in_progress\` work order (409 otherwise). Sends the customer a reminder.
      responses:
        '200': { description: reminded, content: { application/json: { schema: { $ref: '#/components/schemas/WorkOrder' } } } }
        '404': { description: none }
        '409': { description: not in progress }
  /work-orders/{number}/lines:
    parameters: [{ name: number, in: path, required: true, schema: { type: integer, minimum: 1000 } }]
    get:
      responses:
        '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Line' } } } } }
        '404': { description: none }
    post:
      description: >-
        Lines can be added only while the work order is \`open\` (409 otherwise).
        A labour line is charged by the hour: \`lineTotal\` = \`minutes\` / 60 × 1200.
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewLine' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Line' } } } }
        '404': { description: none }
        '409': { description: locked }
        '422': { description: no such part }
  /work-orders/{number}/lines/{lineNo}:
    parameters:
      - { name: number, in: path, required: true, schema: { type: integer, minimum: 1000 } }
      - { name: lineNo, in: path, required: true, schema: { type: integer, minimum: 1 } }
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Line' } } } }
        '404': { description: none }
    delete:
      description: Lines can be removed only while the work order is \`open\` (409 otherwise).
      responses: { '204': { description: gone }, '404': { description: none }, '409': { description: locked } }
components:
  schemas:
    Part:
      type: object
      required: [sku, unitPrice]
      properties: { sku: { type: string }, unitPrice: { type: integer, minimum: 0 } }
    NewWorkOrder:
      type: object
      required: [bike]
      properties:
        bike: { type: string }
        promisedDate: { type: string, format: date, description: 'Not before today (400 otherwise).' }
    WorkOrder:
      type: object
      required: [number, bike, status]
      properties:
        number: { type: integer, minimum: 1000, readOnly: true, description: 'From one sequence, starting at 1000.' }
        bike: { type: string }
        promisedDate: { type: string, format: date }
        status: { type: string, enum: [open, in_progress, done], readOnly: true }
    NewLine:
      oneOf:
        - type: object
          required: [kind, sku, quantity]
          properties: { kind: { type: string, enum: [part] }, sku: { type: string }, quantity: { type: integer, minimum: 1, maximum: 20 } }
        - type: object
          required: [kind, minutes]
          properties: { kind: { type: string, enum: [labour] }, minutes: { type: integer, minimum: 1, maximum: 600 } }
    Line:
      oneOf:
        - type: object
          required: [lineNo, kind, sku, quantity, unitPrice, lineTotal]
          properties:
            lineNo: { type: integer, minimum: 1, readOnly: true }
            kind: { type: string, enum: [part] }
            sku: { type: string }
            quantity: { type: integer, minimum: 1, maximum: 20 }
            unitPrice: { type: integer, minimum: 0, readOnly: true, example: 250 }
            lineTotal: { type: integer, minimum: 0, readOnly: true, description: '\`unitPrice\` × \`quantity\`.' }
        - type: object
          required: [lineNo, kind, minutes, lineTotal]
          properties:
            lineNo: { type: integer, minimum: 1, readOnly: true }
            kind: { type: string, enum: [labour] }
            minutes: { type: integer, minimum: 1, maximum: 600 }
            lineTotal: { type: integer, minimum: 0, readOnly: true }
`;

async function workshop() {
  return mockOfDocument(DOCUMENT, 'workshop');
}

describe('a work order and its lines', () => {
  it('numbers work orders from the schema minimum, and reads them there', async () => {
    const app = await workshop();
    const made = await request(app).post('/work-orders').send({ bike: 'red tandem' }).expect(201);
    expect(made.body.number).toBeGreaterThanOrEqual(1000);
    const read = await request(app).get(`/work-orders/${made.body.number}`).expect(200);
    expect(read.body).toMatchObject({ bike: 'red tandem', status: 'open' });
    const listed = (await request(app).get('/work-orders').expect(200)).body as { number: number }[];
    expect(listed.every((order) => order.number >= 1000)).toBe(true);
  });

  it("fills in each line as its own form, its total as the form's words compute it", async () => {
    const app = await workshop();
    const { number } = (await request(app).post('/work-orders').send({ bike: 'blue' }).expect(201)).body;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 20 }), fc.integer({ min: 1, max: 600 }), async (quantity, minutes) => {
        const part = (
          await request(app).post(`/work-orders/${number}/lines`).send({ kind: 'part', sku: 'CH-1', quantity })
        ).body;
        expect(part).toMatchObject({ kind: 'part', sku: 'CH-1', quantity });
        expect(part.lineTotal).toBe(part.unitPrice * quantity);
        expect(part).not.toHaveProperty('minutes');
        const labour = (await request(app).post(`/work-orders/${number}/lines`).send({ kind: 'labour', minutes })).body;
        expect(labour).toMatchObject({ kind: 'labour', minutes, lineTotal: Math.round((minutes / 60) * 1200) });
        expect(labour).not.toHaveProperty('unitPrice');
      }),
      { numRuns: 15 },
    );
  });

  it('refuses lines added or removed once the work order is no longer open, and changes nothing', async () => {
    const app = await workshop();
    const { number } = (await request(app).post('/work-orders').send({ bike: 'green' }).expect(201)).body;
    const line = (await request(app).post(`/work-orders/${number}/lines`).send({ kind: 'labour', minutes: 30 })).body;
    await request(app).post(`/work-orders/${number}/start`).expect(200);
    const refused = await request(app)
      .post(`/work-orders/${number}/lines`)
      .send({ kind: 'labour', minutes: 60 })
      .expect(409);
    expect(refused.body.message).toMatch(/in_progress/);
    await request(app).delete(`/work-orders/${number}/lines/${line.lineNo}`).expect(409);
    const lines = (await request(app).get(`/work-orders/${number}/lines`).expect(200)).body;
    expect(lines).toEqual([line]);
  });

  it('refuses an action that moves no state from the states its words exclude, and leaves the state', async () => {
    const app = await workshop();
    const { number } = (await request(app).post('/work-orders').send({ bike: 'grey' }).expect(201)).body;
    await request(app).post(`/work-orders/${number}/remind`).expect(409);
    await request(app).post(`/work-orders/${number}/lines`).send({ kind: 'labour', minutes: 15 }).expect(201);
    await request(app).post(`/work-orders/${number}/start`).expect(200);
    const reminded = await request(app).post(`/work-orders/${number}/remind`).expect(200);
    expect(reminded.body).toMatchObject({ number, status: 'in_progress' });
  });

  it('refuses a member its words keep out of the past, naming it, and takes today', async () => {
    const app = await workshop();
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const refused = await request(app)
      .post('/work-orders')
      .send({ bike: 'old', promisedDate: day(-1) })
      .expect(400);
    expect(refused.body.message).toMatch(/promisedDate.*before today/);
    await request(app)
      .post('/work-orders')
      .send({ bike: 'new', promisedDate: day(0) })
      .expect(201);
  });

  it('refuses a part line naming no part, whatever form the line takes', async () => {
    const app = await workshop();
    const { number } = (await request(app).post('/work-orders').send({ bike: 'black' }).expect(201)).body;
    const refused = await request(app)
      .post(`/work-orders/${number}/lines`)
      .send({ kind: 'part', sku: 'ZZ-9', quantity: 1 })
      .expect(422);
    expect(refused.body.message).toMatch(/sku/);
    expect((await request(app).get(`/work-orders/${number}/lines`).expect(200)).body).toEqual([]);
  });
});
