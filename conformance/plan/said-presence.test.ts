// Members the words require or forbid by another member's value: every body the run sends keeps
// the rule, whatever the schema drew, by the deciding member's value, and both kinds stay made.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { withWordRules } from './followed-words.js';
import { presenceBreaksOf } from './said-presence.js';

const lesson = {
  type: 'object',
  properties: {
    title: { type: 'string' },
    kind: { type: 'string', enum: ['video', 'reading', 'quiz'], default: 'video' },
    answerKey: { type: ['string', 'null'] },
  },
};
const quizWords =
  '`kind` defaults to `video`. `answerKey` is required when `kind` is `quiz` and must be absent or `null` otherwise (`400`).';
const movement = {
  type: 'object',
  properties: {
    type: { type: 'string', enum: ['receipt', 'issue', 'transfer'] },
    toWarehouseCode: { type: 'string' },
  },
};

describe('presence said in words', () => {
  it('keeps "required when `kind` is `quiz`, absent otherwise" on any drawn body', () => {
    const body = fc.record(
      {
        title: fc.string(),
        kind: fc.constantFrom('video', 'reading', 'quiz'),
        answerKey: fc.option(fc.string(), { nil: null }),
      },
      { requiredKeys: ['title'] },
    );
    fc.assert(
      fc.property(body, (drawn) => {
        const kept = withWordRules(drawn, lesson, undefined, quizWords) as Record<string, unknown>;
        const kind = kept.kind ?? 'video';
        const holds = kept.answerKey !== undefined && kept.answerKey !== null;
        expect(kind === 'quiz').toBe(holds);
        expect(kept.title).toBe(drawn.title);
      }),
    );
    expect(withWordRules({ title: 't', answerKey: 'B' }, lesson, undefined, quizWords)).toMatchObject({ kind: 'quiz' });
    expect(withWordRules({ title: 't', kind: 'quiz' }, lesson, undefined, quizWords)).toMatchObject({ kind: 'video' });
  });

  it('reads "only for transfers" as the value of the member whose enum holds it', () => {
    const words = '`toWarehouseCode` is only for transfers.';
    expect(withWordRules({ type: 'receipt', toWarehouseCode: 'B' }, movement, undefined, words)).toEqual({
      type: 'transfer',
      toWarehouseCode: 'B',
    });
    expect(withWordRules({ type: 'issue' }, movement, undefined, words)).toEqual({ type: 'issue' });
  });

  it('leaves bodies alone where the words say nothing of presence', () => {
    const drawn = { title: 't', kind: 'quiz' };
    expect(withWordRules(drawn, lesson, undefined, '`kind` defaults to `video`.')).toEqual(drawn);
  });

  it("reads a member's own words, and breaks each rule for the invalid cases", () => {
    const inspection = {
      type: 'object',
      properties: {
        result: { type: 'string', enum: ['pass', 'fail'] },
        defects: {
          type: 'array',
          items: { type: 'string' },
          description: 'Must hold at least one entry when `result` is `fail`.',
        },
      },
    };
    expect(withWordRules({ result: 'fail', defects: [] }, inspection)).toEqual({ result: 'pass', defects: [] });
    expect(withWordRules({ result: 'fail', defects: ['rust'] }, inspection)).toEqual({
      result: 'fail',
      defects: ['rust'],
    });
    // A case about the member keeps the body as it is.
    expect(withWordRules({ result: 'fail', defects: [] }, inspection, (m) => m === 'defects')).toEqual({
      result: 'fail',
      defects: [],
    });
    expect(presenceBreaksOf({ result: 'pass', defects: [] }, inspection, undefined)).toEqual([
      { value: { result: 'fail', defects: [] }, label: 'defects empty where `result` is `fail`' },
    ]);
    expect(
      presenceBreaksOf({ title: 't', kind: 'quiz', answerKey: 'B' }, lesson, quizWords).map((b) => b.value),
    ).toEqual([
      { title: 't', kind: 'quiz' },
      { title: 't', kind: 'video', answerKey: 'B' },
    ]);
  });
});
