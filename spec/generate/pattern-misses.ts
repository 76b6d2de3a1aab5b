// Near misses of a pattern: a valid value in the other letter case ("core1" for ^[A-Z][A-Z0-9]+$),
// and one with a character of its kind the pattern leaves out (an `I` in a VIN), which a service
// matching loosely takes.
import fc from 'fast-check';
import type { JsonSchema } from '../schema/json-schema.js';
import { valueArbitrary } from './values.js';

type Schema = Record<string, unknown>;

/** The schema's pattern and valid values of it (its examples, then drawn ones) that match it. */
function matchingValues(schema: Schema): { pattern: RegExp; values: string[] } | undefined {
  let pattern: RegExp;
  try {
    pattern = new RegExp(String(schema.pattern), 'u');
  } catch {
    return undefined;
  }
  const examples = [schema.example, ...(Array.isArray(schema.examples) ? schema.examples : [])];
  const drawn = fc.sample(valueArbitrary(schema as JsonSchema, { style: 'plain' }), { seed: 7, numRuns: 4 });
  const values = [...examples, ...drawn].filter(
    (value): value is string => typeof value === 'string' && pattern.test(value),
  );
  return { pattern, values };
}

/** A valid value of the string schema with its letters' case swapped, where that breaks the pattern. */
export function caseFlipped(schema: Schema): string | undefined {
  const found = matchingValues(schema);
  for (const value of found?.values ?? []) {
    const swapped = [...value].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
    if (swapped !== value && !found!.pattern.test(swapped)) return swapped;
  }
  return undefined;
}

/** The characters a value's character is swapped for, by kind: letters of its case, or digits. */
const KINDS: readonly (readonly [RegExp, string])[] = [
  [/^[A-Z]$/, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'],
  [/^[a-z]$/, 'abcdefghijklmnopqrstuvwxyz'],
  [/^[0-9]$/, '0123456789'],
];

/** A valid value of the string schema with one character swapped for another of its kind (upper
 * case letter, lower case letter, digit) the pattern does not take there. */
export function oneCharacterOut(schema: Schema): { value: string; character: string } | undefined {
  const found = matchingValues(schema);
  for (const value of found?.values ?? []) {
    if (value.length > 64) continue;
    const characters = [...value];
    for (const [at, original] of characters.entries()) {
      const kind = KINDS.find(([test]) => test.test(original))?.[1];
      for (const character of kind ?? '') {
        if (character === original) continue;
        const next = [...characters.slice(0, at), character, ...characters.slice(at + 1)].join('');
        if (!found!.pattern.test(next)) return { value: next, character };
      }
    }
  }
  return undefined;
}

/** The longest value a length miss is looked for up to: a pattern of any length (`^[A-Z]+$`) has none. */
const LONGEST_MISS = 64;

/** A valid value cut down, or grown by its last character, one character at a time until the pattern
 * no longer takes it ("A" and "ABCDDDDDD" for ^[A-Z]{2,8}$): a length the pattern alone limits,
 * which a service checking only the characters takes. Never the empty text. */
export function lengthMisses(schema: Schema): { shorter?: string; longer?: string } {
  const found = matchingValues(schema);
  const value = found?.values.find((one) => one.length > 0 && one.length <= LONGEST_MISS);
  if (!found || value === undefined) return {};
  const characters = [...value];
  let shorter: string | undefined;
  for (let length = characters.length - 1; length >= 1 && shorter === undefined; length--) {
    const cut = characters.slice(0, length).join('');
    if (!found.pattern.test(cut)) shorter = cut;
  }
  let longer: string | undefined;
  for (let grown = value; grown.length < LONGEST_MISS && longer === undefined; ) {
    grown += characters.at(-1);
    if (!found.pattern.test(grown)) longer = grown;
  }
  return { ...(shorter !== undefined ? { shorter } : {}), ...(longer !== undefined ? { longer } : {}) };
}
