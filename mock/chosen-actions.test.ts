// One operation taking several actions by a member of its body (`{"action": "start"}`), their
// sources and targets drawn as arrows: the mock serves each value as its action (the state moves,
// a start from the wrong state is refused with 409), and a job that starts only from a state of its
// item ("Only for an order in status `completed`") is still a job: 202, a Location, a job read.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Orders, version: '1' }
paths:
  /orders:
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/OrderInput' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } } } }
  /orders/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } } }
        '404': { description: none }
  /orders/{id}/actions:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    post:
      description: |
        Moves the order through its life: \`open\` -> \`in_progress\` (action \`start\`) -> \`completed\`
        (action \`complete\`), or \`open\` -> \`cancelled\` (action \`cancel\`). Any other move is refused with \`409\`.
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [action]
              properties: { action: { type: string, enum: [start, complete, cancel] } }
      responses:
        '200': { description: moved, content: { application/json: { schema: { $ref: '#/components/schemas/Order' } } } }
        '400': { description: bad }
        '404': { description: none }
        '409': { description: not from here }
  /orders/{id}/invoice-jobs:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    post:
      description: "Starts the invoice. Only for an order in status \`completed\`: \`409\` otherwise."
      responses:
        '202':
          description: accepted
          headers: { Location: { required: true, schema: { type: string } } }
          content: { application/json: { schema: { $ref: '#/components/schemas/Job' } } }
        '404': { description: none }
        '409': { description: not completed }
  /invoice-jobs/{jobId}:
    parameters: [{ name: jobId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: the job, content: { application/json: { schema: { $ref: '#/components/schemas/Job' } } } }
        '404': { description: none }
components:
  schemas:
    OrderInput:
      type: object
      required: [title]
      properties: { title: { type: string } }
    Order:
      type: object
      required: [id, title, status]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        status: { type: string, enum: [open, in_progress, completed, cancelled], readOnly: true }
    Job:
      type: object
      required: [id, status, result]
      properties:
        id: { type: string }
        status: { type: string, enum: [pending, done] }
        result: { type: object, nullable: true, properties: { url: { type: string } } }
`;

describe('actions named by a body member', () => {
  it('moves the order as the value names, refusing a move from the wrong state', async () => {
    const app = await mockOfDocument(DOCUMENT, 'orders');
    const order = (await request(app).post('/orders').send({ title: 'a' }).expect(201)).body;
    expect(order.status).toBe('open');
    const act = (action: string) => request(app).post(`/orders/${order.id}/actions`).send({ action });

    await act('complete').expect(409);
    expect((await act('start').expect(200)).body.status).toBe('in_progress');
    await act('cancel').expect(409);
    await act('fly').expect(400);
    expect((await act('complete').expect(200)).body.status).toBe('completed');
    expect((await request(app).get(`/orders/${order.id}`).expect(200)).body.status).toBe('completed');
  });

  it("starts a job only from its item's state, as a job", async () => {
    const app = await mockOfDocument(DOCUMENT, 'orders');
    const order = (await request(app).post('/orders').send({ title: 'a' }).expect(201)).body;
    await request(app).post(`/orders/${order.id}/invoice-jobs`).expect(409);
    for (const action of ['start', 'complete'])
      await request(app).post(`/orders/${order.id}/actions`).send({ action }).expect(200);

    const started = await request(app).post(`/orders/${order.id}/invoice-jobs`).expect(202);
    expect(started.headers.location).toMatch(/\/invoice-jobs\/[^/]+$/);
    expect(started.body).toMatchObject({ status: 'pending', result: null });
    const jobId = String(started.headers.location).split('/').at(-1);
    await request(app).get(`/invoice-jobs/${jobId}`).expect(200);
  });
});
