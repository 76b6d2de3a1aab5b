// Which form of a union body a sent body is: the variants whose one-valued members (a `kind` of
// `part`) it holds. A member only another form declares (a labour line's `technicianId` sent in a
// part line) is not the body's own, so a service that leaves it out echoes all the body said.
import { type JsonSchema, mergeAllOf, propertiesOf } from '../../spec/index.js';

type Schema = Record<string, unknown>;

interface Form {
  /** The one-valued members that tell the form apart (`kind: part`). */
  readonly fixed: readonly (readonly [string, unknown])[];
  readonly members: readonly string[];
}

/** A union's forms and the members every form shares, read once per schema: the judge asks on
 * every creation's answer. */
const FORMS = new WeakMap<object, { shared: readonly string[]; forms: readonly Form[] } | null>();

function formsOf(schema: object): { shared: readonly string[]; forms: readonly Form[] } | null {
  let known = FORMS.get(schema);
  if (known !== undefined) return known;
  const merged = mergeAllOf(schema as Schema);
  const variants = [merged.oneOf, merged.anyOf].find((list): list is JsonSchema[] => Array.isArray(list));
  known =
    variants && variants.length >= 2
      ? {
          shared: Object.keys(propertiesOf(merged)),
          forms: variants.map((variant) => ({
            fixed: Object.entries(propertiesOf(variant)).flatMap(([name, member]) => {
              const values = (mergeAllOf(member as Schema) as { enum?: unknown[] }).enum;
              const one =
                Array.isArray(values) && values.length === 1 ? values[0] : (member as { const?: unknown }).const;
              return one === undefined ? [] : [[name, one] as const];
            }),
            members: Object.keys(propertiesOf(variant)),
          })),
        }
      : null;
  FORMS.set(schema, known);
  return known;
}

/** The members the body's own forms declare; undefined where the schema is no union or no form is
 * told apart by a one-valued member. */
export function ownFormMembers(schema: JsonSchema | undefined, body: Record<string, unknown>): Set<string> | undefined {
  if (typeof schema !== 'object' || schema === null) return undefined;
  const union = formsOf(schema);
  if (!union) return undefined;
  const own = union.forms.filter(
    ({ fixed }) => fixed.length > 0 && fixed.every(([name, value]) => body[name] === value),
  );
  if (own.length === 0) return undefined;
  return new Set([...union.shared, ...own.flatMap((form) => form.members)]);
}
