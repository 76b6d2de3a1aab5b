// A refusal of one invalid member whose entries point at another member tells the client to fix the
// wrong field. A pointer at the member, at an object holding it or at the body, in any of the
// spellings services use (RFC 6901, "$.a.b", "a[0].b", "body.a"), is no such pointer.
import type { IncomingMessage, ServerResponse } from 'node:http';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody } from '../fixtures/http-bodies.js';
import { members, notesContract } from '../fixtures/pointed-notes.js';
import { runConformance } from './index.js';
import { pointsAside, pointsAtOtherEntry } from './judge/error-pointers.js';
import { pointedAside } from './judge/pointed-aside.js';

const memberName = fc.stringMatching(/^[a-z][a-zA-Z]{0,8}$/).filter((name) => name !== 'body');
const path = fc.array(fc.oneof(memberName, fc.nat({ max: 9 }).map(String)), { minLength: 1, maxLength: 4 });
const spellings: ReadonlyArray<(parts: readonly string[]) => string> = [
  (parts) => `/${parts.join('/')}`,
  (parts) => `#/${parts.join('/')}`,
  (parts) => `$.${parts.join('.')}`,
  (parts) => `body.${parts.join('.')}`,
  (parts) =>
    parts
      .map((part) => (/^\d+$/.test(part) ? `[${part}]` : `.${part}`))
      .join('')
      .replace(/^\./, ''),
];

describe('pointsAside', () => {
  it('is silent for a pointer at the member or at any object holding it, in any spelling', () => {
    fc.assert(
      fc.property(path, fc.nat(), fc.nat({ max: spellings.length - 1 }), (at, cut, spelling) => {
        const held = at.slice(0, 1 + (cut % at.length));
        expect(pointsAside({ errors: [{ pointer: spellings[spelling]!(held) }] }, at)).toBeUndefined();
      }),
    );
  });

  it('names a pointer only at a sibling member', () => {
    fc.assert(
      fc.property(path, memberName, (at, other) => {
        const last = at.filter((part) => !/^\d+$/.test(part)).at(-1);
        fc.pre(last !== undefined && !at.includes(other));
        const sibling = [...at.slice(0, at.lastIndexOf(last!)), other];
        expect(pointsAside({ errors: [{ pointer: `/${sibling.join('/')}` }] }, at)).toEqual([
          sibling.filter((part) => !/^\d+$/.test(part)).join('/'),
        ]);
      }),
    );
  });

  it('is silent where any entry points at the member, or none points anywhere', () => {
    expect(pointsAside({ errors: [{ pointer: '/tag' }, { pointer: '/title' }] }, ['title'])).toBeUndefined();
    expect(pointsAside({ detail: 'title is too long' }, ['title'])).toBeUndefined();
  });
});

const contract = notesContract;

type Variant = 'points-at-first-member' | 'points-as-field-path';

/** Notes whose refusals point at each invalid member; the fault points at the first member declared. */
function notes(variant?: Variant) {
  const stored: Array<Record<string, unknown>> = [];
  const refuse = (res: ServerResponse, members: string[]) => {
    const pointerOf = (member: string) =>
      variant === 'points-at-first-member'
        ? '/title'
        : variant === 'points-as-field-path'
          ? `body.${member}`
          : `/${member}`;
    res.writeHead(400, { 'content-type': 'application/problem+json' }).end(
      JSON.stringify({
        title: 'invalid',
        status: 400,
        errors: members.map((member) => ({ pointer: pointerOf(member) })),
      }),
    );
  };
  return async (req: IncomingMessage, res: ServerResponse) => {
    const text = await readBody(req);
    if ((req.url ?? '').split('?')[0] !== '/notes') return res.writeHead(404).end();
    const json = { 'content-type': 'application/json' };
    if (req.method === 'GET') return res.writeHead(200, json).end(JSON.stringify(stored));
    const body = parseObject(text);
    if (!body) return refuse(res, []);
    const { title, tag } = body;
    const bad = [
      ...Object.keys(body).filter((name) => !(name in members)),
      ...(typeof title === 'string' && title.length >= 1 && title.length <= 20 ? [] : ['title']),
      ...(tag === 'home' || tag === 'work' ? [] : ['tag']),
    ];
    if (bad.length > 0) return refuse(res, bad);
    const item = { id: stored.length + 1, title, tag };
    stored.push(item);
    return res.writeHead(201, json).end(JSON.stringify(item));
  };
}

const pointedElsewhere = async (variant?: Variant) =>
  (await runConformance({ target: { app: notes(variant) }, contract, seed: 5 })).violations.filter(
    (v) => v.code === 'refusal_points_at_other_member',
  );

describe('a refusal of one invalid member', () => {
  it('passes a service pointing at it, in RFC 6901 or as a field path', async () => {
    expect(await pointedElsewhere()).toEqual([]);
    expect(await pointedElsewhere('points-as-field-path')).toEqual([]);
  });

  it('names a service pointing at another member', async () => {
    const found = await pointedElsewhere('points-at-first-member');
    expect(found.map((v) => v.message).join('\n')).toMatch(/tag/);
  });
});

describe('pointsAtOtherEntry', () => {
  const sent = {
    lines: [
      { productId: 'prd_known', quantity: 1 },
      { productId: 'prd_nowhere', quantity: 1 },
    ],
  };
  it('names a refusal of the second line that points at the first', () => {
    const refusal = { errors: [{ pointer: '/lines/0/productId' }] };
    expect(pointsAtOtherEntry(refusal, 'lines[].productId', sent, 'prd_nowhere')).toEqual(['lines/0/productId']);
  });

  it('reads the value as the evidence spells it (JSON text)', () => {
    const refusal = { errors: [{ pointer: '/lines/1/productId' }] };
    expect(pointsAtOtherEntry(refusal, 'lines[].productId', sent, '"prd_nowhere"')).toBeUndefined();
    expect(
      pointsAtOtherEntry({ errors: [{ pointer: '/lines/0/productId' }] }, 'lines[].productId', sent, '"prd_nowhere"'),
    ).toEqual(['lines/0/productId']);
  });

  it('is silent where no entry holds the value', () => {
    expect(
      pointsAtOtherEntry({ errors: [{ pointer: '/lines/0/productId' }] }, 'lines[].productId', sent, 'prd_x'),
    ).toBeUndefined();
  });

  it('is silent where it points at the line holding the value, in any spelling, or at no line', () => {
    for (const pointer of ['/lines/1/productId', 'lines[1].productId', '/productId'])
      expect(pointsAtOtherEntry({ errors: [{ pointer }] }, 'lines[].productId', sent, 'prd_nowhere')).toBeUndefined();
  });
});

describe('pointedAside, where the other member holds characters beyond the BMP', () => {
  const operation = contract.operations.find((one) => one.method === 'POST')!;
  const refusedFor = (title: string) =>
    pointedAside(
      {
        contract,
        testCase: {
          operation,
          kind: 'negative',
          brokenAt: ['tag'],
          mutation: 'tag is not one of the enum',
          payload: { kind: 'json', value: { title, tag: 'elsewhere' } },
        },
        body: { kind: 'json', value: { errors: [{ pointer: '/title' }] } },
      } as unknown as Parameters<typeof pointedAside>[0],
      400,
    ).map((found) => found.code);

  it('leaves a refusal pointing there to the length check: a service may count UTF-16 units', () => {
    expect(refusedFor('notes 😀😀😀😀😀😀😀😀')).toEqual([]);
  });

  it('still names a refusal pointing at another member of plain text', () => {
    expect(refusedFor('plain notes')).toEqual(['refusal_points_at_other_member']);
  });
});
