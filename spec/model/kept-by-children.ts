// A deletion the words refuse while the item has children: "409 (and nothing changes) when the book
// has at least one copy: delete its copies first", "Delete a book that has no copies". The runner
// then deletes a parent it gave a child: the documented refusal is expected, and the child stays.
import { escapeRegExp } from '../json/text.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';

export interface KeptByChildren {
  /** The child collection's path (/books/{isbn}/copies). */
  readonly child: string;
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

const clausesOf = (text: string): string[] =>
  text
    .split(/(?<=[.;])\s+|\n\s*[*-]\s+/)
    .map((clause) =>
      clause
        .replace(/`|\*\*|__/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((clause) => clause !== '');

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
  for (const child of collections) {
    const parent = parentItemsOf(child.path, collections).at(-1);
    if (parent?.collection !== collection || !child.path.startsWith(`${collection.path}/{`)) continue;
    const plural = child.path.split('/').at(-1) ?? '';
    // The item holding children: "has at least one copy", "while it still has open entries".
    const nouns = `(?:${escapeRegExp(plural)}|${escapeRegExp(singularOf(plural))})`;
    const noun = new RegExp(`\\b(?:has|have|having|with|contains?|holds?)\\s+(?:[\\w-]+\\s+){0,3}?${nouns}\\b`, 'i');
    for (const clause of clauses) {
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      if (!noun.test(clause) || CASCADES.test(clause) || new Set(statuses).size !== 1) continue;
      kept.push({ child: child.path, status: Number(statuses[0]), words: clause });
      break;
    }
  }
  return kept;
}
