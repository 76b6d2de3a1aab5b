// A page size past its documented maximum: many services clamp it to the maximum instead of
// refusing it, and the document does not say which. A clamped page is a note; a page longer than the
// maximum is still invalid input accepted. Judged with hand-written services, not the mock.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Pets, version: '1', description: LIMIT_WORDS }
paths:
  /pets:
    get:
      operationId: listPets
      parameters:
        - { name: limit, in: query, description: PARAM_WORDS, schema: { type: integer, minimum: 1, maximum: 50, default: 20 } }
      responses:
        '200':
          description: a page of pets
          content:
            application/json:
              schema:
                type: object
                required: [data]
                properties:
                  data: { type: array, items: { $ref: '#/components/schemas/Pet' } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
components:
  schemas:
    Pet:
      type: object
      required: [id, name]
      properties: { id: { type: string }, name: { type: string } }
`;

const PETS = Array.from({ length: 80 }, (_, index) => ({ id: `pet-${index}`, name: `Pet ${index}` }));

/** Lists the pets, a page of `limit` at most; past the maximum the page is `pastMaximum`'s. */
function service(pastMaximum: 'clamp' | 'all-asked') {
  const app = express();
  app.get('/pets', (req, res) => {
    const text = req.query.limit ?? '20';
    if (typeof text !== 'string' || !/^\d+$/.test(text) || Number(text) < 1)
      return res.status(400).json({ message: 'limit is a whole number from 1 to 50' });
    const asked = Number(text);
    const size = asked > 50 && pastMaximum === 'clamp' ? 50 : asked;
    res.json({ data: PETS.slice(0, size) });
  });
  return app;
}

async function run(pastMaximum: 'clamp' | 'all-asked', words = 'Pets are listed in pages.', own = 'The page size.') {
  const file = join(mkdtempSync(join(tmpdir(), 'clamped-')), 'pets.yaml');
  writeFileSync(
    file,
    DOCUMENT.replace('LIMIT_WORDS', JSON.stringify(words)).replace('PARAM_WORDS', JSON.stringify(own)),
  );
  const contract = await loadContract(file);
  return runConformance({ target: { app: service(pastMaximum) }, contract, seed: 1, runs: 10 });
}

describe('a page size past its maximum', () => {
  it('clamped to the maximum is a note, not a failure', async () => {
    const result = await run('clamp');
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.notes.map((note) => note.code)).toContain('page_size_clamped');
  });

  it('clamped where the words refuse a larger value is invalid input accepted; where they leave it open, a note', async () => {
    const refused = await run('clamp', '`limit` is at most 50; a larger value is refused with 400.');
    expect(refused.violations.map((violation) => violation.code)).toContain('invalid_input_accepted');
    const open = await run('clamp', 'A `limit` above 50 is either refused (400) or treated as 50.');
    expect(open.violations).toEqual([]);
    // The author's line break between the words, as a YAML block keeps it.
    const broken = await run('clamp', undefined, 'A value above 50 is either refused with 400 or\ntreated as 50.');
    expect(broken.violations).toEqual([]);
    // The parameter's own words, over sentences that do not repeat its name.
    const own = await run('clamp', undefined, 'Page size, 1 to 50. A value outside 1..50 is refused with 400.');
    expect(own.violations.map((violation) => violation.code)).toContain('invalid_input_accepted');
    // The document's error list: an invalid query parameter (a limit past its maximum is one) is 400.
    const listed = await run('clamp', 'Errors: `400` invalid query parameter (`invalid_parameter`).');
    expect(listed.violations.map((violation) => violation.code)).toContain('invalid_input_accepted');
    // Invalid values given a status, of query parameters or of the limit by name.
    for (const words of [
      '`400` is used for a body that is not valid JSON and for invalid query parameters.',
      '400 - the body is not JSON, or a query parameter is missing or invalid.',
      'Invalid `offset`/`limit` values are `400 validation_failed`.',
    ]) {
      const given = await run('clamp', words);
      expect(given.violations.map((violation) => violation.code)).toContain('invalid_input_accepted');
    }
  });

  it('answered with more items than the maximum is still invalid input accepted', async () => {
    const result = await run('all-asked');
    expect(result.exitCode).toBe(1);
    expect(result.violations.map((violation) => violation.code)).toContain('invalid_input_accepted');
  });
});
