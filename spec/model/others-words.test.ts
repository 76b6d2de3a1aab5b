// Readings met in documents others wrote: a list with no item path keyed by its own word (a team's
// `team_key`), a member whose words take it from a list ("A `team_key` from `GET /teams`"), a
// union's variants giving their members (a line's `lineNo`, a part line's `sku`), a readOnly past
// participle's instant null until then (`startedAt`), and a document-wide "400 or 422".
import { describe, expect, it } from 'vitest';
import {
  contractFromDocument,
  filledInOf,
  inferApiModel,
  referencedCollection,
  validationStatusesOf,
} from '../index.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const team = {
  type: 'object',
  required: ['team_key'],
  properties: { team_key: { type: 'string' }, name: { type: 'string' } },
};
const part = {
  type: 'object',
  properties: { lineNo: { type: 'integer', readOnly: true }, kind: { enum: ['part'] }, sku: { type: 'string' } },
};
const labour = {
  type: 'object',
  properties: { lineNo: { type: 'integer', readOnly: true }, kind: { enum: ['labour'] }, minutes: { type: 'integer' } },
};
const line = { oneOf: [part, labour] };
const page = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    owner_team: { type: 'string', description: 'A `team_key` from `GET /teams`.' },
    status: { type: 'string', enum: ['draft', 'live'], readOnly: true },
    startedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];
const document = (info: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'words', version: '1', description: info },
    paths: {
      '/teams': {
        get: {
          responses: {
            '200': {
              description: 'all',
              ...json({ type: 'object', properties: { data: { type: 'array', items: team } } }),
            },
          },
        },
      },
      '/pages': {
        get: { responses: { '200': { description: 'all', ...json({ type: 'array', items: page }) } } },
        post: {
          requestBody: json(page),
          responses: { '201': { description: 'made', ...json(page) }, '422': { description: 'no such team' } },
        },
      },
      '/pages/{id}': { parameters: id('id'), get: { responses: { '200': { description: 'one', ...json(page) } } } },
      '/pages/{id}/lines': {
        parameters: id('id'),
        get: {
          responses: {
            '200': {
              description: 'all',
              ...json({ type: 'object', properties: { items: { type: 'array', items: line } } }),
            },
          },
        },
        post: {
          description: 'A `part` line names a catalogue part (unknown `sku`: 422).',
          requestBody: json(line),
          responses: { '201': { description: 'made', ...json(line) }, '422': { description: 'no such part' } },
        },
      },
      '/pages/{id}/lines/{lineNo}': {
        parameters: id('id').concat(id('lineNo')),
        get: { responses: { '200': { description: 'one', ...json(line) } } },
      },
      '/parts/{sku}': {
        parameters: id('sku'),
        get: {
          responses: {
            '200': { description: 'one', ...json({ type: 'object', properties: { sku: { type: 'string' } } }) },
          },
        },
      },
    },
  });

describe("readings of others' documents", () => {
  const contract = document('A request body that does not match its schema is refused with 400 or 422.');
  const model = inferApiModel(contract);
  const resource = (path: string) => model.resources.find(({ collection }) => collection.path === path);

  it('keys a bare list by its own word and takes a member from it where the words say so', () => {
    expect(resource('/teams')?.collection.idProperty).toBe('team_key');
    const collections = model.resources.map(({ collection }) => collection);
    expect(referencedCollection('owner_team', collections, resource('/pages')?.collection)?.path).toBe('/teams');
  });

  it("reads a union's items by the id every variant has, and its variants' members", () => {
    const lines = resource('/pages/{id}/lines');
    expect(lines?.collection.idProperty).toBe('lineNo');
    expect(lines?.idioms.refusals?.sku?.status).toBe(422);
  });

  it("reads a readOnly past participle's instant as null until then", () => {
    const pages = resource('/pages')!.collection;
    expect(filledInOf(pages, pages.read!.item.schema).laterStates).toContain('startedAt');
  });

  it("reads the document's words on every body member naming an item that does not exist", () => {
    const said = document('A body member naming a team that does not exist is always 422.');
    const pages = inferApiModel(said).resources.find(({ collection }) => collection.path === '/pages');
    expect(pages?.idioms.refusals?.owner_team?.status).toBe(422);
    expect(resource('/pages')?.idioms.refusals?.owner_team).toBeUndefined();
  });

  it('reads the statuses the words allow for every schema refusal, and none where they name one', () => {
    expect(validationStatusesOf(contract)).toEqual([400, 422]);
    expect(validationStatusesOf(document('Invalid bodies get 400.'))).toEqual([]);
    const quoted = 'A body that violates the request schema is refused with `400` or `422`; servers may use either.';
    expect(validationStatusesOf(document(quoted))).toEqual([400, 422]);
    // Each status with its reason phrase, the schema named by what breaks it.
    const phrased =
      'A request body whose members have the wrong type or break a documented limit is refused with `400 Bad Request` or `422 Unprocessable Content`.';
    expect(validationStatusesOf(document(phrased))).toEqual([400, 422]);
  });
});
