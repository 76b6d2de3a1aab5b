// Members the words define as arithmetic over the item's others ("`lineTotal`: `unitPrice` ×
// `quantity`", "`total`: `partsTotal` + `labourTotal`"): the model's formulas, computed on every
// item the mock makes or changes, so the answer adds up as the real service's does.
import {
  type CollectionSpec,
  evaluateFormula,
  type Formula,
  formulasOf,
  mergeAllOf,
  propertiesOfAnyForm,
} from '../../spec/core.js';

type Fields = Record<string, unknown>;

export interface ItemFormulas {
  readonly rules: readonly Formula[];
  /** The members the schema makes whole numbers: a value computed for them is rounded. */
  readonly whole: ReadonlySet<string>;
  /** Each member's schema bounds: a value computed past one is held at it (a `seatsLeft` of seeded
   * children past the capacity reads 0, never a negative its `minimum: 0` refuses). */
  readonly bounds?: ReadonlyMap<string, { readonly least?: number; readonly most?: number }>;
}

/** Read once per collection: binding, recounts and every seed draw ask for them. */
const known = new WeakMap<CollectionSpec, { formulas?: ItemFormulas }>();

/** The formulas of the collection's item, where its words give any. */
export function formulasFor(collection: CollectionSpec): { formulas?: ItemFormulas } {
  let found = known.get(collection);
  if (!found) known.set(collection, (found = readFormulas(collection)));
  return found;
}

function readFormulas(collection: CollectionSpec): { formulas?: ItemFormulas } {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  const rules = formulasOf(schema, collection.create?.operation);
  if (rules.length === 0) return {};
  const properties = propertiesOfAnyForm(schema);
  const whole = new Set(
    rules
      .map((rule) => rule.member)
      .filter((member) => [mergeAllOf((properties[member] ?? {}) as Fields).type].flat().includes('integer')),
  );
  const bounds = new Map(
    rules.flatMap((rule) => {
      const { minimum, maximum } = mergeAllOf((properties[rule.member] ?? {}) as Fields) as Fields;
      const least = typeof minimum === 'number' ? minimum : undefined;
      const most = typeof maximum === 'number' ? maximum : undefined;
      return least === undefined && most === undefined ? [] : [[rule.member, { least, most }] as const];
    }),
  );
  return { formulas: { rules, whole, ...(bounds.size > 0 ? { bounds } : {}) } };
}

/**
 * The item with each formula's member set where all its parts are numbers there (a part line's
 * formula does not apply to a labour line): a whole-number member rounded, any other to cents.
 * Applied as often as formulas build on each other (a line total inside a total), at most once
 * per formula.
 */
export function withFormulas<T extends Fields>(item: T, formulas: ItemFormulas | undefined): T {
  if (!formulas) return item;
  let next: Fields = item;
  for (let round = 0; round < formulas.rules.length; round++) {
    let moved = false;
    for (const formula of formulas.rules) {
      const value = evaluateFormula(formula, next);
      if (value === undefined) continue;
      const rounded = formulas.whole.has(formula.member) ? Math.round(value) : Math.round(value * 100) / 100;
      const { least, most } = formulas.bounds?.get(formula.member) ?? {};
      const computed = Math.min(most ?? Number.POSITIVE_INFINITY, Math.max(least ?? Number.NEGATIVE_INFINITY, rounded));
      if (next[formula.member] === computed) continue;
      next = { ...next, [formula.member]: computed };
      moved = true;
    }
    if (!moved) break;
  }
  return next as T;
}
