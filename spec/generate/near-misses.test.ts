// A pattern is also broken by a near miss: a valid value in the other letter case ("core1" for
// ^[A-Z][A-Z0-9]{1,9}$), which a service matching without regard to case takes. Not where the pattern
// takes either case.
import { describe, expect, it } from 'vitest';
import { bodyMutations } from './index.js';

const schema = (pattern: string) => ({
  type: 'object',
  required: ['key'],
  properties: { key: { type: 'string', pattern, example: 'CORE1' } },
});
const sent = (pattern: string) => {
  const regex = new RegExp(pattern, 'u');
  const valid = (value: unknown) => {
    const key = (value as { key?: unknown } | null)?.key;
    return typeof key === 'string' && regex.test(key);
  };
  return bodyMutations(schema(pattern) as never, valid, { key: 'CORE1' })
    .filter((mutation) => mutation.id.includes('pattern-case'))
    .map((mutation) => mutation.apply({ key: 'CORE1' }));
};

describe('a near miss of a pattern', () => {
  it('sends a valid value in the other letter case where the pattern is case-sensitive', () => {
    expect(sent('^[A-Z][A-Z0-9]{1,9}$')).toEqual([{ kind: 'json', value: { key: 'core1' } }]);
  });

  it('sends none where the pattern takes either case', () => {
    expect(sent('^[A-Za-z][A-Za-z0-9]{1,9}$')).toEqual([]);
  });
});

const oneOut = (pattern: string, example: string) => {
  const regex = new RegExp(pattern, 'u');
  const key = { type: 'string', pattern, example };
  const valid = (value: unknown) => {
    const sent = (value as { key?: unknown } | null)?.key;
    return typeof sent === 'string' && regex.test(sent);
  };
  return bodyMutations({ type: 'object', required: ['key'], properties: { key } } as never, valid, { key: example })
    .filter((mutation) => mutation.id.includes('pattern-char'))
    .map((mutation) => mutation.apply({ key: example }));
};

describe('a pattern missed by one character', () => {
  it('sends a valid value with one character of its kind the pattern leaves out', () => {
    expect(oneOut('^[A-HJ-NPR-Z0-9]{17}$', '1HGCM82633A004352')).toEqual([
      { kind: 'json', value: { key: '1HGCM82633A004352'.replace('H', 'I') } },
    ]);
  });

  it('sends none where every character of each kind is taken', () => {
    expect(oneOut('^[A-Z0-9]{3,8}$', 'CORE1')).toEqual([]);
  });
});
