// Which form of a union body a sent body is: the variants whose one-valued members (a `kind` of
// `part`) it holds. A member only another form declares (a labour line's `technicianId` sent in a
// part line) is not the body's own, so a service that leaves it out echoes all the body said.
import { type JsonSchema, mergeAllOf, propertiesOf } from '../../spec/index.js';

type Schema = Record<string, unknown>;

/** The members the body's own forms declare; undefined where the schema is no union or no form is
 * told apart by a one-valued member. */
export function ownFormMembers(schema: JsonSchema | undefined, body: Record<string, unknown>): Set<string> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const merged = mergeAllOf(schema as Schema);
  const variants = [merged.oneOf, merged.anyOf].find((list): list is JsonSchema[] => Array.isArray(list));
  if (!variants || variants.length < 2) return undefined;
  const forms = variants.filter((variant) => {
    const fixed = Object.entries(propertiesOf(variant)).flatMap(([name, member]) => {
      const values = (mergeAllOf(member as Schema) as { enum?: unknown[]; const?: unknown }).enum;
      const one = Array.isArray(values) && values.length === 1 ? values[0] : (member as { const?: unknown }).const;
      return one === undefined ? [] : [[name, one] as const];
    });
    return fixed.length > 0 && fixed.every(([name, value]) => body[name] === value);
  });
  if (forms.length === 0) return undefined;
  return new Set([...Object.keys(propertiesOf(merged)), ...forms.flatMap((form) => Object.keys(propertiesOf(form)))]);
}
