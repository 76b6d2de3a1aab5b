// A restore the words say brings an item back as it was ("exactly as it was when it was deleted",
// "every other member keeps its value"): an item of the run's own, moved first by an action into a
// state other than the one it was made in (where its deletion allows that state), read, deleted and
// restored, then read again. Every member reads as before but the update instant, the deletion's
// marks and counts that move with others (judged as restored-as-was, api_idioms_honoured).
import { type Action, movesWithOthers, type Resource, restoreOfKeptItems } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import { parentParams } from './parents.js';
import { itemOf } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

const AS_IT_WAS =
  /\bas it was\b|\bexactly as\b|\bkeeps? (?:its|their|every) (?:other )?(?:values?|members?)\b|\bunchanged\b|\bas before\b/i;
const STEP = 'restored as it was';
/** Members a deletion and a restore may stamp: the deletion's marks. */
const DELETION_MARK = /^(?:deleted|removed|trashed|archived)(?:_?at|_?on|_?by)?$|^is_?deleted$/i;

export const restoresAsItWas = (resource: Resource, context: PlanContext): boolean => {
  const restore = resource.idioms.softDelete?.restore ?? restoreOfKeptItems(resource.collection, context.operations);
  return restore !== undefined && AS_IT_WAS.test(`${restore.summary ?? ''} ${restore.description ?? ''}`);
};

export async function checkRestoredAsItWas(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection, idioms } = resource;
  const restore = idioms.softDelete?.restore ?? restoreOfKeptItems(collection, context.operations);
  const { read, remove } = collection;
  if (!restore || !read || !remove || runner.stopped()) return;
  const reach = runner.reach.scenario('restore', collection.path, [STEP]);
  const parent = await parentParams(collection, context, runner);
  const made = await runner.make(collection, { what: 'to delete and restore', purpose: 'restored as it was', parent });
  if ('refused' in made) return reach.skip(STEP, made.refused);
  const at = made.made.at(read.parameter);
  // Into another state first, where the deletion allows it and no word calls it final.
  const actions = idioms.actions ?? [];
  const finals = new Set(actions.flatMap((action) => action.refusedFrom ?? []));
  const lock = idioms.ownLocks?.find((rule) => rule.operation === remove.operation);
  const moving = actions.filter(
    (action: Action) =>
      action.member !== undefined &&
      action.target !== made.made.item[action.member] &&
      !finals.has(action.target) &&
      (!lock || lock.member !== action.member || lock.allowed.includes(action.target)),
  );
  if (moving.length > 0)
    await moveItem(moving.slice(0, 1), actions, { collection, idText: at[read.parameter]!, at }, context, runner);
  const readCase = (what: string) =>
    context.testCase(read.operation, { kind: 'positive', plain: true, pathParams: at, what });
  const before = await runner.send(readCase('before its deletion'));
  const was = before?.ok && before.response.status < 300 ? itemOf(parseBody(before), collection) : undefined;
  if (!was) return reach.skip(STEP, 'it could not be read before its deletion');
  const pathOf = (operation: typeof remove.operation) =>
    context.testCase(operation, { kind: 'positive', plain: true, pathParams: at, what: 'to delete and restore' });
  const deleted = await runner.send(pathOf(remove.operation));
  if (!deleted?.ok || deleted.response.status >= 300) return reach.skip(STEP, 'its DELETE was refused');
  const restored = await runner.send(pathOf(restore));
  if (!restored?.ok || restored.response.status >= 300) return reach.skip(STEP, 'its restore was refused');
  const expected = Object.fromEntries(
    Object.entries(was).filter(([name]) => !movesWithOthers(name) && !DELETION_MARK.test(name)),
  );
  await runner.execute(readCase('after it was deleted and restored'), {
    collection,
    sequence: {
      idiom: {
        idiom: 'restored-as-was',
        expected,
        words: `${restore.summary ?? ''} ${restore.description ?? ''}`.trim(),
      },
    },
  });
  reach.done(STEP);
}
