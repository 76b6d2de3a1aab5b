// A creation's conflicts that the items it names decide: "`409` when the event is not `published`,
// ... when a line's `quantity` exceeds its ticket type's `maxPerOrder`". Where a sentence giving the
// creation's 409 names a member or a state of an item its body references, a 409 to a body naming
// items the client found listed is the state of those items, not a refusal of the input.
import { responseFor } from '../contract/operations.js';
import type { Contract, Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { passagesNaming, sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

/** Names too common to tell one resource's member from another's. */
const COMMON = new Set(['id', 'name', 'title', 'description', 'createdAt', 'updatedAt', 'status', 'type']);

/** Whether a sentence giving the operation's 409 names a member or a state of an item of `named`. */
export function conflictsOnNamedItems(
  operation: Operation,
  contract: Contract,
  named: readonly CollectionSpec[],
): boolean {
  if (responseFor(operation, 409)?.status !== '409' || named.length === 0) return false;
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const overview = typeof info.description === 'string' ? info.description : '';
  // The overview's sentences about the items the operation makes ("Payments ... can only be recorded
  // against `sent` invoices (`409 invalid_state`)"), by the word its path ends in.
  const word = operation.path
    .split('/')
    .filter((segment) => segment && !segment.startsWith('{'))
    .at(-1);
  const about = word ? new RegExp(`\\b${escapeRegExp(word)}\\b`, 'i') : undefined;
  const texts = [
    operation.summary,
    operation.description,
    responseFor(operation, 409)?.description,
    ...passagesNaming(overview, operation.method, operation.path),
    ...(about && operation.method === 'POST' ? sentencesOf([overview]).filter((one) => about.test(one)) : []),
  ];
  const words = named.flatMap((collection) => {
    const schema = collection.read?.item.schema ?? collection.list?.items.schema;
    const members = Object.keys(propertiesOf(schema)).filter(
      (name) => name !== collection.idProperty && !COMMON.has(name) && name.length > 2,
    );
    const states = (statusMember(collection)?.values ?? []).map(String);
    return [...members, ...states];
  });
  const patterns = [...new Set(words)].map((word) => new RegExp(`(^|[^\\w])${escapeRegExp(word)}($|[^\\w])`));
  return sentencesOf(texts)
    .map((sentence) => sentence.replace(/[`*_]/g, ''))
    .filter((sentence) => /\b409\b/.test(sentence))
    .some((sentence) => patterns.some((pattern) => pattern.test(sentence)));
}
