// The item as read right before an action, for what the action must leave as it was: the times of
// the states the item passed through (`confirmedAt` before a cancel), and which members were null.
import type { Action, ClearedInstant, CollectionSpec } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import { timeOfState } from '../../judge/state-times.js';
import type { Exchange } from '../../send/http.js';
import { itemOf } from './sequence-runner.js';

/** The item a read answered, and the names of its members it answered null. */
export function readBefore(
  exchange: Exchange | undefined,
  collection: CollectionSpec,
): { nulls?: ReadonlySet<string>; item?: Record<string, unknown> } {
  const body = exchange?.ok && exchange.response.status < 300 ? parseBody(exchange) : undefined;
  const item = body ? itemOf(body, collection) : undefined;
  return item ? { nulls: new Set(Object.keys(item).filter((name) => item[name] === null)), item } : {};
}

/** The times of the other actions' states the item held before this action (`confirmedAt` before a
 * cancel): they keep their values, unless the action's words null them or the member's words say it
 * is null in the action's state. Keyed by the state, with the value held. */
export function timesKept(
  action: Action,
  actions: readonly Action[],
  before: Record<string, unknown>,
  cleared: readonly ClearedInstant[],
): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const state of new Set(actions.map((other) => other.target))) {
    if (typeof state !== 'string' || state === action.target) continue;
    const name = timeOfState(before, state);
    if (name === undefined || before[name] === null || before[name] === undefined) continue;
    if (action.nulls?.includes(name)) continue;
    if (cleared.some((one) => one.member === name && one.whileIn.includes(action.target))) continue;
    kept[name] = before[name];
  }
  return kept;
}
