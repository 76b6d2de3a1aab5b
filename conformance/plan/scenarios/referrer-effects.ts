// What an item's action does to the items naming it (the model's referrerEffects: "every `pending`
// order of the event becomes `cancelled` and every `paid` one `refunded`"): the run makes an item of
// its own in a state the referring items may name (a published event), one referring item per state
// the words move, each moved there by its own actions, takes the action on the item and reads every
// referring item in the state the words give (judged as referrer-moved, api_idioms_honoured).
// Only items the run made are acted on.
import {
  type Action,
  type CollectionSpec,
  DELETION_VERB,
  type ReferrerEffect,
  type Resource,
} from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import { itemOf, type SequenceRunner, succeeded } from './sequence-runner.js';
import { makeInState } from './stated-items.js';

type Item = Record<string, unknown>;

const stepOf = (effect: ReferrerEffect) =>
  `${effect.verb} moves a ${effect.from} ${effect.collection} item to ${effect.to}`;

export const movesReferrers = (resource: Resource): boolean => (resource.idioms.referrerEffects?.length ?? 0) > 0;

export async function checkReferrerEffects(
  resource: Resource,
  resourceOf: (collection: CollectionSpec) => Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const { collection } = resource;
  const effects = resource.idioms.referrerEffects ?? [];
  const reach = runner.reach.scenario('referrer effects', collection.path, effects.map(stepOf));
  for (const verb of new Set(effects.map((effect) => effect.verb))) {
    if (runner.stopped()) return;
    const some = effects.filter((effect) => effect.verb === verb);
    const remove = resource.collection.remove?.operation;
    // A deletion's effects are followed as an action's: its DELETE sent, the referring items read.
    const action =
      resource.idioms.actions?.find((one) => one.verb === verb) ??
      (verb === DELETION_VERB && remove ? { verb, operation: remove } : undefined);
    const why = action ? await followEffects(resource, action, some, resourceOf, context, runner, reach) : 'no action';
    if (why) for (const effect of some) reach.skip(stepOf(effect), why);
  }
}

/** The effects of one action: undefined where they were judged, else why not. */
async function followEffects(
  resource: Resource,
  action: Action,
  effects: readonly ReferrerEffect[],
  resourceOf: (collection: CollectionSpec) => Resource | undefined,
  context: PlanContext,
  runner: SequenceRunner,
  reach: ReturnType<SequenceRunner['reach']['scenario']>,
): Promise<string | undefined> {
  const { collection } = resource;
  const other = context.collections.find((c) => c.path === effects[0]!.collection);
  const otherResource = other && resourceOf(other);
  const read = other?.read;
  if (!other || !otherResource || !read || !other.create)
    return `${effects[0]!.collection} items cannot be made and read`;
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!parameter) return `no path names a ${collection.path} item`;
  // The item, in a state the referring items may name, else as made.
  const rule = otherResource.idioms.referenceStates?.find((one) => one.member === effects[0]!.via);
  const parts = { context, runner, make: runner.make, actions: resource.idioms.actions ?? [] };
  const stated = rule
    ? await makeInState(collection, rule, 'referrer effects', parts)
    : await runner
        .make(collection, { what: 'for others to name', purpose: 'referrer effects', parent: {} })
        .then((making) => ('made' in making ? { id: making.made.item[collection.idProperty], steps: [] } : making));
  if ('refused' in stated) return stated.refused;
  const id = stated.id;
  context.markChangedByRun(collection, JSON.stringify(id));
  // One referring item per state the words move, each brought there.
  const referring: { effect: ReferrerEffect; item: Item }[] = [];
  // A child names the item by its path ({eventId}); another item by a member of its own.
  const idText = idPathText({ [collection.idProperty]: id }, collection.idProperty);
  const child = other.path.includes(`{${effects[0]!.via}}`);
  for (const effect of effects) {
    const made = await inState(
      other,
      effect,
      child ? { under: { [effect.via]: idText } } : { members: { [effect.via]: id } },
      otherResource.idioms.actions ?? [],
      context,
      runner,
    );
    if ('why' in made) reach.skip(stepOf(effect), made.why);
    else referring.push({ effect, item: made.item });
  }
  if (referring.length === 0) return undefined;
  const answer = await runner.send(
    context.testCase(action.operation, {
      kind: 'positive',
      plain: true,
      pathParams: { [parameter]: idText },
      what: `to ${action.verb} an item others name`,
    }),
  );
  if (!answer?.ok || answer.response.status >= 300)
    return `its ${action.verb} was refused (${answer?.ok ? answer.response.status : 'no answer'})`;
  for (const { effect, item } of referring) {
    await runner.execute(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: {
          ...(child ? { [effect.via]: idText } : {}),
          [read.parameter]: idPathText(item, other.idProperty),
        },
        what: `after the ${collection.path} item it names was ${action.target ?? action.verb}`,
      }),
      {
        collection: other,
        sequence: {
          idiom: {
            idiom: 'referrer-moved',
            member: effect.stateMember,
            expected: effect.to,
            fromState: effect.from,
            verb: action.verb,
            words: effect.words,
          },
        },
      },
    );
    reach.done(stepOf(effect));
  }
  return undefined;
}

/** A new item of the other collection naming the item, moved into the effect's first state. */
async function inState(
  other: CollectionSpec,
  effect: ReferrerEffect,
  naming: { readonly members?: Record<string, unknown>; readonly under?: Record<string, string> },
  actions: readonly Action[],
  context: PlanContext,
  runner: SequenceRunner,
): Promise<{ item: Item } | { why: string }> {
  const { members, under } = naming;
  const making = await runner.make(other, {
    what: `naming an item to be moved`,
    purpose: 'referrer effects',
    ...(members ? { members } : {}),
    parent: under ?? {},
  });
  if (!('made' in making)) return { why: `no ${other.path} item naming it could be made: ${making.refused}` };
  const { item, at } = making.made;
  if (members && JSON.stringify(item[effect.via]) !== JSON.stringify(members[effect.via]))
    return { why: `the ${other.path} item made names another item` };
  context.markChangedByRun(other, JSON.stringify(item[other.idProperty]));
  if (item[effect.stateMember] === effect.from) return { item };
  const parameter = other.read?.parameter ?? other.remove?.parameter;
  const moving = actions.filter((action) => action.member === effect.stateMember && action.target === effect.from);
  if (!parameter || moving.length === 0) return { why: `no action moves a ${other.path} item to ${effect.from}` };
  const target = { collection: other, idText: idPathText(item, other.idProperty), at: at(parameter) };
  const moved = await moveItem(moving, actions, target, context, {
    make: runner.make,
    stopped: runner.stopped,
    send: runner.send,
  });
  if (!moved) return { why: `no action brought a ${other.path} item to ${effect.from}` };
  const executed = await runner.execute(
    context.testCase(other.read!.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(other.read!.parameter),
      what: `once ${effect.from}`,
    }),
    { collection: other },
  );
  const now = succeeded(executed) ? itemOf(executed.body, other) : undefined;
  return now?.[effect.stateMember] === effect.from
    ? { item: now }
    : { why: `the ${other.path} item did not read ${effect.from}` };
}
