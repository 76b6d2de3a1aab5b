// Members a creation must send equal to its parent's ("`amountCents` must equal the order's
// `totalCents`"): the parent's values now, noted as taken (a refusal of them is no drawn value's).
import type { CollectionSpec, Idioms } from '../../../spec/index.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { withKnownReferences } from '../references.js';

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
  for (const rule of held) if (create) context.noteTakenValue(create.id, rule.member, item![rule.parentMember], parent);
  return Object.fromEntries(held.map((rule) => [rule.member, item![rule.parentMember]]));
}

/** The plan's cases under the parent whose values were read, sending them (known, not drawn): a case
 * under another parent (an existing item's) keeps what it draws, and its refusal stays open. */
export function withParentEquals<P extends { readonly probe?: TestCase; readonly cases: readonly TestCase[] }>(
  plan: P,
  equal: Readonly<Record<string, unknown>>,
  parent: Readonly<Record<string, string>> | undefined,
): P {
  const values = new Map(Object.entries(equal));
  if (values.size === 0 || !parent) return plan;
  const under = (testCase: TestCase) =>
    Object.entries(parent).every(([name, text]) => testCase.pathParams?.[name] === text);
  const fill = (testCase: TestCase) =>
    under(testCase) && (testCase.plain || testCase.assigned || (testCase.kind === 'negative' && testCase.mutation))
      ? withKnownReferences(testCase, values)
      : testCase;
  return { ...plan, ...(plan.probe ? { probe: fill(plan.probe) } : {}), cases: plan.cases.map(fill) };
}
