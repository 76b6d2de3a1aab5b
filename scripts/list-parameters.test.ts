// Parameters that are lists, required in the query and in the path: an empty list sends no field
// (or an empty path segment), which the mock rightly reads as missing. The runner's valid cases
// must hold one item at least, whatever the seed (seed 3 sent an empty list before).
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Lists, version: '1' }
paths:
  /pets/{ids}:
    get:
      parameters:
        - { name: status, in: query, required: true, explode: true, schema: { type: array, items: { type: string, enum: [available, sold] } } }
        - { name: ids, in: path, required: true, schema: { type: array, items: { type: integer } } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
        '400': { description: bad }
`;

describe('list parameters', () => {
  it.each([1, 2, 3, 4])('are sent with one item at least (seed %i)', async (seed) => {
    const file = join(mkdtempSync(join(tmpdir(), 'lists-')), 'lists.yaml');
    writeFileSync(file, DOCUMENT);
    const contract = await loadContract(file);
    const result = await runConformance({ target: { app: createMockApp({ contract }) }, contract, seed, runs: 10 });
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
