// The store against a model of it: random runs of creations, reads, replacements, deletions and
// lists, through the core's public exchange, for integer ids and for uuid ids beside seeded ones.
// Each answer must be what a plain map of the items would give (the store files ids lazily, and
// skips the seeded ids its counter meets: this holds it to the obvious behaviour).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { contractFromDocument } from '../spec/index.js';
import { createMockCore, exchange } from './index.js';

const KEY = 'model-Key-31';
const json = (schema: object) => ({ 'application/json': { schema } });

function documentWith(id: object, example?: unknown[]) {
  const thing = {
    type: 'object',
    required: ['id', 'name'],
    properties: { id: { ...id, readOnly: true }, name: { type: 'string' } },
  };
  const itemPath = {
    parameters: [{ name: 'thingId', in: 'path', required: true, schema: id }],
    get: { responses: { '200': { description: 'ok', content: json(thing) }, '404': { description: 'none' } } },
    put: {
      requestBody: { required: true, content: json(thing) },
      responses: { '200': { description: 'ok', content: json(thing) }, '404': { description: 'none' } },
    },
    delete: { responses: { '204': { description: 'gone' }, '404': { description: 'none' } } },
  };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'things', version: '1' },
    components: { securitySchemes: { key: { type: 'http', scheme: 'bearer' } } },
    security: [{ key: [] }],
    paths: {
      '/things': {
        get: {
          responses: {
            '200': {
              description: 'ok',
              content: {
                'application/json': { schema: { type: 'array', items: thing }, ...(example ? { example } : {}) },
              },
            },
          },
        },
        post: {
          requestBody: { required: true, content: json(thing) },
          responses: { '201': { description: 'made', content: json(thing) } },
        },
      },
      '/things/{thingId}': itemPath,
    },
  });
}

type Command =
  | { kind: 'create'; name: string }
  | { kind: 'read' | 'remove'; pick: number }
  | { kind: 'replace'; pick: number; name: string }
  | { kind: 'list' };

const name = fc.string({ maxLength: 8 });
const pick = fc.nat();
const command: fc.Arbitrary<Command> = fc.oneof(
  fc.record({ kind: fc.constant('create' as const), name }),
  fc.record({ kind: fc.constantFrom('read' as const, 'remove' as const), pick }),
  fc.record({ kind: fc.constant('replace' as const), pick, name }),
  fc.record({ kind: fc.constant('list' as const) }),
);

const text = (body: Uint8Array): string => new TextDecoder().decode(body);

async function runAgainstModel(
  contract: ReturnType<typeof contractFromDocument>,
  commands: readonly Command[],
): Promise<void> {
  const core = createMockCore({ contract, apiKeys: [KEY], journal: false });
  const call = (method: string, path: string, body?: unknown) =>
    exchange(core.handle, {
      method,
      url: `${contract.basePath}${path}`,
      headers: {
        authorization: `Bearer ${KEY}`,
        host: 'x',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: new TextEncoder().encode(body === undefined ? '' : JSON.stringify(body)),
    });
  const seeded = JSON.parse(text((await call('GET', '/things')).body)) as Array<{ id: unknown; name: string }>;
  const model = new Map(seeded.map((item) => [String(item.id), item]));
  const removed: string[] = [];
  // An id to act on: mostly one that exists, sometimes one removed or never made.
  const idAt = (n: number): string => {
    const known = [...model.keys(), ...removed, 'no-such-id', '999999'];
    return known[n % known.length]!;
  };
  for (const step of commands) {
    if (step.kind === 'create') {
      const answer = await call('POST', '/things', { name: step.name });
      expect(answer.status).toBe(201);
      const made = JSON.parse(text(answer.body)) as { id: unknown; name: string };
      expect(made.name).toBe(step.name);
      // A new id: never one stored, and never one given before (removed ones included).
      expect(model.has(String(made.id))).toBe(false);
      expect(removed).not.toContain(String(made.id));
      model.set(String(made.id), made);
    } else if (step.kind === 'read') {
      const id = idAt(step.pick);
      const answer = await call('GET', `/things/${encodeURIComponent(id)}`);
      const known = model.get(id);
      if (known) expect([answer.status, JSON.parse(text(answer.body))]).toEqual([200, known]);
      else expect(answer.status).toBe(404);
    } else if (step.kind === 'replace') {
      const id = idAt(step.pick);
      const answer = await call('PUT', `/things/${encodeURIComponent(id)}`, { name: step.name });
      const known = model.get(id);
      if (!known) {
        expect(answer.status).toBe(404);
        continue;
      }
      expect(answer.status).toBe(200);
      const changed = { ...known, name: step.name };
      expect(JSON.parse(text(answer.body))).toEqual(changed);
      model.set(id, changed);
    } else if (step.kind === 'remove') {
      const id = idAt(step.pick);
      const answer = await call('DELETE', `/things/${encodeURIComponent(id)}`);
      expect(answer.status).toBe(model.has(id) ? 204 : 404);
      if (model.delete(id)) removed.push(id);
    } else {
      const answer = await call('GET', '/things');
      expect(JSON.parse(text(answer.body))).toEqual([...model.values()]);
    }
  }
}

describe('the store, against a model of it', () => {
  it('integer ids: every read, change, removal and list answers as a plain map would', async () => {
    const contract = documentWith({ type: 'integer', format: 'int64' });
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), (commands) => runAgainstModel(contract, commands)),
      { numRuns: 60 },
    );
  });

  it('uuid ids seeded where the counter will go: creations skip them, everything else as a map', async () => {
    // The document's example holds the uuids the mock's counter makes for its 2nd and 3rd items.
    const uuid = (n: number) => `00000000-0000-4000-8000-${n.toString(16).padStart(12, '0')}`;
    const contract = documentWith({ type: 'string', format: 'uuid' }, [
      { id: uuid(2), name: 'two' },
      { id: uuid(3), name: 'three' },
    ]);
    await fc.assert(
      fc.asyncProperty(fc.array(command, { maxLength: 40 }), (commands) => runAgainstModel(contract, commands)),
      { numRuns: 60 },
    );
  });
});
