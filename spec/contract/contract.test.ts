import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  ContractError,
  type LoadOptions,
  loadContract,
  type Operation,
  responseFor,
  SchemaCompiler,
  toJsonSchema,
} from '../index.js';

const original = readFileSync(new URL('../openapi.yaml', import.meta.url), 'utf8');
const contract = await loadContract();

function writeVariant(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'contract-')), 'openapi.yaml');
  writeFileSync(file, text);
  return file;
}

async function loadError(text: string, options: LoadOptions = {}): Promise<ContractError> {
  const file = writeVariant(text);
  const error = await loadContract(file, options).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ContractError);
  const contractError = error as ContractError;
  expect(contractError.message).not.toContain('\n');
  expect(contractError.message.startsWith(file)).toBe(true);
  return contractError;
}

function operation(id: string): Operation {
  const found = contract.operations.find((op) => op.id === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
}

function validatorFor(id: string, status: number) {
  const validator = responseFor(operation(id), status)?.content[0]?.validator;
  if (!validator) throw new Error(`no validator for ${id} ${status}`);
  return validator;
}

const newCategory = () => operation('createCategory').requestBody!.content[0]!.validator!;

describe('loading the real document', () => {
  it('reads version, servers and the /v1 base path', () => {
    expect(contract.version).toBe('1.0.0');
    expect(contract.basePath).toBe('/v1');
    expect(contract.servers.map((s) => s.description)).toEqual(['Production', 'Staging']);
    expect(contract.servers.every((s) => s.url.endsWith('/v1'))).toBe(true);
  });

  it('yields a flat list of operations with their documented statuses', () => {
    const summary = contract.operations.map((op) => [op.method, op.path, op.responses.map((r) => r.status)]);
    expect(summary).toEqual([
      ['GET', '/categories', ['200', '401']],
      ['POST', '/categories', ['201', '400', '401']],
      ['GET', '/pets/{petId}', ['default']],
      ['GET', '/store/orders', ['default']],
    ]);
  });

  it('requires the bearer scheme on every operation', () => {
    for (const op of contract.operations) {
      expect(op.security).toEqual([[{ name: 'bearerAuth', type: 'http', scheme: 'bearer' }]]);
    }
  });

  it('marks the operations the seed does not show as unspecified, and the pet read as deprecated', () => {
    expect(contract.operations.filter((op) => op.unspecified).map((op) => op.id)).toEqual([
      'GET /pets/{petId}',
      'GET /store/orders',
    ]);
    expect(operation('GET /pets/{petId}').deprecated).toBe(true);
    expect(operation('GET /pets/{petId}').parameters.map((p) => [p.name, p.in, p.required])).toEqual([
      ['petId', 'path', true],
    ]);
  });

  it('reads the rules JSON Schema cannot hold from vendor extensions', () => {
    expect(responseFor(operation('createCategory'), 400)?.statusProperty).toBe('status');
    expect(responseFor(operation('listCategories'), 401)?.statusProperty).toBe('status');
    expect(responseFor(operation('listCategories'), 200)?.statusProperty).toBeUndefined();
    expect(operation('createCategory').assignedProperties).toEqual(['id']);
  });

  it('is frozen', () => {
    expect(Object.isFrozen(contract.operations)).toBe(true);
    expect(Object.isFrozen(contract.document)).toBe(true);
    expect(() => (contract.operations as Operation[]).push(contract.operations[0]!)).toThrow();
  });
});

describe('compiled validators', () => {
  it('accept the seed shapes', () => {
    expect(newCategory().validate({ name: 'Dog' })).toEqual([]);
    expect(newCategory().validate({ name: 'Cat', description: 'Cats.' })).toEqual([]);
    expect(validatorFor('createCategory', 201).validate({ id: 1, name: 'Dog' })).toEqual([]);
    expect(validatorFor('listCategories', 200).validate([{ id: 1, name: 'Dog', description: 'd' }])).toEqual([]);
    expect(validatorFor('listCategories', 200).validate([])).toEqual([]);
    expect(validatorFor('createCategory', 400).validate({ code: 'x', message: 'y', status: 400 })).toEqual([]);
  });

  it('reject a missing required field and point at it', () => {
    expect(newCategory().validate({ description: 'no name' })).toEqual([
      { pointer: '/name', keyword: 'required', message: 'is required' },
    ]);
    expect(validatorFor('createCategory', 201).validate({ name: 'Dog' })[0]?.pointer).toBe('/id');
    for (const field of ['code', 'message', 'status']) {
      const body: Record<string, unknown> = { code: 'x', message: 'y', status: 401 };
      delete body[field];
      expect(validatorFor('listCategories', 401).validate(body)[0]).toMatchObject({
        pointer: `/${field}`,
        keyword: 'required',
      });
    }
  });

  it('reject wrong types and null', () => {
    expect(newCategory().validate({ name: 5 })[0]).toMatchObject({ pointer: '/name', keyword: 'type' });
    expect(newCategory().validate({ name: null })[0]).toMatchObject({ pointer: '/name', keyword: 'type' });
    expect(newCategory().validate({ name: 'a', description: null })[0]).toMatchObject({ pointer: '/description' });
    expect(newCategory().validate(null)[0]).toMatchObject({ pointer: '', keyword: 'type' });
    expect(newCategory().validate(['Dog'])[0]).toMatchObject({ keyword: 'type' });
    expect(validatorFor('createCategory', 201).validate({ id: '1', name: 'Dog' })[0]).toMatchObject({ pointer: '/id' });
    expect(validatorFor('createCategory', 201).validate({ id: 1.5, name: 'Dog' })[0]).toMatchObject({ pointer: '/id' });
    expect(validatorFor('listCategories', 200).validate({})[0]).toMatchObject({ keyword: 'type' });
    expect(validatorFor('listCategories', 401).validate({ code: 'x', message: 'y', status: '401' })[0]).toMatchObject({
      pointer: '/status',
    });
  });

  it('leave open what the seed leaves open: extra properties and any string', () => {
    expect(validatorFor('createCategory', 201).validate({ id: 1, name: '', extra: true })).toEqual([]);
    expect(newCategory().validate({ name: 'x'.repeat(100_000), id: 7 })).toEqual([]);
  });
});

describe('refusing a broken document', () => {
  it('names the file and the problem for invalid YAML', async () => {
    const error = await loadError('openapi: 3.0.3\ninfo: [\n  title: x');
    expect(error.problem).toMatch(/not valid YAML/);
  });

  it('names the pointer of a dangling $ref', async () => {
    const error = await loadError(
      original.replace("$ref: '#/components/schemas/NewCategory'", "$ref: '#/components/schemas/Nope'"),
    );
    expect(error.pointer).toBe('/paths/~1categories/post/requestBody/content/application~1json/schema');
    expect(error.problem).toContain('#/components/schemas/Nope');
  });

  it('with --strict-examples, names the example that breaks its schema', async () => {
    const error = await loadError(
      original.replace('        id: 1\n        name: Dog\n', '        id: one\n        name: Dog\n'),
      { strictExamples: true },
    );
    expect(error.pointer).toBe('/components/schemas/Category/example');
    expect(error.problem).toMatch(/\/id must be integer/);
  });

  it('with --strict-examples, names a media-type example that breaks its schema', async () => {
    const error = await loadError(
      original.replace('                - id: 2\n                  name: Cat\n', '                - id: 2\n'),
      { strictExamples: true },
    );
    expect(error.pointer).toBe('/paths/~1categories/get/responses/200/content/application~1json/example');
    expect(error.problem).toMatch(/\/1\/name is required/);
  });

  it('warns, in one line naming the example, when an example breaks its schema (examples SHOULD match)', async () => {
    const file = writeVariant(
      original.replace('        id: 1\n        name: Dog\n', '        id: one\n        name: Dog\n'),
    );
    const contract = await loadContract(file);
    expect(contract.warnings).toEqual([
      `${file}: /components/schemas/Category/example: example does not match its schema: /id must be integer`,
    ]);
    expect(contract.operations.map((operation) => operation.id)).toContain('createCategory');
  });

  it("judges a request's examples without readOnly members and an answer's without writeOnly ones", async () => {
    const document = (answerExample: string) => `openapi: 3.0.3
info: { title: Pets, version: '1' }
paths:
  /pets:
    post:
      requestBody:
        content:
          application/json:
            schema: { $ref: '#/components/schemas/Pet' }
            example: { name: Rex, secret: s3cret }
      responses:
        '201':
          description: made
          content:
            application/json:
              schema: { $ref: '#/components/schemas/Pet' }
              example: ${answerExample}
components:
  schemas:
    Pet:
      type: object
      required: [id, name, secret]
      example: { name: Rex, secret: s3cret }
      properties:
        id: { type: integer, readOnly: true }
        name: { type: string }
        secret: { type: string, writeOnly: true }
`;
    const correct = await loadContract(writeVariant(document('{ id: 7, name: Rex }')));
    expect(correct.warnings).toEqual([]);
    const file = writeVariant(document('{ name: Rex }'));
    expect((await loadContract(file)).warnings).toEqual([
      `${file}: /paths/~1pets/post/responses/201/content/application~1json/example: example does not match its schema: /id is required`,
    ]);
  });

  it('rejects a schema keyword typo instead of ignoring it', async () => {
    const error = await loadError(original.replace('      required: [name]\n', '      requird: [name]\n'));
    expect(error.problem).toMatch(/requird/);
  });

  it('reads an unknown keyword that is no typo as an annotation in a 3.1 schema, and says so', async () => {
    // A YAML flow mapping split at a comma: `{ type: integer, description: Sum, in minor units. }`.
    const file = writeVariant(`openapi: 3.1.0
info: { title: totals, version: '1' }
paths:
  /totals:
    get:
      responses:
        '200':
          description: the total
          content:
            application/json:
              schema: { type: integer, minimum: 0, description: Sum of the orders, in minor units. }
`);
    const loaded = await loadContract(file);
    expect(loaded.warnings).toEqual([
      `${file}: #: unknown schema keyword "in minor units." read as an annotation, not checked`,
    ]);
    const answer = loaded.operations[0]!.responses[0]!.content[0]!.validator!;
    expect(answer.validate(-1).length).toBeGreaterThan(0);
    expect(answer.validate(12)).toEqual([]);
  });

  it('rejects a document that is not OpenAPI', async () => {
    const error = await loadError(original.replace('operationId: listCategories', 'operationId: 5'));
    expect(error.pointer).toBe('/paths/~1categories/get/operationId');
  });

  it('says when the file cannot be read', async () => {
    await expect(loadContract('/nonexistent/openapi.yaml')).rejects.toThrow(/cannot read the document \(ENOENT\)/);
  });

  it('says when the file is empty', async () => {
    for (const text of ['', '  \n']) expect((await loadError(text)).problem).toMatch(/the file is empty/);
  });
});

describe('nullable, as OpenAPI 3.0.3 defines it', () => {
  const accepts = (schema: Record<string, unknown>, value: unknown) =>
    new SchemaCompiler().compile(toJsonSchema(schema, 'request')).validate(value).length === 0;

  it.each([
    ['with a type, null is allowed', { type: 'string', nullable: true }, null, true],
    [
      'without a type, nullable has no effect',
      { nullable: true, oneOf: [{ type: 'string' }, { type: 'integer' }] },
      null,
      false,
    ],
    ['an enum that does not list null refuses it', { type: 'string', nullable: true, enum: ['a', 'b'] }, null, false],
    ['an enum that lists null accepts it', { type: 'string', nullable: true, enum: ['a', null] }, null, true],
    ['the enum still holds for other values', { type: 'string', nullable: true, enum: ['a', null] }, 'c', false],
    [
      'beside allOf (the nullable reference idiom), null is allowed',
      { nullable: true, allOf: [{ type: 'string', pattern: '^[A-Z]{3}$' }], description: 'a code' },
      null,
      true,
    ],
    [
      'beside allOf, the reference still holds for other values',
      { nullable: true, allOf: [{ type: 'string', pattern: '^[A-Z]{3}$' }] },
      'abc',
      false,
    ],
  ])('%s', (_what, schema, value, expected) => {
    expect(accepts(schema, value)).toBe(expected);
  });
});
