// A child's creation that moves its parent's update instant, where the words say so (the model's
// touchesParent: "Every change to a ticket (..., comment added, ...) moves its `updatedAt`
// forward"). Under a parent of the run's own, read a second or more after its last change, one
// child is made and the parent read again: its update instant must have moved on.

import type { CollectionSpec } from '../../../spec/index.js';
import { type ParentTouch, parentItemsOf } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { settleClock } from './item-instants.js';
import { createParent } from './parents.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';

const STEP = "a child made moves the parent's update instant";

export async function checkParentTouch(
  collection: CollectionSpec,
  touch: ParentTouch | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const parent = parentItemsOf(collection.path, context.collections).at(-1);
  const read = parent?.collection.read;
  if (!touch || !parent || !read || runner.stopped()) return;
  const reach = runner.reach.scenario('parent touches', collection.path, [STEP]);
  const params = await createParent(collection, context, runner, 'touches');
  if (!params) return reach.stop('no parent of its own could be made (others write under the shared one)');
  const readParent = (what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: params, what });
  const before = await runner.send(readParent('before a child is made'));
  const held = before?.ok && before.response.status < 300 ? itemOf(parseBody(before), parent.collection) : undefined;
  const instant = held?.[touch.member];
  if (typeof instant !== 'string' || Number.isNaN(Date.parse(instant)))
    return reach.stop(`its parent could not be read with its ${touch.member}`);
  await settleClock({ [touch.member]: instant });
  const making = await runner.make(collection, {
    what: "to move its parent's update instant",
    purpose: 'touches',
    parent: params,
  });
  if ('refused' in making) return reach.stop(making.refused);
  await runner.execute(readParent('after a child was made'), {
    collection: parent.collection,
    sequence: {
      idiom: {
        idiom: 'parent-touched',
        member: touch.member,
        instantsBefore: { [touch.member]: instant },
        words: touch.words,
      },
    },
  });
  reach.done(STEP);
}
