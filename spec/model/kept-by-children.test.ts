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
  });
});
