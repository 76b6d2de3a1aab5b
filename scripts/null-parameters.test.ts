// A query, header or cookie has no null: a nullable parameter's null would go as the text "null",
// which a service may rightly refuse or read as a name ("no such owner: null"). The runner's valid
// cases never send it. Judged with a hand-written service that refuses the text "null".
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { loadContract } from '../spec/index.js';

const document = (version: '3.0.3' | '3.1.0') => `openapi: ${version}
info: { title: Nulls, version: '1' }
paths:
  /pets:
    get:
      parameters:
        - name: owner
          in: query
          schema: ${version === '3.0.3' ? '{ type: string, nullable: true, minLength: 1 }' : "{ type: [string, 'null'], minLength: 1 }"}
        - name: size
          in: query
          schema: ${version === '3.0.3' ? '{ type: integer, nullable: true }' : "{ anyOf: [{ type: integer }, { type: 'null' }] }"}
        - name: X-Colour
          in: header
          schema: ${version === '3.0.3' ? '{ type: string, nullable: true, enum: [red, blue, null] }' : '{ enum: [red, blue, null] }'}
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
`;

/** Refuses the text "null" where a pet's owner, size or colour is expected; else lists no pets. */
function service() {
  const app = express();
  app.get('/pets', (req, res) => {
    const sent = [req.query.owner, req.query.size, req.get('X-Colour')];
    if (sent.includes('null')) return res.status(400).json({ message: 'no such owner, size or colour: null' });
    if (req.query.size !== undefined && !/^-?\d+$/.test(String(req.query.size)))
      return res.status(400).json({ message: 'size is not an integer' });
    if (req.query.owner !== undefined && (typeof req.query.owner !== 'string' || req.query.owner === ''))
      return res.status(400).json({ message: 'owner is one non-empty name' });
    const colour = req.get('X-Colour');
    if (colour !== undefined && colour !== 'red' && colour !== 'blue')
      return res.status(400).json({ message: 'X-Colour is red or blue' });
    res.json([]);
  });
  return app;
}

describe('nullable parameters', () => {
  it.each([
    ['3.0.3', 1],
    ['3.0.3', 2],
    ['3.1.0', 1],
    ['3.1.0', 2],
  ] as const)('are never sent as the text "null" (OpenAPI %s, seed %i)', async (version, seed) => {
    const file = join(mkdtempSync(join(tmpdir(), 'nulls-')), 'nulls.yaml');
    writeFileSync(file, document(version));
    const contract = await loadContract(file);
    const result = await runConformance({ target: { app: service() }, contract, seed, runs: 30 });
    expect(result.violations.map((v) => `${v.check}: ${v.caseLabel}`)).toEqual([]);
    expect(result.exitCode).toBe(0);
  });
});
