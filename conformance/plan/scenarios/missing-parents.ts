// Writes below an item (a lesson under a course, a course's transcripts job) need that item: sent
// with a valid body under one that does not exist, they are refused with the documented 404. So are
// reads of what is below it (a course's lessons): an empty list there would say the course exists.
// The run makes an item for the path first, then names one like it that a read shows absent.
// Judged as api_idioms_honoured (missing_parent_accepted, missing_parent_read).
import { type CollectionSpec, type Operation, parentOfPath } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { unknownLike } from './made-up-ids.js';
import { madeItemParams, parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

const stepOf = (operation: Operation) =>
  `a ${operation.method === 'GET' ? 'read' : 'write'} below an item that does not exist refused`;

/** Whether the operation is checked below a missing item: a POST (a creation under a parent, an
 * action or a job on an item), or a GET of what is below an item (its children's list, a summary),
 * not a child item's own read, whose made-up ids the single cases already send. */
const checkedBelow = (operation: Operation) =>
  operation.method === 'POST' || (operation.method === 'GET' && !operation.path.endsWith('}'));

/** The item an operation is below, where the document gives the operation a 404. */
export function itemAbove(
  operation: Operation,
  collections: readonly CollectionSpec[],
): { readonly collection: CollectionSpec; readonly parameter: string } | undefined {
  if (!checkedBelow(operation) || !operation.responses.some((response) => response.status === '404')) return;
  // Below items clients cannot make (seeded warehouses), the parent is a listed one.
  const parent = parentOfPath(operation.path, collections);
  return parent?.collection.read ? parent : undefined;
}

/** Path text like the made one that names nothing (a read of it answers 404), else undefined. */
async function absentLike(
  parent: { readonly collection: CollectionSpec; readonly parameter: string },
  at: Readonly<Record<string, string>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<string | undefined> {
  const made = at[parent.parameter];
  if (made === undefined) return undefined;
  const read = parent.collection.read!;
  const id = /^\d+$/.test(made) ? Number(made) : made;
  // Far past what the run will make: a counted id's last digits as nine nines (`bk_12` →
  // `bk_999999999`, where `bk_99` would be made by the run's own writes soon after the read).
  const far = typeof id === 'string' ? id.replace(/\d+(?=\D*$)/, '999999999') : undefined;
  const parameter = read.operation.parameters.find((p) => p.in === 'path' && p.name === read.parameter);
  const valid = (text: string) => parameter?.validator.validate(text).length === 0;
  const candidates = [
    ...(far !== undefined && far !== id && valid(far) ? [far] : []),
    ...unknownLike(id, []).slice(0, 3),
  ];
  for (const candidate of candidates) {
    const text = String(candidate);
    const answer = await runner.send(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { ...at, [read.parameter]: text },
        what: 'to show a made-up item is absent',
      }),
    );
    if (answer?.ok && answer.response.status === 404) return text;
  }
  return undefined;
}

/** Path values below a made-up parent like the run's own that a read shows absent, or why none. */
export async function belowAbsentParent(
  operation: Operation,
  parent: { readonly collection: CollectionSpec; readonly parameter: string },
  context: PlanContext,
  runner: SequenceRunner,
  made?: (at: Readonly<Record<string, string>>) => void,
): Promise<Record<string, string> | string> {
  const at = await madeItemParams(operation, context, runner);
  if (!at) return `no ${parent.collection.path} item could be made to name one like it`;
  const absent = await absentLike(parent, at, context, runner);
  if (absent === undefined) return `no made-up ${parent.parameter} was shown absent by a read`;
  made?.(at);
  return { ...at, [parent.parameter]: absent };
}

/** Path values naming an item of the collection that a read shows absent, like one the run made. */
export async function absentItem(
  item: { readonly collection: CollectionSpec; readonly parameter: string },
  context: PlanContext,
  runner: SequenceRunner,
): Promise<Record<string, string> | string> {
  const parent = await parentParams(item.collection, context, runner);
  const making = await runner.make(item.collection, { what: 'to name one like it', purpose: 'absent like', parent });
  if ('refused' in making) return `no ${item.collection.path} item could be made to name one like it`;
  const at = making.made.at(item.parameter);
  const absent = await absentLike(item, at, context, runner);
  if (absent === undefined) return `no made-up ${item.parameter} was shown absent by a read`;
  return { ...at, [item.parameter]: absent };
}

export async function checkMissingParent(operation: Operation, context: PlanContext, runner: SequenceRunner) {
  const parent = itemAbove(operation, context.collections);
  if (!parent || runner.stopped()) return;
  const step = stepOf(operation);
  const reach = runner.reach.scenario('missing parent', `${operation.method} ${operation.path}`, [step]);
  let existing: Readonly<Record<string, string>> = {};
  const below = await belowAbsentParent(operation, parent, context, runner, (at) => {
    existing = at;
  });
  if (typeof below === 'string') return reach.skip(step, below);
  const absent = below[parent.parameter]!;
  // A creation's whole body (its references listed, made, or paired anew), drafted under a parent
  // that exists: a made-up reference would be refused first (422 unknown title) and hide the parent.
  const created = context.collections.find((collection) => collection.create?.operation === operation);
  const whole = created
    ? await runner.draft(created, { what: '', purpose: 'below a missing parent', parent: existing })
    : undefined;
  const testCase = context.testCase(operation, {
    kind: 'positive',
    plain: true,
    pathParams: below,
    ...(whole !== undefined && context.requestSchema(operation)?.isValid(whole)
      ? { payload: { kind: 'json' as const, value: whole } }
      : {}),
    what: `below a ${parent.collection.path} item that does not exist`,
  });
  await runner.execute(testCase, {
    sequence: { idiom: { idiom: 'parent-unknown', expectedStatus: 404, member: parent.parameter, how: absent } },
  });
  reach.done(step);
}
