// A member the words make a count of the item's changes ("`revision` grows by one") moves by one on
// every change and on each action the same words name; an action they do not name leaves it.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const itemPath = (verb: string) => `
  /pages/{pageId}/${verb}:
    parameters: [{ name: pageId, in: path, required: true, schema: { type: string } }]
    post:
      description: The page becomes \`${verb === 'publish' ? 'published' : 'archived'}\`.
      responses:
        '200': { description: moved, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }
        '404': { description: none }`;

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
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NewPage' } } } }
      responses:
        '200': { description: changed, content: { application/json: { schema: { $ref: '#/components/schemas/Page' } } } }
        '404': { description: none }
${itemPath('publish')}
${itemPath('archive')}
components:
  schemas:
    NewPage:
      type: object
      properties: { title: { type: string } }
    Page:
      type: object
      description: Every successful PATCH and publish is a change, and \`revision\` grows by one.
      required: [id, title, status, revision]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        status: { type: string, enum: [draft, published, archived], readOnly: true }
        revision: { type: integer, minimum: 1, readOnly: true }
`;

describe("a count of the item's changes", () => {
  it('grows by one on each change and each action its words name, and only those', async () => {
    const app = await mockOfDocument(DOCUMENT, 'pages');
    const page = (await request(app).post('/pages').send({ title: 'Intro' }).expect(201)).body;
    expect(page.revision).toBe(1);
    const patched = (await request(app).patch(`/pages/${page.id}`).send({ title: 'Intro, again' }).expect(200)).body;
    expect(patched.revision).toBe(2);
    const published = (await request(app).post(`/pages/${page.id}/publish`).expect(200)).body;
    expect(published).toMatchObject({ status: 'published', revision: 3 });
    const archived = (await request(app).post(`/pages/${page.id}/archive`).expect(200)).body;
    expect(archived).toMatchObject({ status: 'archived', revision: 3 });
    expect((await request(app).get(`/pages/${page.id}`).expect(200)).body.revision).toBe(3);
  });
});
