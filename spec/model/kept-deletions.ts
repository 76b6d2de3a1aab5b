// Deletions that keep the item where the document answers no 410 for it: the DELETE stamps a
// deletion time (`deletedAt`) or its words speak of restoring, reads answer 404 from then on (or the
// item, stamped, where the words keep it readable), the
// list shows the item only with its switch for deleted items on (`includeDeleted=true`), and a POST
// on the item's restore verb brings it back. The runner restores such an item and walks the list
// with the switch; the mock keeps, lists and restores it.
import type { Operation } from '../contract/types.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import type { FrozenDeletion } from './frozen-deletions.js';
import { sentencesOf } from './sentences.js';

export interface KeptDeletion {
  /** The POST on the item's restore verb, where the document gives one. */
  readonly restore?: Operation;
  /** The list's boolean switch for deleted items, where it has one. */
  readonly listSwitch?: string;
  /** The item's deletion time, stamped on deletion and cleared on restore, where it has one. */
  readonly stamp?: string;
  /** The DELETE's words keep the item readable ("the member stays readable with GET"). */
  readonly readable?: true;
  /** The words refuse writes on a deleted item until it is restored ("A deleted project is
   * read-only": frozen-deletions.ts). */
  readonly frozen?: FrozenDeletion;
  /** The refusal of a second DELETE the words give ("already deleted is answered `409`"). */
  readonly again?: FrozenDeletion;
}

// "stays readable", "can still be read", "GET still answers it", "GET keeps answering it": reads of a
// deleted item go on.
const STILL_READ =
  /\b(?:stays|remains|is still|are still|still)\s+(?:readable|visible|returned|served|answered)\b|\bcan still be (?:read|fetched|retrieved)\b|\bstill (?:answers?|returns?)\b|\b(?:keeps?|continues?)\s+(?:to\s+)?(?:answer|return|serv)(?:ing|e|s)?\b/i;

const RESTORE_VERB = /^(?:restore|undelete|recover|untrash)$/i;
const DELETION_INSTANT = /^(?:deleted|removed|trashed)_?(?:at|on|time|date)$/i;
const SWITCH = /^(?:include|with|show|list)[-_]?(?:deleted|trashed|removed)$|^(?:deleted|trashed)$/i;

/** The list's boolean switch for deleted items, where it has one. */
export function deletedSwitchOf(collection: CollectionSpec): string | undefined {
  const parameter = collection.list?.operation.parameters.find((candidate) => {
    const schema = mergeAllOf(candidate.validator.schema as Record<string, unknown>);
    return candidate.in === 'query' && schema.type === 'boolean' && SWITCH.test(candidate.name);
  });
  return parameter?.name;
}

/** The item's deletion time, a member of any of its views. */
export function deletionStampOf(collection: CollectionSpec): string | undefined {
  const views = [collection.list?.items, collection.read?.item, collection.create?.item];
  for (const view of views) {
    const found = view && Object.keys(propertiesOf(view.schema)).find((name) => DELETION_INSTANT.test(name));
    if (found) return found;
  }
  return undefined;
}

/** A restore of items a DELETE keeps: a POST on the item's restore verb, where the item has a
 * deletion time or the DELETE's words speak of restoring. Not a backup's restore: that item has
 * neither. */
export function restoreOfKeptItems(
  collection: CollectionSpec,
  operations: readonly Operation[],
): Operation | undefined {
  return keptDeletionOf(collection, operations)?.restore;
}

/** How a DELETE that keeps its items keeps them; undefined where it does not (or answers 410). */
export function keptDeletionOf(collection: CollectionSpec, operations: readonly Operation[]): KeptDeletion | undefined {
  const remove = collection.remove?.operation;
  if (!remove) return undefined;
  const stamp = deletionStampOf(collection);
  if (stamp === undefined && !/\brestor/i.test(`${remove.summary ?? ''} ${remove.description ?? ''}`)) return undefined;
  const restore = operations.find(
    (operation) =>
      operation.method === 'POST' &&
      operation.path.startsWith(`${remove.path}/`) &&
      RESTORE_VERB.test(operation.path.slice(remove.path.length + 1)),
  );
  const listSwitch = deletedSwitchOf(collection);
  if (!restore && !listSwitch) return undefined;
  // Said of the DELETE, or of the read: "Deleted products are still returned, with `deletedAt` set".
  const read = collection.read?.operation;
  const readWords = sentencesOf([read?.summary, read?.description]).filter((sentence) => /\bdeleted\b/i.test(sentence));
  const readable = [`${remove.summary ?? ''} ${remove.description ?? ''}`, ...readWords].some((text) =>
    STILL_READ.test(text),
  );
  return {
    ...(restore ? { restore } : {}),
    ...(listSwitch ? { listSwitch } : {}),
    ...(stamp ? { stamp } : {}),
    ...(readable ? { readable: true as const } : {}),
  };
}
