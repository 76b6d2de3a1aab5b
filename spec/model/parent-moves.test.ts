// The parent's state a child's creation moves it to, as the words say: "sets the ticket's `status`
// to `pending`", or with the parent as "it": "A comment on an `open` ticket moves it to `pending`".
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';
import { parentMoveSources, parentStatesSetBy } from './parent-moves.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ticket = {
  type: 'object',
  properties: {
    number: { type: 'integer', readOnly: true },
    status: { type: 'string', enum: ['open', 'pending', 'solved'], readOnly: true },
  },
};
const comment = { type: 'object', properties: { id: { type: 'string', readOnly: true }, body: { type: 'string' } } };
const number = { name: 'number', in: 'path', required: true, schema: { type: 'integer' } };

function statesSetBy(words: string, read: typeof parentStatesSetBy = parentStatesSetBy): string[] {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'helpdesk', version: '1' },
    paths: {
      '/tickets': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
        post: { responses: { '201': { description: 'made', content: json(ticket) } } },
      },
      '/tickets/{number}': {
        parameters: [number],
        get: { responses: { '200': { description: 'one', content: json(ticket) } } },
      },
      '/tickets/{number}/comments': {
        parameters: [number],
        post: {
          description: words,
          requestBody: { content: json(comment) },
          responses: { '201': { description: 'added', content: json(comment) } },
        },
      },
    },
  });
  const collections = inferApiModel(contract).resources.map(({ collection }) => collection);
  const comments = collections.find(({ path }) => path.endsWith('/comments'))!;
  return read(comments, collections);
}

describe("the parent's state a child's creation moves it to", () => {
  it('reads the parent named by its word', () => {
    expect(statesSetBy("Adds a comment and sets the ticket's `status` to `pending`.")).toEqual(['pending']);
  });

  it('reads the parent as "it" where the sentence names it', () => {
    expect(statesSetBy('Adds a comment. A comment on an `open` ticket moves it to `pending`.')).toEqual(['pending']);
  });

  it('reads the states the move is limited to ("on an `open` ticket"), none where it is not', () => {
    expect(statesSetBy('A comment on an `open` ticket moves it to `pending`.', parentMoveSources)).toEqual(['open']);
    expect(statesSetBy("Adds a comment and sets the ticket's `status` to `pending`.", parentMoveSources)).toEqual([]);
  });

  it('reads none where "it" has no parent word beside it, or the state is not the parent\'s', () => {
    expect(statesSetBy('Adds a comment. Posting moves it to `pending`.')).toEqual([]);
    expect(statesSetBy('A comment on a ticket moves it to `archived`.')).toEqual([]);
  });
});
