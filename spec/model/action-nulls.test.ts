// An action's words that name the members it leaves null after the verb: "sets `solvedAt` back to
// null", "clears `assigneeId`"; a clause that denies it names none.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const ticket = {
  type: 'object',
  properties: {
    id: { type: 'string', readOnly: true },
    status: { type: 'string', enum: ['open', 'solved'], readOnly: true },
    solvedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
    assigneeId: { type: 'string', nullable: true },
    closedAt: { type: 'string', format: 'date-time', nullable: true, readOnly: true },
  },
};
const id = { name: 'ticketId', in: 'path', required: true, schema: { type: 'string' } };
const action = (description: string) => ({
  parameters: [id],
  post: {
    description,
    responses: { '200': { description: 'moved', content: json(ticket) }, '409': { description: 'refused' } },
  },
});

function nullsOf(description: string) {
  const contract = contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'tickets', version: '1' },
    paths: {
      '/tickets': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: ticket }) } } },
        post: { responses: { '201': { description: 'made', content: json(ticket) } } },
      },
      '/tickets/{ticketId}': {
        parameters: [id],
        get: { responses: { '200': { description: 'one', content: json(ticket) }, '404': { description: 'none' } } },
      },
      '/tickets/{ticketId}/reopen': action(description),
    },
  });
  const resource = inferApiModel(contract).resources.find(({ collection }) => collection.path === '/tickets');
  return resource?.idioms.actions?.find((one) => one.verb === 'reopen')?.nulls;
}

describe('the members an action leaves null, named after its verb', () => {
  it('reads "sets `solvedAt` back to null"', () => {
    expect(
      nullsOf('Moves a `solved` ticket back to `open`, sets `solvedAt` back to null and `updatedAt` to now.'),
    ).toEqual(['solvedAt']);
  });

  it('reads "clears `assigneeId` and `closedAt`"', () => {
    expect(nullsOf('Moves a `solved` ticket to `open` and clears `assigneeId` and `closedAt`.')).toEqual([
      'assigneeId',
      'closedAt',
    ]);
  });

  it('reads none where the words deny it', () => {
    expect(nullsOf('Moves a `solved` ticket to `open`; it does not set `solvedAt` to null.')).toBeUndefined();
  });
});
