// A member whose default the parent holds, in any of the ways the words say it: "`priority`
// defaults to the workspace's `defaultPriority`", "Defaults of absent members: `priority` is the
// workspace's `defaultPriority`", or the member's own words, "Absent means the workspace's
// defaultPriority". A sentence that says no default ("`priority` is the workspace's business")
// ties nothing.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';
import { parentDefaultsOf } from './parent-defaults.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const workspace = {
  type: 'object',
  properties: { slug: { type: 'string' }, defaultPriority: { type: 'string', enum: ['low', 'normal', 'high'] } },
};
const slug = { name: 'slug', in: 'path', required: true, schema: { type: 'string' } };

function defaultsSaid(words: string, own?: string) {
  const ticket = {
    type: 'object',
    properties: {
      number: { type: 'integer', readOnly: true },
      priority: { type: 'string', enum: ['low', 'normal', 'high'], ...(own ? { description: own } : {}) },
    },
  };
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'helpdesk', version: '1' },
    paths: {
      '/workspaces': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: workspace }) } } },
        post: {
          requestBody: { content: json(workspace) },
          responses: { '201': { description: 'made', content: json(workspace) } },
        },
      },
      '/workspaces/{slug}': {
        parameters: [slug],
        get: { responses: { '200': { description: 'one', content: json(workspace) } } },
      },
      '/workspaces/{slug}/tickets': {
        parameters: [slug],
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
        post: {
          description: words,
          requestBody: { content: json(ticket) },
          responses: { '201': { description: 'made', content: json(ticket) } },
        },
      },
    },
  });
  const collections = inferApiModel(contract).resources.map(({ collection }) => collection);
  const tickets = collections.find(({ path }) => path.endsWith('/tickets'))!;
  return parentDefaultsOf(tickets, collections).map(({ member, parentMember }) => `${member} ${parentMember}`);
}

describe('a member whose default the parent holds', () => {
  it('reads "defaults to the workspace\'s"', () => {
    expect(defaultsSaid("`priority` defaults to the workspace's `defaultPriority`.")).toEqual([
      'priority defaultPriority',
    ]);
  });

  it('reads "is the workspace\'s" where the sentence speaks of absent members', () => {
    expect(
      defaultsSaid("Defaults of absent members: `priority` is the workspace's `defaultPriority`, `tags` is `[]`."),
    ).toEqual(['priority defaultPriority']);
    expect(defaultsSaid("On a change, `priority` is the workspace's `defaultPriority` no more.")).toEqual([]);
  });

  it("reads the member's own words", () => {
    expect(defaultsSaid('Creates a ticket.', "Absent means the workspace's defaultPriority.")).toEqual([
      'priority defaultPriority',
    ]);
  });
});
