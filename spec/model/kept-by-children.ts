// A deletion the words refuse while the item has children: "409 (and nothing changes) when the book
// has at least one copy: delete its copies first", "Delete a book that has no copies". The runner
// then deletes a parent it gave a child: the documented refusal is expected, and the child stays.
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { referencedCollection } from './references.js';
import { clausesOf } from './sentences.js';

export interface KeptByChildren {
  /** The child collection's path (/books/{isbn}/copies), or of the items naming it (/loans). */
  readonly child: string;
  /** Where the child is an item naming this one (a loan's copyNumber), the member that names it. */
  readonly via?: string;
  /** The child's states the words say hold the item ("an active loan"); absent: any state. */
  readonly holding?: { readonly member: string; readonly values: readonly unknown[] };
  /** The documented refusal the words give. */
  readonly status: number;
  /** The clause it was read from. */
  readonly words: string;
}

/** Words of a deletion that takes children along: then it is no refusal. */
const CASCADES = /\bcascades?\b(?![^.]*\bno cascade)|\b(?:also|too) (?:deleted|removed)\b|\bwith (?:all )?its\b/i;

/** The singular of a plural path segment, roughly (copies -> copy, entries -> entry, loans -> loan). */
const singularOf = (plural: string): string =>
  plural.endsWith('ies') ? `${plural.slice(0, -3)}y` : plural.endsWith('s') ? plural.slice(0, -1) : plural;

/** The states of the child's status member that the clause names ("an active loan"). */
function holdingStates(child: CollectionSpec, clause: string) {
  const schema = child.read?.item.schema ?? child.create?.item.schema ?? child.list?.items.schema;
  for (const [member, property] of Object.entries(propertiesOf(schema))) {
    const values = (property as { enum?: unknown }).enum;
    if (!/^(status|state)$/i.test(member) || !Array.isArray(values)) continue;
    const named = values.filter((value) => new RegExp(`\\b${escapeRegExp(String(value))}\\b`, 'i').test(clause));
    if (named.length > 0) return { member, values: named };
  }
  return undefined;
}

/** The deletion refusals of an item while it has children, per child collection. */
export function keptByChildrenOf(collection: CollectionSpec, collections: readonly CollectionSpec[]): KeptByChildren[] {
  const remove = collection.remove?.operation;
  if (!remove) return [];
  const documented = new Set(
    remove.responses
      .map((r) => r.status)
      .filter((status) => /^4\d\d$/.test(status) && !/^4(?:0[134]|10)$/.test(status)),
  );
  const clauses = clausesOf(`${remove.summary ?? ''}. ${remove.description ?? ''}`);
  const kept: KeptByChildren[] = [];
  const read = (child: CollectionSpec, via?: string) => {
    const plural = child.path.split('/').at(-1) ?? '';
    // The item holding children: "has at least one copy", "while the copy has an active loan".
    const nouns = `(?:${escapeRegExp(plural)}|${escapeRegExp(singularOf(plural))})`;
    const noun = new RegExp(`\\b(?:has|have|having|with|contains?|holds?)\\s+(?:[\\w-]+\\s+){0,3}?${nouns}\\b`, 'i');
    for (const clause of clauses) {
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      if (!noun.test(clause) || CASCADES.test(clause) || new Set(statuses).size !== 1) continue;
      const holding = via ? holdingStates(child, clause) : undefined;
      kept.push({
        child: child.path,
        ...(via ? { via } : {}),
        ...(holding ? { holding } : {}),
        status: Number(statuses[0]),
        words: clause,
      });
      return;
    }
  };
  for (const child of collections) {
    const parent = parentItemsOf(child.path, collections).at(-1);
    if (parent?.collection === collection && child.path.startsWith(`${collection.path}/{`)) read(child);
    // Items of another collection whose creation names this one (a loan naming a copy).
    const sent = child.create?.operation.requestBody?.content.find((m) => m.validator)?.validator?.schema;
    const via = Object.keys(propertiesOf(sent)).find(
      (member) => child !== collection && referencedCollection(member, collections, child) === collection,
    );
    if (via && !child.path.includes('{')) read(child, via);
  }
  return kept;
}
