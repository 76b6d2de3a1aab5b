// Items a creation may name only in some of their states: "`409` when the event is not `published`",
// "the project must be `active`". Read per member that names another collection's item whose state
// member (status, state) is an enum: the states the words allow and the documented refusal. The
// runner names an item it moved into one of them (an order needs a published event), the mock
// refuses the others.
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { collectionResource, referencedCollection } from './references.js';
import { clausesOf, passagesNaming } from './sentences.js';

export interface ReferenceState {
  /** The creation's member that names the other item, and the collection it names. */
  readonly member: string;
  readonly collection: string;
  /** The other item's state member and the states the creation allows. */
  readonly stateMember: string;
  readonly allowed: readonly unknown[];
  readonly status: number;
  readonly words: string;
}

type StateOf = (collection: CollectionSpec) => { member: string; values: readonly unknown[] } | undefined;

/** Refusal statuses a state rule may name. */
const STATE_STATUSES = /^4(?:09|22|23|00)$/;

/** The states a clause allows the named item: "the event is not `published`" (when/if ... not),
 * "the event must be `draft` or `published`", "only while the event is `open`". */
function allowedIn(clause: string, word: string, values: readonly unknown[]): unknown[] {
  const named = `\\b${escapeRegExp(word)}s?\\b[^.;,]{0,30}?`;
  const negative = new RegExp(
    `\\b(?:when|if|where|unless)\\b[^.;]{0,60}?${named}\\b(?:is|are)\\s+not\\s+([^.;,]+)`,
    'i',
  );
  const positive = new RegExp(`${named}\\b(?:must|has to|needs to|should)\\s+be\\s+([^.;,]+)`, 'i');
  const only = new RegExp(`\\bonly\\b[^.;]{0,40}?${named}\\b(?:is|are)\\s+([^.;,]+)`, 'i');
  const said = negative.exec(clause)?.[1] ?? positive.exec(clause)?.[1] ?? only.exec(clause)?.[1];
  if (said === undefined) return [];
  // The states named right there ("`draft` or `published`"), not a later clause's.
  const head = said.split(/\b(?:when|if|and its|while)\b/i)[0] ?? said;
  return values.filter((value) => new RegExp(`(?:^|[^\\w-])${escapeRegExp(String(value))}(?![\\w-])`).test(head));
}

/** The state rules on the items the collection's creation names. */
export function referenceStatesOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
  stateOf: StateOf,
): ReferenceState[] {
  const create = collection.create?.operation;
  if (!create) return [];
  const schema = create.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const documented = create.responses.map((response) => response.status).filter((s) => STATE_STATUSES.test(s));
  if (documented.length === 0) return [];
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const texts = [
    create.summary,
    create.description,
    ...passagesNaming(typeof info.description === 'string' ? info.description : undefined, create.method, create.path),
  ];
  const clauses = texts.flatMap((text) => (text ? clausesOf(text) : []));
  const rules: ReferenceState[] = [];
  for (const member of Object.keys(propertiesOf(schema))) {
    const other = referencedCollection(member, collections, collection);
    const state = other && stateOf(other);
    if (!other || !state) continue;
    const word = collectionResource(other);
    for (const clause of clauses) {
      const allowed = allowedIn(clause, word, state.values);
      if (allowed.length === 0 || allowed.length === state.values.length) continue;
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.includes(s));
      const status =
        statuses[0] ?? (documented.includes('409') ? '409' : documented.length === 1 ? documented[0] : undefined);
      if (status === undefined) continue;
      rules.push({
        member,
        collection: other.path,
        stateMember: state.member,
        allowed,
        status: Number(status),
        words: clause,
      });
      break;
    }
  }
  return rules;
}
