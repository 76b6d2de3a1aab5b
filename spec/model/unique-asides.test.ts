// A conflict's words may say what the refusal leaves as it was ("(the existing workspace keeps its
// name)"): a member named only there is no member of a uniqueness rule; one the rule itself names is.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const workspace = {
  type: 'object',
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string' }, title: { type: 'string' } },
};
const sent = { type: 'object', properties: { name: { type: 'string' }, title: { type: 'string' } } };

function uniqueMembersSaid(words: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'spaces', version: '1' },
    paths: {
      '/workspaces': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: workspace }) } } },
        post: {
          description: words,
          requestBody: { content: json(sent) },
          responses: { '201': { description: 'made', content: json(workspace) }, '409': { description: 'taken' } },
        },
      },
    },
  });
  const [resource] = inferApiModel(contract).resources.filter((one) => one.collection.path === '/workspaces');
  return (resource?.idioms.unique ?? []).map((rule) => rule.members);
}

describe('members of a uniqueness rule', () => {
  it('leave out one named only in an aside on what the refusal keeps', () => {
    const words =
      'If a workspace with this title already exists the request is answered with `409` and nothing changes (the existing workspace keeps its name and everything else).';
    expect(uniqueMembersSaid(words)).toEqual([['title']]);
  });

  it('keep one the rule names', () => {
    expect(
      uniqueMembersSaid('If a workspace with this name already exists the request is answered with `409`.'),
    ).toEqual([['name']]);
  });
});
