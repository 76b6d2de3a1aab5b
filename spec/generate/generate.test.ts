import { fullFormats } from 'ajv-formats/dist/formats.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type JsonSchema, loadContract, SchemaCompiler, toJsonSchema } from '../index.js';
import { codePointLength } from '../json/text.js';
import { bodyMutations } from './mutations.js';
import { EDGE_STRINGS } from './strings.js';
import { UNSATISFIABLE, valueArbitrary } from './values.js';

const contract = await loadContract();
const compiler = new SchemaCompiler();

/** An OpenAPI 3.0 request schema using every keyword the generators claim to support. */
const RICH: Record<string, unknown> = {
  type: 'object',
  required: ['name', 'age', 'email', 'tags', 'kind', 'owner', 'combined'],
  additionalProperties: false,
  properties: {
    id: { type: 'string', format: 'uuid', readOnly: true },
    name: { type: 'string', minLength: 2, maxLength: 10, pattern: '^[a-z]+$' },
    age: { type: 'integer', minimum: 0, maximum: 130 },
    score: { type: 'number', minimum: 0, maximum: 1, exclusiveMaximum: true },
    email: { type: 'string', format: 'email' },
    uuid: { type: 'string', format: 'uuid' },
    created: { type: 'string', format: 'date-time' },
    tags: {
      type: 'array',
      items: { type: 'string', enum: ['a', 'b', 'c'] },
      minItems: 1,
      maxItems: 3,
      uniqueItems: true,
    },
    kind: { type: 'string', enum: ['cat', 'dog'] },
    nickname: { type: 'string', nullable: true, maxLength: 5 },
    count32: { type: 'integer', format: 'int32' },
    step: { type: 'integer', multipleOf: 5, minimum: -100, maximum: 100 },
    ratio: { type: 'number', multipleOf: 0.25 },
    secret: { type: 'string', writeOnly: true, minLength: 8 },
    owner: {
      type: 'object',
      required: ['first'],
      additionalProperties: false,
      properties: { first: { type: 'string' } },
    },
    either: { oneOf: [{ type: 'string', maxLength: 3 }, { type: 'integer' }] },
    any: { anyOf: [{ type: 'boolean' }, { type: 'null' }] },
    combined: {
      allOf: [
        { type: 'object', required: ['a'], properties: { a: { type: 'integer' } } },
        { properties: { b: { type: 'string' } } },
      ],
    },
  },
};

const schemas: Array<[string, JsonSchema]> = [
  [
    'NewCategory',
    contract.operations.find((op) => op.id === 'createCategory')!.requestBody!.content[0]!.validator!.schema,
  ],
  ['a schema with every supported keyword', toJsonSchema(RICH, 'request')],
  // Schemas that once crashed, spun or yielded nothing valid.
  [
    'a property named __proto__',
    toJsonSchema({ type: 'object', required: ['__proto__'], properties: { __proto__: { type: 'string' } } }, 'request'),
  ],
  [
    'minLength above 40',
    toJsonSchema({ type: 'object', required: ['c'], properties: { c: { type: 'string', minLength: 60 } } }, 'request'),
  ],
  [
    'allOf number and integer',
    toJsonSchema(
      { type: 'object', required: ['n'], properties: { n: { allOf: [{ type: 'number' }, { type: 'integer' }] } } },
      'request',
    ),
  ],
  [
    'a control escape in a pattern',
    toJsonSchema(
      { type: 'object', required: ['s'], properties: { s: { type: 'string', pattern: '^\\cA+$' } } },
      'request',
    ),
  ],
  [
    'an exclusive minimum above 1000 without a maximum',
    toJsonSchema(
      {
        type: 'object',
        required: ['n'],
        properties: { n: { type: 'integer', minimum: 5000, exclusiveMinimum: true } },
      },
      'request',
    ),
  ],
  [
    'bounds too large to break by sending one more',
    toJsonSchema(
      {
        type: 'object',
        required: ['list', 'text'],
        properties: {
          list: { type: 'array', maxItems: 2147483647, items: { type: 'string' } },
          text: { type: 'string', maxLength: 2147483647 },
        },
      },
      'request',
    ),
  ],
  [
    'minProperties met by additional properties',
    toJsonSchema(
      { type: 'object', minProperties: 2, maxProperties: 3, additionalProperties: { type: 'integer' } },
      'request',
    ),
  ],
];

describe.each(schemas)('%s', (_name, schema) => {
  const validator = compiler.compile(schema);
  const isValid = (value: unknown) => validator.validate(value).length === 0;

  it.each(['wild', 'plain'] as const)('every %s generated value is valid', (style) => {
    fc.assert(
      fc.property(valueArbitrary(schema, { style }), (value) => {
        expect(validator.validate(value)).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('every mutation of a valid value is invalid', () => {
    const [baseline] = fc.sample(valueArbitrary(schema, { style: 'plain' }), { numRuns: 1, seed: 3 });
    const mutations = bodyMutations(schema, isValid, baseline);
    expect(mutations.length).toBeGreaterThan(3);
    fc.assert(
      fc.property(valueArbitrary(schema, { style: 'wild' }), fc.constantFrom(...mutations), (valid, mutation) => {
        const payload = mutation.apply(valid);
        if (payload.kind === 'raw') {
          expect(() => (payload.text === '' ? undefined : JSON.parse(payload.text))).toSatisfy(
            (parse: () => unknown) => {
              try {
                return payload.text === '' || !isValid(parse());
              } catch {
                return true;
              }
            },
          );
        } else {
          expect(isValid(payload.value), mutation.label).toBe(false);
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('mutations say what they broke', () => {
  const schema = toJsonSchema(RICH, 'request');
  const validator = compiler.compile(schema);
  const isValid = (value: unknown) => validator.validate(value).length === 0;
  const [baseline] = fc.sample(valueArbitrary(schema, { style: 'plain' }), { numRuns: 1, seed: 9 });
  const labels = bodyMutations(schema, isValid, baseline).map((m) => m.label);

  it.each([
    'body is malformed JSON',
    'body is empty',
    'body has a trailing comma',
    'body uses single quotes',
    'body is an array',
    'body is null',
    'name is missing',
    'name is a number',
    'name is null',
    'name is longer than 10 characters',
    'name is shorter than 2 characters',
    'name does not match ^[a-z]+$',
    'age is a fractional number',
    'age is above the maximum 130',
    'age is below the minimum 0',
    'score equals the exclusive maximum 1',
    'email is not a valid email',
    'kind is not one of ["cat","dog"]',
    'tags has more than 3 items',
    'tags has fewer than 1 items',
    'tags has duplicate items',
    'step is not a multiple of 5',
    'count32 is outside the int32 range',
    'owner.first is missing',
    'body has a property the schema does not allow',
    'owner has a property the schema does not allow',
  ])('%s', (label) => {
    expect(labels).toContain(label);
  });

  it('leaves nullable properties free to be null', () => {
    expect(labels).not.toContain('nickname is null');
  });

  it('does not send readOnly properties and keeps writeOnly ones in requests', () => {
    expect(Object.keys(schema.properties as object)).not.toContain('id');
    expect(Object.keys(schema.properties as object)).toContain('secret');
  });
});

describe('every keyword is mutated where it constrains', () => {
  const schema = toJsonSchema(
    {
      type: 'object',
      required: ['tags', 'labels', 'either', 'word', 'host', 'bag'],
      properties: {
        tags: { type: 'array', items: { type: 'string', maxLength: 3 } },
        labels: { type: 'object', additionalProperties: { type: 'integer', minimum: 0 } },
        either: {
          oneOf: [
            { type: 'string', maxLength: 5 },
            { type: 'string', minLength: 3 },
          ],
        },
        word: { type: 'string', not: { enum: ['forbidden'] } },
        host: { type: 'string', format: 'hostname' },
        bag: { type: 'object', minProperties: 1, maxProperties: 2 },
        count: { type: 'integer' },
        flag: { type: 'boolean' },
      },
    },
    'request',
  );
  const validator = compiler.compile(schema);
  const isValid = (value: unknown) => validator.validate(value).length === 0;
  const baseline = {
    tags: ['ab'],
    labels: { a: 1 },
    either: 'abcdefg',
    word: 'ok',
    host: 'example.com',
    bag: { x: 1 },
  };
  const labels = bodyMutations(schema, isValid, baseline).map((m) => m.label);

  it('the baseline is valid', () => expect(isValid(baseline)).toBe(true));

  it.each([
    'tags[0] is longer than 3 characters',
    'tags[0] is a number',
    'labels.additionalMember is below the minimum 0',
    'labels.additionalMember is a string',
    'either matches more than one oneOf branch',
    'word is a value `not` excludes',
    'host is not a valid hostname',
    'bag has fewer than 1 members',
    'bag has more than 2 members',
    'count is the text "3"',
    'flag is the text "true"',
  ])('%s', (label) => {
    expect(labels).toContain(label);
  });
});

describe('wild strings', () => {
  it('cover the edge cases the issue names', () => {
    const joined = EDGE_STRINGS.join('');
    for (const probe of ['\u0000', '🐶', '\u202E', 'e\u0301', 'null', 'true', '"', '\\'])
      expect(joined).toContain(probe);
  });

  it('reach tens of thousands of characters and astral code points', () => {
    const values = fc.sample(valueArbitrary({ type: 'string' }, { style: 'wild' }), {
      numRuns: 2000,
      seed: 4,
    }) as string[];
    expect(Math.max(...values.map(codePointLength))).toBeGreaterThan(10_000);
    expect(values.some((v) => /[\u{10000}-\u{10FFFF}]/u.test(v))).toBe(true);
    expect(values.some((v) => /[\u0000-\u001f]/.test(v))).toBe(true);
  });
});

describe('formats cover their whole valid space in generated cases', () => {
  const sample = (format: string) => {
    const schema = { type: 'string', format };
    const validator = compiler.compile(schema);
    const values = fc.sample(valueArbitrary(schema, { style: 'wild' }), { numRuns: 400, seed: 8 });
    for (const value of values) expect(validator.validate(value), String(value)).toEqual([]);
    return values as string[];
  };

  it('date-times with offsets, fractions and a lower-case t', () => {
    const values = sample('date-time');
    expect(values.some((v) => /[+-]\d\d:\d\d$/.test(v) && !v.endsWith('+00:00'))).toBe(true);
    expect(values.some((v) => /\.\d{1,9}/.test(v))).toBe(true);
    expect(values.some((v) => /\d\d:\d\d:\d\d(Z|[+-])/.test(v))).toBe(true);
    expect(values.some((v) => v.includes('t'))).toBe(true);
  });

  it('every string format the mock checks is generated valid, plain and wild', () => {
    // ajv-formats' full mode: a value the generator gets wrong is refused by the mock as invalid.
    for (const format of Object.keys(fullFormats).filter(
      (name) => !['int32', 'int64', 'float', 'double'].includes(name),
    )) {
      const schema = { type: 'string', format };
      const validator = compiler.compile(schema);
      for (const style of ['plain', 'wild'] as const)
        for (const value of fc.sample(valueArbitrary(schema, { style }), { numRuns: 200, seed: 9 }))
          expect(validator.validate(value), `${format} (${style}): ${JSON.stringify(value)}`).toEqual([]);
    }
  });

  it('a pattern beside a format is met with the format, or no value is claimed valid', () => {
    // PagerDuty's since: a date-time whose pattern is the literal text YYYY-MM-DDThh:mm:ssZ.
    for (const pattern of ['YYYY-MM-DDThh:mm:ssZ', '^20[0-9]{2}-', 'Z$']) {
      const schema = { type: 'string', format: 'date-time', pattern };
      const validator = compiler.compile(schema);
      for (const style of ['plain', 'wild'] as const)
        for (const value of fc.sample(valueArbitrary(schema, { style }), { numRuns: 50, seed: 3 }))
          if (value !== UNSATISFIABLE) expect(validator.validate(value), `${pattern}: ${String(value)}`).toEqual([]);
    }
    const literal = { type: 'string', format: 'date-time', pattern: 'YYYY-MM-DDThh:mm:ssZ' };
    expect(fc.sample(valueArbitrary(literal, { style: 'plain' }), { numRuns: 5, seed: 1 })).toEqual(
      Array(5).fill(UNSATISFIABLE),
    );
  });

  it('emails with upper case and + tags, upper-case uuids', () => {
    const emails = sample('email');
    expect(emails.some((v) => /[A-Z]/.test(v))).toBe(true);
    expect(emails.some((v) => v.split('@')[0]!.includes('+'))).toBe(true);
    expect(sample('uuid').some((v) => /[A-F]/.test(v))).toBe(true);
  });
});

describe('array bounds under uniqueItems', () => {
  const tagged = (items: Record<string, unknown>, bounds: Record<string, number>) =>
    toJsonSchema(
      {
        type: 'object',
        required: ['tags'],
        properties: { tags: { type: 'array', uniqueItems: true, items, ...bounds } },
      },
      'request',
    );
  const mutationOf = (schema: JsonSchema, what: string) => {
    const validator = compiler.compile(schema);
    const isValid = (value: unknown) => validator.validate(value).length === 0;
    const [baseline] = fc.sample(valueArbitrary(schema, { style: 'plain' }), { numRuns: 1, seed: 2 });
    return bodyMutations(schema, isValid, baseline).find((mutation) => mutation.label.includes(what));
  };

  it.each([
    ['strings', { type: 'string', minLength: 1 }],
    ['integers', { type: 'integer', minimum: 0 }],
    ['objects', { type: 'object', required: ['n'], properties: { n: { type: 'integer' } } }],
  ])('breaks maxItems with different %s, so only the bound refuses it', (_kind, items) => {
    const schema = tagged(items, { maxItems: 3 });
    const mutation = mutationOf(schema, 'more than 3 items');
    expect(mutation).toBeDefined();
    const payload = mutation!.apply({ tags: [] });
    const tags = (payload as { value: { tags: unknown[] } }).value.tags;
    expect(tags).toHaveLength(4);
    expect(new Set(tags.map((tag) => JSON.stringify(tag))).size).toBe(4);
    // Valid but for the bound: the same items pass where the bound is lifted.
    const unbounded = compiler.compile(tagged(items, {}));
    expect(unbounded.validate({ tags })).toEqual([]);
  });

  it('repeats an item where that many different items do not exist: still an array to refuse', () => {
    const mutation = mutationOf(tagged({ type: 'string', enum: ['a', 'b'] }, { maxItems: 2 }), 'more than 2 items');
    expect((mutation!.apply({ tags: [] }) as { value: { tags: unknown[] } }).value.tags).toEqual(['a', 'a', 'a']);
  });
});

describe('a body whose root is oneOf or anyOf', () => {
  // Which branch a mutation breaks depends on the value, so each is judged on the baseline it was
  // chosen for (as the runner sends it); generated bodies are filtered the same way by the runner.
  const objects = toJsonSchema(
    {
      oneOf: [
        {
          type: 'object',
          required: ['a'],
          additionalProperties: false,
          properties: { a: { type: 'string', maxLength: 5 } },
        },
        {
          type: 'object',
          required: ['b'],
          additionalProperties: false,
          properties: { b: { type: 'integer', minimum: 1 } },
        },
      ],
    },
    'request',
  );
  const scalars = toJsonSchema(
    {
      anyOf: [
        { type: 'string', maxLength: 3 },
        { type: 'integer', minimum: 1 },
      ],
    },
    'request',
  );

  it.each([
    [
      'two closed objects',
      objects,
      { a: 'x' },
      ['a:missing', 'a:type:number', 'a:too-long', 'body:additional-property', 'body:type:array'],
    ],
    [
      'a string or an integer',
      scalars,
      'ab',
      ['body:anyOf:type:boolean', 'body:anyOf:too-long', 'body:anyOf:below-minimum'],
    ],
  ] as const)(
    '%s: broken inside the branches and at the root, each mutation invalid',
    (_name, schema, baseline, expected) => {
      const validator = compiler.compile(schema);
      const isValid = (value: unknown) => validator.validate(value).length === 0;
      expect(isValid(baseline)).toBe(true);
      const mutations = bodyMutations(schema, isValid, baseline);
      const ids = mutations.map((mutation) => mutation.id);
      for (const id of expected) expect(ids).toContain(id);
      for (const mutation of mutations) {
        const payload = mutation.apply(baseline);
        if (payload.kind === 'json') expect(isValid(payload.value), mutation.label).toBe(false);
      }
    },
  );
});
