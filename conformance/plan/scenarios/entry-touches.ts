// Writes below an item that change what it holds (a cart's line added, changed or removed: POST
// /carts/{cartId}/lines, PATCH and DELETE /carts/{cartId}/lines/{sku}) where their own words name the
// item's update instant ("sets the cart's `updatedAt`"). On an item of the run's own, read a second
// or more after its last change, each write must move the update instant on and leave the creation
// instant as it was. Writes whose words are silent are not judged: a service may keep an item's
// update time for its own members alone.
import { type Operation, type Resource, UPDATE_INSTANT, writesBelowItem } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { withListedReferences } from './action-bodies.js';
import { entryFor } from './added-entries.js';
import { stampsOf } from './item-instants.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';

const namesUpdateInstant = (operation: Operation): boolean =>
  `${operation.summary ?? ''} ${operation.description ?? ''}`.split(/[^\w]+/).some((word) => UPDATE_INSTANT.test(word));

/** The writes below the collection's items that no collection owns, that move no state the model
 * reads as an action's, and whose words name the update instant. */
export function touchingWritesOf(resource: Resource, context: PlanContext): Operation[] {
  const moving = new Set(
    (resource.idioms.actions ?? []).filter((action) => action.member !== undefined).map((action) => action.operation),
  );
  return writesBelowItem(resource.collection, context.operations, context.collections).filter(
    (operation) => !moving.has(operation) && namesUpdateInstant(operation),
  );
}

const accepted = (status: number | undefined) => status !== undefined && status >= 200 && status < 300;

export async function checkEntryTouches(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const read = collection.read;
  const writes = touchingWritesOf(resource, context);
  if (!read || !collection.create || writes.length === 0 || runner.stopped()) return;
  const stepOf = (write: Operation) => `${write.method} ${write.path} moves the update instant`;
  const reach = runner.reach.scenario('entry touches', collection.path, writes.map(stepOf));
  for (const write of writes) {
    if (runner.stopped()) break;
    const step = stepOf(write);
    const parent = await parentParams(collection, context, runner);
    const making = await runner.make(collection, { what: `for ${write.id} to change`, purpose: 'touched', parent });
    if ('refused' in making) {
      reach.skip(step, making.refused);
      continue;
    }
    const at = making.made.at(read.parameter);
    const entry = await entryFor(
      write,
      { collection, parameter: read.parameter },
      at,
      making.made.item,
      context,
      runner,
    );
    if (!entry) {
      reach.skip(step, 'no entry could be added for it to name');
      continue;
    }
    const readItem = (what: string) =>
      context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what });
    const instantsBefore = await stampsOf(runner, readItem(`before ${write.id}`), collection);
    if (!instantsBefore) {
      reach.skip(step, 'the item could not be read with its update instant');
      continue;
    }
    const writeCase = context.testCase(write, {
      kind: 'positive',
      plain: true,
      pathParams: { ...at, ...entry },
      what: 'to change what the item holds',
    });
    const answer = await runner.send(await withListedReferences(writeCase, write, context, runner));
    const status = answer?.ok ? answer.response.status : undefined;
    if (!accepted(status)) {
      reach.skip(step, status === undefined ? 'it was not answered' : `it was answered ${status}`);
      continue;
    }
    await runner.execute(readItem(`after ${write.id}`), {
      collection,
      sequence: {
        afterChange: {
          id: making.made.id,
          kind: 'entry',
          via: `${write.method} ${write.path}`,
          expected: {},
          instantsBefore,
        },
      },
    });
    reach.done(step);
  }
}
