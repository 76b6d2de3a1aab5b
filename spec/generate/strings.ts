// String arbitraries. "wild" strings probe what the seed leaves open (any Unicode, any length);
// "plain" strings are short letters and digits that any reasonable service must accept.
import fc from 'fast-check';
import { codePointLength } from '../json/text.js';

/** Strings that break naive escaping, parsing, trimming or type coercion. */
export const EDGE_STRINGS: readonly string[] = [
  '',
  ' ',
  '  padded  ',
  'null',
  'true',
  'false',
  '0',
  '-1',
  '1e309',
  '3.14',
  '[]',
  '{}',
  '"',
  '\\',
  '\\u0000',
  '\u0000',
  'nul\u0000inside',
  '\t\n\r',
  '\u2028\u2029',
  "O'Brien",
  '<script>alert(1)</script>',
  '%s%n%x',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a log-injection probe, sent literally
  '${jndi:x}',
  '../../etc/passwd',
  'Ω≈ç√∫',
  'e\u0301 combining',
  '🐶🐱🐰',
  '👩‍👩‍👧‍👦',
  '\u202Eright-to-left override',
  'مرحبا بالعالم',
  'שלום',
  '\uFEFFbom',
  'zero\u200Bwidth',
  '𝕏𝔂𝔃 astral',
  '\u0007\u001b[31mcontrol',
  'comma, semicolon; "quote"',
];

function fits(value: string, min: number, max: number): boolean {
  const length = codePointLength(value);
  return length >= min && length <= max;
}

const LONG_UNITS = ['a', 'é', '日', '😀', '\u0000', '"', '\\'];

// Any code point, as fast-check's 'binary' unit gives them, without the reverse table of all
// 1.1 million that unit builds on first use (0.6 s).
// Built on first use, as PRINTABLE_UNIT: nothing of fast-check runs while a module loads (the command
// lines require it only when they generate).
let anyCodePoint: fc.Arbitrary<string> | undefined;
const ANY_CODE_POINT = (): fc.Arbitrary<string> =>
  (anyCodePoint ??= fc.integer({ min: 0, max: 0x10ffff }).map((code) => String.fromCodePoint(code)));

// Printable text from many scripts, one code point each (combining marks, joiners and flags are in
// EDGE_STRINGS). Not fast-check's grapheme units: their table costs a second to build on first use,
// half of a default run.
let printableUnit: fc.Arbitrary<string> | undefined;
const PRINTABLE_UNIT = (): fc.Arbitrary<string> =>
  (printableUnit ??= fc.oneof(
    { weight: 3, arbitrary: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCodePoint(code)) },
    {
      weight: 2,
      arbitrary: fc.constantFrom(
        ...['é', 'ß', 'ñ', 'ø', 'Ж', 'я', 'α', 'Ω', 'ע', 'ش', 'ह', 'ก', '中', '日', '한', 'ｱ', '€', '™', '\u00A0'],
        ...['\u3000', '😀', '🎉', '𝕏', '🐈'],
      ),
    },
  ));

/** Any string of min..max code points: printable graphemes, raw code points, edge cases, very long runs. */
export function wildString(min = 0, max = 60_000): fc.Arbitrary<string> {
  const shortMax = Math.max(min, Math.min(max, 40));
  const choices: Array<fc.WeightedArbitrary<string>> = [
    { weight: 4, arbitrary: fc.string({ unit: ANY_CODE_POINT(), minLength: min, maxLength: shortMax }) },
    { weight: 2, arbitrary: fc.string({ unit: PRINTABLE_UNIT(), minLength: min, maxLength: shortMax }) },
  ];
  const edges = EDGE_STRINGS.filter((value) => fits(value, min, max));
  if (edges.length > 0) choices.push({ weight: 3, arbitrary: fc.constantFrom(...edges) });
  if (max > 200) {
    // The lower bound is the schema's, not 200, so a long failing string can shrink to a short one.
    const longMin = min;
    choices.push({
      weight: 1,
      arbitrary: fc
        .tuple(fc.constantFrom(...LONG_UNITS), fc.integer({ min: longMin, max: Math.min(max, 60_000) }))
        .map(([unit, length]) => unit.repeat(length)),
    });
  }
  return fc.oneof(...choices);
}

/** Short letters-and-digits strings (at least one character when the schema allows it). */
export function plainString(min = 0, max = 24): fc.Arbitrary<string> {
  const low = Math.max(min, Math.min(1, max));
  const high = Math.max(low, Math.min(max, Math.max(low, 16)));
  const alnum = fc.constantFrom(...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789');
  return fc.string({ unit: alnum, minLength: low, maxLength: high });
}
