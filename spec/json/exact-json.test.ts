// Exact JSON: unsafe integers kept to the digit; one canonical text per value.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canonicalJson,
  JsonDepthError,
  MAX_JSON_DEPTH,
  nestsTooDeep,
  parsedExactly,
  parseExact,
  parseWithinDepth,
  partsOfParsed,
  stringifyExact,
} from './exact-json.js';

/** The same JSON value with each object's members rotated by `seed` places. */
function shuffled(value: unknown, seed: number): unknown {
  if (Array.isArray(value)) return value.map((v) => shuffled(v, seed));
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value);
  const rotated = entries.map((_, i) => entries[(i + seed) % entries.length]!);
  return Object.fromEntries(rotated.map(([key, child]) => [key, shuffled(child, seed + 1)]));
}

describe('canonicalJson', () => {
  it('gives one text for a value however its members are ordered, and that text reads back as the value', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(100), (value, seed) => {
        const text = JSON.stringify(value);
        const respelled = JSON.stringify(shuffled(JSON.parse(text), seed), null, 2);
        expect(canonicalJson(parseExact(respelled))).toBe(canonicalJson(parseExact(text)));
        expect(JSON.parse(canonicalJson(parseExact(text)))).toEqual(JSON.parse(text));
      }),
    );
  });

  it('keeps integers past 2^53 to the digit, and tells values apart that differ only there', () => {
    const a = parseExact('{"b":[9007199254740993],"a":1}');
    const b = parseExact('{"a":1,"b":[9007199254740992]}');
    expect(canonicalJson(a)).toBe('{"a":1,"b":[9007199254740993]}');
    expect(canonicalJson(a)).not.toBe(canonicalJson(b));
    expect(stringifyExact(a)).toBe('{"b":[9007199254740993],"a":1}');
  });

  it('throws a SyntaxError with its message for text that is not JSON', () => {
    expect(() => parseExact('{"name":')).toThrow(SyntaxError);
    expect(() => parseExact('{"name":')).toThrow(/JSON/);
  });
});

describe('parseExact', () => {
  it('reads any JSON as JSON.parse does, and writes integers past 2^53 back to the digit', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.bigInt({ min: -(2n ** 70n), max: 2n ** 70n }), (value, big) => {
        const text = JSON.stringify(value);
        expect(parseExact(text)).toEqual(JSON.parse(text));
        const withBig = `{"n":${big},"rest":${text}}`;
        expect(stringifyExact(parseExact(withBig))).toBe(`{"n":${big},"rest":${JSON.stringify(JSON.parse(text))}}`);
      }),
    );
  });

  it('reads digit by digit only the values that need it, however deep they nest', () => {
    expect(parsedExactly(parseExact(`{"ids":[${Array.from({ length: 5000 }, (_, i) => i).join(',')}]}`))).toBe(false);
    expect(parsedExactly(parseExact('{"id":9007199254740993}'))).toBe(true);
    const deep = `${'['.repeat(100_000)}9007199254740993${']'.repeat(100_000)}`;
    expect(() => parseExact(deep)).not.toThrow();
  });

  it('counts the values a large parsed value holds, itself included', () => {
    expect(partsOfParsed(parseExact(`{"a":[${Array.from({ length: 100 }, () => '{"b":1}').join(',')}]}`))).toBe(202);
    // A small value: only the newest one parsed is remembered.
    const small = parseExact('{"a":1}');
    expect(partsOfParsed(small)).toBe(2);
    parseExact('[1]');
    expect(partsOfParsed(small)).toBeUndefined();
  });

  it('counts the values of any value, and none of one holding a number past 2^53', () => {
    const isUnsafe = (n: number): boolean => !(Math.abs(n) <= Number.MAX_SAFE_INTEGER);
    const census = (value: unknown): { parts: number; unsafe: boolean } => {
      const children = typeof value === 'object' && value !== null ? Object.values(value) : [];
      const counted = children.map(census);
      return {
        parts: 1 + counted.reduce((sum, c) => sum + c.parts, 0),
        unsafe: (typeof value === 'number' && isUnsafe(value)) || counted.some((c) => c.unsafe),
      };
    };
    fc.assert(
      fc.property(fc.jsonValue(), fc.nat(80), (value, padding) => {
        const text = JSON.stringify({ pad: Array.from({ length: padding }, () => 0), value });
        const { parts, unsafe } = census(JSON.parse(text));
        expect(partsOfParsed(parseExact(text))).toBe(unsafe ? undefined : parts);
      }),
    );
  });

  it('marks a value nested past MAX_JSON_DEPTH levels, wherever the deep part sits', () => {
    const nested = (levels: number, kind: 'array' | 'object'): string =>
      kind === 'array'
        ? `${'['.repeat(levels)}${']'.repeat(levels)}`
        : `${'{"a":'.repeat(levels - 1)}{}${'}'.repeat(levels - 1)}`;
    fc.assert(
      fc.property(
        fc.integer({ min: MAX_JSON_DEPTH - 3, max: MAX_JSON_DEPTH + 3 }),
        fc.constantFrom('array' as const, 'object' as const),
        fc.nat(20),
        (levels, kind, siblings) => {
          // Shallow siblings before the deep member: the walk must not stop at them.
          const text = `{${Array.from({ length: siblings }, (_, i) => `"s${i}":[${i}]`).join(',')}${siblings ? ',' : ''}"deep":${nested(levels - 1, kind)}}`;
          const value = parseExact(text);
          expect(nestsTooDeep(value)).toBe(levels > MAX_JSON_DEPTH);
          if (levels > MAX_JSON_DEPTH) expect(() => parseWithinDepth(text)).toThrow(JsonDepthError);
          else expect(parseWithinDepth(text)).toEqual(JSON.parse(text));
        },
      ),
    );
  });

  it('still keeps the digits of an unsafe integer in a value that is not too deep', () => {
    const text = `{"n":9007199254740993,"deep":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`;
    expect(stringifyExact(parseWithinDepth(text))).toBe(text);
  });
});
