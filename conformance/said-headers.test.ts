// A response header the document declares but does not mark required is still required where the
// words promise it ("answers 202 with Location", "The answer carries the new ETag"); without such
// words, or with words that leave it open, its absence is no failure.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const job = { type: 'object', required: ['id'], properties: { id: { type: 'string' } } };

function documentSaying(words: string) {
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'jobs', version: '1' },
    paths: {
      '/exports': {
        post: {
          operationId: 'startExport',
          description: words,
          responses: {
            '202': {
              description: 'Accepted.',
              headers: { Location: { description: 'The job.', schema: { type: 'string' } } },
              content: json(job),
            },
          },
        },
      },
    },
  });
}

/** A service that starts a job and sends no Location. */
function withoutLocation(req: IncomingMessage, res: ServerResponse) {
  req.resume();
  req.on('end', () => {
    if (req.url !== '/exports' || req.method !== 'POST') return res.writeHead(404).end();
    res.writeHead(202, { 'content-type': 'application/json' }).end(JSON.stringify({ id: 'job_1' }));
  });
}

const missing = async (words: string) => {
  const result = await runConformance({
    target: { app: withoutLocation },
    contract: documentSaying(words),
    seed: 4,
    runs: 2,
  });
  return result.violations.filter((violation) => violation.code === 'missing_header');
};

describe('headers the words promise', () => {
  it('are required where the words say the answer carries them', async () => {
    expect(await missing('Starts an export and answers 202 with the job and Location /jobs/{jobId}.')).not.toEqual([]);
    expect(await missing('When no export runs, one is started and the answer is 202 with Location.')).not.toEqual([]);
  });

  it('stay optional where the words say nothing of them, or leave them open', async () => {
    expect(await missing('Starts an export.')).toEqual([]);
    expect(await missing('Starts an export; the answer may carry a Location.')).toEqual([]);
  });

  it('read a sentence the source wraps across lines as one', async () => {
    expect(await missing('Starts an export. Answers `202` with\n`Location: /jobs/{jobId}` and the job.')).not.toEqual(
      [],
    );
    expect(await missing('Starts an export. Answers `202` with the job.\n\n`Location` may be sent.')).toEqual([]);
  });
});
