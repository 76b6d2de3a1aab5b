// Members the words define as arithmetic over the item's others ("`lineTotal`: `unitPrice` ×
// `quantity`", "`total`: `partsTotal` + `labourTotal`"): the model's formulas, computed on every
// item the mock makes or changes, so the answer adds up as the real service's does.
import { type CollectionSpec, evaluateFormula, type Formula, formulasOf } from '../../spec/core.js';

type Fields = Record<string, unknown>;

/** The formulas of the collection's item, where its words give any. */
export function formulasFor(collection: CollectionSpec): { formulas?: readonly Formula[] } {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  const formulas = formulasOf(schema, collection.create?.operation);
  return formulas.length > 0 ? { formulas } : {};
}

/**
 * The item with each formula's member set where all its parts are numbers there (a part line's
 * formula does not apply to a labour line). A whole-number member stays whole. Applied as often as
 * formulas build on each other (a line total inside a total), at most once per formula.
 */
export function withFormulas<T extends Fields>(item: T, formulas: readonly Formula[] | undefined): T {
  if (!formulas || formulas.length === 0) return item;
  let next: Fields = item;
  for (let round = 0; round < formulas.length; round++) {
    let moved = false;
    for (const formula of formulas) {
      const value = evaluateFormula(formula, next);
      if (value === undefined) continue;
      const whole = Number.isInteger(next[formula.member]) || !Object.hasOwn(next, formula.member);
      const computed = whole ? Math.round(value) : Math.round(value * 100) / 100;
      if (next[formula.member] === computed) continue;
      next = { ...next, [formula.member]: computed };
      moved = true;
    }
    if (!moved) break;
  }
  return next as T;
}
