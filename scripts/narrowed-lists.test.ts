// A list that requires a filter (Box's GET /collaborations?status=pending) shows only the items that
// match it: the runner does not expect a created item off the filter in it, and still catches a
// list that leaves out one that matches.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { contractFromDocument } from '../spec/index.js';
import { startFront } from './front.js';

const KEY = 'narrowed-Key-5150';
const json = (schema: unknown) => ({ 'application/json': { schema } });
const status = { type: 'string', enum: ['pending', 'accepted'] };
const invite = {
  type: 'object',
  required: ['id', 'name', 'status'],
  properties: { id: { type: 'string' }, name: { type: 'string' }, status },
};

/** POST: an invite made with a name and a status. */
const createInvite = {
  requestBody: {
    required: true,
    content: json({ type: 'object', required: ['name', 'status'], properties: { name: { type: 'string' }, status } }),
  },
  responses: { '201': { description: 'made', content: json(invite) }, '400': { description: 'bad' } },
};

const contract = contractFromDocument({
  openapi: '3.0.3',
  info: { title: 'invites', version: '1' },
  components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
  security: [{ key: [] }],
  paths: {
    '/invites': {
      get: {
        parameters: [{ name: 'status', in: 'query', required: true, schema: { type: 'string', enum: ['pending'] } }],
        responses: {
          '200': {
            description: 'ok',
            content: json({ type: 'object', properties: { entries: { type: 'array', items: invite } } }),
          },
        },
      },
      post: createInvite,
    },
  },
});

type Entries = { entries?: Array<Record<string, unknown>> };

async function runBehind(response?: (answer: unknown, sent: unknown, method: string) => unknown) {
  const front = await startFront(createMockApp({ contract, apiKeys: [KEY] }), contract.basePath, {
    ...(response ? { response } : {}),
  });
  try {
    return await runConformance({ target: { baseUrl: front.baseUrl }, contract, apiKey: KEY, seed: 5 });
  } finally {
    front.close();
  }
}

describe('a list that requires a filter', () => {
  it('passes: the created items off the filter are not in it', async () => {
    const result = await runBehind();
    expect(result.violations).toEqual([]);
  });

  it('fails where it leaves out a created item that matches the filter', async () => {
    let dropped = 0;
    const result = await runBehind((answer, _sent, method) => {
      const entries = (answer as Entries | undefined)?.entries;
      if (method !== 'GET' || !Array.isArray(entries)) return answer;
      // The run's creations are named conformance-…: the list leaves them all out.
      const kept = entries.filter((entry) => !String(entry.name).startsWith('conformance'));
      dropped += entries.length - kept.length;
      return { ...(answer as Entries), entries: kept };
    });
    expect(dropped).toBeGreaterThan(0);
    expect(result.violations.map((v) => v.check)).toContain('created_data_listed');
  });
});

describe('a list whose answer is capped (maxItems)', () => {
  // PagerDuty's GET /ip_allow_lists answers at most one: the mock answered every item, against its
  // own document, and a full capped answer rightly leaves creations out.
  const capped = (maxItems: number) =>
    contractFromDocument({
      openapi: '3.0.3',
      info: { title: 'notes', version: '1' },
      paths: {
        '/notes': {
          get: {
            responses: {
              '200': {
                description: 'ok',
                content: json({ type: 'object', properties: { notes: { type: 'array', maxItems, items: invite } } }),
              },
            },
          },
          post: createInvite,
        },
      },
    });

  it('is answered within its cap by the mock, and passes the runner', async () => {
    const contract = capped(2);
    const app = createMockApp({ contract });
    for (const name of ['a', 'b', 'c']) await request(app).post('/notes').send({ name, status: 'pending' });
    expect((await request(app).get('/notes')).body.notes.length).toBeLessThanOrEqual(2);
    const result = await runConformance({ target: { app: createMockApp({ contract }) }, contract, seed: 5 });
    expect(result.violations).toEqual([]);
  });

  it('still fails where it leaves out creations with room to spare', async () => {
    const contract = capped(500);
    const front = await startFront(createMockApp({ contract }), contract.basePath, {
      response: (answer, _sent, method) => {
        const notes = (answer as { notes?: Array<Record<string, unknown>> } | undefined)?.notes;
        if (method !== 'GET' || !Array.isArray(notes)) return answer;
        return { notes: notes.filter((note) => !String(note.name).startsWith('conformance')) };
      },
    });
    try {
      const result = await runConformance({ target: { baseUrl: front.baseUrl }, contract, seed: 5 });
      expect(result.violations.map((v) => v.check)).toContain('created_data_listed');
    } finally {
      front.close();
    }
  });
});
