// Members of an action's body that name another item, where the action's words refuse one that
// names nothing ("Records that the learner completed lesson `lessonNumber` ... The lesson must exist
// in the course now; otherwise `422`"). The runner sends the action on an item in a state it starts
// from, naming an item that exists nowhere, and expects that refusal.
import type { Contract, Operation } from '../contract/types.js';
import type { CollectionSpec } from './collections.js';
import { referencedCollection, referencedName } from './references.js';
import { refusalsSaidIn, saysExistence } from './said-refusals.js';

export interface ActionReference {
  readonly verb: string;
  readonly operation: Operation;
  /** The body member naming the other item, and the collection it names where the model finds it. */
  readonly member: string;
  readonly collection?: string;
  readonly status: number;
  readonly words: string;
}

export function actionReferencesOf(
  collection: CollectionSpec,
  actions: readonly { readonly verb: string; readonly operation: Operation }[],
  contract: Contract,
  collections: readonly CollectionSpec[],
): ActionReference[] {
  return actions.flatMap(({ verb, operation }) => {
    if (!operation.requestBody) return [];
    const said = refusalsSaidIn(operation, collection, contract, collections);
    return Object.entries(said).flatMap(([member, { status, words }]) => {
      // A list entry's member is named by its own name; only a rule on an item existing is one here.
      const own = member.split('[].').at(-1)!;
      const named = referencedCollection(own, collections, collection);
      if (!saysExistence(words) || (named === undefined && referencedName(own) === undefined)) return [];
      return [{ verb, operation, member, ...(named ? { collection: named.path } : {}), status, words }];
    });
  });
}
