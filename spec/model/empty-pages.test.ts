// A walk that meets no empty page, where the list's words say so: read from the list's own words
// and its next member's, and not where the words allow an empty last page.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });

function noEmptyPagesOf(description: string, nextDescription?: string, overview = '') {
  const page = {
    type: 'object',
    properties: {
      items: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } },
      nextCursor: { type: ['string', 'null'], ...(nextDescription ? { description: nextDescription } : {}) },
    },
  };
  const contract = contractFromDocument({
    openapi: '3.1.0',
    info: { title: 'pages', version: '1', description: overview },
    paths: {
      '/things': {
        get: {
          description,
          parameters: [
            { name: 'cursor', in: 'query', schema: { type: 'string' } },
            { name: 'limit', in: 'query', schema: { type: 'integer', minimum: 1, maximum: 50 } },
          ],
          responses: { '200': { description: 'ok', content: json(page) } },
        },
      },
    },
  });
  return inferApiModel(contract).resources[0]?.collection.list?.paging.noEmptyPages === true;
}

describe('no empty page in a walk', () => {
  it.each([
    '`nextCursor` is `null` when no matching thing follows the last one of the page.',
    'Walking the pages meets no empty page (only a first page can be empty).',
    'No page is empty except a first page when nothing matches.',
  ])('is read from %j', (words) => {
    expect(noEmptyPagesOf(words)).toBe(true);
  });

  it.each([
    'List operations return `{items, nextCursor}`. `nextCursor` is `null` when there are no further items.',
    'Pages are walked with `nextCursor`; it is `null` exactly when no item follows the page.',
  ])("is read from the overview's sentence naming the next member: %j", (overview) => {
    expect(noEmptyPagesOf('Lists things.', undefined, overview)).toBe(true);
    expect(noEmptyPagesOf('Lists things.', undefined, overview.replaceAll('nextCursor', 'the next page'))).toBe(false);
  });

  it("is read from the next member's own words", () => {
    expect(noEmptyPagesOf('Cursor pages.', 'null on the page that holds the last item')).toBe(true);
  });

  it('is not read where the words allow an empty last page, or say nothing', () => {
    expect(
      noEmptyPagesOf(
        'The server may return fewer (even an empty last page). nextCursor is null on the last page and only there.',
      ),
    ).toBe(false);
    fc.assert(fc.property(fc.lorem({ maxCount: 12 }), (words) => !noEmptyPagesOf(words)));
  });
});
