// A large generated document for the start-up benchmark: 300 operations over 60 shared,
// mutually referencing (recursive) components, the shape of real APIs that ran slowly before.
import { writeFileSync } from 'node:fs';

const THINGS = 60;
const COLLECTIONS = 75;

export function writeBigDocument(file: string): number {
  const schemas: Record<string, unknown> = {
    Tag: { type: 'object', properties: { key: { type: 'string', pattern: '^[a-z]+$' }, value: { type: 'string' } } },
    Meta: { type: 'object', additionalProperties: { $ref: '#/components/schemas/Meta' } },
    Error: {
      type: 'object',
      required: ['code', 'message'],
      properties: { code: { type: 'string' }, message: { type: 'string' } },
    },
  };
  for (let i = 0; i < THINGS; i++) {
    schemas[`Thing${i}`] = {
      type: 'object',
      required: ['id', 'name'],
      properties: {
        id: { type: 'integer', readOnly: true },
        name: { type: 'string', maxLength: 80 },
        tags: { type: 'array', items: { $ref: '#/components/schemas/Tag' } },
        parent: { $ref: `#/components/schemas/Thing${(i + 1) % THINGS}` },
        meta: { $ref: '#/components/schemas/Meta' },
        status: { type: 'string', enum: ['a', 'b', 'c'] },
        created: { type: 'string', format: 'date-time' },
      },
    };
  }
  const error = {
    description: 'error',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  };
  const paths: Record<string, unknown> = {};
  for (let i = 0; i < COLLECTIONS; i++) {
    const thing = { $ref: `#/components/schemas/Thing${i % THINGS}` };
    const json = (schema: unknown) => ({ 'application/json': { schema } });
    paths[`/things${i}`] = {
      get: {
        operationId: `list${i}`,
        parameters: [{ name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 100 } }],
        responses: { 200: { description: 'ok', content: json({ type: 'array', items: thing }) }, 400: error },
      },
      post: {
        operationId: `create${i}`,
        requestBody: { required: true, content: json(thing) },
        responses: { 201: { description: 'ok', content: json(thing) }, 400: error },
      },
    };
    paths[`/things${i}/{id}`] = {
      parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'integer' } }],
      get: { operationId: `get${i}`, responses: { 200: { description: 'ok', content: json(thing) }, 404: error } },
      delete: { operationId: `delete${i}`, responses: { 204: { description: 'gone' }, 404: error } },
    };
  }
  writeFileSync(
    file,
    JSON.stringify({ openapi: '3.0.3', info: { title: 'Big', version: '1' }, paths, components: { schemas } }),
  );
  return COLLECTIONS * 4;
}
