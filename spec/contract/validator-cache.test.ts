// Validators saved as code at the first start and evaluated at later ones judge every value as a
// fresh compile does: same verdict, same issues (formats, patterns read without the u flag,
// unicode lengths, uniqueness, recursion, int64 bounds).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Contract, contractFromDocument, loadContract } from '../index.js';
import { readValidators } from './validator-cache.js';

const document = {
  openapi: '3.1.0',
  info: { title: 'saved validators', version: '1' },
  paths: {
    '/things': {
      post: {
        operationId: 'createThing',
        requestBody: {
          required: true,
          content: { 'application/json': { schema: { $ref: '#/components/schemas/Thing' } } },
        },
        responses: { '204': { description: 'made' } },
      },
    },
  },
  components: {
    schemas: {
      Thing: {
        type: 'object',
        required: ['slug'],
        additionalProperties: false,
        properties: {
          slug: { type: 'string', pattern: '^[a-z\\-\\_]+$', minLength: 2, maxLength: 8 },
          count: { type: 'integer', format: 'int64' },
          small: { type: 'integer', format: 'int32' },
          when: { type: 'string', format: 'date-time' },
          site: { type: 'string', format: 'uri' },
          tags: { type: 'array', uniqueItems: true, items: { type: 'string' } },
          child: { $ref: '#/components/schemas/Thing' },
        },
      },
    },
  },
};

const bodyValidator = (contract: Contract) => contract.operations[0]!.requestBody!.content[0]!.validator!;

const value = fc.record(
  {
    slug: fc.oneof(fc.constantFrom('ab', 'a-_b', 'A', 'x'.repeat(9), '𝒳𝒳', 'é'), fc.string(), fc.integer()),
    count: fc.oneof(fc.constantFrom(2 ** 63, 2 ** 64, -(2 ** 63)), fc.double(), fc.integer()),
    small: fc.oneof(fc.constantFrom(2 ** 31, 2 ** 31 - 1, -(2 ** 31)), fc.integer()),
    when: fc.oneof(fc.constantFrom('2026-11-23T10:00:00Z', '2026-02-30T10:00:00Z', '2026-11-23'), fc.string()),
    site: fc.oneof(fc.constantFrom('https://example.com/a', 'not a uri', 'mailto:x@y'), fc.string()),
    tags: fc.array(fc.constantFrom('a', 'b', 'c'), { maxLength: 4 }),
    child: fc.oneof(fc.constant({ slug: 'ok' }), fc.constant({ slug: 1 }), fc.constant({ other: true })),
    extra: fc.anything(),
  },
  { requiredKeys: [] },
);

describe('validators saved as code', () => {
  it('are saved at the first load and judge like a fresh compile at later ones', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'saved-validators-')), 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    const first = await loadContract(file);
    const saved = readValidators(file, readFileSync(file, 'utf8'));
    expect(saved.size).toBeGreaterThan(0);
    const later = await loadContract(file);
    const fresh = contractFromDocument(document);
    fc.assert(
      fc.property(value, (candidate) => {
        const expected = bodyValidator(fresh).validate(candidate);
        expect(bodyValidator(later).validate(candidate)).toEqual(expected);
        expect(bodyValidator(first).validate(candidate)).toEqual(expected);
      }),
      { seed: 1, numRuns: 400 },
    );
    expect(bodyValidator(later).validate({ slug: 'a_b', count: 2 ** 63, tags: ['a'] })).toEqual([]);
    expect(
      bodyValidator(later)
        .validate({ slug: 'a_b', count: 2 ** 64 })
        .map((issue) => issue.pointer),
    ).toEqual(['/count']);
  });

  it('a changed referenced file is judged by its new text, and the saved set is rebuilt', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'saved-validators-'));
    const file = join(folder, 'openapi.json');
    const split = structuredClone(document) as { paths: typeof document.paths; components?: unknown };
    split.paths['/things'].post.requestBody.content['application/json'].schema.$ref = './thing.json';
    delete split.components;
    writeFileSync(file, JSON.stringify(split));
    const thing = (maxLength: number) => ({ type: 'object', properties: { slug: { type: 'string', maxLength } } });
    writeFileSync(join(folder, 'thing.json'), JSON.stringify(thing(8)));
    await loadContract(file);
    const source = readFileSync(file, 'utf8');
    expect(readValidators(file, source).size).toBeGreaterThan(0);
    writeFileSync(join(folder, 'thing.json'), JSON.stringify(thing(3)));
    const later = await loadContract(file);
    expect(
      bodyValidator(later)
        .validate({ slug: 'abcd' })
        .map((issue) => issue.keyword),
    ).toEqual(['maxLength']);
    expect(readValidators(file, source).size).toBe(0);
    const rebuilt = await loadContract(file);
    expect(readValidators(file, source).size).toBeGreaterThan(0);
    expect(bodyValidator(rebuilt).validate({ slug: 'abc' })).toEqual([]);
  });
});
