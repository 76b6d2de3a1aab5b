// Partial updates that give a member a whole new value: a null the words say clears it ("send `null`
// to unassign"), and a list sent whole. A PATCH member carries the value the item holds after it, so
// a list of labels sent is the item's labels then, not labels to add (RFC 7396 says the same of a
// merge patch); a service that merges the lists, or reads the null as "leave it", is named.
import type { Planner, StepInput } from './partial-steps.js';

type Item = Record<string, unknown>;

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);
const scalarList = (value: unknown): value is unknown[] => Array.isArray(value) && value.every(isScalar);

/** A member whose words say null clears it, held by the item and taking null in the change. */
const clearable = ({ current, accepts, nullClears }: StepInput) =>
  [...(nullClears ?? [])].find((name) => (current[name] ?? null) !== null && accepts({ [name]: null }));

/** Where the item holds none of the members a null clears, one is set first, for the null to clear. */
export const clearableRefilled: Planner = (input) => {
  const { current, fresh, earlier, accepts, nullClears } = input;
  if (!nullClears?.size || clearable(input) !== undefined) return undefined;
  const given: Item = { ...earlier, ...fresh };
  const field = [...nullClears].find(
    (name) =>
      (given[name] ?? null) !== null &&
      (current[name] ?? null) === null &&
      accepts({ [name]: given[name] }) &&
      accepts({ [name]: null }),
  );
  if (field === undefined) return undefined;
  const body = { [field]: given[field] };
  return { body, expected: { ...current, ...body }, what: `setting ${field}, for a null to clear it` };
};

/** A null sent where the words say it clears the member: the item holds null (or nothing) after. */
export const nullClears: Planner = (input) => {
  const field = clearable(input);
  if (field === undefined) return undefined;
  return {
    body: { [field]: null },
    expected: { ...input.current, [field]: null },
    what: `clearing ${field} with null, as its words say`,
  };
};

/** A list of plain values the item holds, sent whole without some of its entries: the item holds
 * exactly the list sent (entries of the fresh body it did not hold, else none at all). */
export const listReplaced: Planner = ({ current, fresh, earlier, accepts }) => {
  for (const [name, held] of Object.entries(current)) {
    if (!scalarList(held) || held.length === 0) continue;
    const given = fresh[name] ?? earlier[name];
    const newOnes = scalarList(given) ? given.filter((entry) => !held.some((one) => same(one, entry))) : [];
    for (const value of newOnes.length > 0 ? [newOnes, []] : [[]]) {
      if (!accepts({ [name]: value })) continue;
      return { body: { [name]: value }, expected: { ...current, [name]: value }, what: `replacing the list ${name}` };
    }
  }
  return undefined;
};
