// Correct services that answer in their own way where the document leaves room, in front of the
// mock on other documents: the runner passes them, and still catches the fault beside each.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { type Contract, contractFromDocument, loadContract } from '../spec/index.js';
import { type Rewrites, startFront } from './front.js';

const KEY = 'unusual-Key-5150';
const load = (path: string) => loadContract(fileURLToPath(new URL(`../fixtures/${path}`, import.meta.url)));

async function runBehind(contract: Contract, rewrites: Rewrites) {
  const front = await startFront(createMockApp({ contract, apiKeys: [KEY] }), contract.basePath, rewrites);
  try {
    return await runConformance({ target: { baseUrl: front.baseUrl }, contract, apiKey: KEY, seed: 3, runs: 10 });
  } finally {
    front.close();
  }
}

/** Every object member whose value is null left out, at any depth: what many serialisers do. */
function dropNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(dropNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, dropNulls(member)]),
  );
}

describe('a serialiser that leaves nulls out', () => {
  it.each(['library-openapi.yaml', 'documents/shapes-openapi.yaml'])('passes on %s', async (path) => {
    const result = await runBehind(await load(path), { response: (answer) => dropNulls(answer) });
    expect(result.violations).toEqual([]);
  });

  it('is told apart from one that drops a value that was sent', async () => {
    const dropSubtitle = (answer: unknown) =>
      typeof answer === 'object' && answer !== null && !Array.isArray(answer)
        ? { ...answer, subtitle: undefined }
        : answer;
    const result = await runBehind(await load('library-openapi.yaml'), { response: dropSubtitle });
    expect(result.violations.map((violation) => violation.check)).toContain('created_data_echoed');
  });
});

describe('a service that compresses answers nobody asked to have compressed', () => {
  // RFC 9110 allows it; the runner judges the decoded body, as a browser would read it.
  it.each(['gzip', 'br', 'deflate'] as const)('passes with Content-Encoding: %s', async (encoding) => {
    const contract = await load('library-openapi.yaml');
    const result = await runBehind(contract, { encoding });
    expect(result.violations).toEqual([]);
    expect(result.requests).toBeGreaterThan(20);
  });

  it('is still caught when the decoded body breaks the contract', async () => {
    const contract = await load('library-openapi.yaml');
    const result = await runBehind(contract, {
      encoding: 'gzip',
      response: (answer) => (Array.isArray(answer) ? answer.map(() => 42) : answer),
    });
    expect(result.violations.map((violation) => violation.check)).toContain('response_schema_conformance');
  });
});

describe('a front server that refuses long URLs in its own shape (414, HTML)', () => {
  // Where the document covers 414 only by `default`, the limit is the front's: not judged by shape.
  it('passes where only default covers the status', async () => {
    const contract = await load('documents/default-errors-openapi.yaml');
    let refused = 0;
    const front = await startFront(createMockApp({ contract, apiKeys: [KEY] }), contract.basePath, {
      urlLimit: 20,
    });
    try {
      const result = await runConformance({
        target: { baseUrl: front.baseUrl },
        contract,
        apiKey: KEY,
        seed: 3,
        onExchange: (exchange) => {
          if (exchange.ok && exchange.response.status === 414) refused++;
        },
      });
      expect(refused).toBeGreaterThan(0);
      expect(result.violations).toEqual([]);
    } finally {
      front.close();
    }
  });
});

describe('a front server that reads request lines of 8 KiB (nginx, Node)', () => {
  // Wild strings run to 60,000 code points; in a URL they only drew 414 and 431 and tested nothing.
  it('is sent URLs it can read, parameters of any declared length included', async () => {
    const text = { type: 'string' };
    const contract = contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'notes', version: '1' },
      paths: {
        '/notes/{noteId}/copies': {
          post: {
            parameters: [
              { name: 'noteId', in: 'path', required: true, schema: text },
              { name: 'fields', in: 'query', schema: { type: 'array', items: text }, style: 'form', explode: false },
              { name: 'q', in: 'query', schema: text },
            ],
            requestBody: { content: { 'application/json': { schema: { type: 'object', properties: { to: text } } } } },
            responses: { '201': { description: 'made' }, '400': { description: 'bad' } },
          },
        },
      },
    });
    let refused = 0;
    let sent = 0;
    const front = await startFront(createMockApp({ contract, apiKeys: [KEY] }), contract.basePath, { urlLimit: 8192 });
    try {
      for (const seed of [1, 2, 3, 4]) {
        await runConformance({
          target: { baseUrl: front.baseUrl },
          contract,
          apiKey: KEY,
          seed,
          runs: 50,
          onExchange: (exchange) => {
            sent++;
            if (exchange.ok && exchange.response.status === 414) refused++;
          },
        });
      }
      expect(sent).toBeGreaterThan(200);
      expect(refused).toBe(0);
    } finally {
      front.close();
    }
  });
});

/** A create whose body has 120 strings of any length. */
function wideContract(mediaType = 'application/json', refusals = false): Contract {
  const wide = Object.fromEntries(Array.from({ length: 120 }, (_, i) => [`field${i}`, { type: 'string' }]));
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'wide', version: '1' },
    paths: {
      '/notes': {
        post: {
          requestBody: {
            required: true,
            content: { [mediaType]: { schema: { type: 'object', properties: wide } } },
          },
          responses: { '201': { description: 'made' }, ...(refusals ? { '400': { description: 'bad' } } : {}) },
        },
      },
    },
  });
}

describe('a front with a body size limit', () => {
  it('passes: a generated body past 64 KiB, a limit the document leaves open, may be refused with 413', async () => {
    const result = await runBehind(wideContract(), { bodyLimit: 100 * 1024 });
    expect(result.violations).toEqual([]);
    expect(result.notes.some((note) => note.message.includes('a body past a size limit'))).toBe(true);
  });

  it('passes where the document lists its own refusals: the deliberately oversized body may still get a 413', async () => {
    const result = await runBehind(wideContract('application/json', true), { bodyLimit: 1024 * 1024 });
    expect(result.violations).toEqual([]);
    expect(result.notes.some((note) => note.message.includes('a body past a size limit'))).toBe(true);
  });

  it('fails: a 413 for a valid body under 64 KiB is a refusal of valid input, not a size limit', async () => {
    const result = await runBehind(wideContract(), { bodyLimit: 16 * 1024 });
    expect(result.violations.map((v) => v.check)).toContain('positive_data_acceptance');
    expect(result.violations.some((v) => v.message.includes('413'))).toBe(true);
  });

  it.each(['application/json', 'application/x-www-form-urlencoded'])(
    'is sent %s bodies under 1 MiB (a common limit), however many long strings a schema allows',
    async (mediaType) => {
      let largest = 0;
      let padded = 0;
      const result = await runBehind(wideContract(mediaType), {
        refuse: (_method, _url, body, bytes) => {
          // The one deliberately oversized body is white space around a plain value: not generated.
          // (Only bodies that large are measured again: a 5,000-deep one would overflow the stack.)
          const isPadded =
            bytes >= 2 * 1024 * 1024 && body !== undefined && Buffer.byteLength(JSON.stringify(body)) < bytes / 2;
          if (isPadded) padded++;
          else largest = Math.max(largest, bytes);
          return false;
        },
      });
      expect(result.requests).toBeGreaterThan(10);
      expect(largest).toBeGreaterThan(1024);
      expect(largest).toBeLessThan(1024 * 1024);
      expect(padded).toBe(mediaType === 'application/json' ? 1 : 0);
    },
  );
});

describe('a service that refuses every PUT', () => {
  it('fails positive_data_acceptance once, and is not also said to have lost the change it refused', async () => {
    const contract = await load('documents/shop-openapi.yaml');
    const result = await runBehind(contract, { refuse: (method) => method === 'PUT' });
    const checks = new Set(result.violations.map((violation) => violation.check));
    expect(checks).toContain('positive_data_acceptance');
    expect(checks).not.toContain('item_changes_stored');
  });
});

/** Every date-time string written in UTC (…T08:30:00Z for …T10:30:00+02:00), as many stores do;
 * `shift` moves it by that many hours as well (a fault: another instant). */
function inUtc(value: unknown, shift = 0): unknown {
  if (Array.isArray(value)) return value.map((item) => inUtc(item, shift));
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?([Zz]|[+-]\d{2}:\d{2})$/.test(value)) {
    const time = Date.parse(value);
    return Number.isNaN(time) ? value : new Date(time + shift * 3_600_000).toISOString();
  }
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, inUtc(member, shift)]));
}

describe('a service that answers date-times in UTC', () => {
  it('passes: the same instant in another offset or precision is the value sent', async () => {
    const result = await runBehind(await load('documents/bookings-openapi.yaml'), {
      response: (answer) => inUtc(answer),
    });
    expect(result.violations).toEqual([]);
  });

  it('is told apart from one that stores another instant', async () => {
    const result = await runBehind(await load('documents/bookings-openapi.yaml'), {
      response: (answer) => inUtc(answer, 1),
    });
    expect(result.violations.map((v) => v.check)).toContain('created_data_echoed');
  });
});

describe('a service whose request model forbids extra members (FastAPI extra = "forbid")', () => {
  it('passes: its 422 for a creation carrying a client id is right, colliding or fresh', async () => {
    const document = await load('documents/fastapi-3.1-openapi.yaml');
    type Schema = Record<string, unknown>;
    const closed = JSON.parse(JSON.stringify(document.document)) as { components: { schemas: Record<string, Schema> } };
    for (const schema of Object.values(closed.components.schemas))
      if (schema.title === 'HeroCreate' || /Create$/.test(String(schema.title ?? '')))
        schema.additionalProperties = false;
    const contract = contractFromDocument(closed);
    const sentIds: number[] = [];
    const result = await runBehind(contract, {
      refuse: (method, _url, body) => {
        const carriesId = method === 'POST' && typeof body === 'object' && body !== null && 'id' in body;
        if (carriesId) sentIds.push(Number((body as { id: unknown }).id));
        return carriesId;
      },
      refuseStatus: 422,
    });
    expect(result.violations).toEqual([]);
    // Both the colliding id and a fresh one were sent, and refused.
    expect(sentIds.length).toBeGreaterThanOrEqual(2);
  });
});
