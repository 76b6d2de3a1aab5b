// The members a PUT or PATCH stores: the creation's stored ones it or the creation may send, and
// the item's members only the change sends (an issue's `state`), unless its own schema marks them
// readOnly. Read once per write, at binding.
import { type CollectionSpec, type Operation, readOnlyRequestMembers } from '../../spec/core.js';
import { itemMembers } from './initial-values.js';

export /** The members a change stores: the creation's stored ones it or the creation may send, and the
 * item's members only the change sends, unless its own schema marks them readOnly. */
function storedByChange(
  create: CollectionSpec['create'],
  sendable: Set<string> | undefined,
  changeable: Set<string> | undefined,
  collection: CollectionSpec,
  operation: Operation,
): string[] {
  const ignored = new Set(readOnlyRequestMembers(operation));
  const onlyChanged = itemMembers(collection).filter((name) => changeable?.has(name) === true && !ignored.has(name));
  if (!create) return onlyChanged;
  const created = create.storedProperties.filter(
    (name) => !sendable || sendable.has(name) || changeable?.has(name) === true,
  );
  return [...new Set([...created, ...onlyChanged])];
}
