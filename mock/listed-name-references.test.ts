// A list of names (`labels`) whose every value must name an item of a list keyed by name (GET
// /labels answering `{name, color}`, no item path): the mock refuses a body naming one the list does
// not hold, in creations and changes, with the status the words give, and takes listed ones.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { mockOfDocument } from '../fixtures/mock-of-document.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /labels:
    get:
      responses:
        '200':
          description: all
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Label' } } } }
  /notes:
    post:
      description: "Adds a note. Every label must name a member of the labels collection (\`GET /labels\`), otherwise the request is refused with \`422\`."
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NoteInput' } } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '400': { description: bad }
        '422': { description: unknown label }
  /notes/{id}:
    parameters: [{ name: id, in: path, required: true, schema: { type: string } }]
    get:
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '404': { description: none }
    put:
      description: "Replaces the note. Unknown labels are refused with \`422\`."
      requestBody: { required: true, content: { application/json: { schema: { $ref: '#/components/schemas/NoteInput' } } } }
      responses:
        '200': { description: replaced, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '404': { description: none }
        '422': { description: unknown label }
components:
  schemas:
    LabelName: { type: string, pattern: '^[a-z][a-z0-9-]{0,19}$' }
    Label:
      type: object
      required: [name, color]
      properties: { name: { $ref: '#/components/schemas/LabelName' }, color: { type: string, pattern: '^#[0-9a-f]{6}$' } }
    NoteInput:
      type: object
      required: [title]
      properties:
        title: { type: string, minLength: 1 }
        labels: { type: array, uniqueItems: true, items: { $ref: '#/components/schemas/LabelName' } }
    Note:
      type: object
      required: [id, title, labels]
      properties:
        id: { type: string, readOnly: true }
        title: { type: string }
        labels: { type: array, items: { $ref: '#/components/schemas/LabelName' } }
`;

describe('a list of names each naming a listed item', () => {
  it('refuses a name the list does not hold, in a creation and a change, and takes listed ones', async () => {
    const app = await mockOfDocument(DOCUMENT, 'notes');
    const listed = (await request(app).get('/labels').expect(200)).body as { name: string }[];
    expect(listed.length).toBeGreaterThan(0);
    const known = listed[0]!.name;
    const unknown = `zz${known}`.slice(0, 20);

    const made = await request(app)
      .post('/notes')
      .send({ title: 'a', labels: [known] })
      .expect(201);
    const refused = await request(app)
      .post('/notes')
      .send({ title: 'b', labels: [known, unknown] })
      .expect(422);
    expect(JSON.stringify(refused.body)).toContain('labels');

    await request(app)
      .put(`/notes/${made.body.id}`)
      .send({ title: 'c', labels: [unknown] })
      .expect(422);
    const kept = await request(app).get(`/notes/${made.body.id}`).expect(200);
    expect(kept.body).toMatchObject({ title: 'a', labels: [known] });
  });
});
