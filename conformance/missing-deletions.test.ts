// A hard deletion whose words refuse a DELETE of an item that does not exist ("Deleting a shelf
// that does not exist answers `404`"): the item is deleted twice, and a second 204 is named. Where
// the words say nothing, a second 204 is the idempotent answer many services give, and passes.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const none = { description: 'none' };
const name = { type: 'string', minLength: 1, maxLength: 20 };
const shelf = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name },
};

const contractSaying = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'shelves', version: '1' },
    paths: {
      '/shelves': {
        get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: shelf }) } } },
        post: {
          requestBody: {
            required: true,
            content: json({ type: 'object', additionalProperties: false, required: ['name'], properties: { name } }),
          },
          responses: { '201': { description: 'made', content: json(shelf) }, '400': none },
        },
      },
      '/shelves/{id}': {
        parameters: [{ name: 'id', in: 'path', required: true, schema: { type: 'string' } }],
        get: { responses: { '200': { description: 'one', content: json(shelf) }, '404': none } },
        delete: { description: words, responses: { '204': none, '404': none } },
      },
    },
  });

function shelves(idempotent: boolean) {
  const all = new Map<string, { id: string; name: string }>();
  return async (req: IncomingMessage, res: ServerResponse) => {
    const sent = parseObject(await readBody(req));
    const [root, id, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (root !== 'shelves' || rest.length > 0) return sendJson(res, 404, {});
    if (id === undefined && req.method === 'GET') return sendJson(res, 200, [...all.values()]);
    if (id === undefined) {
      const named = sent?.name;
      if (!sent || Object.keys(sent).join() !== 'name' || typeof named !== 'string' || !named || [...named].length > 20)
        return sendJson(res, 400, {});
      const made = { id: `s${all.size + 1}-${Date.now() % 1000}`, name: named };
      all.set(made.id, made);
      return sendJson(res, 201, made);
    }
    const found = all.get(decodeURIComponent(id));
    if (req.method === 'DELETE') {
      if (!found && !idempotent) return sendJson(res, 404, {});
      all.delete(decodeURIComponent(id));
      return sendJson(res, 204);
    }
    return found ? sendJson(res, 200, found) : sendJson(res, 404, {});
  };
}

const SAID = 'Removes the shelf. Deleting a shelf that does not exist answers `404`.';
const missed = async (idempotent: boolean, words: string) =>
  (
    await runConformance({ target: { app: shelves(idempotent) }, contract: contractSaying(words), seed: 3 })
  ).violations.filter((v) => v.code === 'missing_item_deleted').length;

describe('a DELETE of an item that no longer exists', () => {
  it('passes a service that answers it 404, as the words say', async () => {
    expect(await missed(false, SAID)).toBe(0);
  });

  it('names one that answers 204 again', async () => {
    expect(await missed(true, SAID)).toBeGreaterThan(0);
  });

  it('is not judged where the words say nothing of it', async () => {
    expect(await missed(true, 'Removes the shelf.')).toBe(0);
  });
});
