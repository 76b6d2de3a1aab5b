// Children numbered within their parent, where the item is a union of forms (a text note or a link
// note, both with `noteNo`) and the words say it only as "one higher than the highest number ever
// used on this shelf": a new shelf's first note is 1, and a deleted note's number is not the next.
// A shelf that keeps them passes with the numbering scenario run; each planted fault is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const shelf = {
  type: 'object',
  required: ['id', 'name'],
  properties: { id: { type: 'string', readOnly: true }, name: { type: 'string', minLength: 1, maxLength: 20 } },
};
const noteForm = (kind: string, body: string) => ({
  type: 'object',
  required: ['noteNo', 'kind', body],
  properties: {
    noteNo: { type: 'integer', minimum: 1, readOnly: true },
    kind: { type: 'string', enum: [kind] },
    [body]: { type: 'string', minLength: 1, maxLength: 40 },
  },
});
const note = { oneOf: [noteForm('text', 'text'), noteForm('link', 'url')], discriminator: { propertyName: 'kind' } };
const noteInput = {
  type: 'object',
  required: ['kind', 'text'],
  additionalProperties: false,
  properties: { kind: { type: 'string', enum: ['text'] }, text: { type: 'string', minLength: 1, maxLength: 40 } },
};
const shelfId = { name: 'shelfId', in: 'path', required: true, schema: { type: 'string' } };
const noteNo = { name: 'noteNo', in: 'path', required: true, schema: { type: 'integer', minimum: 1 } };
const none = { '404': { description: 'none' } };
const raw = {
  openapi: '3.0.3',
  info: { title: 'shelves', version: '1' },
  paths: {
    '/shelves': {
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: shelf }) } } },
      post: {
        requestBody: { required: true, content: json({ ...shelf, additionalProperties: false }) },
        responses: { '201': { description: 'made', content: json(shelf) }, '400': { description: 'bad' } },
      },
    },
    '/shelves/{shelfId}': {
      parameters: [shelfId],
      get: { responses: { '200': { description: 'one', content: json(shelf) }, ...none } },
    },
    '/shelves/{shelfId}/notes': {
      parameters: [shelfId],
      get: { responses: { '200': { description: 'all', content: json({ type: 'array', items: note }) }, ...none } },
      post: {
        description:
          'The new note gets `noteNo` one higher than the highest number ever used on this shelf; ' +
          'numbers of deleted notes are not used again.',
        requestBody: { required: true, content: json(noteInput) },
        responses: {
          '201': { description: 'made', headers: { Location: { schema: { type: 'string' } } }, content: json(note) },
          '400': { description: 'bad' },
          ...none,
        },
      },
    },
    '/shelves/{shelfId}/notes/{noteNo}': {
      parameters: [shelfId, noteNo],
      get: { responses: { '200': { description: 'one', content: json(note) }, ...none } },
      delete: { responses: { '204': { description: 'gone' }, ...none } },
    },
  },
};
const document = contractFromDocument(raw);
// The same words wrapped in the document's source: "not used\nagain" is the same rule.
const wrapped = contractFromDocument(JSON.parse(JSON.stringify(raw).replace('not used again', 'not used\\nagain')));

type Fault = 'one-counter-for-all-shelves' | 'highest-standing-plus-one' | 'location-counts-notes';

/** Shelves with notes, one seeded with two; `fault` plants one mistake in the numbering. */
function shelves(fault?: Fault) {
  const all = new Map([
    ['s1', { name: 'seeded', notes: [1, 2].map((n) => ({ noteNo: n, kind: 'text', text: 'x' })), highest: 2 }],
  ]);
  let counter = 2;
  const send = sendJson;
  return async (req: IncomingMessage, res: ServerResponse) => {
    const body = parseObject(await readBody(req));
    const [top, id, sub, number, ...rest] = (req.url ?? '').split('?')[0]!.split('/').filter(Boolean);
    if (top !== 'shelves' || rest.length > 0) return send(res, 404, {});
    if (id === undefined && req.method === 'GET')
      return send(
        res,
        200,
        [...all].map(([key, s]) => ({ id: key, name: s.name })),
      );
    if (id === undefined && req.method === 'POST') {
      const name = body?.name;
      if (typeof name !== 'string' || name.length < 1 || name.length > 20 || Object.keys(body!).length !== 1)
        return send(res, 400, {});
      const key = `s${all.size + 1}`;
      all.set(key, { name, notes: [], highest: 0 });
      return send(res, 201, { id: key, name });
    }
    const found = all.get(id!);
    if (!found) return send(res, 404, {});
    if (sub === undefined) return req.method === 'GET' ? send(res, 200, { id, name: found.name }) : send(res, 404, {});
    if (sub !== 'notes') return send(res, 404, {});
    if (number === undefined && req.method === 'GET') return send(res, 200, found.notes);
    if (number === undefined && req.method === 'POST') {
      const text = body?.text;
      if (body?.kind !== 'text' || typeof text !== 'string' || text.length < 1 || [...text].length > 40)
        return send(res, 400, {});
      if (Object.keys(body).length !== 2) return send(res, 400, {});
      const faulty: Partial<Record<Fault, () => number>> = {
        'one-counter-for-all-shelves': () => ++counter,
        'highest-standing-plus-one': () => Math.max(0, ...found.notes.map((n) => n.noteNo)) + 1,
      };
      const next = (fault ? faulty[fault]?.() : undefined) ?? ++found.highest;
      const made = { noteNo: next, kind: 'text', text };
      found.notes.push(made);
      // The Location names the note's number; the fault counts the notes the shelf holds instead.
      const named = fault === 'location-counts-notes' ? found.notes.length : next;
      res.setHeader('location', `/shelves/${id}/notes/${named}`);
      return send(res, 201, made);
    }
    const at = found.notes.findIndex((one) => String(one.noteNo) === number);
    if (at < 0) return send(res, 404, {});
    if (req.method === 'GET') return send(res, 200, found.notes[at]);
    if (req.method === 'DELETE') return found.notes.splice(at, 1) && send(res, 204);
    return send(res, 404, {});
  };
}

const run = (fault?: Fault) =>
  runConformance({ target: { app: shelves(fault) }, contract: document, seed: 5, runs: 5 });
const codes = (result: Awaited<ReturnType<typeof run>>) => result.violations.map((v) => v.code);
const WATCHED = ['number_not_first', 'number_reused'];

describe('notes numbered per shelf, said as "one higher than the highest ever used"', () => {
  it('passes a shelf that numbers them so, with the numbering scenario run', async () => {
    const result = await run();
    expect(codes(result).filter((code) => WATCHED.includes(code))).toEqual([]);
    expect((result.reach?.unreached ?? []).map(({ scenario }) => scenario)).not.toContain('numbering');
  });

  it.each([
    ['one-counter-for-all-shelves', 'number_not_first'],
    ['highest-standing-plus-one', 'number_reused'],
    // Its Location, read after a deletion, names the deleted note.
    ['location-counts-notes', 'location_not_readable'],
  ] as const)('names a shelf whose fault is %s', async (fault, code) => {
    expect(codes(await run(fault))).toContain(code);
  });

  it('reads the rule where a line break wraps its words', async () => {
    const result = await runConformance({
      target: { app: shelves('highest-standing-plus-one') },
      contract: wrapped,
      seed: 5,
      runs: 5,
    });
    expect(codes(result)).toContain('number_reused');
  });

  it('reads "`lastNoteNo + 1`, where `lastNoteNo` is the highest number ever used" as a first of 1', async () => {
    const said = contractFromDocument(
      JSON.parse(
        JSON.stringify(raw).replace(
          'gets `noteNo` one higher than the highest number ever used on this shelf',
          'gets `lastNoteNo + 1`, where `lastNoteNo` is the highest number ever used on this shelf (0 for a new one)',
        ),
      ),
    );
    const result = await runConformance({
      target: { app: shelves('one-counter-for-all-shelves') },
      contract: said,
      seed: 5,
      runs: 5,
    });
    expect(codes(result)).toContain('number_not_first');
  });

  it('reads "highest number ever used + 1" alone as numbers never reused', async () => {
    const said = contractFromDocument(
      JSON.parse(
        JSON.stringify(raw).replace(
          'The new note gets `noteNo` one higher than the highest number ever used on this shelf; numbers of deleted notes are not used again.',
          'The service assigns `noteNo` (highest number ever used in this shelf + 1, starting at 1).',
        ),
      ),
    );
    const result = await runConformance({
      target: { app: shelves('highest-standing-plus-one') },
      contract: said,
      seed: 5,
      runs: 5,
    });
    expect(codes(result)).toContain('number_reused');
  });

  const REUSED = ['highest-standing-plus-one', 'number_reused', 'numbers never reused'] as const;
  const FIRST = ['one-counter-for-all-shelves', 'number_not_first', 'a first of 1'] as const;
  it.each([
    ['Notes are numbered per shelf. A number is handed out only once per shelf.', ...REUSED],
    [
      'Notes are numbered per shelf; when a note is removed, its number is not given to any later note of that shelf.',
      ...REUSED,
    ],
    [
      'The first note of a shelf gets number 1 and each new note gets the next number; numbers of deleted notes are not used again.',
      ...FIRST,
    ],
    ['Numbers restart at 1 on each shelf and are never reused, not even after a note is deleted.', ...FIRST],
    ['Inside each shelf, notes are numbered 1, 2, 3, … in the order they are made.', ...FIRST],
  ])('reads "%s" (a shelf whose fault is %s gets %s: %s)', async (words, fault, code, _rule) => {
    const said = contractFromDocument(
      JSON.parse(
        JSON.stringify(raw).replace(
          'The new note gets `noteNo` one higher than the highest number ever used on this shelf; numbers of deleted notes are not used again.',
          words,
        ),
      ),
    );
    const result = await runConformance({ target: { app: shelves(fault) }, contract: said, seed: 5, runs: 5 });
    expect(codes(result)).toContain(code);
  });
});
