// Children a change adds, as the words say ("A change of `title` or `body` adds a revision"): after a
// PATCH that changed a named member (any, where none is named), a child is made under the item, its
// members copied from the item as it now is, its instants now. Planned once per write, at binding.
import { type AddedChild, type CollectionSpec, NOW_INSTANT, propertiesOf } from '../../spec/core.js';
import { collectionAt } from './nested.js';
import type { Collection } from './store.js';

type Item = Record<string, unknown>;

export interface AddedChildren {
  readonly template: string;
  readonly members: readonly string[];
  /** The child's members, its id aside. */
  readonly childMembers: readonly string[];
}

export function addedChildrenFor(
  rules: readonly AddedChild[] | undefined,
  collections: readonly CollectionSpec[],
): { addedChildren?: readonly AddedChildren[] } {
  const bound = (rules ?? []).flatMap((rule) => {
    const child = collections.find((one) => one.path === rule.collection);
    const schema = child?.read?.item.schema ?? child?.list?.items.schema;
    if (!child || !schema) return [];
    const childMembers = Object.keys(propertiesOf(schema)).filter((name) => name !== child.idProperty);
    return [{ template: child.path, members: rule.members, childMembers }];
  });
  return bound.length > 0 ? { addedChildren: bound } : {};
}

/** Makes the children the change from `old` to `item` adds, under the change's path values. */
export function addChildren(
  all: Map<string, Collection>,
  rules: readonly AddedChildren[] | undefined,
  old: Item,
  item: Item,
  params: Readonly<Record<string, string>>,
): void {
  const changed = (name: string) => JSON.stringify(old[name]) !== JSON.stringify(item[name]);
  for (const rule of rules ?? []) {
    const named = rule.members.length > 0 ? rule.members : Object.keys(item);
    if (!named.some(changed)) continue;
    const now = new Date().toISOString();
    const values = Object.fromEntries(
      rule.childMembers.flatMap((name) =>
        NOW_INSTANT.test(name) ? [[name, now]] : name in item ? [[name, item[name]]] : [],
      ),
    );
    collectionAt(all, rule.template, params).create(values);
  }
}
