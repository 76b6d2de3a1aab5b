import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SchemaCompiler, toJsonSchema } from '../index.js';
import { bodyMutations } from './mutations.js';
import { UNSATISFIABLE, valueArbitrary } from './values.js';

const compiler = new SchemaCompiler();

/** The double a JSON or YAML parser reads for the digits a document writes. */
const read = (digits: string): number => Number(digits);

/** A bound as documents write them: small, near 2^53, near 2^63, astronomically large or tiny. */
const bound = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(
    2 ** 53 - 1,
    2 ** 53 + 1,
    read('9007199254740993'),
    read('9223372036854775807'),
    read('-9223372036854775808'),
    read('18446744073709551615'),
    read('972783798187987123879878123.18878137'),
    1e300,
    -1e300,
    1e-300,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }).map(Number),
);

const numericSchema = fc.record(
  {
    type: fc.constantFrom('integer', 'number'),
    format: fc.constantFrom('int32', 'int64', 'double'),
    minimum: bound,
    maximum: bound,
    exclusiveMinimum: fc.boolean(),
    exclusiveMaximum: fc.boolean(),
    multipleOf: fc.constantFrom(1, 2, 0.5, 1000),
  },
  { requiredKeys: ['type'] },
);

describe('numbers between any two bounds', () => {
  it('are generated without spinning, and every value is inside the bounds', () => {
    fc.assert(
      fc.property(numericSchema, fc.constantFrom('plain', 'wild'), (openapi, style) => {
        const schema = toJsonSchema({ type: 'object', required: ['n'], properties: { n: openapi } }, 'request');
        const validator = compiler.compile(schema);
        for (const value of fc.sample(valueArbitrary(schema, { style: style as 'plain' | 'wild' }), 10)) {
          const n = (value as { n: unknown }).n;
          if (n === UNSATISFIABLE || value === UNSATISFIABLE) continue;
          expect(validator.validate(value)).toEqual([]);
        }
      }),
      { numRuns: 400 },
    );
  });

  it('a minimum among the largest doubles is generated inside its bound (ulp read one double too wide there)', () => {
    for (const minimum of [1.7976931348623155e308, Number.MAX_VALUE, 2 ** 1023 - 2 ** 970]) {
      const schema = toJsonSchema(
        { type: 'object', required: ['n'], properties: { n: { type: 'number', minimum } } },
        'request',
      );
      const validator = compiler.compile(schema);
      for (const style of ['plain', 'wild'] as const) {
        // Wild values stay within the safe integers where no maximum is given: none fit, said so.
        const values = fc.sample(valueArbitrary(schema, { style }), 5).filter((value) => {
          const n = (value as { n: unknown }).n;
          return n !== UNSATISFIABLE && value !== UNSATISFIABLE;
        });
        for (const value of values) expect(validator.validate(value)).toEqual([]);
        if (style === 'plain') expect(values.length).toBe(5);
      }
    }
  });

  it('int64 ids up to the largest 64-bit integer are generated, and one past the maximum is invalid', () => {
    const schema = toJsonSchema(
      {
        type: 'object',
        required: ['id'],
        properties: { id: { type: 'integer', format: 'int64', minimum: 1, maximum: read('9223372036854775807') } },
      },
      'request',
    );
    const validator = compiler.compile(schema);
    const values = fc.sample(valueArbitrary(schema, { style: 'wild' }), 200) as Array<{ id: number }>;
    expect(values.every((value) => validator.validate(value).length === 0)).toBe(true);
    // Wild values cover the whole range, not only the safe integers.
    expect(values.some((value) => value.id > Number.MAX_SAFE_INTEGER)).toBe(true);
    const isValid = (value: unknown) => validator.validate(value).length === 0;
    const above = bodyMutations(schema, isValid, { id: 1 }).find((m) => m.id.includes('above-maximum'))!;
    const broken = above.apply({ id: 1 });
    expect(broken.kind).toBe('json');
    expect(validator.validate((broken as { value: unknown }).value)).not.toEqual([]);
  });
});

describe('a bound of -0', () => {
  it('is read as 0, where a plain value is drawn from 0 up', () => {
    const sample = fc.sample(valueArbitrary({ type: 'number', maximum: -0 } as never, { style: 'plain' }), {
      numRuns: 20,
      seed: 1,
    });
    expect(sample.every((value) => value === 0)).toBe(true);
  });
});
