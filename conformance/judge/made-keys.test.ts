// Keys the run made items at, and a missing-parent probe that meets one of them.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';
import { MadeKeys } from './made-keys.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const hotel = {
  type: 'object',
  properties: { code: { type: 'string', pattern: '^[A-Z]{3}$' }, name: { type: 'string' } },
};
const code = [{ name: 'code', in: 'path', required: true, schema: { type: 'string', pattern: '^[A-Z]{3}$' } }];
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'hotels', version: '1' },
  paths: {
    '/hotels': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: hotel }) } } },
      post: {
        requestBody: { content: json(hotel) },
        responses: { '201': { description: 'made', content: json(hotel) } },
      },
    },
    '/hotels/{code}': {
      parameters: code,
      get: { responses: { '200': { description: 'one', content: json(hotel) }, '404': { description: 'none' } } },
      put: {
        requestBody: { content: json(hotel) },
        responses: { '201': { description: 'made', content: json(hotel) } },
      },
    },
  },
});
const { collections } = inferApiModel(contract);
const operation = (method: string, path: string) =>
  contract.operations.find((one) => one.method === method && one.path === path)!;
const answered = (status: number) => ({ ok: true, response: { status } }) as unknown as Exchange;
const sent = (fields: Partial<TestCase>) => fields as TestCase;

describe('keys the run made items at', () => {
  it('takes a missing-parent probe at a key a PUT or a keyed creation of the run made as meeting its own item', () => {
    const keys = new MadeKeys(collections);
    keys.note(sent({ operation: operation('PUT', '/hotels/{code}'), pathParams: { code: 'ZZZ' } }), answered(201));
    keys.note(
      sent({ operation: operation('POST', '/hotels'), payload: { kind: 'json', value: { code: 'QQQ', name: 'Q' } } }),
      answered(201),
    );
    keys.note(sent({ operation: operation('PUT', '/hotels/{code}'), pathParams: { code: 'RRR' } }), answered(400));
    const probe = (value: string) =>
      keys.probesOwnItem(sent({ mutation: 'path parameter code names no item', pathParams: { code: value } }));
    expect(probe('ZZZ')).toBe(true);
    expect(probe('QQQ')).toBe(true);
    expect(probe('RRR')).toBe(false);
    expect(keys.probesOwnItem(sent({ mutation: 'body: name is a number', pathParams: { code: 'ZZZ' } }))).toBe(false);
  });
});
