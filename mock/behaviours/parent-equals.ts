// Members a creation must send equal to its parent's ("The `amount` must equal the order's `total`;
// any other amount is answered `422`"): another value is refused with the status the words give,
// pointing at the member, and nothing is made.
import { type CollectionSpec, parentOfPath, type Resource } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import { collectionAt } from './nested.js';
import type { Collection, Collections } from './store.js';

export interface ParentEquals {
  readonly parentPath: string;
  readonly parameter: string;
  readonly members: readonly { readonly member: string; readonly parentMember: string; readonly status: number }[];
}

/** The resource's members its words make equal to the parent's, with each refusal's status. */
export function parentEqualsOf(
  resource: Resource,
  collections: readonly CollectionSpec[],
): { parentEquals?: ParentEquals } {
  const rules = resource.idioms.parentEquals ?? [];
  const parent = parentOfPath(resource.collection.path, collections);
  if (rules.length === 0 || !parent) return {};
  const members = rules.map(({ member, parentMember, words }) => ({
    member,
    parentMember,
    status: Number(/\b(4\d\d)\b/.exec(words)?.[1] ?? 422),
  }));
  return { parentEquals: { parentPath: parent.collection.path, parameter: parent.parameter, members } };
}

/** The refusal of a body whose member differs from its parent's, or undefined. */
export function unequalToParent(
  rules: ParentEquals | undefined,
  all: Collections,
  params: Readonly<Record<string, string>>,
  body: unknown,
): MockHttpError | undefined {
  const id = rules && params[rules.parameter];
  if (!rules || id === undefined || typeof body !== 'object' || body === null) return undefined;
  const parent = collectionAt(all as Map<string, Collection>, rules.parentPath, params).find(id);
  const sent = body as Record<string, unknown>;
  for (const { member, parentMember, status } of rules.members) {
    const held = parent?.[parentMember];
    if (held === undefined || !Object.hasOwn(sent, member) || JSON.stringify(sent[member]) === JSON.stringify(held))
      continue;
    const words = `${member} must equal the parent's ${parentMember} (${JSON.stringify(held)}).`;
    const refused = new MockHttpError(status, 'unequal_to_parent', words);
    refused.pointer = `/${member}`;
    return refused;
  }
  return undefined;
}
