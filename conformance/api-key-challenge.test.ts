// A 401 to an API key carries no challenge by RFC 9110's letter (the scheme is no HTTP
// authentication), but where the words give every 401 one ("a `WWW-Authenticate: ApiKey` challenge"),
// a 401 without it breaks them. Without those words, none is asked.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const KEY = 'key-123';
const SAID = 'A missing or wrong key is answered with `401` and a `WWW-Authenticate: ApiKey realm="notes"` challenge.';

const contractSaying = (words: string) =>
  contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'notes', version: '1', description: words },
    components: { securitySchemes: { key: { type: 'apiKey', in: 'header', name: 'X-Key' } } },
    security: [{ key: [] }],
    paths: {
      '/notes': {
        get: {
          responses: {
            '200': {
              description: 'all',
              content: { 'application/json': { schema: { type: 'array', items: { type: 'string' } } } },
            },
            '401': { description: 'no key' },
          },
        },
      },
    },
  });

const notes = (challenges: boolean) => async (req: IncomingMessage, res: ServerResponse) => {
  if (req.headers['x-key'] !== KEY) {
    if (challenges) res.setHeader('www-authenticate', 'ApiKey realm="notes"');
    return sendJson(res, 401, {});
  }
  return sendJson(res, 200, ['a note']);
};

const codesOf = async (words: string, challenges: boolean) =>
  (
    await runConformance({ target: { app: notes(challenges) }, contract: contractSaying(words), apiKey: KEY, seed: 1 })
  ).violations.map((violation) => violation.code);

describe('a 401 to an API key', () => {
  it('must carry the challenge the words give it', async () => {
    expect(await codesOf(SAID, false)).toContain('missing_challenge');
    expect(await codesOf(SAID, true)).toEqual([]);
  });

  it('is asked no challenge where the words give none', async () => {
    expect(await codesOf('Send the key in X-Key.', false)).toEqual([]);
  });
});
