// An item's list entries that carry an id of the service's (an invoice's lines, each `{id, …}` with
// `id` readOnly and required): an invoice made with lines keeps them, each given an id of its own,
// a line added below the invoice gets a new one, and a line is then removed by it. Members an entry's
// schema does not name are ignored, as they are for the item itself; an id sent for a line is too.
// A line past the list's `maxItems` is refused, and the invoice keeps what it held.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `
openapi: 3.0.3
info: { title: invoices, version: '1' }
paths:
  /invoices:
    get:
      responses:
        '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Invoice' } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/InvoiceCreate' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Invoice' } } } }
        '400': { description: bad }
  /invoices/{invoiceId}:
    parameters: [{ name: invoiceId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Invoice' } } } }
        '404': { description: none }
  /invoices/{invoiceId}/lines:
    parameters: [{ name: invoiceId, in: path, required: true, schema: { type: string } }]
    post:
      description: Appends a line to the invoice and answers the whole invoice.
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/LineCreate' } } } }
      responses:
        '201': { description: added, content: { application/json: { schema: { $ref: '#/components/schemas/Invoice' } } } }
        '400': { description: bad }
        '404': { description: none }
  /invoices/{invoiceId}/lines/{lineId}:
    parameters:
      - { name: invoiceId, in: path, required: true, schema: { type: string } }
      - { name: lineId, in: path, required: true, schema: { type: string } }
    delete:
      description: Removes the line and answers the whole invoice.
      responses:
        '200': { description: removed, content: { application/json: { schema: { $ref: '#/components/schemas/Invoice' } } } }
        '404': { description: none }
components:
  schemas:
    LineCreate:
      type: object
      required: [description, quantity]
      properties:
        description: { type: string, minLength: 1 }
        quantity: { type: integer, minimum: 1 }
    Line:
      type: object
      required: [id, description, quantity]
      properties:
        id: { type: string, readOnly: true }
        description: { type: string, minLength: 1 }
        quantity: { type: integer, minimum: 1 }
    InvoiceCreate:
      type: object
      properties:
        memo: { type: string }
        lines: { type: array, items: { $ref: '#/components/schemas/LineCreate' } }
    Invoice:
      type: object
      required: [id, lines]
      properties:
        id: { type: string, readOnly: true }
        memo: { type: string }
        lines: { type: array, maxItems: 2, items: { $ref: '#/components/schemas/Line' } }
`;

describe("an item's list entries with the service's ids", () => {
  it('keeps the lines an invoice is made with, each given an id of its own, undeclared members ignored', async () => {
    const app = await mockOfDocument(DOCUMENT, 'entry-ids');
    const made = await request(app)
      .post('/invoices')
      .send({
        memo: 'Q3',
        lines: [
          { description: 'a', quantity: 1, note: 'not in the schema', id: 'mine' },
          { description: 'b', quantity: 2 },
        ],
      });
    expect(made.status).toBe(201);
    const lines = made.body.lines as Record<string, unknown>[];
    expect(lines.map(({ description, quantity }) => ({ description, quantity }))).toEqual([
      { description: 'a', quantity: 1 },
      { description: 'b', quantity: 2 },
    ]);
    expect(lines.every((line) => typeof line.id === 'string' && line.id !== 'mine')).toBe(true);
    expect(new Set(lines.map((line) => line.id)).size).toBe(2);
    expect(lines[0]).not.toHaveProperty('note');
    const read = await request(app).get(`/invoices/${made.body.id}`);
    expect(read.body.lines).toEqual(lines);
  });

  it('gives a line added below the invoice a new id, by which it is removed', async () => {
    const app = await mockOfDocument(DOCUMENT, 'entry-ids');
    const made = await request(app)
      .post('/invoices')
      .send({ lines: [{ description: 'a', quantity: 1 }] });
    const added = await request(app)
      .post(`/invoices/${made.body.id}/lines`)
      .send({ description: 'c', quantity: 3, extra: true });
    expect(added.status).toBe(201);
    const [first, second] = added.body.lines as Record<string, unknown>[];
    expect(second).toEqual({ id: expect.any(String), description: 'c', quantity: 3 });
    expect(second!.id).not.toBe(first!.id);
    const removed = await request(app).delete(`/invoices/${made.body.id}/lines/${String(second!.id)}`);
    expect(removed.status).toBe(200);
    expect(removed.body.lines).toEqual([first]);
  });

  it("refuses a line past the list's maxItems with a documented status, the invoice unchanged", async () => {
    const app = await mockOfDocument(DOCUMENT, 'entry-ids');
    const made = await request(app)
      .post('/invoices')
      .send({ lines: [{ description: 'a', quantity: 1 }] });
    const second = await request(app).post(`/invoices/${made.body.id}/lines`).send({ description: 'b', quantity: 1 });
    expect(second.status).toBe(201);
    const third = await request(app).post(`/invoices/${made.body.id}/lines`).send({ description: 'c', quantity: 1 });
    expect(third.status).toBe(400);
    const read = await request(app).get(`/invoices/${made.body.id}`);
    expect(read.body.lines).toEqual(second.body.lines);
  });
});
