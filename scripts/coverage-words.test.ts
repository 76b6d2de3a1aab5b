// The console's coverage block and its checks speak of one exchange in the same words: an
// undocumented status that no check failed says where it was judged. Hand-written service.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { consoleReport } from '../conformance/report/console.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = `openapi: 3.0.3
info: { title: Pets, version: '1' }
security: [{ bearer: [] }]
paths:
  /pets:
    get:
      operationId: listPets
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: array, items: { type: string } } } } }
components:
  securitySchemes:
    bearer: { type: http, scheme: bearer }
`;

describe('the coverage block', () => {
  it('says where an undocumented status was judged when no check failed it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'coverage-')), 'pets.yaml');
    writeFileSync(file, DOCUMENT);
    const contract = await loadContract(file);
    const app = express();
    app.get('/pets', (req, res) => {
      if (req.get('authorization') !== 'Bearer pets-key')
        return res.status(401).set('WWW-Authenticate', 'Bearer').json({ message: 'who are you?' });
      res.json(['Rex']);
    });
    const result = await runConformance({ target: { app }, contract, apiKey: 'pets-key', seed: 1, runs: 5 });
    expect(result.exitCode).toBe(0);
    const report = consoleReport(result, 'npm run conformance --');
    expect(report).toContain('listPets: 200 seen; undocumented seen: 401 (a note: a refusal the document leaves open)');
    expect(result.operations[0]!.checks.status_code_conformance!.outcome).toBe('passed');
  });
});
