// Writes under a parent the words allow only in some of its states: "Only while the timesheet is in
// `draft` (`409`, `timesheet_locked`, otherwise)", "the timesheet must be in `draft` [`409`]". Read
// per write operation of the child collection: the parent's state member, the states that allow it
// and the documented refusal. The runner moves a parent of its own out of those states and expects
// the refusal.
import type { Contract, Operation } from '../contract/types.js';
import type { CollectionSpec } from './collections.js';
import { entryWritesOf } from './entry-writes.js';
import { type LockState, lockStatesOf } from './lock-states.js';
import { parentOfPath } from './parents.js';
import { resourceWordPattern } from './references.js';
import { clausesOf, passagesNaming } from './sentences.js';

/** "… cannot be <verb>" after the subject: the verb (barredStates reads it by the write's kind). */
const CANNOT_BE = "\\s+(?:cannot|can ?not|can't|may not|must not|(?:can|may) no longer)\\s+be\\s+(\\w+)";

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
  // A parent the client makes, else one it can only list (an order a checkout made).
  const parent = parentOfPath(child.path, collections)?.collection;
  if (!parent) return [];
  return [child.create, child.replace, child.update, child.remove].flatMap((role) =>
    role ? locksOn(role.operation, parent, contract, false) : [],
  );
}

/** Writes of an item its own words allow only in some of its states: "Only a `draft` event can be
 * deleted (`409` otherwise)", "Allowed while the order is `draft` or `cancelled`". */
export function ownLocksOf(
  collection: CollectionSpec,
  contract?: Contract,
  collections: readonly CollectionSpec[] = [],
): ParentLock[] {
  const own = [collection.replace, collection.update, collection.remove].flatMap((role) => {
    if (!role) return [];
    const said = locksOn(role.operation, collection, contract, true);
    return said.length > 0 ? said : overviewLocks(role.operation, collection, contract);
  });
  // The entries it holds are its own too ("Lines can only be changed while the cart's `status` is
  // `open`"): their writes, by their words alone.
  const entries = entryWritesOf(collection, contract, collections);
  return [...own, ...entries.flatMap((write) => locksOn(write, collection, contract, true))];
}

/** Writes "frozen" bars: a change, not a deletion, unless the clause names the method. */
const FROZEN_BARS = ['PATCH', 'PUT'];

/** Locks the overview says of the item in its own words, where no passage names the operation: "A
 * published episode cannot be deleted (`409`)", "Archived episodes are frozen (`PATCH` is `409`)".
 * Only these two strong forms: the overview's other sentences about the item may be of any write. */
const overviewLocks = (operation: Operation, holder: CollectionSpec, contract: Contract | undefined): ParentLock[] =>
  firstFound(holder, (state) => overviewLocksIn(operation, holder, contract, state));

/** The locks read in the holder's first lock state that gives any: its enum, then its yes/no members. */
function firstFound(holder: CollectionSpec, read: (state: LockState) => ParentLock[]): ParentLock[] {
  for (const state of lockStatesOf(holder)) {
    const found = read(state);
    if (found.length > 0) return found;
  }
  return [];
}

function overviewLocksIn(
  operation: Operation,
  holder: CollectionSpec,
  contract: Contract | undefined,
  state: LockState,
): ParentLock[] {
  const info = (contract?.document.info ?? {}) as { description?: unknown };
  if (typeof info.description !== 'string') return [];
  const word = resourceWordPattern(holder);
  const subject = `(?:^|\\b(?:an?|the|any|every)\\s+)([\\w\\s,\`]{1,60}?)\\s+${word}s?`;
  const barred = new RegExp(`${subject}${CANNOT_BE}`, 'i');
  const frozen = new RegExp(`${subject}\\s+(?:are|is)\\s+(?:frozen|read-only|immutable|locked)\\b`, 'i');
  const named = (text: string) => state.named(text, true);
  const documented = new Set(operation.responses.map((r) => r.status).filter((s) => /^4(?:09|22|23)$/.test(s)));
  for (const clause of clausesOf(info.description)) {
    const methods = [...clause.matchAll(/\b(PATCH|PUT|DELETE)\b/g)].map((m) => m[1]!);
    const frozenHere = frozen.exec(clause);
    const bars = frozenHere && (methods.length > 0 ? methods : FROZEN_BARS).includes(operation.method);
    const refused = bars ? named(frozenHere[1] ?? '') : barredStates(barred.exec(clause), operation, named);
    const status = refused.length > 0 ? statusIn(clause, documented) : undefined;
    const allowed = state.values.filter((value) => !refused.includes(value));
    if (status !== undefined && allowed.length > 0)
      return [{ operation, member: state.member, allowed, status: Number(status), words: clause }];
  }
  return [];
}

/** The lock the operation's words (and the document's passages that name it) put on the state of
 * `holder`'s items: the states that allow it and the documented refusal. */
function locksOn(
  operation: Operation,
  holder: CollectionSpec,
  contract: Contract | undefined,
  own: boolean,
): ParentLock[] {
  return firstFound(holder, (state) => locksIn(operation, holder, contract, own, state));
}

function locksIn(
  operation: Operation,
  holder: CollectionSpec,
  contract: Contract | undefined,
  own: boolean,
  state: LockState,
): ParentLock[] {
  const word = resourceWordPattern(holder);
  const names = new RegExp(
    `\\b${word}\\b[^.;(]{0,40}?\\b(?:is|be|are|stays?|remains?)\\s+(?:in\\s+)?(?:state\\s+)?([^.;(]*)`,
    'i',
  );
  // "Only a `draft` event can be deleted": the item's own states before its word.
  const before = new RegExp(`\\bonly\\s+(?:an?\\s+|the\\s+)?([\\w\\s,]{1,40}?)\\s+${word}s?\\b`, 'i');
  // "Deletes the report; only while `draft`, otherwise `409`": the item's own states, its word left out.
  const bare = /\bonly\s+(?:while|when|if)\s+(?:it\s+is\s+)?(?:in\s+)?(?:state\s+)?([^.;(]*)/i;
  // "A completed or cancelled work order cannot be changed (409)": every other state allows it.
  const barred = new RegExp(`\\b(?:an?|the|any)\\s+([\\w\\s,\`]{1,60}?)\\s+${word}s?${CANNOT_BE}`, 'i');
  // "a `cancelled` or `checked_out` reservation refuses it with 409", "An archived page accepts no
  // comments: 409", "An archived flag answers `409`" (in a write's own words): every other state
  // allows it.
  const refuses = new RegExp(
    `\\b(?:an?|the|any)\\s+([\\w\\s,\`]{1,60}?)\\s+${word}s?\\s+(?:(?:refuses|rejects)\\s+(?:it|this|them)|(?:accepts|takes|allows)\\s+no|answers\\s+(?:with\\s+)?\\W?4\\d\\d)\\b`,
    'i',
  );
  const onState = new RegExp(
    `\\bon\\s+(?:an?|the|any)\\s+([\\w\\s,\`-]{1,60}?)\\s+${word}s?\\b[^.;]{0,40}?\\b(?:answer(?:ed)?|respon(?:se|ded)|refused|rejected)\\b`,
    'i',
  );
  // "Only an order in status `placed` can be paid": the states the item is in, not the verb's.
  const inStatus = new RegExp(
    `\\b${word}s?\\s+in\\s+(?:status|state)(?:es|s)?\\s+([^.;(]*?)\\s+(?:can|may|is|are)\\b`,
    'i',
  );
  const statesBefore = new RegExp(
    `\\b(?:to|on|for|of|from|in|under)\\s+(?:an?|the)\\s+([\\w\\s,\`]{1,40}?)\\s+${word}s?\\b`,
    'i',
  );
  const named = (text: string) => state.named(text);
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
  // A clause whose refusal the next one gives ("The event must be `published`; otherwise the
  // answer is 409") carries it.
  const clauses = words.flatMap(clausesOf);
  // So does one with no status of its own whose next clause refuses the other states ("Only an order
  // whose `status` is `placed` can be paid; paying a `paid` or a `cancelled` order is answered `409`").
  const refusesStates = (next: string | undefined) =>
    next !== undefined && /\b4\d\d\b/.test(next) && named(next).length > 0;
  const withOtherwise = clauses.map((clause, at) =>
    /^(?:otherwise|else|if not)\b/i.test(clauses[at + 1] ?? '') ||
    ANY_OTHER_STATE.test(clauses[at + 1] ?? '') ||
    (!/\b4\d\d\b/.test(clause) && refusesStates(clauses[at + 1]))
      ? `${clause} ${clauses[at + 1]}`
      : clause,
  );
  // "Archived documents are frozen; patching one answers 409": the write's own words.
  const frozen = new RegExp(
    `\\b([\\w\\s,\`]{1,60}?)\\s+${word}s?\\s+(?:are|is)\\s+(?:frozen|read-only|immutable|locked)\\b`,
    'i',
  );
  for (const [at, clause] of withOtherwise.entries()) {
    const frozenHere = own && FROZEN_BARS.includes(operation.method) ? frozen.exec(clause) : null;
    const frozenStates = frozenHere ? named(frozenHere[1] ?? '') : [];
    const frozenStatus =
      frozenStates.length > 0 ? statusIn(`${clause} ${clauses[at + 1] ?? ''}`, documented) : undefined;
    const open = state.values.filter((value) => !frozenStates.includes(value));
    if (frozenStatus !== undefined && open.length > 0)
      return [{ operation, member: state.member, allowed: open, status: Number(frozenStatus), words: clause }];
    const barredHere = own ? barredStates(barred.exec(clause), operation, named) : [];
    // "On a checked-out cart the answer is `409`": the states named, where the clause gives the status.
    const onStates = /\b4(?:09|22|23)\b/.test(clause) ? (onState.exec(clause)?.[1] ?? '') : '';
    const refused = barredHere.length > 0 ? barredHere : named(refuses.exec(clause)?.[1] ?? onStates);
    if (refused.length > 0) {
      const status = statusIn(clause, documented);
      const allowed = state.values.filter((value) => !refused.includes(value));
      if (status !== undefined && allowed.length > 0)
        return [{ operation, member: state.member, allowed, status: Number(status), words: clause }];
    }
    // "Adds a line to a `draft` order; any other status answers `409`": the states before its word.
    const toStates = ANY_OTHER_STATE.test(clause) ? named(statesBefore.exec(clause)?.[1] ?? '') : [];
    const toStatus = toStates.length > 0 ? statusIn(clause, documented) : undefined;
    if (toStatus !== undefined && toStates.length < state.values.length)
      return [{ operation, member: state.member, allowed: toStates, status: Number(toStatus), words: clause }];
    const held = /\bonly\b/i.test(clause) ? named(inStatus.exec(clause)?.[1] ?? '') : [];
    const heldStatus = held.length > 0 ? statusIn(clause, documented) : undefined;
    if (heldStatus !== undefined && held.length < state.values.length)
      return [{ operation, member: state.member, allowed: held, status: Number(heldStatus), words: clause }];
    const match = names.exec(clause) ?? (own ? (before.exec(clause) ?? bare.exec(clause)) : null);
    // "Refused with `409`: the rental is not a `draft`": the states named after "not" allow it.
    const refusedUnless = /^not\b/i.test((match?.[1] ?? '').trim()) && /\brefused\b|\b4\d\d\b/i.test(clause);
    if (!match || !(/\b(?:only|must|while|unless)\b/i.test(clause) || refusedUnless)) continue;
    // The states named right after "is" ("only while the order is `submitted` (`409` for `draft`
    // ... orders)"), else those of the whole clause.
    // Up to the verb: "is `placed` can be paid" names `placed`, not the `paid` its verb spells.
    const right = named((match[1] ?? '').split(/\b(?:can|may|must|will|should)\b/i)[0]!);
    const allowed = right.length > 0 ? right : named(clause);
    const status = statusIn(clause, documented);
    if (allowed.length === 0 || allowed.length === state.values.length || status === undefined) continue;
    return [{ operation, member: state.member, allowed, status: Number(status), words: clause }];
  }
  return [];
}

/** "any other status answers `409`": every state but those named before refuses the write. */
const ANY_OTHER_STATE = /\b(?:any|every|all)\s+other\s+(?:status|state)(?:es|s)?\b[^.;]*?\b4\d\d\b/i;

/** The clause's documented refusal status, or the operation's only one. */
function statusIn(clause: string, documented: ReadonlySet<string>): string | undefined {
  const statuses = [...clause.matchAll(/\b(4\d\d)\b/g)].map((m) => m[1]!).filter((s) => documented.has(s));
  return statuses[0] ?? (documented.size === 1 ? [...documented][0] : undefined);
}

/** Verbs of "cannot be <verb>" by the writes they bar. */
const BARRED_VERBS: Record<string, RegExp> = {
  DELETE: /^(?:deleted|removed)$/i,
  PATCH: /^(?:changed|updated|edited|modified)$/i,
  PUT: /^(?:changed|updated|edited|modified|replaced)$/i,
};

/** The states "A `completed` or `cancelled` order cannot be changed" bars, where its verb names the
 * operation's kind of write. */
function barredStates(
  match: RegExpExecArray | null,
  operation: Operation,
  named: (text: string) => unknown[],
): unknown[] {
  if (!match || !BARRED_VERBS[operation.method]?.test(match[2] ?? '')) return [];
  return named(match[1] ?? '');
}
