// Validation of large values: past a few thousand parts a value is judged by an ajv that stops at
// the first problem. Same verdict as the full one, bounded issues.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaCompiler } from './validators.js';

const compiler = new SchemaCompiler();
compiler.add('urn:test:item', {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'integer', minimum: 1 }, name: { type: 'string', minLength: 1 } },
});
const list = compiler.compileFunction({ type: 'array', items: { $ref: 'urn:test:item' } });
const VALID_ITEM = { id: 1, name: 'Dog' };
const item = fc.oneof(
  fc.record({ id: fc.integer({ min: -2, max: 3 }), name: fc.string({ maxLength: 2 }) }),
  fc.integer(),
  fc.constant(null),
);

describe('a large value', () => {
  it('gets the same verdict as the same items in a small value', () => {
    fc.assert(
      fc.property(fc.array(item, { maxLength: 6 }), (items) => {
        const small = list(items).length === 0;
        const large = list([...items, ...Array.from({ length: 6000 }, () => VALID_ITEM)]).length === 0;
        expect(large).toBe(small);
      }),
      { numRuns: 60 },
    );
  });

  it('has its first problem told, not one per failing item', () => {
    const issues = list(Array.from({ length: 300_000 }, (_, i) => i));
    expect(issues).toEqual([{ pointer: '/0', keyword: 'type', message: 'must be object' }]);
    expect(list(Array.from({ length: 10 }, (_, i) => i))).toHaveLength(10);
  });
});
