import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../index.js';

const fixtures = fileURLToPath(new URL('../../fixtures/documents/', import.meta.url));

/** Writes files (path → text) into a new temporary folder and returns the folder. */
function folderWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), 'read-document-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(dir, path, '..'), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const operationOf = async (file: string, id: string) =>
  (await loadContract(file)).operations.find((operation) => operation.id === id)!;

describe('Swagger 2.0, read as OpenAPI 3.0', () => {
  const file = `${fixtures}swag-2.0-openapi.yaml`;

  it('takes servers from host, basePath and schemes, and security schemes from securityDefinitions', async () => {
    const contract = await loadContract(file);
    expect(contract.declaredVersion).toBe('2.0');
    expect(contract.servers.map((server) => server.url)).toEqual(['https://inventory.example.com/api/v1']);
    expect(contract.basePath).toBe('/api/v1');
    const scheme = contract.operations.find((o) => o.id === 'listItems')!.security[0]![0]!;
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', parameterName: 'X-API-Key' });
  });

  it('turns body and formData parameters into request bodies, and x-nullable into null', async () => {
    const create = await operationOf(file, 'createItem');
    const body = create.requestBody!.content[0]!;
    expect(body.mediaType).toBe('application/json');
    expect(body.validator!.validate({ name: 'bolt', quantity: 3, note: null })).toEqual([]);
    expect(body.validator!.validate({ name: 'bolt' })).not.toEqual([]);
    const upload = await operationOf(file, 'uploadPhoto');
    expect(upload.requestBody!.content.map((media) => media.mediaType)).toEqual(['multipart/form-data']);
    expect(upload.requestBody!.required).toBe(true);
  });

  it('reads collectionFormat as a style, and answers schemas in the produced media types', async () => {
    const list = await operationOf(file, 'listItems');
    expect(list.parameters.find((p) => p.name === 'tag')).toMatchObject({ style: 'form', explode: true });
    const health = await operationOf(file, 'health');
    expect(health.responses[0]!.content.map((media) => media.mediaType)).toEqual(['text/plain']);
    expect(health.security).toEqual([]);
  });

  it('reports a problem found after conversion where the author wrote it', async () => {
    const dir = folderWith({
      'api.yaml': [
        "swagger: '2.0'",
        'info: { title: t, version: v }',
        'paths:',
        '  /a:',
        '    get:',
        "      responses: { '200': { description: ok, schema: { $ref: '#/definitions/Bad' } } }",
        'definitions:',
        '  Bad:',
        '    type: object',
        '    properties:',
        "      a: { type: string, pattern: '([' }",
      ].join('\n'),
    });
    // The 2.0 place (responses/200/schema), not the converted one (…/content/application~1json/schema).
    await expect(loadContract(join(dir, 'api.yaml'))).rejects.toThrow(
      /api\.yaml: \/paths\/~1a\/get\/responses\/200\/schema: invalid schema: .*Unterminated/,
    );
  });
});

describe('Swagger 2.0 refused', () => {
  it.each([
    ['schema', ''],
    ['style', '          style: form\n          type: array\n          items: { type: string }\n'],
  ])("names the OpenAPI 3 member a 2.0 parameter may not hold ('%s'), at its pointer", async (member, extra) => {
    const text = `swagger: '2.0'
info: { title: t, version: v }
paths:
  /pets:
    get:
      parameters:
        - name: tags
          in: query
${extra || '          schema: { type: array, items: { type: string } }\n'}      responses: { '200': { description: ok } }
`;
    const dir = folderWith({ 'api.yaml': text });
    await expect(loadContract(join(dir, 'api.yaml'))).rejects.toThrow(
      `api.yaml: /paths/~1pets/get/parameters/0: not a valid OpenAPI document: unknown property '${member}'`,
    );
  });
});

describe('OpenAPI 3.1, read as JSON Schema 2020-12', () => {
  const document = (schema: string) =>
    [
      'openapi: 3.1.0',
      'info: { title: t, version: v }',
      'paths:',
      '  /things:',
      '    post:',
      '      operationId: make',
      '      requestBody:',
      '        content:',
      '          application/json:',
      `            schema: ${schema}`,
      "      responses: { '204': { description: done } }",
      'components:',
      '  schemas:',
      '    Code: { type: string, pattern: "^[A-Z]+$" }',
      'webhooks:',
      '  thingMade:',
      '    post:',
      "      responses: { '200': { description: ok } }",
    ].join('\n');
  const validatorOf = async (schema: string) => {
    const dir = folderWith({ 'api.yaml': document(schema) });
    const contract = await loadContract(join(dir, 'api.yaml'));
    return { contract, validate: contract.operations[0]!.requestBody!.content[0]!.validator!.validate };
  };

  it('reads type arrays with null, const and numeric exclusive bounds', async () => {
    const { contract, validate } = await validatorOf(
      "{ type: object, properties: { a: { type: [string, 'null'] }, k: { const: 1 }, n: { exclusiveMinimum: 0 } } }",
    );
    expect(contract.dialect).toBe('3.1');
    expect(contract.webhooks).toEqual(['thingMade']);
    expect(validate({ a: null, k: 1, n: 0.5 })).toEqual([]);
    expect(validate({ k: 2 })).not.toEqual([]);
    expect(validate({ n: 0 })).not.toEqual([]);
  });

  it("applies a $ref's siblings beside it", async () => {
    const { validate } = await validatorOf("{ $ref: '#/components/schemas/Code', maxLength: 3 }");
    expect(validate('ABC')).toEqual([]);
    expect(validate('ABCD')).not.toEqual([]);
    expect(validate('abc')).not.toEqual([]);
  });

  it('reads prefixItems, dependentRequired and unevaluatedProperties', async () => {
    const { validate } = await validatorOf(
      '{ type: object, properties: { p: { type: array, prefixItems: [{ type: number }, { type: string }], items: false }, card: { type: string }, cvc: { type: string } }, dependentRequired: { card: [cvc] }, unevaluatedProperties: false }',
    );
    expect(validate({ p: [1, 'a'], card: 'x', cvc: '1' })).toEqual([]);
    expect(validate({ p: ['a', 1] })).not.toEqual([]);
    expect(validate({ p: [1, 'a', 2] })).not.toEqual([]);
    expect(validate({ card: 'x' })).not.toEqual([]);
    expect(validate({ other: 1 })).not.toEqual([]);
  });
});

describe('jsonSchemaDialect', () => {
  const documentWith = (dialect: string) =>
    folderWith({
      'api.yaml': `openapi: 3.1.0\njsonSchemaDialect: ${dialect}\ninfo: { title: t, version: v }\npaths: {}\n`,
    });
  it('reads the OpenAPI base dialect and 2020-12 silently, and says how it reads any other', async () => {
    const base = await loadContract(join(documentWith('https://spec.openapis.org/oas/3.1/dialect/base'), 'api.yaml'));
    expect(base.warnings).toEqual([]);
    const other = await loadContract(join(documentWith('https://json-schema.org/draft/2019-09/schema'), 'api.yaml'));
    expect(other.warnings).toEqual([
      expect.stringContaining(
        '#/jsonSchemaDialect: https://json-schema.org/draft/2019-09/schema is read as JSON Schema 2020-12',
      ),
    ]);
  });
});

describe('OpenAPI 3.2', () => {
  it('is read where 3.1 can read it', async () => {
    const dir = folderWith({
      'api.yaml':
        "openapi: 3.2.0\ninfo: { title: t, version: v }\npaths:\n  /a:\n    get:\n      responses: { '200': { description: ok } }\n",
    });
    const contract = await loadContract(join(dir, 'api.yaml'));
    expect(contract.declaredVersion).toBe('3.2.0');
    expect(contract.dialect).toBe('3.1');
    expect(contract.operations.map((operation) => operation.id)).toEqual(['GET /a']);
  });

  it('refuses what only 3.2 has, in one line naming it', async () => {
    const dir = folderWith({
      'api.yaml':
        "openapi: 3.2.0\ninfo: { title: t, version: v }\npaths:\n  /a:\n    query:\n      responses: { '200': { description: ok } }\n",
    });
    await expect(loadContract(join(dir, 'api.yaml'))).rejects.toThrow(/\/paths\/~1a: 'query' is OpenAPI 3\.2/);
  });
});

describe('multi-file descriptions', () => {
  it('read operations, path items, parameters, responses, schemas and examples from files across folders', async () => {
    const contract = await loadContract(`${fixtures}multi-file-openapi.yaml`);
    expect(contract.operations.map((operation) => operation.id)).toEqual([
      'listNotes',
      'createNote',
      'getNote',
      'deleteNote',
    ]);
    expect(contract.files.length).toBeGreaterThan(8);
    const create = contract.operations.find((operation) => operation.id === 'createNote')!;
    expect(create.requestBody!.content[0]!.examples).toEqual([{ text: 'Milk, eggs, flour', tags: ['shopping'] }]);
    expect(create.requestBody!.content[0]!.validator!.validate({ text: 'x', tags: ['BAD'] })).not.toEqual([]);
  });

  it('name the missing file and the pointer that refers to it', async () => {
    const dir = folderWith({
      'api.yaml':
        "openapi: 3.0.3\ninfo: { title: t, version: v }\npaths:\n  /a:\n    get:\n      $ref: 'ops/gone.yaml'\n",
    });
    await expect(loadContract(join(dir, 'api.yaml'))).rejects.toThrow(/ops\/gone\.yaml/);
  });
});
