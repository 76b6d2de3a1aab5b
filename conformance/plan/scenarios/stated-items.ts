// Items a creation may name only in some of their states (the model's referenceStates: "`409` when
// the event is not `published`"): the maker makes one of the run's own and moves it there by its
// actions, reached in steps (action-paths.ts: a ticket type added before publishing), before it is
// named. What it could not do, it says.
import type { Action, CollectionSpec, ReferenceState } from '../../../spec/index.js';
import { idPathText } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import type { MakeRequest, Making } from './making.js';
import type { SequenceRunner } from './sequences.js';

export interface StatedItems {
  readonly context: PlanContext;
  readonly runner: Pick<SequenceRunner, 'send' | 'stopped'>;
  readonly make: (collection: CollectionSpec, request: MakeRequest) => Promise<Making>;
  /** The named collection's actions. */
  readonly actions: readonly Action[];
}

export type Stated = { readonly id: unknown; readonly steps: readonly string[] } | { readonly refused: string };

/** A new item of the collection in one of the states the rule allows. */
export async function makeInState(
  collection: CollectionSpec,
  rule: ReferenceState,
  purpose: string,
  { context, runner, make, actions }: StatedItems,
): Promise<Stated> {
  const states = rule.allowed.join(' or ');
  const making = await make(collection, { what: `for ${rule.member} to name, once ${states}`, purpose, parent: {} });
  if (!('made' in making)) return { refused: `no ${collection.path} item could be made: ${making.refused}` };
  const { item, at } = making.made;
  const id = item[collection.idProperty];
  if (rule.allowed.includes(item[rule.stateMember])) return { id, steps: [] };
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!parameter) return { refused: `no path names a ${collection.path} item` };
  const target = { collection, idText: idPathText(item, collection.idProperty), at: at(parameter) };
  const moving = actions.filter((action) => action.member === rule.stateMember && rule.allowed.includes(action.target));
  const moved = await moveItem(moving, actions, target, context, { make, stopped: runner.stopped, send: runner.send });
  if (moved) return { id, steps: moved.steps };
  return {
    refused:
      moving.length === 0
        ? `no action moves a ${collection.path} item to ${states}`
        : `no action brought a ${collection.path} item to ${states}`,
  };
}
