// A delay the document allows (a delay parameter, or its words), longer than the run's deadline:
// the cases that missed it are not run, with the flag to raise it, and nothing fails. Where the
// document gives no reason to be slow, a missed deadline still fails. Hand-written services.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { loadContract } from '../spec/index.js';

const document = (slowPath: string, summary: string) => `openapi: 3.0.3
info: { title: Delays, version: '1' }
paths:
  ${slowPath}:
    get:
      operationId: slow
      summary: ${summary}
      parameters:
        - { name: delay, in: path, required: true, schema: { type: integer, minimum: 0, maximum: 10 } }
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
        '400': { description: bad, content: { application/json: { schema: { type: object } } } }
  /status:
    get:
      operationId: status
      responses:
        '200': { description: ok, content: { application/json: { schema: { type: object } } } }
`;

/** Answers /x/{n} after n × 100 ms; /status at once, or never when `statusHangs`. */
function service(statusHangs: boolean) {
  const app = express();
  app.get('/:prefix/:delay', (req, res) => {
    const delay = req.params.delay;
    if (!/^\d+$/.test(delay) || Number(delay) > 10) return res.status(400).json({ message: 'delay is 0 to 10' });
    setTimeout(() => res.json({ delayed: Number(delay) }), Number(delay) * 100);
  });
  app.get('/status', (_req, res) => {
    if (!statusHangs) res.json({ up: true });
  });
  return app;
}

async function run(slowPath: string, summary: string, statusHangs = false) {
  const file = join(mkdtempSync(join(tmpdir(), 'delays-')), 'delays.yaml');
  writeFileSync(file, document(slowPath, summary));
  const contract = await loadContract(file);
  return runConformance({ target: { app: service(statusHangs) }, contract, seed: 1, runs: 10, timeoutMs: 250 });
}

const unsentOf = (result: Awaited<ReturnType<typeof run>>, id: string) =>
  Object.keys(result.operations.find((operation) => operation.id === id)?.unsent ?? {}).join();

describe('a delay the document allows', () => {
  it.each([
    ['/delay/{delay}', 'Returns a response', 'a delay parameter'],
    ['/wait/{delay}', 'Returns a delayed response (max of 10 seconds).', 'its words'],
  ])('past the deadline is not run, never a failure (%s: %s)', async (path, summary) => {
    const result = await run(path, summary);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(unsentOf(result, 'slow')).toMatch(/a delay the document allows .*raise --timeout-ms/);
  });

  it('gives no cover to an operation the document does not allow to be slow', async () => {
    const result = await run('/delay/{delay}', 'Returns a response', true);
    expect(result.exitCode).toBe(1);
    expect(result.violations.filter((v) => v.operation === 'status').map((v) => v.check)).toContain('transport_errors');
  });
});
