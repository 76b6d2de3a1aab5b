// The instants of an item's states on its creation's answer: a later state's (`closedAt`) null on a
// new item unless the creation asked for that state, and set where it did (`doneAt` on a task
// created `done`).
import { type CollectionSpec, filledInOf, propertiesOf, STATE_INSTANT, statusMember } from '../../spec/index.js';
import type { Finding } from '../model.js';
import { finding } from './findings.js';

/** States an item may be made in by the service itself (a job done at once): past its start, they
 * carry the instants of the states they went through. */
const ENDED = /^(done|finished|complete|completed|succeeded|success|failed|cancell?ed|closed|resolved|expired)$/i;

/** The instants of the item's later states by its own state member: `submittedAt` where the states
 * are draft, submitted, received (every state but the one a new item starts in). */
function laterStateInstants(collection: CollectionSpec | undefined, item: Record<string, unknown>): RegExp | undefined {
  const state = collection ? statusMember(collection) : undefined;
  if (!state) return undefined;
  // The state the item is in now may carry its instant (one made straight into it).
  const later = state.values
    .slice(1)
    .filter(
      (value): value is string => typeof value === 'string' && /^\w+$/.test(value) && value !== item[state.member],
    );
  return later.length > 0 ? new RegExp(`^(${later.join('|')})(_?at|_?on)$`, 'i') : undefined;
}

export function laterStatesSet(
  item: Record<string, unknown>,
  sent: Record<string, unknown>,
  collection: CollectionSpec | undefined,
): Finding[] {
  const ownStates = laterStateInstants(collection, item);
  // And what the model reads as null until later (`startedAt`, a readOnly past participle's instant).
  const schema = collection?.read?.item.schema ?? collection?.create?.item.schema;
  const later = collection && schema ? filledInOf(collection, schema).laterStates : [];
  const isStateInstant = (name: string) =>
    STATE_INSTANT.test(name) || ownStates?.test(name) === true || later.includes(name);
  // An item created straight into that state (status "closed" sent) may carry its instant, and so
  // may one the service answers as already ended (an export job finished before its 202).
  const state = [item.status, item.state].find((value) => typeof value === 'string') as string | undefined;
  if (state !== undefined && ENDED.test(state)) return [];
  const stateOf = (name: string) => name.replace(/_?(at|on)$/i, '').toLowerCase();
  // An item already past the state a new item starts in (a photo whose processing ended at once)
  // may carry the instants of what it went through: only those naming a state it is not in count.
  const values = (collection ? statusMember(collection)?.values : undefined)?.map(String) ?? [];
  const movedOn = state !== undefined && values.length > 0 && state !== values[0];
  const named = (name: string) => !movedOn || (values.includes(stateOf(name)) && stateOf(name) !== state);
  const sentWords = new Set(
    Object.values(sent).flatMap((value) => (typeof value === 'string' ? [value.toLowerCase()] : [])),
  );
  return Object.entries(item)
    .filter(([name, value]) => isStateInstant(name) && named(name) && !Object.hasOwn(sent, name) && value !== null)
    .filter(([name]) => !sentWords.has(stateOf(name)))
    .filter(([, value]) => value !== undefined && value !== '')
    .map(([name, value]) => finding('state_instant_set', { member: name, got: value }));
}

/** An item the creation asked into a later state (`state: done` sent) carries that state's instant
 * (`doneAt`): null or absent there, though the item answers in that state, is a fault. Only a member
 * named after the state exactly, which the model reads as null until it. */
export function sentStateInstantMissing(
  item: Record<string, unknown>,
  sent: Record<string, unknown>,
  collection: CollectionSpec | undefined,
): Finding[] {
  const state = collection ? statusMember(collection) : undefined;
  const schema = collection?.read?.item.schema ?? collection?.create?.item.schema;
  if (!state || !schema || !collection) return [];
  const value = item[state.member];
  if (typeof value !== 'string' || sent[state.member] !== value || value === String(state.values[0])) return [];
  const later = filledInOf(collection, schema).laterStates;
  const instant = later.find((name) => name.replace(/_?(at|on)$/i, '').toLowerCase() === value.toLowerCase());
  if (!instant || !Object.hasOwn(propertiesOf(schema), instant) || Object.hasOwn(sent, instant)) return [];
  return item[instant] === null || item[instant] === undefined
    ? [finding('state_instant_missing', { member: instant, state: value, got: item[instant] })]
    : [];
}
