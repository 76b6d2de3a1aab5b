// A service that closes the connection on a body past its limit (the run's 2 MiB probe) refuses it
// without an answer: a note, for the document sets no limit; a reset on an ordinary body stays a
// transport failure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { type RunningFixture, sendJson as send, serveOnLoopback } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const note = { type: 'object', required: ['text'], properties: { text: { type: 'string', maxLength: 40 } } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'notes', version: '1' },
  paths: {
    '/notes': {
      post: {
        requestBody: { required: true, content: json(note) },
        responses: { '201': { description: 'made', content: json(note) }, '400': { description: 'bad' } },
      },
    },
  },
});

/** Reads the body up to `limit` bytes, and past it destroys the connection unanswered. */
function noteDesk(limit: number) {
  return (req: IncomingMessage, res: ServerResponse) =>
    new Promise<void>((resolve) => {
      let size = 0;
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > limit) {
          req.destroy();
          resolve();
        } else chunks.push(chunk);
      });
      req.on('end', () => {
        let body: unknown;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
        } catch {
          body = undefined;
        }
        const text = (body as { text?: unknown } | undefined)?.text;
        const valid =
          typeof body === 'object' &&
          body !== null &&
          !Array.isArray(body) &&
          typeof text === 'string' &&
          text.length <= 40;
        send(res, valid ? 201 : 400, valid ? { text } : { message: 'bad note' });
        resolve();
      });
    });
}

let server: RunningFixture | undefined;
afterEach(async () => server?.close());

async function transportFindings(limit: number) {
  server = await serveOnLoopback('', noteDesk(limit), (res) => send(res, 400, {}));
  const report = await runConformance({ target: { baseUrl: server.baseUrl }, contract, seed: 5, runs: 5 });
  const all = [...report.violations, ...report.notes];
  return {
    failures: report.violations.filter((v) => v.code === 'transport_failure').length,
    notes: all.filter((v) => v.code === 'transport_failure' && v.severity === 'note').length,
  };
}

describe('a body past the service limit', () => {
  it('is a note where the connection is closed on the 2 MiB probe alone', async () => {
    expect(await transportFindings(1_000_000)).toEqual({ failures: 0, notes: 1 });
  });

  it('stays a failure where ordinary bodies are cut off too', async () => {
    expect((await transportFindings(20)).failures).toBeGreaterThan(0);
  });
});
