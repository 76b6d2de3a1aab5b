// Writes under a parent the words allow only in some of its states: "Only while the timesheet is in
// `draft` (`409`, `timesheet_locked`, otherwise)", "the timesheet must be in `draft` [`409`]". Read
// per write operation of the child collection: the parent's state member, the states that allow it
// and the documented refusal. The runner moves a parent of its own out of those states and expects
// the refusal.
import type { Contract, Operation } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { resourceWordPattern } from './references.js';
import { clausesOf, passagesNaming } from './sentences.js';
import { statusMember } from './state-member.js';

export interface ParentLock {
  /** The child's write (its creation, change or deletion). */
  readonly operation: Operation;
  /** The parent's state member and the states that allow the write. */
  readonly member: string;
  readonly allowed: readonly unknown[];
  readonly status: number;
  readonly words: string;
}

/** The locks the words of the child collection's writes put on its parent's state. */
export function parentLocksOf(
  child: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract?: Contract,
): ParentLock[] {
  const parent = parentItemsOf(child.path, collections).at(-1)?.collection;
  const state = parent && statusMember(parent);
  if (!parent || !state) return [];
  const word = resourceWordPattern(parent);
  const names = new RegExp(
    `\\b${word}\\b[^.;]{0,40}\\b(?:is|be|are|stays?|remains?)\\s+(?:in\\s+)?(?:state\\s+)?([^.;(]*)`,
    'i',
  );
  const named = (text: string) =>
    state.values.filter((value) => new RegExp(`\\b${escapeRegExp(String(value))}\\b`).test(text));
  const locks: ParentLock[] = [];
  for (const role of [child.create, child.replace, child.update, child.remove]) {
    const operation = role?.operation;
    if (!operation) continue;
    const documented = new Set(operation.responses.map((r) => r.status).filter((s) => /^4(?:09|22|23)$/.test(s)));
    // The operation's words, and the document's passages that name it ("Ticket types ... are
    // created or replaced with `PUT /events/{eventId}/ticket-types/{code}` ... only while ...").
    const info = (contract?.document.info ?? {}) as { description?: unknown };
    const passages = passagesNaming(
      typeof info.description === 'string' ? info.description : undefined,
      operation.method,
      operation.path,
    );
    const words = [`${operation.summary ?? ''}. ${operation.description ?? ''}`, ...passages];
    for (const clause of words.flatMap(clausesOf)) {
      const match = names.exec(clause);
      if (!match || !/\b(?:only|must|while|unless)\b/i.test(clause)) continue;
      // The states named right after "is" ("only while the order is `submitted` (`409` for `draft`
      // ... orders)"), else those of the whole clause.
      const right = named(match[1] ?? '');
      const allowed = right.length > 0 ? right : named(clause);
      const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
      const status = statuses[0] ?? (documented.size === 1 ? [...documented][0] : undefined);
      if (allowed.length === 0 || allowed.length === state.values.length || status === undefined) continue;
      locks.push({ operation, member: state.member, allowed, status: Number(status), words: clause });
      break;
    }
  }
  return locks;
}
