// A deletion the words refuse while the item has children is read with its status and words; words
// that cascade, that speak of a soft deletion's 410, or of no children, are no such rule.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';
import { childrenNeededOf } from './kept-by-children.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const folder = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, name: { type: 'string' } } };
const file = { type: 'object', required: ['id'], properties: { id: { type: 'string' }, size: { type: 'integer' } } };
const named = (name: string) => ({ name, in: 'path', required: true, schema: { type: 'string' } });
const body = json({ type: 'object', properties: { name: { type: 'string' } } });

/** The folders model, its DELETE described by the words given. */
function modelOf(description: string, statuses: readonly string[] = ['204', '404', '409']) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'folders', version: '1' },
    paths: {
      '/folders': {
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: folder }) } } },
        post: { requestBody: { content: body }, responses: { '201': { description: 'made', content: json(folder) } } },
      },
      '/folders/{folderId}': {
        parameters: [named('folderId')],
        get: { responses: { '200': { description: 'ok', content: json(folder) } } },
        delete: {
          description,
          responses: Object.fromEntries(statuses.map((status) => [status, { description: status }])),
        },
      },
      '/folders/{folderId}/files': {
        parameters: [named('folderId')],
        get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: file }) } } },
        post: { requestBody: { content: body }, responses: { '201': { description: 'made', content: json(file) } } },
      },
    },
  });
  return inferApiModel(contract);
}

function keptOf(description: string, statuses?: readonly string[]) {
  const folders = modelOf(description, statuses).resources.find(({ collection }) => collection.path === '/folders');
  return folders?.idioms.keptByChildren;
}

describe('deletions refused while the item has children', () => {
  it('reads the status and the clause, however the holding is phrased', () => {
    const holding = fc.constantFrom(
      'has at least one file',
      'still has files',
      'holds any file',
      'contains files',
      'still has live (not trashed) files',
    );
    const status = fc.constantFrom('409', '422');
    fc.assert(
      fc.property(holding, status, (words, code) => {
        const kept = keptOf(`Answers ${code} when the folder ${words}. Empty it first.`, ['204', '404', code]);
        expect(kept).toEqual([
          {
            child: '/folders/{folderId}/files',
            status: Number(code),
            words: `Answers ${code} when the folder ${words}.`,
          },
        ]);
      }),
    );
  });

  it.each([
    ['a cascade', 'Deleting a folder that has files cascades to them (409 never).'],
    ['a soft deletion', 'Soft delete: afterwards the folder with its files answers 410.'],
    ['no status for it', 'A folder that has files cannot be deleted.'],
    ['another status than documented', 'Answers 423 when the folder has files.'],
    ['no children named', 'Answers 409 when the folder is shared.'],
  ])('reads nothing from %s', (_what, words) => {
    expect(keptOf(words, ['204', '404', '409', '410'])).toBeUndefined();
  });

  it('reads an action allowed only once the item has a child, and not one that only speaks of children', () => {
    const responses = [
      { status: '200', description: 'ok', content: [], headers: [] },
      { status: '409', description: 'no', content: [], headers: [] },
    ];
    const operation = (description: string) =>
      ({ id: 'shareFolder', method: 'POST', path: '/folders/{folderId}/share', description, responses }) as never;
    const model = modelOf('Deletes the folder.');
    const folders = model.collections.find((c) => c.path === '/folders')!;
    const needs = (words: string) => childrenNeededOf(folders, [operation(words)], model.collections);
    expect(needs('Only when the folder holds at least one file (409 otherwise).')).toEqual([
      expect.objectContaining({ child: '/folders/{folderId}/files', status: 409 }),
    ]);
    expect(needs('Refused with `409` when the folder is locked, has no file, or is shared.')).toEqual([
      expect.objectContaining({ child: '/folders/{folderId}/files', status: 409 }),
    ]);
    expect(needs('Shares the folder and its files (409 when already shared).')).toEqual([]);
    // The status in the clause that says what happens otherwise.
    expect(
      needs('Allowed only when `status` is `draft` **and** the folder has at least one file; otherwise `409`.'),
    ).toEqual([expect.objectContaining({ child: '/folders/{folderId}/files', status: 409 })]);
    // A need, and its refusal in the clause after it that speaks of the children again.
    expect(
      needs(
        'A folder also needs at least one file before it can be shared; trying to share one whose file list is empty is answered with `409`.',
      ),
    ).toEqual([expect.objectContaining({ child: '/folders/{folderId}/files', status: 409 })]);
  });
});

/** Pages of a space: a page may name another of the space as its parent; pages have a status. */
function pagesModel(spaceDelete: string, pageDelete: string) {
  const page = {
    type: 'object',
    properties: {
      number: { type: 'integer', readOnly: true },
      title: { type: 'string' },
      status: { type: 'string', enum: ['draft', 'published', 'archived'] },
      parentNumber: { type: ['integer', 'null'] },
    },
  };
  const space = { type: 'object', properties: { slug: { type: 'string' } } };
  const deleting = (description: string) => ({
    description,
    responses: { '204': { description: 'gone' }, '404': { description: 'none' }, '409': { description: 'kept' } },
  });
  return inferApiModel(
    contractFromDocument({
      openapi: '3.1.0',
      info: { title: 'wiki', version: '1' },
      paths: {
        '/spaces': {
          get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: space }) } } },
          post: {
            requestBody: { content: json(space) },
            responses: { '201': { description: 'made', content: json(space) } },
          },
        },
        '/spaces/{slug}': {
          parameters: [named('slug')],
          get: { responses: { '200': { description: 'ok', content: json(space) } } },
          delete: deleting(spaceDelete),
        },
        '/spaces/{slug}/pages': {
          parameters: [named('slug')],
          get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: page }) } } },
          post: {
            requestBody: { content: json(page) },
            responses: { '201': { description: 'made', content: json(page) } },
          },
        },
        '/spaces/{slug}/pages/{number}': {
          parameters: [named('slug'), { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
          get: { responses: { '200': { description: 'ok', content: json(page) } } },
          delete: deleting(pageDelete),
        },
      },
    }),
  );
}

describe('deletions refused while items in some states, or siblings, name the item', () => {
  const model = pagesModel(
    'A space that still holds pages that are not archived (drafts or published pages) cannot be deleted: 409.',
    'A page that another page of the space (in any status) names as its `parentNumber` cannot be deleted: 409, nothing changes.',
  );
  const keptOfPath = (path: string) =>
    model.resources.find(({ collection }) => collection.path === path)?.idioms.keptByChildren;

  it('reads "not archived" as every other state', () => {
    expect(keptOfPath('/spaces')).toEqual([
      expect.objectContaining({
        child: '/spaces/{slug}/pages',
        holding: { member: 'status', values: ['draft', 'published'] },
      }),
    ]);
  });

  it('reads a page kept while another page names it, by the member named after the verb', () => {
    expect(keptOfPath('/spaces/{slug}/pages')).toEqual([
      expect.objectContaining({ child: '/spaces/{slug}/pages', via: 'parentNumber', status: 409 }),
    ]);
  });

  it('reads no sibling rule where the words speak of the item alone', () => {
    const plain = pagesModel('Deletes the space.', 'Deletes the page and its comments; its number is not used again.');
    const pages = plain.resources.find(({ collection }) => collection.path === '/spaces/{slug}/pages');
    expect(pages?.idioms.keptByChildren).toBeUndefined();
  });
});

describe('deletions refused while items elsewhere name the item', () => {
  const thing = (properties: Record<string, unknown>) => ({ type: 'object', properties });
  const copy = thing({ number: { type: 'integer', readOnly: true }, isbn: { type: 'string' } });
  const title = thing({ isbn: { type: 'string' }, name: { type: 'string' } });
  const loan = thing({ id: { type: 'string' }, branchId: { type: 'string' }, copyNumber: { type: 'integer' } });
  const refused = (description: string) => ({
    description,
    responses: { '204': { description: 'gone' }, '404': { description: 'none' }, '409': { description: 'kept' } },
  });
  const listed = (schema: unknown) => ({
    get: { responses: { '200': { description: 'ok', content: json({ type: 'array', items: schema }) } } },
  });
  const made = (schema: unknown) => ({
    requestBody: { content: json(schema) },
    responses: { '201': { description: 'made', content: json(schema) } },
  });
  const model = inferApiModel(
    contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'library', version: '1' },
      paths: {
        '/branches': listed(thing({ id: { type: 'string' } })),
        '/branches/{branchId}': {
          parameters: [named('branchId')],
          get: { responses: { '200': { description: 'ok' } } },
        },
        '/branches/{branchId}/copies': { parameters: [named('branchId')], ...listed(copy), post: made(copy) },
        '/branches/{branchId}/copies/{number}': {
          parameters: [named('branchId'), { name: 'number', in: 'path', required: true, schema: { type: 'integer' } }],
          get: { responses: { '200': { description: 'ok', content: json(copy) } } },
          delete: refused('Removes the copy. A copy that is on loan cannot be removed: returns `409`.'),
        },
        '/titles': listed(title),
        '/titles/{isbn}': {
          parameters: [named('isbn')],
          get: { responses: { '200': { description: 'ok', content: json(title) } } },
          put: made(title),
          delete: refused('Returns `409` while the title still has copies in any branch.'),
        },
        '/loans': { ...listed(loan), post: made(loan) },
      },
    }),
  );
  const keptOfPath = (path: string) =>
    model.resources.find(({ collection }) => collection.path === path)?.idioms.keptByChildren;

  it('reads an item "on loan" as held by the items that name it', () => {
    expect(keptOfPath('/branches/{branchId}/copies')).toEqual([
      expect.objectContaining({ child: '/loans', via: 'copyNumber', status: 409 }),
    ]);
  });

  it('reads items below another parent that name it by their member', () => {
    expect(keptOfPath('/titles')).toEqual([
      expect.objectContaining({ child: '/branches/{branchId}/copies', via: 'isbn', status: 409 }),
    ]);
  });
});
