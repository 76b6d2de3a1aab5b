// Members a creation must send equal to its parent's ("`amountCents` must equal the order's
// `totalCents`"): the parent's values now, noted as taken (a refusal of them is no drawn value's).
import type { CollectionSpec, Idioms } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';

type Item = Record<string, unknown>;

export interface ParentEqualParts {
  readonly context: PlanContext;
  readonly idiomsOf: (collection: CollectionSpec) => Idioms | undefined;
  readonly parentItem: (
    collection: CollectionSpec,
    values: Readonly<Record<string, string>>,
  ) => Promise<Item | undefined>;
}

/** The members the words make equal to the parent's, with the parent's values. */
export async function parentEqualValues(
  collection: CollectionSpec,
  parent: Readonly<Record<string, string>>,
  { context, idiomsOf, parentItem }: ParentEqualParts,
): Promise<Item> {
  const rules = idiomsOf(collection)?.parentEquals ?? [];
  const item = rules.length > 0 ? await parentItem(collection, parent) : undefined;
  const held = rules.filter((rule) => item?.[rule.parentMember] !== undefined);
  const create = collection.create?.operation;
  for (const rule of held) if (create) context.noteTakenValue(create.id, rule.member, item![rule.parentMember]);
  return Object.fromEntries(held.map((rule) => [rule.member, item![rule.parentMember]]));
}
