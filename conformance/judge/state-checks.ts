// The checks that judge state across requests: what was created is echoed, listed, uniquely
// identified and assigned by the service, and nothing else changes (one item's life: item-checks.ts).

import {
  addingSwitchesOf,
  answeredItem,
  type CollectionSpec,
  fieldText,
  listCapOf,
  listedItems,
  listsEveryItem,
  movesWithOthers,
  propertiesOf,
  statusMember,
} from '../../spec/index.js';
import type { Check, CheckContext, Finding, SequenceEvidence } from '../model.js';
import { ownFormMembers } from './body-forms.js';
import { compareField, firstDifference, keptFields, leewayOf } from './field-compare.js';
import { finding } from './findings.js';
import { asObject, idKey, sameAsSent } from './json-body.js';
import { movedByOthers } from './moved-by-others.js';
import { withinNarrowing } from './narrowing.js';

function idsOf(items: readonly Record<string, unknown>[], idProperty: string): string[] {
  return items.filter((item) => item[idProperty] !== undefined).map((item) => idKey(item, idProperty));
}

function duplicates(keys: readonly string[]): string[] {
  const seen = new Set<string>();
  const repeated = new Set<string>();
  for (const key of keys) {
    if (seen.has(key)) repeated.add(key);
    seen.add(key);
  }
  return [...repeated];
}

/** A created item echoes every field the client sent, exactly. */
export const createdDataEchoed: Check = (context) => {
  const create = context.collection?.create;
  const status = context.exchange.ok ? context.exchange.response.status : undefined;
  if (!create || context.testCase.operation !== create.operation || context.testCase.payload?.kind !== 'json') {
    return undefined;
  }
  // Invalid input that was taken is negative_data_rejection's finding; what the service made of
  // it (a coerced "true" for true) is not a second one.
  if (context.testCase.kind === 'negative') return undefined;
  if (status === undefined || status < 200 || status >= 300 || context.body.kind !== 'json') return undefined;
  const sent = asObject(context.testCase.payload.value) ?? {};
  const got = answeredItem(context.collection, context.body.value);
  if (!got) return [];
  // A value sent for a property the service assigns is not to be echoed (server_assigned_id judges it).
  const assigned = context.testCase.assigned ?? {};
  // A value the answer's own schema refuses cannot be the item's, so it is not expected back; nor a
  // member only another form of a union body declares (a labour line's member in a part line).
  const request = context.testCase.operation.requestBody?.content.find((media) => media.validator)?.validator;
  const own = ownFormMembers(request?.schema, sent);
  return create.storedProperties
    .filter((name) => name in sent && !(name in assigned) && create.keeps(name, sent[name]))
    .filter((name) => own === undefined || own.has(name))
    .flatMap((name) => {
      const difference = compareField(got, sent, name, leewayOf(context.collection));
      return difference ? [finding('field_not_echoed', difference, { pointer: `/${name}` })] : [];
    });
};

/** Ids are unique: within every list, and across creations (none reuses an existing id). */
export const uniqueIds: Check = (context) => {
  const collection = context.collection;
  if (!collection) return undefined;
  if (context.sequence) {
    const createdItems = (context.sequence.creations ?? [])
      .map((c) => (c.body.kind === 'json' ? answeredItem(collection, c.body.value) : undefined))
      .filter((item): item is Record<string, unknown> => item !== undefined);
    const created = idsOf(createdItems, collection.idProperty);
    const before = new Set(idsOf(context.sequence.before ?? [], collection.idProperty));
    const repeated = [...duplicates(created), ...created.filter((id) => before.has(id))];
    return repeated.length === 0 ? [] : [finding('created_ids_repeated', { ids: repeated.slice(0, 5) })];
  }
  const list = collection.list;
  if (!list || context.testCase.operation !== list.operation) return undefined;
  const items = context.body.kind === 'json' ? listedItems(collection, context.body.value) : undefined;
  if (!items) return undefined;
  const repeated = duplicates(idsOf(items, collection.idProperty));
  return repeated.length === 0 ? [] : [finding('list_ids_repeated', { ids: repeated.slice(0, 5) })];
};

/** Every created item is in the next list, exactly once, with the id and fields it was created with. */
export const createdDataListed: Check = (context) => {
  const { collection, sequence } = context;
  if (!collection?.create || !sequence?.after) return undefined;
  const { idProperty } = collection;
  const findings: Finding[] = [];
  for (const creation of sequence.creations ?? []) {
    if (!creation.exchange.ok || creation.exchange.response.status >= 300 || creation.body.kind !== 'json') continue;
    const createdItem = answeredItem(collection, creation.body.value);
    if (createdItem?.[idProperty] === undefined || !withinNarrowing(createdItem, sequence.narrowedTo)) continue;
    const id = idKey(createdItem, idProperty);
    const matches = sequence.after.filter((item) => idKey(item, idProperty) === id);
    if (matches.length === 0) {
      // A list that pages or filters may rightly leave a new item off its first answer, and one whose
      // answer is capped (maxItems) and full, off any: the cap is one answer's, not a walk's.
      const cap = listCapOf(collection);
      const full = cap !== undefined && sequence.after.length >= cap && !sequence.pagedPastFirst;
      // A switch that widens the list (`includeInactive`), off by default and not sent: the default
      // may leave the item out (an inactive course) by a rule the run does not read.
      const switchedOff = leftOutBySwitch(collection, context.testCase);
      const severity =
        ((sequence.complete && !full) || listsEveryItem(collection)) && !switchedOff ? 'failure' : 'note';
      const read = { listed: sequence.after.length, complete: sequence.complete === true };
      findings.push(finding('created_item_missing', { idProperty, id, ...read }, { severity }));
      continue;
    }
    if (matches.length > 1) {
      // Pages counted by position, walked while the run's other scenarios add items in front (newest
      // first): an item pushed onto the next page is read twice by a correct service.
      const shifting = ['offset', 'page'].includes(collection.list?.paging.style ?? '') && !listsEveryItem(collection);
      const severity = shifting ? 'note' : 'failure';
      findings.push(finding('created_item_repeated', { idProperty, id, count: matches.length }, { severity }));
    }
    const difference = firstDifference(
      matches[0]!,
      creation.sent,
      keptFields(collection.create, creation.sent),
      leewayOf(collection),
    );
    if (difference) findings.push(finding('listed_item_differs', difference));
  }
  return findings;
};

/**
 * A capped list, newest first (a first page; the seed leaves paging open): the first creations
 * (sent one after the other; a lone one with earlier items still after it) lead, newest first; the earlier
 * items follow in their order, and only the oldest are gone, pushed off its end.
 */
function slidLikeAPage(sequence: SequenceEvidence, collection: CollectionSpec): boolean {
  const { idProperty } = collection;
  const before = idsOf(sequence.before ?? [], idProperty);
  const after = idsOf(sequence.after ?? [], idProperty);
  const earlier = new Set(before);
  const firstEarlier = after.findIndex((id) => earlier.has(id));
  const leadEnd = firstEarlier === -1 ? after.length : firstEarlier;
  const positions = (sequence.creations ?? []).slice(0, 2).map(({ body }) => {
    const item = body.kind === 'json' ? answeredItem(collection, body.value) : undefined;
    return item?.[idProperty] === undefined ? -1 : after.indexOf(idKey(item, idProperty));
  });
  const newestFirst =
    positions.length > 0 &&
    positions.every((at) => at !== -1 && at < leadEnd) &&
    (positions.length < 2 ? leadEnd < after.length : positions[1]! < positions[0]!);
  const kept = after.slice(leadEnd);
  return newestFirst && leadEnd > 0 && kept.length < before.length && kept.every((id, index) => id === before[index]);
}

/** Items that existed before the run are still listed, unchanged, after it. */
export const existingDataPreserved: Check = (context) => {
  const { collection, sequence } = context;
  if (!collection || !sequence?.before || !sequence.after) return undefined;
  const { idProperty } = collection;
  const after = new Map(sequence.after.map((item) => [idKey(item, idProperty), item]));
  const missing = new Set(idsOf(sequence.before, idProperty).filter((id) => !after.has(id)));
  const paged = !listsEveryItem(collection)
    ? 'its operation takes paging or filtering parameters'
    : slidLikeAPage(sequence, collection)
      ? `new items lead it and only its oldest are gone, like a first page of ${after.size}`
      : undefined;
  if (missing.size > 0 && paged) {
    return [finding('existing_items_paged_off', { idProperty, count: missing.size, why: paged }, { severity: 'note' })];
  }
  const { parent, kept } = movedByOthers(context.contract, collection);
  // Only members the document declares: an undocumented one (a list entry's own `etag`) is the
  // service's to move.
  const declared = new Set(Object.keys(propertiesOf(collection.list?.items.schema ?? collection.read?.item.schema)));
  const judged = (name: string) => declared.size === 0 || declared.has(name);
  for (const item of sequence.before) {
    const id = idKey(item, idProperty);
    const now = after.get(idKey(item, idProperty));
    if (!now) return [finding('existing_item_disappeared', { idProperty, id })];
    // A count of its children, its update time or another member the service keeps moves with the
    // run's writes under it or naming it.
    const changed = Object.keys(item).find(
      (name) =>
        judged(name) &&
        !(parent && (movesWithOthers(name) || kept.has(name))) &&
        fieldText(item, name) !== fieldText(now, name),
    );
    if (changed) {
      return [
        finding('existing_item_altered', {
          idProperty,
          id,
          field: changed,
          received: now[changed],
          before: item[changed],
        }),
      ];
    }
  }
  return [];
};

// A refused body is known in the list by its strings: the run's own, long enough not to recur.
const MARKER_LENGTH = 8;

/** A creation refused (for its credentials, or as invalid) is not in the list afterwards: refusing
 * means storing nothing. The refused bodies carry strings of the run's own to be known by. */
function refusedNotStored(which: 'refused' | 'refusedInvalid'): Check {
  return (context) => {
    const { collection, sequence } = context;
    const refusedBodies = sequence?.[which];
    if (!collection || !refusedBodies || !sequence?.after) return undefined;
    for (const sent of refusedBodies) {
      const markers = Object.entries(sent).filter(
        ([, value]) => typeof value === 'string' && [...value].length >= MARKER_LENGTH,
      );
      if (markers.length === 0) continue;
      const stored = sequence.after.find((item) => markers.every(([name, value]) => item[name] === value));
      if (stored) {
        const [property, value] = markers[0]!;
        return [
          finding('refused_write_stored', {
            property,
            value,
            idProperty: collection.idProperty,
            id: stored[collection.idProperty],
          }),
        ];
      }
    }
    return [];
  };
}

export const refusedWritesNotStored: Check = refusedNotStored('refused');
export const invalidWritesNotStored: Check = refusedNotStored('refusedInvalid');

/** A client-sent value of a property the service assigns (readOnly) does not become the item's. */
function assignedValuesTaken(context: Parameters<Check>[0]): Finding[] | undefined {
  const assigned = context.testCase.assigned;
  // Sent to a closed schema (a negative case), the value may be the one the service picks anyway:
  // accepting the body at all is negative_data_rejection's finding.
  if (!assigned || !context.exchange.ok || context.testCase.kind !== 'positive') return undefined;
  const status = context.exchange.response.status;
  const item = context.body.kind === 'json' ? answeredItem(context.collection, context.body.value) : undefined;
  if (status < 200 || status >= 300 || !item) return [];
  const anyway = new Set(context.facts.assignedAnyway ?? []);
  // A job accepted (202) may be done before it answers, or not, from one creation to the next: its
  // state echoed as sent proves nothing either way.
  const state = context.collection ? statusMember(context.collection)?.member : undefined;
  if (status === 202 && state !== undefined) anyway.add(state);
  return Object.entries(assigned)
    .filter(([property, value]) => sameAsSent(item[property], value))
    .map(([property, value]) =>
      finding(
        'client_value_taken',
        { property, value, anyway: anyway.has(property) },
        { pointer: `/${property}`, ...(anyway.has(property) ? { severity: 'note' as const } : {}) },
      ),
    );
}

/** The service assigns ids and every readOnly property: a client-sent id (one that collides with an
 * existing item) is not taken, nor a value sent for a readOnly property. */
export const serverAssignedId: Check = (context) => {
  const { collection, sequence } = context;
  if (context.testCase.assigned) return assignedValuesTaken(context);
  if (!collection || sequence?.collidingId === undefined) return undefined;
  const creation = sequence.creations?.[0];
  if (!creation?.exchange.ok || creation.exchange.response.status >= 300 || creation.body.kind !== 'json') return [];
  const item = answeredItem(collection, creation.body.value);
  const { idProperty } = collection;
  if (!item || item[idProperty] === undefined || idKey(item, idProperty) !== sequence.collidingId) return [];
  return [finding('client_id_taken', { idProperty, id: sequence.collidingId }, { pointer: `/${idProperty}` })];
};

/** Whether the list has an optional boolean switch that only adds items (`includeInactive`,
 * `showArchived`, `with_deleted`), off by default, that the case did not turn on. */
function leftOutBySwitch(collection: NonNullable<CheckContext['collection']>, testCase: CheckContext['testCase']) {
  const sent = new Set((testCase.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name));
  return addingSwitchesOf(collection).some((name) => !sent.has(name));
}
