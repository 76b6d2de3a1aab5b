// Writes under a parent its words allow only in some of its states ("Lines can be added only while
// the work order is `open` (409 otherwise)"): the model's parentLocks, served. The parent item the
// path names is read before the write; in another state the write gets the documented refusal and
// changes nothing.
import { type CollectionSpec, type Operation, type ParentLock, parentOfPath, type Resource } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import { collectionAt } from './nested.js';
import type { Collection } from './store.js';

export interface ParentLockBehaviour {
  /** The parent's collection template and the path parameter that names the parent item. */
  readonly parent: string;
  readonly parameter: string;
  readonly lock: ParentLock;
}

/** The lock the child's words put on this write's parent, where there is one. */
export function parentLockOf(
  resource: Resource,
  operation: Operation,
  collections: readonly CollectionSpec[],
): { parentLock?: ParentLockBehaviour } {
  const lock = resource.idioms.parentLocks?.find((one) => one.operation === operation);
  // Any parent: one clients make, or one another POST makes (an order a checkout made).
  const parent = lock && parentOfPath(resource.collection.path, collections);
  return lock && parent ? { parentLock: { parent: parent.collection.path, parameter: parent.parameter, lock } } : {};
}

/** The documented refusal of a write under a parent whose state does not allow it. */
export function lockedByParent(
  behaviour: { readonly parentLock?: ParentLockBehaviour },
  collections: ReadonlyMap<string, Collection>,
  params: Readonly<Record<string, string>>,
): MockHttpError | undefined {
  const { parentLock } = behaviour;
  if (!parentLock) return undefined;
  const { parent, parameter, lock } = parentLock;
  const item = collectionAt(collections as Map<string, Collection>, parent, params).find(params[parameter] ?? '');
  if (!item || lock.allowed.includes(item[lock.member])) return undefined;
  return new MockHttpError(
    lock.status,
    'conflict',
    `The parent item is ${JSON.stringify(item[lock.member])}: the document allows this only while it is ${lock.allowed.join(' or ')}.`,
  );
}
