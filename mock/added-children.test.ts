// Children a change adds, served as the words say ("A change of `title` adds a revision; a change of
// `tags` alone does not"): the revision holds the page's title as it became.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const page = (name: string) => `{ application/json: { schema: { $ref: '#/components/schemas/${name}' } } }`;
const DOCUMENT = `openapi: 3.0.3
info: { title: Wiki, version: '1' }
paths:
  /pages:
    get: { responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Page' } } } } } } }
    post:
      requestBody: { required: true, content: ${page('Page')} }
      responses: { '201': { description: made, content: ${page('Page')} } }
  /pages/{pageId}:
    parameters: [{ name: pageId, in: path, required: true, schema: { type: integer } }]
    get: { responses: { '200': { description: one, content: ${page('Page')} }, '404': { description: none } } }
    patch:
      description: A change of \`title\` adds a revision; a change of \`tags\` alone does not.
      requestBody: { required: true, content: { application/json: { schema: { type: object, properties: { title: { type: string }, tags: { type: array, items: { type: string } } } } } } }
      responses: { '200': { description: changed, content: ${page('Page')} } }
  /pages/{pageId}/revisions:
    parameters: [{ name: pageId, in: path, required: true, schema: { type: integer } }]
    get: { responses: { '200': { description: all, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Revision' } } } } } } }
  /pages/{pageId}/revisions/{number}:
    parameters: [{ name: pageId, in: path, required: true, schema: { type: integer } }, { name: number, in: path, required: true, schema: { type: integer } }]
    get: { responses: { '200': { description: one, content: ${page('Revision')} }, '404': { description: none } } }
components:
  schemas:
    Page:
      type: object
      required: [id, title]
      properties: { id: { type: integer, readOnly: true }, title: { type: string }, tags: { type: array, items: { type: string } } }
    Revision:
      type: object
      required: [number, title]
      properties: { number: { type: integer, readOnly: true }, title: { type: string, readOnly: true } }
`;

describe('children a change adds, in the mock', () => {
  it('a change of the title lists one revision more, holding the new title; a change of the tags none', async () => {
    const app = await mockOfDocument(DOCUMENT, 'wiki');
    const made = (await request(app).post('/pages').send({ title: 'A', tags: [] }).expect(201)).body;
    const revisions = async () => (await request(app).get(`/pages/${made.id}/revisions`).expect(200)).body;
    const before = (await revisions()).length;
    await request(app).patch(`/pages/${made.id}`).send({ title: 'B' }).expect(200);
    const after = await revisions();
    expect(after).toHaveLength(before + 1);
    expect(after.at(-1).title).toBe('B');
    await request(app)
      .patch(`/pages/${made.id}`)
      .send({ tags: ['x'] })
      .expect(200);
    expect(await revisions()).toHaveLength(before + 1);
  });
});
