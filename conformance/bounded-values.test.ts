// A number the words bound by the parent the path names ("a `seats` above the course's `maxSeats`
// is refused") is drawn within the parent's value on the first try: the parent is read, and a drawn
// number past it brought down to it.
import { describe, expect, it } from 'vitest';
import { contractFromDocument, inferApiModel } from '../spec/index.js';
import { parentBoundsOf, withinBounds } from './plan/scenarios/bounded-values.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const course = { type: 'object', properties: { code: { type: 'string' }, maxSeats: { type: 'integer' } } };
const session = {
  type: 'object',
  properties: { number: { type: 'integer', readOnly: true }, seats: { type: 'integer', minimum: 1, maximum: 500 } },
};
const code = { name: 'code', in: 'path', required: true, schema: { type: 'string' } };
const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'courses', version: '1' },
  paths: {
    '/courses': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: course }) } } },
      post: {
        requestBody: { content: json(course) },
        responses: { '201': { description: 'made', content: json(course) } },
      },
    },
    '/courses/{code}': {
      parameters: [code],
      get: { responses: { '200': { description: 'one', content: json(course) } } },
    },
    '/courses/{code}/sessions': {
      parameters: [code],
      post: {
        description: "Adds a session. A `seats` above the course's `maxSeats` is refused with `400`.",
        requestBody: { content: json(session) },
        responses: { '201': { description: 'made', content: json(session) }, '400': { description: 'bad' } },
      },
    },
  },
});
const collections = inferApiModel(contract).resources.map(({ collection }) => collection);
const sessions = collections.find(({ path }) => path.endsWith('/sessions'))!;

describe("a number bounded by the parent's", () => {
  it("reads the parent's bound, and brings a number past it down to it", async () => {
    const most = await parentBoundsOf(sessions, { code: 'TS-101' }, collections, async () => ({ maxSeats: 20 }));
    expect(most).toEqual({ seats: 20 });
    expect(withinBounds({ seats: 300 }, most)).toEqual({ seats: 20 });
    expect(withinBounds({ seats: 12 }, most)).toEqual({ seats: 12 });
  });

  it('reads nothing where no parent is named or it holds no number there', async () => {
    expect(await parentBoundsOf(sessions, {}, collections, async () => ({ maxSeats: 20 }))).toEqual({});
    expect(await parentBoundsOf(sessions, { code: 'X' }, collections, async () => undefined)).toEqual({});
  });
});
