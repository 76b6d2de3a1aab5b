// The form of a union a value takes (a line that is a part or a labour line): the schema the
// service's answer about that value follows, so what it fills in is that form's.
import { mergeAllOf, propertiesOf } from './all-of.js';
import type { JsonSchema } from './json-schema.js';

type Schema = Record<string, unknown>;

/** The values a member may hold where its form pins them (`kind: {enum: [part]}`, `const`). */
function pinnedValues(schema: JsonSchema | undefined): unknown[] | undefined {
  if (!schema || typeof schema !== 'object') return undefined;
  const merged = mergeAllOf(schema as Schema);
  if (Object.hasOwn(merged, 'const')) return [merged.const];
  return Array.isArray(merged.enum) ? merged.enum : undefined;
}

/** The variants of a union schema (oneOf, else anyOf), each merged; empty where it is none. */
export function formsOf(schema: JsonSchema | undefined): Schema[] {
  if (!schema || typeof schema !== 'object') return [];
  const merged = mergeAllOf(schema as Schema);
  const variants = [merged.oneOf, merged.anyOf].find((list): list is Schema[] => Array.isArray(list));
  return (variants ?? []).map((variant) => {
    // The union's own members and required ones belong to every form.
    const { oneOf: _oneOf, anyOf: _anyOf, discriminator: _discriminator, ...own } = merged;
    return mergeAllOf({ allOf: [own, variant] });
  });
}

/**
 * The index of the form `value` takes: none whose pinned member it contradicts (`kind: labour`
 * against `enum: [part]`), of those the one naming most of its members, the first on a tie;
 * -1 where the schema is no union or the value is no object.
 */
export function formIndexOf(forms: readonly Schema[], value: unknown): number {
  if (forms.length === 0 || typeof value !== 'object' || value === null || Array.isArray(value)) return -1;
  const sent = Object.entries(value as Record<string, unknown>);
  let best = -1;
  let bestScore = -1;
  forms.forEach((form, index) => {
    const properties = propertiesOf(form);
    const contradicted = sent.some(([name, member]) => {
      const pinned = pinnedValues(properties[name]);
      return pinned !== undefined && !pinned.includes(member);
    });
    if (contradicted) return;
    const score = sent.filter(([name]) => Object.hasOwn(properties, name)).length;
    if (score > bestScore) [best, bestScore] = [index, score];
  });
  return best;
}
