// One endpoint taking several actions by a member of its body (`{"action": "start"}`): an action
// per value, its target and sources from the words' table, on a variant of the operation whose body
// always holds that value and that reports as the operation it narrows.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ content: { 'application/json': { schema } } });
const order = {
  type: 'object',
  required: ['id', 'status'],
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'in_progress', 'completed', 'cancelled'] },
  },
};
const table = [
  'Applies one action to the order.',
  '',
  '| action | from status | to status | sets |',
  '|---|---|---|---|',
  '| `start` | `open` | `in_progress` | `startedAt` |',
  '| `complete` | `in_progress` | `completed` | `completedAt` |',
  '| `cancel` | `open`, `in_progress` | `cancelled` | `cancelledAt` |',
].join('\n');
const transition = {
  type: 'object',
  required: ['action'],
  properties: { action: { type: 'string', enum: ['start', 'complete', 'cancel'] }, note: { type: 'string' } },
};
const documentWith = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'orders', version: '1' },
    paths: {
      '/orders': {
        get: { responses: { '200': { description: 'all', ...json({ type: 'array', items: order }) } } },
        post: { requestBody: json({ type: 'object' }), responses: { '201': { description: 'made', ...json(order) } } },
      },
      '/orders/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', ...json(order) }, '404': { description: 'no' } } },
      },
      '/orders/{id}/transitions': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        post: {
          description: words,
          requestBody: { required: true, ...json(transition) },
          responses: { '200': { description: 'moved', ...json(order) }, '409': { description: 'not from here' } },
        },
      },
    },
  });

const contract = documentWith(table);

describe('actions named by a body member', () => {
  const actions = inferApiModel(contract).resources.find((r) => r.collection.path === '/orders')!.idioms.actions!;
  const transitions = contract.operations.find((operation) => operation.path === '/orders/{id}/transitions')!;

  it('reads an action per value, with the table’s sources and targets', () => {
    expect(actions.map(({ verb, target, from }) => ({ verb, target, from }))).toEqual([
      { verb: 'start', target: 'in_progress', from: ['open'] },
      { verb: 'complete', target: 'completed', from: ['in_progress'] },
      { verb: 'cancel', target: 'cancelled', from: ['open', 'in_progress'] },
    ]);
    expect(actions.every((action) => action.refusedStatus === 409)).toBe(true);
  });

  it('narrows each variant’s body to its value, reported as the operation it narrows', () => {
    const start = actions[0]!.operation;
    expect(start.variantOf).toBe(transitions);
    expect(start.id).toBe(transitions.id);
    const validator = start.requestBody!.content[0]!.validator!;
    expect(validator.validate({ action: 'start', note: 'n' })).toEqual([]);
    expect(validator.validate({ action: 'cancel' })).not.toEqual([]);
    expect(transitions.requestBody!.content[0]!.validator!.validate({ action: 'cancel' })).toEqual([]);
  });
});

describe('actions named by a body member, their sources and targets in arrows and lines', () => {
  const words = [
    'Moves the order through its life: `open` -> `in_progress` (action `start`) -> `completed` (action',
    '`complete`), or `open` -> `cancelled` (action `cancel`).',
    '',
    '* `start`: only from `open`; `409` otherwise.',
    '* `cancel`: only from `open` or `in_progress`, else `409`.',
  ].join('\n');
  const actions = inferApiModel(documentWith(words)).resources.find((r) => r.collection.path === '/orders')!.idioms
    .actions!;

  it("reads each arrow's target and the state before it, a line's sources over them", () => {
    expect(actions.map(({ verb, target, from }) => ({ verb, target, from }))).toEqual([
      { verb: 'start', target: 'in_progress', from: ['open'] },
      { verb: 'complete', target: 'completed', from: ['in_progress'] },
      { verb: 'cancel', target: 'cancelled', from: ['open', 'in_progress'] },
    ]);
  });
});
