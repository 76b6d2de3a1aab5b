// --include of an action below a collection whose creation is left out: the run still makes the
// item it acts on (from the sequences' reserve) and ends with a verdict. The reserve counted only
// included creations, so the maker waited on the budget for the very operation waiting on it, and
// the CLI stopped with "no verdict".
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const list = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 40 } },
};
const listId = { name: 'listId', in: 'path', required: true, schema: { type: 'string' } };
const refused = { description: 'refused', content: json({ type: 'object' }) };

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'lists', version: '1' },
  paths: {
    // No list of lists: the item archived can only be made.
    '/lists': {
      post: {
        requestBody: { required: true, content: json(list) },
        responses: { '201': { description: 'made', content: json(list) }, '400': refused },
      },
    },
    '/lists/{listId}': {
      parameters: [listId],
      get: { responses: { '200': { description: 'one', content: json(list) }, '404': refused } },
    },
    '/lists/{listId}/archive': {
      parameters: [listId],
      post: {
        operationId: 'archiveList',
        responses: { '200': { description: 'archived', content: json(list) }, '404': refused },
      },
    },
  },
});

describe('an action tested alone on items whose creation is left out', () => {
  it('makes the item and ends with a verdict', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const report = await runConformance({
      target: { app },
      contract,
      seed: 3,
      runs: 3,
      selection: { include: ['operationId:archiveList'] },
    });
    expect(report.violations).toEqual([]);
    const tested = report.operations.filter((operation) => !operation.skipped);
    expect(tested.map((operation) => operation.id)).toEqual(['archiveList']);
    expect(tested[0]!.observedStatuses).toContain(200);
    expect(report.reach?.notReached).toEqual([]);
  });
});
