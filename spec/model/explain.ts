// The model as a person reads it (--explain) and as tools read it (--explain --json): each
// resource, how each idiom was read and from where, and what was not understood.
import type { Contract, Operation } from '../contract/types.js';
import type { CollectionSpec } from './collection-spec.js';
import type { ResourceCorrection } from './corrections.js';
import { filledInJson, filledInLine } from './explain-filled-in.js';
import type { Filter } from './filters.js';
import type { Idioms } from './idioms.js';
import { operationPointer } from './idioms.js';
import { type ApiModel, apiModelOf, type Resource } from './infer.js';
import type { Paging } from './pagination.js';

const named = (operation: Operation) => `${operation.method} ${operation.path}`;
const where = (operation: Operation) => ({ operation: named(operation), pointer: `#${operationPointer(operation)}` });

function pagingJson(paging: Paging | undefined): Record<string, unknown> | undefined {
  if (!paging || paging.style === 'none')
    return paging && (paging.linkHeader || paging.total) ? { ...paging } : undefined;
  return {
    ...paging,
    next: paging.next?.join('.'),
    hasMore: paging.hasMore?.join('.'),
    total: paging.total?.join('.'),
  };
}

function idiomsJson(idioms: Idioms): Record<string, unknown> {
  const {
    location,
    conditional,
    idempotency,
    actions,
    asynchronous,
    softDelete,
    keptDeletion,
    stateDeletion,
    lineAmounts,
    initialState,
    initialValues,
    owned,
    madeBy,
    unique,
    deletedValues,
    spanOrders,
    copied,
    stateCounts,
    capacity,
    referrerEffects,
    namedEffects,
    namedStates,
    timedActions,
    referrerLimits,
    childrenKeptOnReplace,
    tallied,
    anchored,
    refusals,
    keptByChildren,
    parentTotals,
    touchesParent,
    parentDefaults,
    referenceDefaults,
    parentEquals,
    addedChildren,
    clearedInstants,
    derivedTimes,
    parentLocks,
    needsChildren,
    needsMembers,
    actionReferences,
    keptOnRepeat,
    referenceStates,
    ownLocks,
    drawnAmounts,
    steppedCounts,
  } = idioms;
  return {
    ...(location ? { location: { header: location.header, ...where(location.operation) } } : {}),
    ...(conditional
      ? {
          conditional: {
            etag: conditional.etagOn.map(named),
            ifMatch: conditional.ifMatch.map(({ operation, required }) => ({ operation: named(operation), required })),
            ifNoneMatch: conditional.ifNoneMatch.map(named),
          },
        }
      : {}),
    ...(idempotency
      ? {
          idempotency: {
            header: idempotency.header,
            conflictStatus: idempotency.conflictStatus,
            replayStatus: idempotency.replayStatus,
            refusalsLeaveKeyFree: idempotency.refusalsLeaveKeyFree,
            keyScope: idempotency.keyScope,
            ...where(idempotency.operation),
          },
        }
      : {}),
    ...(actions
      ? {
          actions: actions.map(
            ({ operation, verb, member, target, refusedStatus, refusedFrom, from, sets, nulls, once }) => ({
              verb,
              ...where(operation),
              ...(member !== undefined ? { member, target } : {}),
              ...(refusedStatus ? { refusedStatus } : {}),
              ...(refusedFrom ? { refusedFrom } : {}),
              ...(from ? { from } : {}),
              ...(sets ? { sets } : {}),
              ...(nulls ? { nulls } : {}),
              ...(once ? { once } : {}),
            }),
          ),
        }
      : {}),
    ...(asynchronous
      ? {
          asynchronous: {
            status: asynchronous.status,
            ...where(asynchronous.operation),
            ...(asynchronous.member !== undefined
              ? { member: asynchronous.member, terminal: asynchronous.terminal }
              : {}),
          },
        }
      : {}),
    ...(softDelete ? { softDelete: { status: softDelete.status, ...where(softDelete.operation) } } : {}),
    ...(keptDeletion
      ? {
          keptDeletion: {
            ...(keptDeletion.restore ? { restore: named(keptDeletion.restore) } : {}),
            ...(keptDeletion.listSwitch ? { listSwitch: keptDeletion.listSwitch } : {}),
            ...(keptDeletion.stamp ? { stamp: keptDeletion.stamp } : {}),
            ...(keptDeletion.readable ? { readable: true } : {}),
            ...(keptDeletion.frozen ? { frozen: keptDeletion.frozen } : {}),
            ...(keptDeletion.again ? { again: keptDeletion.again } : {}),
          },
        }
      : {}),
    ...(owned ? { owned: { how: owned.how, operations: owned.operations.map(named) } } : {}),
    ...(unique ? { unique } : {}),
    ...(deletedValues ? { deletedValues } : {}),
    ...(spanOrders ? { spanOrders } : {}),
    ...(copied ? { copied } : {}),
    ...(stateCounts
      ? { stateCounts: stateCounts.map(({ read, ...count }) => ({ ...(read ? { read: named(read) } : {}), ...count })) }
      : {}),
    ...(capacity ? { capacity } : {}),
    ...(referrerEffects ? { referrerEffects } : {}),
    ...(namedEffects ? { namedEffects } : {}),
    ...(namedStates ? { namedStates } : {}),
    ...(timedActions ? { timedActions } : {}),
    ...(referrerLimits ? { referrerLimits } : {}),
    ...(childrenKeptOnReplace ? { childrenKeptOnReplace } : {}),
    ...(anchored ? { anchored } : {}),
    ...(refusals ? { refusals } : {}),
    ...(keptByChildren ? { keptByChildren } : {}),
    ...(parentTotals ? { parentTotals } : {}),
    ...(touchesParent ? { touchesParent } : {}),
    ...(parentDefaults ? { parentDefaults } : {}),
    ...(referenceDefaults ? { referenceDefaults } : {}),
    ...(parentEquals ? { parentEquals } : {}),
    ...(addedChildren
      ? { addedChildren: addedChildren.map(({ write, ...added }) => ({ ...where(write), ...added })) }
      : {}),
    ...(clearedInstants ? { clearedInstants } : {}),
    ...(stateDeletion ? { stateDeletion } : {}),
    ...(initialState ? { initialState } : {}),
    ...(initialValues ? { initialValues } : {}),
    ...(lineAmounts
      ? { lineAmounts: lineAmounts.map(({ operation, ...moved }) => ({ ...where(operation), ...moved })) }
      : {}),
    ...(derivedTimes ? { derivedTimes } : {}),
    ...(needsMembers
      ? { needsMembers: needsMembers.map(({ operation, ...need }) => ({ ...where(operation), ...need })) }
      : {}),
    ...(needsChildren
      ? { needsChildren: needsChildren.map(({ operation, ...need }) => ({ ...where(operation), ...need })) }
      : {}),
    ...(actionReferences
      ? { actionReferences: actionReferences.map(({ operation, ...said }) => ({ ...where(operation), ...said })) }
      : {}),
    ...(keptOnRepeat
      ? { keptOnRepeat: keptOnRepeat.map(({ operation, ...kept }) => ({ ...where(operation), ...kept })) }
      : {}),
    ...(referenceStates ? { referenceStates } : {}),
    ...(drawnAmounts
      ? { drawnAmounts: drawnAmounts.map(({ operation, ...drawn }) => ({ ...where(operation), ...drawn })) }
      : {}),
    ...(steppedCounts
      ? { steppedCounts: steppedCounts.map(({ operation, ...count }) => ({ ...where(operation), ...count })) }
      : {}),
    ...(ownLocks ? { ownLocks: ownLocks.map(({ operation, ...lock }) => ({ ...where(operation), ...lock })) } : {}),
    ...(parentLocks
      ? { parentLocks: parentLocks.map(({ operation, ...lock }) => ({ ...where(operation), ...lock })) }
      : {}),
    ...(tallied
      ? {
          tallied: tallied.map(({ operation, member, at }) => ({
            ...where(operation),
            by: member,
            ...(at !== undefined ? { at } : {}),
          })),
        }
      : {}),
    ...(madeBy
      ? {
          madeBy: madeBy.map((made) => ({
            ...where(made.operation),
            status: made.status,
            ...(made.from ? { from: made.from.collection.path } : {}),
          })),
        }
      : {}),
  };
}

function resourceJson(resource: Resource, collections: readonly CollectionSpec[] = []): Record<string, unknown> {
  const { collection } = resource;
  const filledIn = filledInJson(resource, collections);
  const roles = (['list', 'create', 'read', 'replace', 'update', 'remove'] as const).flatMap((role) => {
    const found = collection[role];
    return found ? [[role, where(found.operation)]] : [];
  });
  return {
    path: collection.path,
    id: {
      property: collection.idProperty,
      format: resource.idFormat,
      ...(collection.clientKey ? { chosenBy: 'client' } : {}),
    },
    list: collection.list ? { items: collection.list.items.member ?? '(bare array)' } : undefined,
    item: (collection.read?.item ?? collection.create?.item)?.member ?? '(bare)',
    ...(collection.create ? { creationStatus: collection.create.success.status } : {}),
    operations: Object.fromEntries(roles),
    paging: pagingJson(resource.paging),
    ...(collection.list && collection.list.filters.length > 0 ? { filters: collection.list.filters } : {}),
    ...(collection.list?.order ? { order: collection.list.order } : {}),
    ...idiomsJson(resource.idioms),
    ...(filledIn ? { filledIn } : {}),
  };
}

/** The model as JSON: resources, their idioms with pointers, and what was not understood. */
export function modelJson(model: ApiModel): Record<string, unknown> {
  return {
    resources: model.resources.map((resource) => resourceJson(resource, model.collections)),
    notUnderstood: model.notUnderstood,
  };
}

function pagingLine(paging: Paging | undefined): string {
  if (!paging || (paging.style === 'none' && !paging.linkHeader)) return 'not paged';
  const parts = [
    paging.style === 'none' ? 'no paging parameter' : `${paging.style} (${paging.parameter ?? paging.limit?.name})`,
    paging.limit
      ? `limit ${paging.limit.name}${paging.limit.maximum !== undefined ? ` up to ${paging.limit.maximum}` : ''}`
      : '',
    paging.next ? `next in ${paging.next.join('.')}${paging.nextIsUrl ? ' (a URL)' : ''}` : '',
    paging.hasMore ? `more in ${paging.hasMore.join('.')}` : '',
    paging.total ? `total in ${paging.total.join('.')}` : '',
    paging.totalHeader ? `total in header ${paging.totalHeader}` : '',
    paging.linkHeader ? 'Link header' : '',
    paging.noEmptyPages ? 'no empty page in a walk (words)' : '',
  ];
  return parts.filter(Boolean).join(', ');
}

/** A filter as --explain shows it: the parameter and what it takes. */
const filterText = ({ parameter, member, many, values, contains }: Filter): string => {
  const taken =
    values.length > 0
      ? values.map(String).join(' | ')
      : contains
        ? 'a value its list holds'
        : 'a value matched exactly';
  return `${parameter}${member ? ` over ${member}` : ''} (${taken}${many ? ', several' : ''})`;
};

/** The model as text, one block per resource. */
export function explainModel(model: ApiModel, title: string): string {
  const lines = [`API model of ${title}: ${model.resources.length} resource(s)`];
  for (const resource of model.resources) {
    const json = resourceJson(resource, model.collections);
    lines.push('', `${resource.collection.path}`);
    const chosen = resource.collection.clientKey ? ', a key the client chooses' : '';
    lines.push(`  id:          ${resource.collection.idProperty} (${resource.idFormat}${chosen})`);
    if (resource.collection.list) lines.push(`  items:       in ${(json.list as { items: string }).items}`);
    lines.push(`  item:        ${json.item}`);
    for (const [role, at] of Object.entries(json.operations as Record<string, { operation: string; pointer: string }>))
      lines.push(`  ${`${role}:`.padEnd(12)} ${at.operation}  (${at.pointer})`);
    if (resource.collection.create) lines.push(`  creation:    answers ${resource.collection.create.success.status}`);
    if (resource.collection.list) lines.push(`  paging:      ${pagingLine(resource.paging)}`);
    const filters = resource.collection.list?.filters ?? [];
    if (filters.length > 0) lines.push(`  filters:     ${filters.map(filterText).join(', ')}`);
    const order = resource.collection.list?.order;
    if (order)
      lines.push(`  order:       ${order.member} ${order.descending ? 'descending' : 'ascending'} ("${order.words}")`);
    for (const [idiom, value] of Object.entries(idiomsJson(resource.idioms)))
      lines.push(`  ${`${idiom}:`.padEnd(12)} ${JSON.stringify(value)}`);
    if (json.filledIn) lines.push(`  filled in:   ${filledInLine(json.filledIn as Record<string, unknown>)}`);
  }
  if (model.notUnderstood.length > 0)
    lines.push('', 'not understood:', ...model.notUnderstood.map((line) => `  ${line}`));
  return `${lines.join('\n')}\n`;
}

/** What --explain prints: the model as text, or as JSON (--json). */
export function explainedModel(
  contract: Contract,
  corrections: ReadonlyMap<string, ResourceCorrection> | undefined,
  format: 'text' | 'json',
): string {
  const model = apiModelOf(contract, corrections);
  if (format === 'text') return explainModel(model, `${contract.title} ${contract.version}`);
  return `${JSON.stringify({ title: contract.title, version: contract.version, ...modelJson(model) }, null, 2)}\n`;
}
