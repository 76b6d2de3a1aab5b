// Given another API's document, --spec alone makes the mock serve it and the runner test it.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/run.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';
import { startFront } from './front.js';

const contract = await loadContract(fileURLToPath(new URL('../fixtures/library-openapi.yaml', import.meta.url)));
const run = (app: RequestListener) => runConformance({ target: { app }, contract, apiKey: 'dev-key', seed: 31 });

/** The mock, with one deliberate fault in front of it. */
function brokenMock(fault: (req: IncomingMessage, res: ServerResponse) => boolean): RequestListener {
  const app = createMockApp({ contract, seed: null });
  return (req, res) => {
    if (!fault(req, res)) app(req, res);
  };
}

describe('the library API', () => {
  it('is mocked with state by shape (list, create, read) and passes the whole suite', async () => {
    const app = createMockApp({ contract, seed: null });
    expect(app.mock.operations.map((o) => o.behaviour?.kind)).toEqual(['list', 'create', 'read']);
    const result = await run(app);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    const getBook = result.operations.find((o) => o.id === 'getBook')!;
    expect(getBook.observedStatuses.sort()).toEqual([200, 401, 404]);
    expect(getBook.checks.created_item_readable!.outcome).toBe('passed');
  });

  it('catches a server error on a malformed path parameter', async () => {
    const result = await run(
      brokenMock((req, res) => {
        if (!/\/books\/not-a-number$/.test(req.url ?? '')) return false;
        res.writeHead(500, { 'content-type': 'application/json' }).end('{"code":"boom","status":500}');
        return true;
      }),
    );
    expect(result.violations.map((v) => v.check)).toContain('no_server_error');
  });

  it('catches a read that loses a field', async () => {
    const result = await run(
      brokenMock((req, res) => {
        if (req.method !== 'GET' || !/\/books\/\d+$/.test(req.url ?? '') || !req.headers.authorization) return false;
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            id: Number(req.url!.split('/').pop()),
            title: 'Other',
            isbn: '9780000000000',
            pages: 1,
            genre: 'fiction',
          }),
        );
        return true;
      }),
    );
    expect(result.violations.map((v) => v.check)).toContain('created_item_readable');
  });

  it('reports a created item that cannot be read back once, under created_item_readable', async () => {
    const result = await run(
      brokenMock((req, res) => {
        if (req.method !== 'GET' || !/\/books\/\d+$/.test(req.url ?? '') || !req.headers.authorization) return false;
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ code: 'not_found', message: 'No such book.', status: 404 }));
        return true;
      }),
    );
    const readBack = result.violations.filter((v) => v.caseLabel.includes('for an item just created'));
    expect(readBack.map((v) => v.check)).toEqual(['created_item_readable']);
  });

  it('catches a broken constraint that is accepted', async () => {
    const result = await run(
      brokenMock((req, res) => {
        if (req.method !== 'POST') return false;
        let body = '';
        req.on('data', (chunk: Buffer) => (body += chunk));
        req.on('end', () => {
          let sent: { title?: unknown };
          try {
            sent = JSON.parse(body) as { title?: unknown };
          } catch {
            res.writeHead(400, { 'content-type': 'application/json' }).end('{"code":"bad","status":400}');
            return;
          }
          res
            .writeHead(201, { 'content-type': 'application/json' })
            .end(
              JSON.stringify({ id: 1, title: String(sent?.title), isbn: '9780000000000', pages: 1, genre: 'fiction' }),
            );
        });
        return true;
      }),
    );
    const rejected = result.violations.filter((v) => v.check === 'negative_data_rejection').map((v) => v.caseLabel);
    expect(rejected.length).toBeGreaterThan(0);
  });
});

describe('a document whose constraints no generator can meet', () => {
  it('is tested as far as possible, without hanging', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const file = join(mkdtempSync(join(tmpdir(), 'impossible-')), 'openapi.yaml');
    writeFileSync(
      file,
      `openapi: 3.0.3
info: { title: Impossible, version: '1' }
paths:
  /things:
    post:
      requestBody:
        required: true
        content:
          application/json:
            schema:
              type: object
              required: [when, code, count]
              properties:
                when: { type: string, format: date-time, maxLength: 10 }
                code: { type: string, pattern: '^[A-Z]{3}$', minLength: 5 }
                count: { type: integer, minimum: 10, maximum: 5 }
      responses:
        '201': { description: created }
        '400': { description: refused }
`,
    );
    const impossible = await loadContract(file);
    const app = createMockApp({ contract: impossible, seed: null });
    const result = await runConformance({ target: { app }, contract: impossible, seed: 2 });
    // No valid body can be built, so only invalid and credential cases are sent; the run ends.
    expect(app.mock.operations.map((o) => o.behaviour?.kind)).toEqual(['respond']);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.requests).toBeGreaterThan(0);
  });
});

/** The mock behind a front that replaces the body of matching creations by an invalid one. */
const refusingFront = (refuse: (body: Record<string, unknown>) => boolean) =>
  startFront(createMockApp({ contract, seed: null }), contract.basePath, {
    request: (body) => (refuse(body) ? {} : body),
  });

describe.concurrent('bounds are tested exactly at the bound, whatever the seed', () => {
  it('the front that refuses nothing passes', async () => {
    const front = await refusingFront(() => false);
    try {
      const result = await runConformance({ target: { baseUrl: front.baseUrl }, contract, apiKey: 'dev-key', seed: 1 });
      expect(result.violations).toEqual([]);
    } finally {
      front.close();
    }
  });

  it.each([
    ['the longest title (maxLength 120)', (body: Record<string, unknown>) => String(body.title).length === 120],
    ['the most pages (maximum 5000)', (body: Record<string, unknown>) => body.pages === 5000],
    [
      'the most tags (maxItems 5)',
      (body: Record<string, unknown>) => Array.isArray(body.tags) && body.tags.length === 5,
    ],
  ])('a server refusing %s fails positive_data_acceptance', async (_what, refuse) => {
    const front = await refusingFront(refuse);
    try {
      for (const seed of [1, 2]) {
        const result = await runConformance({ target: { baseUrl: front.baseUrl }, contract, apiKey: 'dev-key', seed });
        expect(result.violations.map((v) => v.check)).toContain('positive_data_acceptance');
      }
    } finally {
      front.close();
    }
  });
});
