// A list that silently stops at 100 items, where the document documents no paging: a created item
// past the cap is missing, and the finding says how much of the list was read, so the reader sees
// the cap. Hand-written service, not the mock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Notes, version: '1' }
paths:
  /notes:
    get:
      operationId: listNotes
      responses:
        '200':
          description: every note
          content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Note' } } } }
    post:
      operationId: createNote
      requestBody:
        required: true
        content: { application/json: { schema: { $ref: '#/components/schemas/NewNote' } } }
      responses:
        '201': { description: made, content: { application/json: { schema: { $ref: '#/components/schemas/Note' } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
components:
  schemas:
    NewNote:
      type: object
      required: [text]
      additionalProperties: false
      properties: { text: { type: string, minLength: 1, maxLength: 50 } }
    Note:
      type: object
      required: [id, text]
      properties: { id: { type: integer }, text: { type: string } }
`;

function service() {
  const notes = Array.from({ length: 120 }, (_, index) => ({ id: index + 1, text: `note ${index + 1}` }));
  const app = express();
  app.use(express.json({ strict: false }));
  app.get('/notes', (_req, res) => res.json(notes.slice(0, 100)));
  app.post('/notes', (req, res) => {
    const body = req.body as Record<string, unknown> | undefined;
    const valid =
      body !== null &&
      typeof body === 'object' &&
      !Array.isArray(body) &&
      Object.keys(body).every((key) => key === 'text') &&
      typeof body.text === 'string' &&
      [...body.text].length >= 1 &&
      [...body.text].length <= 50;
    if (!valid) return res.status(400).json({ message: 'text is 1 to 50 characters' });
    const note = { id: notes.length + 1, text: body.text as string };
    notes.push(note);
    res.status(201).json(note);
  });
  app.use((_error: unknown, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(400).json({ message: 'not JSON' });
  });
  return app;
}

describe('a list that stops at 100 items where the document documents no paging', () => {
  it('fails created_data_listed, saying how many items it read', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'capped-')), 'notes.yaml');
    writeFileSync(file, DOCUMENT);
    const contract = await loadContract(file);
    const result = await runConformance({ target: { app: service() }, contract, seed: 1, runs: 5 });
    const missing = result.violations.find((violation) => violation.code === 'created_item_missing');
    expect(missing?.check).toBe('created_data_listed');
    expect(missing?.message).toMatch(/\(100 item\(s\) read, every page the answers offered\)/);
    expect(result.exitCode).toBe(1);
  });
});
