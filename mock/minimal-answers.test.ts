// `Prefer: return=minimal` where the document ties it to a bodiless answer: a change that asks for
// it gets that status without a body (the change stored all the same); one that does not ask gets
// the item.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Pages, version: '1' }
paths:
  /pages:
    get:
      responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Page' } } } } } }
    post:
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewPage' } } } }
      responses: { '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } } }
  /pages/{pageId}:
    parameters: [{ name: pageId, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }
        '404': { description: none }
    patch:
      description: 'The answer is 200 with the page, or, when the request carries \`Prefer: return=minimal\`, 204 without a body.'
      parameters: [{ name: Prefer, in: header, schema: { type: string } }]
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewPage' } } } }
      responses:
        '200': { description: changed, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }
        '204': { description: 'changed, no body' }
        '404': { description: none }
components:
  schemas:
    NewPage:
      type: object
      properties: { title: { type: string } }
    Page:
      type: object
      required: [id, title]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
`;

describe('Prefer: return=minimal', () => {
  it('answers the bodiless status its words name, and stores the change', async () => {
    const app = await mockOfDocument(DOCUMENT, 'pages');
    const page = (await request(app).post('/pages').send({ title: 'Intro' }).expect(201)).body;
    const minimal = await request(app)
      .patch(`/pages/${page.id}`)
      .set('Prefer', 'return=minimal')
      .send({ title: 'Intro, again' })
      .expect(204);
    expect(minimal.text).toBe('');
    expect(minimal.headers['preference-applied']).toBe('return=minimal');
    expect((await request(app).get(`/pages/${page.id}`).expect(200)).body.title).toBe('Intro, again');
  });

  it('answers the item where the request does not ask', async () => {
    const app = await mockOfDocument(DOCUMENT, 'pages');
    const page = (await request(app).post('/pages').send({ title: 'Intro' }).expect(201)).body;
    const full = await request(app).patch(`/pages/${page.id}`).send({ title: 'Later' }).expect(200);
    expect(full.body).toEqual({ id: page.id, title: 'Later' });
  });
});
