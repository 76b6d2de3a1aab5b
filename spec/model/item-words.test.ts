// Readings of an item's life met in two blind panels: a member named by its words as another
// resource's id ("Login of an existing user."), the one state a "which is final" names (not every
// state of its sentence), a soft deletion the item's read "keeps answering", and a POST without a
// body beside a list of the same path, which makes an item (a book's new copy).
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel, namesByIdName, namesResource, referencedCollection } from '../index.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const list = (schema: unknown) => ({ description: 'all', ...json({ type: 'array', items: schema }) });
const one = (schema: unknown) => ({ description: 'one', ...json(schema) });
const none = { description: 'none' };
const user = { type: 'object', required: ['login'], properties: { login: { type: 'string' } } };
const issueInput = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    assignee: { type: 'string', description: 'Login of an existing user.' },
    reviewer: { type: 'string', description: 'Who reviews it.' },
    inspector: { type: 'string', description: 'The `login` of the user who inspected it.' },
    assignedUserId: { type: 'string' },
  },
};
const issue = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    ...issueInput.properties,
    status: { type: 'string', enum: ['draft', 'open', 'closed'] },
    deletedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const copy = { type: 'object', properties: { copyNumber: { type: 'integer', readOnly: true } } };
const id = (name: string) => [{ name, in: 'path', required: true, schema: { type: 'string' } }];

const model = (deletion: string) =>
  inferApiModel(
    contractFromDocument({
      openapi: '3.0.3',
      info: {
        title: 'issues',
        version: '1',
        description: '`open` moves a draft to `open`; `close` moves a draft or open issue to `closed`, which is final.',
      },
      paths: {
        '/users': { get: { responses: { '200': list(user) } } },
        '/users/{login}': { parameters: id('login'), get: { responses: { '200': one(user), '404': none } } },
        '/issues': {
          get: {
            parameters: [{ name: 'includeDeleted', in: 'query', schema: { type: 'boolean' } }],
            responses: { '200': list(issue) },
          },
          post: { requestBody: json(issueInput), responses: { '201': one(issue), '422': none } },
        },
        '/issues/{issueId}': {
          parameters: id('issueId'),
          get: { responses: { '200': one(issue), '404': none } },
          delete: { description: deletion, responses: { '204': none, '404': none } },
        },
        '/issues/{issueId}/open': {
          parameters: id('issueId'),
          post: { responses: { '200': one(issue), '409': none } },
        },
        '/issues/{issueId}/close': {
          parameters: id('issueId'),
          post: { responses: { '200': one(issue), '409': none } },
        },
        '/issues/{issueId}/copies': {
          parameters: id('issueId'),
          get: { responses: { '200': list(copy), '404': none } },
          post: { description: 'Adds a copy.', responses: { '201': one(copy), '404': none } },
        },
        '/issues/{issueId}/copies/{copyNumber}': {
          parameters: [
            ...id('issueId'),
            { name: 'copyNumber', in: 'path', required: true, schema: { type: 'integer' } },
          ],
          get: { responses: { '200': one(copy), '404': none } },
        },
      },
    }),
  );

const at = (path: string, deletion = 'Sets `deletedAt`.') =>
  model(deletion).resources.find(({ collection }) => collection.path === path);

describe('the words of an item’s life', () => {
  it('takes a member whose words name another resource’s id for a reference to it', () => {
    const resources = model('Sets `deletedAt`.').resources.map(({ collection }) => collection);
    const issues = resources.find((collection) => collection.path === '/issues');
    expect(referencedCollection('assignee', resources, issues)?.path).toBe('/users');
    expect(referencedCollection('reviewer', resources, issues)).toBeUndefined();
    // The id's name in backticks: "The `login` of the user who inspected it".
    expect(referencedCollection('inspector', resources, issues)?.path).toBe('/users');
    // Words before the resource's name say which one.
    expect(referencedCollection('assignedUserId', resources, issues)?.path).toBe('/users');
    expect(referencedCollection('assignedPersonId', resources, issues)).toBeUndefined();
    expect(
      ['technicianId', 'assignedTechnicianId', 'technician_ids'].map((m) => namesResource(m, 'technician')),
    ).toEqual([true, true, true]);
    expect(namesResource('technicalId', 'technician')).toBe(false);
  });

  it('takes a member named by the item path id after one word of its own, or a list of them', () => {
    expect(namesByIdName('photoNumber', 'photo', 'number')).toBe(true);
    expect(namesByIdName('coverPhotoNumber', 'photo', 'number')).toBe(true);
    expect(namesByIdName('cover_photo_number', 'photo', 'number')).toBe(true);
    expect(namesByIdName('photoNumbers', 'photo', 'number')).toBe(true);
    expect(namesByIdName('oldCoverPhotoNumber', 'photo', 'number')).toBe(false);
    expect(namesByIdName('phoneNumber', 'photo', 'number')).toBe(false);
  });

  it('calls final only the state a "which is final" follows', () => {
    const actions = at('/issues')?.idioms.actions ?? [];
    expect(actions.find((action) => action.verb === 'close')?.refusedFrom).toEqual(['closed']);
  });

  it.each([
    ['`GET /issues/{issueId}` keeps answering it.', true],
    ['The read continues to return it.', true],
    ['Sets `deletedAt`; the issue leaves the list.', false],
  ])('reads a deletion whose words say "%s" as keeping the item readable: %s', (words, readable) => {
    expect(at('/issues', `Sets \`deletedAt\`. ${words}`)?.idioms.keptDeletion?.readable === true).toBe(readable);
  });

  it('takes a POST without a body beside a list of its own path for a creation', () => {
    expect(at('/issues/{issueId}/copies')?.collection.create?.operation.method).toBe('POST');
  });
});
