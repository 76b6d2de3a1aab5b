// Children a change of the item adds (a version history): "Each successful `PATCH` that changes
// `title` or `body` adds a revision numbered one more than the highest", "A change of `title` or
// `body` adds a revision; a change of `tags` alone does not". Read for a child collection the client
// cannot create (its list, no creation), from the item's PATCH words and the overview's passages
// that name it. The runner changes an item of its own and lists the children: one more for a change
// of a named member, none for a change of another.
import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { resourceWordPattern } from './references.js';
import { clausesOf } from './sentences.js';

export interface AddedChild {
  /** The child collection a change adds to. */
  readonly collection: string;
  /** The change, and the members whose change adds one (all of them where none is named). */
  readonly write: Operation;
  readonly members: readonly string[];
  readonly words: string;
}

export function addedChildrenOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
): AddedChild[] {
  const write = collection.update?.operation;
  if (!write) return [];
  const sendable = Object.keys(
    propertiesOf(write.requestBody?.content.find((media) => media.validator)?.validator?.schema),
  );
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const overview = typeof info.description === 'string' ? info.description : '';
  const texts = [`${write.summary ?? ''}. ${write.description ?? ''}`, ...overview.split(/\n\s*\n/)];
  const found: AddedChild[] = [];
  for (const child of collections) {
    const above = parentItemsOf(child.path, collections).at(-1)?.collection;
    if (above !== collection || child.create || !child.list) continue;
    const adds = new RegExp(`^(.*?)\\badds?\\s+(?:a|one|a\\s+new)\\s+${resourceWordPattern(child)}\\b`, 'i');
    for (const clause of texts.flatMap(clausesOf)) {
      const before = adds.exec(clause)?.[1];
      if (before === undefined || (!/\bPATCH\b|\bchange/i.test(before) && !/\bchange/i.test(clause))) continue;
      const members = sendable.filter((member) => new RegExp(`\\b${member}\\b`).test(before));
      found.push({ collection: child.path, write, members, words: clause.replace(/\s+/g, ' ').trim() });
      break;
    }
  }
  return found;
}
