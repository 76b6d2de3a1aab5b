// Children a replacement keeps, as its words say: "when one exists its `name` ... are replaced ...,
// its `createdAt` and its sessions are kept". Read from the PUT's own words: the child collections
// right below the item whose word a clause saying "kept" (preserved, retained, untouched) names.
// The runner replaces an item of its own that has a child, and reads the child after it.
import type { CollectionSpec } from './collections.js';
import { resourceWordPattern } from './references.js';
import { clausesOf } from './sentences.js';

const KEPT =
  /\b(?:kept|keeps|preserved|retained|untouched|left\s+as\s+they\s+(?:are|were)|leaves?\b[^.;]{0,50}\b(?:where|as)\s+they\s+(?:are|were)|not\s+(?:deleted|removed))\b/i;
const DENIED = /\b(?:not\s+kept|no\s+longer|are\s+(?:deleted|removed|dropped)|deletes|removes|drops)\b/i;

/** The child collections (their paths) the item's replacement keeps, per its words. */
export function childrenKeptOnReplace(collection: CollectionSpec, collections: readonly CollectionSpec[]): string[] {
  const replace = collection.replace?.operation;
  const parameter = collection.replace?.parameter;
  if (!replace || !parameter) return [];
  const below = `${collection.path}/{${parameter}}/`;
  const children = collections.filter(
    (child) => child.path.startsWith(below) && !child.path.slice(below.length).includes('/') && child.list,
  );
  if (children.length === 0) return [];
  const clauses = clausesOf(`${replace.summary ?? ''}. ${replace.description ?? ''}`)
    .map((clause) => clause.replace(/`/g, ''))
    .filter((clause) => KEPT.test(clause) && !DENIED.test(clause));
  return children
    .filter((child) => {
      const word = new RegExp(`\\b${resourceWordPattern(child)}s?\\b`, 'i');
      return clauses.some((clause) => word.test(clause));
    })
    .map((child) => child.path);
}
