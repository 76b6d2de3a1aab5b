// The checks that judge one item across its life: read back after its creation, its changes
// stored and answered, gone after its deletion.

import { answeredItem, type CollectionSpec, statusMember, UPDATE_INSTANT } from '../../spec/index.js';
import type { ChangeEvidence, Check, Finding } from '../model.js';
import { firstDifference, keptFields, leewayOf } from './field-compare.js';
import { finding } from './findings.js';
import { asObject, idKey } from './json-body.js';
import { stateTimes } from './state-times.js';

/** A created item can be read back by its id, with the fields it was created with. */
export const createdItemReadable: Check = (context) => {
  const { collection, sequence } = context;
  const readBack = sequence?.readBack;
  if (!collection?.create || !readBack || !context.exchange.ok) return undefined;
  const { idProperty } = collection;
  const status = context.exchange.response.status;
  if (status < 200 || status >= 300)
    return [finding('created_item_unreadable', { status, idProperty, id: readBack.id })];
  const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
  if (!item) return [];
  if (item[idProperty] !== undefined && idKey(item, idProperty) !== readBack.id) {
    return [finding('read_back_other_id', { idProperty, id: readBack.id, received: idKey(item, idProperty) })];
  }
  const difference = firstDifference(
    item,
    readBack.sent,
    keptFields(collection.create, readBack.sent),
    leewayOf(collection),
  );
  return difference ? [finding('read_back_differs', difference)] : [];
};

/** After PUT or PATCH the item reads back with the fields sent (PATCH: merged into the old ones),
 * and the change's own answer, where it is the item, holds them too. */
export const itemChangesStored: Check = (context) => {
  if (context.sequence?.changeAnswer) return changeAnswered(context, context.sequence.changeAnswer);
  const change = context.sequence?.afterChange;
  const collection = context.collection;
  if (!change || !collection || !context.exchange.ok) return undefined;
  const status = context.exchange.response.status;
  if (status < 200 || status >= 300) {
    return [finding('changed_item_unreadable', { status, idProperty: collection.idProperty, id: change.id })];
  }
  const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
  return item ? changeFindings('change_not_stored', item, change, collection) : [];
};

/** A PUT or PATCH answered with the item (a JSON object with its id). Whether it succeeded at all
 * is positive_data_acceptance's concern; an answer without the item says nothing. */
function changeAnswered(context: Parameters<Check>[0], change: ChangeEvidence): Finding[] | undefined {
  const collection = context.collection;
  if (!collection || !context.exchange.ok) return undefined;
  const status = context.exchange.response.status;
  if (change.refused) {
    if (status >= 500) return undefined;
    return status < 300
      ? [finding('failed_patch_applied', { status, idProperty: collection.idProperty, id: change.id })]
      : [];
  }
  const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
  if (status < 200 || status >= 300 || !item || item[collection.idProperty] === undefined) return undefined;
  if (idKey(item, collection.idProperty) !== change.id) return undefined;
  return changeFindings('change_not_answered', item, change, collection);
}

/** The first field of the item that differs from what the change set, as a finding of `code`. */
function changeFindings(
  code: 'change_not_stored' | 'change_not_answered',
  item: Record<string, unknown>,
  change: ChangeEvidence,
  collection: CollectionSpec,
): Finding[] {
  const { idProperty } = collection;
  const difference = firstDifference(item, change.expected, Object.keys(change.expected), leewayOf(collection));
  const found = difference ? [finding(code, { ...difference, kind: change.kind, idProperty, id: change.id })] : [];
  // A change that moved the item's state sets that state's instant (`closedAt` once closed).
  const state = statusMember(collection);
  const moved =
    !difference && state && Object.hasOwn(change.expected, state.member)
      ? stateTimes(item, change.expected[state.member], []).filter((one) => one.code === 'state_time_missing')
      : [];
  return [...found, ...moved, ...instantsAfterChange(item, change)];
}

/** A change leaves the creation instant as it was and moves the update instant on (the item was
 * made more than a second before the change). Compared as instants: any offset, any digits. */
function instantsAfterChange(item: Record<string, unknown>, change: ChangeEvidence): Finding[] {
  const found: Finding[] = [];
  for (const [member, before] of Object.entries(change.instantsBefore ?? {})) {
    const value = item[member];
    const after = typeof value === 'string' ? Date.parse(value) : Number.NaN;
    if (Number.isNaN(after)) continue;
    const moves = UPDATE_INSTANT.test(member);
    if (moves && after <= Date.parse(before))
      found.push(
        finding('update_instant_not_moved', { member, before, got: value, kind: change.kind, via: change.via }),
      );
    if (!moves && after !== Date.parse(before))
      found.push(
        finding('creation_instant_changed', { member, before, got: value, kind: change.kind, via: change.via }),
      );
  }
  return found;
}

/** A deleted item the words keep readable reads 2xx, its deletion time set (HEAD has no body). */
function stillReadable(context: Parameters<Check>[0], status: number, stamp: string, id: string) {
  if (status < 200 || status >= 300) return [finding('deleted_item_unreadable', { status, id })];
  const item = context.body.kind === 'json' ? asObject(context.body.value) : undefined;
  const unset = stamp !== '' && item !== undefined && (item[stamp] === null || item[stamp] === undefined);
  return unset ? [finding('deleted_item_unstamped', { id, stamp })] : [];
}

/** After DELETE the item is gone: reading it gets 404 (or 410; 410 where the document gives deleted
 * items that status), and no list shows it. */
export const deletedItemGone: Check = (context) => {
  const removed = context.sequence?.afterRemove;
  const collection = context.collection;
  if (!removed || !collection || !context.exchange.ok) return undefined;
  const { idProperty } = collection;
  const listed = context.sequence?.after;
  if (listed) {
    const still = listed.some((item) => asObject(item) && idKey(item, idProperty) === removed.id);
    return still ? [finding('deleted_item_still_listed', { idProperty, id: removed.id })] : [];
  }
  const status = context.exchange.response.status;
  if (removed.readableWith !== undefined) return stillReadable(context, status, removed.readableWith, removed.id);
  if (status === 404 && removed.goneStatus !== undefined)
    return [finding('deleted_item_not_gone', { status, gone: removed.goneStatus, idProperty, id: removed.id })];
  if (status === 404 || status === 410) return [];
  return [finding('deleted_item_still_readable', { status, idProperty, id: removed.id })];
};
