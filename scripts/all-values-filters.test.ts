// A filter of several values whose words say an item must hold them all ("only vets that have ALL
// of these tags"): sent with two values an item holds, every item listed must hold both. Judged with
// a hand-written service and a copy that reads only the first value.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Vets, version: '1' }
paths:
  /vets:
    get:
      parameters:
        - name: tags
          in: query
          description: Only vets that have ALL of these tags (e.g. tags=cats&tags=dogs).
          style: form
          explode: true
          schema: { type: array, maxItems: 5, items: { type: string, minLength: 1, maxLength: 20 } }
      responses:
        '200': { description: vets, content: { application/json: { schema: { type: array, items: { $ref: '#/components/schemas/Vet' } } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
  /vets/{vetId}:
    get:
      parameters: [{ name: vetId, in: path, required: true, schema: { type: string } }]
      responses:
        '200': { description: one, content: { application/json: { schema: { $ref: '#/components/schemas/Vet' } } } }
        '404': { description: none, content: { application/json: { schema: { type: object } } } }
components:
  schemas:
    Vet:
      type: object
      required: [id, name, tags]
      properties:
        id: { type: string }
        name: { type: string }
        tags: { type: array, items: { type: string } }
`;

// The first vet's first tag is the rarer one (only Ada and Di hold cats, and both hold dogs): a
// service reading only the first value shows it when the two are sent the other way round.
const VETS = [
  { id: 'v1', name: 'Ada', tags: ['cats', 'dogs'] },
  { id: 'v2', name: 'Bo', tags: ['dogs'] },
  { id: 'v3', name: 'Cy', tags: ['dogs', 'birds'] },
  { id: 'v4', name: 'Di', tags: ['dogs', 'cats'] },
];

/** Lists the vets holding every tag asked, or (`firstOnly`) only the first tag asked. */
function service(firstOnly: boolean) {
  const app = express();
  app.get('/vets', (req, res) => {
    const raw = req.query.tags;
    const tags = raw === undefined ? [] : Array.isArray(raw) ? raw.map(String) : [String(raw)];
    if (tags.length > 5 || tags.some((tag) => tag.length < 1 || tag.length > 20))
      return res.status(400).json({ message: 'tags: 1 to 5 of 1 to 20 characters' });
    const asked = firstOnly ? tags.slice(0, 1) : tags;
    res.json(VETS.filter((vet) => asked.every((tag) => vet.tags.includes(tag))));
  });
  app.get('/vets/:id', (req, res) => {
    const vet = VETS.find((one) => one.id === req.params.id);
    return vet ? res.json(vet) : res.status(404).json({ message: 'no such vet' });
  });
  return app;
}

const contract = await (async () => {
  const file = join(mkdtempSync(join(tmpdir(), 'vets-')), 'vets.yaml');
  writeFileSync(file, DOCUMENT);
  return loadContract(file);
})();

describe('a filter whose words say every value must be held', () => {
  it('passes a service that lists only vets holding every tag', async () => {
    const result = await runConformance({ target: { app: service(false) }, contract, seed: 1, runs: 5 });
    expect(result.violations.map((v) => `${v.check}: ${v.message}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  it('fails a service that filters by the first tag only', async () => {
    const result = await runConformance({ target: { app: service(true) }, contract, seed: 1, runs: 5 });
    expect(result.violations.map((v) => v.code)).toContain('filter_not_applied');
  });
});
