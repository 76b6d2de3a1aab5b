// Writes of an item its words allow only in some of its own states (the model's ownLocks: "Only a
// `draft` event can be deleted (`409` otherwise)"): an item of the run's own is moved out of them by
// its actions (reached in steps, action-paths.ts), then each locked write is sent and must get the
// documented refusal (judged as state-locked, api_idioms_honoured).
import { type Operation, type ParentLock, propertiesOf, type Resource, referencedName } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { withListedReferences } from './action-bodies.js';
import { moveItem } from './action-paths.js';
import { entryFor } from './added-entries.js';
import { withCurrentTag } from './current-tags.js';
import { smallest } from './made-elsewhere.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

const stepOf = (lock: ParentLock) =>
  `${lock.operation.method} ${lock.operation.path} refused once the item left ${lock.allowed.join(', ')}`;

export async function checkOwnLocks(resource: Resource, context: PlanContext, runner: SequenceRunner): Promise<void> {
  const { collection } = resource;
  const locks = resource.idioms.ownLocks ?? [];
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (locks.length === 0 || !parameter || runner.stopped()) return;
  const reach = runner.reach.scenario('state lock', collection.path, locks.map(stepOf));
  const actions = resource.idioms.actions ?? [];
  const parent = await parentParams(collection, context, runner);
  for (const lock of locks) {
    if (runner.stopped()) break;
    // Actions that end the item's life last: a state others still leave from is tried first.
    const finals = new Set(actions.flatMap((action) => action.refusedFrom ?? []));
    const leaving = actions
      .filter((action) => action.member === lock.member && !lock.allowed.includes(action.target))
      .sort((a, b) => Number(finals.has(a.target)) - Number(finals.has(b.target)));
    if (leaving.length === 0) {
      reach.skip(stepOf(lock), `no action moves it out of ${lock.allowed.join(', ')}`);
      continue;
    }
    const making = await runner.make(collection, {
      what: 'to leave the states its writes need',
      purpose: 'state lock',
      parent,
    });
    if ('refused' in making) {
      reach.skip(stepOf(lock), making.refused);
      continue;
    }
    const at = making.made.at(parameter);
    // A write of an entry the item holds (a cart's line by its sku) names one added before the move.
    const entry = await entryFor(lock.operation, { collection, parameter }, at, making.made.item, context, runner);
    if (!entry) {
      reach.skip(stepOf(lock), 'no entry could be added for it to name');
      continue;
    }
    const target = { collection, idText: at[parameter]!, at };
    const moved = (await moveItem(leaving, actions, target, context, runner))?.state;
    if (moved === undefined) {
      reach.skip(stepOf(lock), `no action moved it out of ${lock.allowed.join(', ')}`);
      continue;
    }
    const [drawn] = lock.operation.requestBody ? context.plainBodies(lock.operation, 1, 'state lock') : [undefined];
    // The least a write can ask (a line of one unit): a limit its amount would meet (a merged line
    // past its maximum) is then not what it meets instead of the lock.
    const body =
      lock.operation.method === 'PATCH'
        ? (plainestPart(drawn, lock.operation, context) ?? drawn)
        : smallest(drawn, context.requestSchema(lock.operation));
    if (lock.operation.requestBody && body === undefined) {
      reach.skip(stepOf(lock), 'no valid request could be built for it');
      continue;
    }
    const drafted = context.testCase(lock.operation, {
      kind: 'positive',
      plain: true,
      pathParams: { ...at, ...entry },
      ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
      what: `on an item now ${String(moved)}`,
    });
    // What its body names is listed (a line's product): the lock is then what the write meets.
    const testCase = await withListedReferences(drafted, lock.operation, context, runner);
    const idiom = {
      idiom: 'state-locked' as const,
      expectedStatus: lock.status,
      words: lock.words,
      how: String(moved),
    };
    await runner.execute(await withCurrentTag(testCase, collection, at, context, runner), {
      collection,
      sequence: { idiom },
    });
    reach.done(stepOf(lock));
  }
}

/** A change of one plain member of a drawn PATCH body (a name), where that alone is valid: the lock
 * is then what the write meets, not a member whose words rule it over other data (prices keyed by
 * the venue's sections). */
export function plainestPart(
  body: unknown,
  operation: Operation,
  context: PlanContext,
): Record<string, unknown> | undefined {
  const request = context.requestSchema(operation);
  const object = asObject(body);
  if (!request || !object) return undefined;
  const members = propertiesOf(request.schema) as Record<string, Record<string, unknown>>;
  const plain = (name: string) => {
    const schema = members[name] ?? {};
    // Free text: not a member naming another item (`venueId`) nor one of a few values (`currency`),
    // which the words may lock on their own.
    return (
      typeof object[name] === 'string' &&
      schema.format === undefined &&
      schema.pattern === undefined &&
      schema.enum === undefined &&
      referencedName(name) === undefined
    );
  };
  const name = Object.keys(object).find((one) => plain(one) && request.isValid({ [one]: object[one] }));
  return name === undefined ? undefined : { [name]: object[name] };
}
