// Items numbered per parent (an issue's `number` in its project), judged where the document says
// how: "1 for the first issue of a project" (a new parent's first item is 1), "a number is never
// given again, not even after its issue was deleted" (a deleted item's number is not the next
// one's). Under a parent the run makes, it creates two items, reads the first, deletes the second
// and creates a third, reading it. Words the document does not say are not judged.
import { type CollectionSpec, listedParentOf, parentItemsOf, parentOfPath } from '../../../spec/index.js';
import { idKey } from '../../judge/json-body.js';
import type { IdiomEvidence } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { deleteMade } from './deletions.js';
import { readAtLocation } from './locations.js';
import type { MadeItem, Making } from './making.js';
import { type Numbering, numberingOf } from './numbering-words.js';
import { createParent, parentParams } from './parents.js';
import { numbersUnderRemadeParent, RENUMBERED, remadeParent } from './renumbering.js';
import type { SequenceRunner } from './sequence-runner.js';
import { listCollection } from './sequences.js';

export async function checkNumbering(
  collection: CollectionSpec,
  document: Readonly<Record<string, unknown>>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const numbering = numberingOf(collection, document);
  const read = collection.read;
  if (!numbering || runner.stopped()) return;
  if (!read) return checkFirstAnswered(collection, numbering, context, runner);
  if (numbering.scope) return checkNumberingWithin(collection, numbering, numbering.scope, context, runner);
  if (!numbering.global && !parentItemsOf(collection.path, context.collections).at(-1))
    return checkNumberingUnderListed(collection, numbering, context, runner);
  const { member } = numbering;
  const remade = numbering.firstIsOne && !numbering.global && remadeParent(collection, context.collections);
  const steps = [
    ...(numbering.firstIsOne ? ['first number is 1'] : []),
    ...(numbering.neverReused ? ['number never reused'] : []),
    ...(remade ? [RENUMBERED] : []),
  ];
  const reach = runner.reach.scenario('numbering', collection.path, steps);
  let parent = numbering.global ? {} : await createParent(collection, context, runner, 'numbering parent');
  if (!parent) return reach.stop('no new parent could be made to number under');
  const make = (purpose: string) =>
    runner.make(collection, { what: `to see its number (${purpose})`, purpose, parent: parent! });
  let first = await make('numbering first');
  if ('refused' in first) return reach.stop(first.refused);
  // A first item made only after a refusal may have a spent number before it: once more under a new
  // parent, where the maker leaves out what was refused.
  const again = first.made.refusedBefore && !numbering.global;
  const retried = again ? await createParent(collection, context, runner, 'numbering parent again') : undefined;
  if (retried) {
    parent = retried;
    first = await make('numbering first again');
    if ('refused' in first) return reach.stop(first.refused);
  }
  const readOf = (at: Record<string, string>, what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what });
  // Another of the run's scenarios may take the new parent for its own children: then the first
  // item under it is not the run's, and its number says nothing.
  const listed = collection.list
    ? await listCollection(collection, context, runner, parent, undefined, 'to see what else is under the new parent')
    : undefined;
  const alone = !listed?.some((item) => idKey(item, collection.idProperty) !== first.made.id);
  if (numbering.firstIsOne && !alone) reach.skip('first number is 1', 'another item was made under the new parent');
  // A refused creation may have spent a number: what the words say of refusals is left open.
  else if (numbering.firstIsOne && first.made.refusedBefore)
    reach.skip('first number is 1', 'its creation was refused before it was made');
  else if (numbering.firstIsOne) {
    await runner.execute(readOf(first.made.at(read.parameter), 'the first under a new parent'), {
      collection,
      sequence: { idiom: { idiom: 'number-first', id: first.made.id, expected: 1, member } },
    });
    reach.done('first number is 1');
  }
  const remove = collection.remove;
  if (!numbering.neverReused || !remove) {
    if (remade) await numbersUnderRemadeParent(collection, member, parent, context, runner, reach);
    return;
  }
  const freed = await madeAfterDeletion(collection, make, context, runner);
  if ('why' in freed) return reach.stop(freed.why);
  const { second, third } = freed;
  await runner.execute(readOf(third.made.at(read.parameter), 'made after the newest was deleted'), {
    collection,
    sequence: {
      idiom: { idiom: 'number-not-reused', id: third.made.id, expected: second.made.item[member], member },
    },
  });
  reach.done('number never reused');
  // Its Location names it too: the number given, not one counted from the items held (a parent's
  // count of copies equals the newest number until one was deleted).
  if (third.made.executed.exchange.ok && third.made.executed.exchange.response.headers.location)
    await readAtLocation(
      collection,
      third.made.executed.exchange,
      third.made.id,
      third.made.at(read.parameter),
      context,
      runner,
    );
  if (remade) await numbersUnderRemadeParent(collection, member, parent, context, runner, reach);
}

/** Items with no read of their own (payments per order): the first under a new parent of the run's
 * own, as its creation answers it, must be number 1. */
async function checkFirstAnswered(
  collection: CollectionSpec,
  numbering: Numbering,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  // Under any parent the run can make, by its creation or by another's (an order a checkout makes).
  const nested = parentOfPath(collection.path, context.collections);
  if (!(numbering.firstIsOne || numbering.neverReused) || numbering.scope || !nested) return;
  // Items no read finds (an order's lines) are judged on the answers of their creations.
  const reused = numbering.neverReused && collection.remove !== undefined;
  const reach = runner.reach.scenario('numbering', collection.path, [
    ...(numbering.firstIsOne ? ['first number is 1'] : []),
    ...(reused ? ['number never reused'] : []),
  ]);
  const parent = await createParent(collection, context, runner, 'numbering parent');
  if (!parent) return reach.stop('no new parent could be made to number under');
  await runner.unlockParent(collection, parent);
  const make = (purpose: string) => runner.make(collection, { what: 'to see its number', purpose, parent });
  const first = await make('numbering first');
  if ('refused' in first) return reach.stop(first.refused);
  const answered = (made: MadeItem, idiom: IdiomEvidence) =>
    runner.conclude(made.testCase, made.executed.exchange, made.executed.body, { collection, sequence: { idiom } });
  const { member } = numbering;
  if (numbering.firstIsOne && first.made.refusedBefore)
    reach.skip('first number is 1', 'its creation was refused before it was made');
  else if (numbering.firstIsOne) {
    answered(first.made, { idiom: 'number-first', id: first.made.id, expected: 1, member });
    reach.done('first number is 1');
  }
  if (!reused) return;
  const freed = await madeAfterDeletion(collection, make, context, runner);
  if ('why' in freed) return reach.stop(freed.why);
  const { second, third } = freed;
  answered(third.made, { idiom: 'number-not-reused', id: third.made.id, expected: second.made.item[member], member });
  reach.done('number never reused');
}

/** A second item made and deleted, then a third: the third must not get the second's number. */
async function madeAfterDeletion(
  collection: CollectionSpec,
  make: (purpose: string) => Promise<Making>,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<{ second: { made: MadeItem }; third: { made: MadeItem } } | { why: string }> {
  const second = await make('numbering second');
  if ('refused' in second) return { why: second.refused };
  if (await deleteMade(collection, second.made.at, 'to free its number', context, runner))
    return { why: 'the newest item could not be deleted' };
  const third = await make('numbering third');
  if ('refused' in third) return { why: third.refused };
  return { second, third };
}

/** Numbers within a body member's value (orders per supplier): an item for one value, one for
 * another, one more for the first (the next number there, where the words say so); the newest
 * deleted and another made (its number not given again). Sent one after another, alone: another
 * scenario's item in the same scope would take a number between. */
async function checkNumberingWithin(
  collection: CollectionSpec,
  numbering: Numbering,
  scope: string,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const reach = numberingReach(collection, numbering, runner);
  const parent = await parentParams(collection, context, runner);
  // Every listed item of the scope (the references found for a body keep the one its lines fit).
  const named = referencedCollections(collection.create!.operation, context.collections).get(scope);
  const [mine, other] = named
    ? await runner.listedIds(named)
    : ((await runner.references(collection, parent)).get(scope) ?? []);
  if (mine === undefined) return reach.stop(`no ${scope} the run can name to number within`);
  const make = (value: unknown, purpose: string) =>
    runner.make(collection, {
      what: `to see its number within ${scope} ${String(value)}`,
      purpose,
      parent,
      members: { [scope]: value },
    });
  return numberWithin(collection, numbering, { scope, mine, other, make, reach }, context, runner);
}

/** Numbers within a parent clients cannot make (a seeded warehouse's orders): the last two listed
 * parents, which the run's other scenarios leave alone, taken as the scopes. */
async function checkNumberingUnderListed(
  collection: CollectionSpec,
  numbering: Numbering,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const reach = numberingReach(collection, numbering, runner);
  const parent = listedParentOf(collection.path, context.collections);
  if (!parent) return reach.stop('its parent can neither be made nor listed');
  const above = await parentParams(parent.collection, context, runner);
  const ids = (await runner.listedIds(parent.collection)).filter(
    (id) => typeof id === 'string' || typeof id === 'number',
  );
  const [mine, other] = [ids.at(-1), ids.length > 1 ? ids.at(-2) : undefined];
  if (mine === undefined) return reach.stop(`no listed ${parent.collection.path} item to number under`);
  const make = (value: unknown, purpose: string) =>
    runner.make(collection, {
      what: `to see its number under ${parent.parameter} ${String(value)}`,
      purpose,
      parent: { ...above, [parent.parameter]: String(value) },
    });
  return numberWithin(collection, numbering, { scope: parent.parameter, mine, other, make, reach }, context, runner);
}

const numberingReach = (collection: CollectionSpec, { next, neverReused }: Numbering, runner: SequenceRunner) =>
  runner.reach.scenario('numbering', collection.path, [
    ...(next ? ['number next within its scope'] : []),
    ...(neverReused ? ['number never reused'] : []),
  ]);

interface Scoped {
  readonly scope: string;
  readonly mine: unknown;
  readonly other: unknown;
  readonly make: (value: unknown, purpose: string) => ReturnType<SequenceRunner['make']>;
  readonly reach: ReturnType<typeof numberingReach>;
}

async function numberWithin(
  collection: CollectionSpec,
  numbering: Numbering,
  { scope, mine, other, make, reach }: Scoped,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const { member, next, neverReused } = numbering;
  const read = collection.read!;
  const remove = collection.remove;
  const readOf = (made: { at: (parameter: string) => Record<string, string> }, what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: made.at(read.parameter), what });
  const first = await make(mine, 'numbering first');
  if ('refused' in first) return reach.stop(first.refused);
  if (other !== undefined) await make(other, 'numbering other scope');
  const second = await make(mine, 'numbering second');
  if ('refused' in second) return reach.stop(second.refused);
  const firstNumber = first.made.item[member];
  if (next && typeof firstNumber === 'number') {
    await runner.execute(readOf(second.made, `the next within ${scope} ${String(mine)}, after one in another`), {
      collection,
      sequence: {
        idiom: {
          idiom: 'number-next',
          id: second.made.id,
          expected: firstNumber + 1,
          member,
          how: `${scope} ${String(mine)}`,
        },
      },
    });
    reach.done('number next within its scope');
  }
  if (!neverReused || !remove) return;
  if (await deleteMade(collection, second.made.at, 'to free its number', context, runner))
    return reach.stop('the newest item could not be deleted');
  const third = await make(mine, 'numbering third');
  if ('refused' in third) return reach.stop(third.refused);
  await runner.execute(readOf(third.made, 'made after the newest was deleted'), {
    collection,
    sequence: { idiom: { idiom: 'number-not-reused', id: third.made.id, expected: second.made.item[member], member } },
  });
  reach.done('number never reused');
}
