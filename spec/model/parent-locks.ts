// Writes under a parent the words allow only in some of its states: "Only while the timesheet is in
// `draft` (`409`, `timesheet_locked`, otherwise)", "the timesheet must be in `draft` [`409`]". Read
// per write operation of the child collection: the parent's state member, the states that allow it
// and the documented refusal. The runner moves a parent of its own out of those states and expects
// the refusal.
import type { Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { collectionResource } from './references.js';
import { clausesOf } from './sentences.js';

export interface ParentLock {
  /** The child's write (its creation, change or deletion). */
  readonly operation: Operation;
  /** The parent's state member and the states that allow the write. */
  readonly member: string;
  readonly allowed: readonly unknown[];
  readonly status: number;
  readonly words: string;
}

/** The parent's state member (status, state) with its values. */
function stateOf(collection: CollectionSpec): { member: string; values: readonly unknown[] } | undefined {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema ?? collection.list?.items.schema;
  const properties = (schema as { properties?: Record<string, { enum?: unknown }> } | undefined)?.properties ?? {};
  for (const [member, property] of Object.entries(properties))
    if (/^(status|state)$/i.test(member) && Array.isArray(property?.enum)) return { member, values: property.enum };
  return undefined;
}

/** The locks the words of the child collection's writes put on its parent's state. */
export function parentLocksOf(child: CollectionSpec, collections: readonly CollectionSpec[]): ParentLock[] {
  const parent = parentItemsOf(child.path, collections).at(-1)?.collection;
  const state = parent && stateOf(parent);
  if (!parent || !state) return [];
  const word = collectionResource(parent);
  const names = new RegExp(
    `\\b${escapeRegExp(word)}\\b[^.;]{0,40}\\b(?:is|be|are|stays?|remains?)\\s+(?:in\\s+)?(?:state\\s+)?`,
    'i',
  );
  const locks: ParentLock[] = [];
  for (const role of [child.create, child.replace, child.update, child.remove]) {
    const operation = role?.operation;
    if (!operation) continue;
    const documented = new Set(operation.responses.map((r) => r.status).filter((s) => /^4(?:09|22|23)$/.test(s)));
    for (const clause of clausesOf(`${operation.summary ?? ''}. ${operation.description ?? ''}`)) {
      if (!names.test(clause) || !/\b(?:only|must|while|unless)\b/i.test(clause)) continue;
      const allowed = state.values.filter((value) => new RegExp(`\\b${escapeRegExp(String(value))}\\b`).test(clause));
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      const status = statuses[0] ?? (documented.size === 1 ? [...documented][0] : undefined);
      if (allowed.length === 0 || allowed.length === state.values.length || status === undefined) continue;
      locks.push({ operation, member: state.member, allowed, status: Number(status), words: clause });
      break;
    }
  }
  return locks;
}
