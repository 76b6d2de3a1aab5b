// A write its words say changes nothing when it is repeated: "Recording a number that is already
// there changes nothing", "Deleting an already retired part answers `204` again and changes nothing".
// Read from the action's (or the deletion's) own words; the runner sends it twice and reads the item
// the same after the second as after the first.
import type { Operation } from '../contract/types.js';
import type { CollectionSpec } from './collections.js';
import { clausesOf } from './sentences.js';

export interface KeptOnRepeat {
  readonly operation: Operation;
  /** The action's verb, or `delete` for the deletion. */
  readonly verb: string;
  readonly words: string;
}

/** Words of a write done again. */
const REPEATED = /\b(?:already|again|a second time|twice|more than once|repeat(?:s|ed|ing)?|same \w+ twice)\b/i;
/** Words that it leaves everything as it was. */
const NOTHING =
  /\b(?:changes nothing|nothing (?:else )?changes|has no (?:further |other )?effect|does nothing(?: more)?|is a no-?op|leaves (?:it|them|the [\w-]+|everything) (?:as (?:it|they) (?:is|are|was|were)|unchanged))\b/i;

/** A refusal's status in the clause. */
const REFUSAL = /\b4\d\d\b/;

export function keptOnRepeatOf(
  collection: CollectionSpec,
  actions: readonly { readonly verb: string; readonly operation: Operation }[],
): KeptOnRepeat[] {
  const writes = [
    ...actions,
    ...(collection.remove ? [{ verb: 'delete', operation: collection.remove.operation }] : []),
  ];
  // A variant of one operation taking several actions by a body member shares its description.
  const shared = (operation: Operation) =>
    operation.variantOf !== undefined || writes.filter((write) => write.operation === operation).length > 1;
  return writes.flatMap(({ verb, operation }) => {
    const clause = clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`).find(
      (one) =>
        REPEATED.test(one) &&
        NOTHING.test(one) &&
        // Not a refusal's "409 (nothing changes) when ... already returned": a refused write changes
        // nothing anyway, and the write before it may rightly have (a renewal counted).
        !REFUSAL.test(one) &&
        (!shared(operation) || new RegExp(`(?:^|[^\\w-])${verb}(?:[^\\w-]|$)`).test(one)),
    );
    return clause ? [{ operation, verb, words: clause }] : [];
  });
}
