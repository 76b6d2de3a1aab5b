// Idempotent creations: the same Idempotency-Key again is answered with the first creation's answer
// when the body is the same, and with the documented refusal when it is another.
import { canonicalJson, nestsTooDeep } from '../../spec/core.js';
import { MockHttpError, sendJson } from '../core/errors.js';
import type { MockResponse } from '../core/exchange.js';
import type { ReceivedBody } from './behaviour-types.js';
import type { CreateBehaviour } from './behaviours.js';
import type { Collection, Replay } from './store.js';

/** The same idempotency key again: the first answer for the same body (true), the documented
 * refusal for another; false for a key not seen yet. */
export function answeredReplay(
  behaviour: CreateBehaviour,
  collection: Collection,
  res: MockResponse,
  key: string,
  received: ReceivedBody,
): boolean {
  const first = collection.replayOf(key);
  if (!first) return false;
  if (!sameRequest(first, received)) {
    const message = `${behaviour.idempotency!.header} ${key} was used for another request body.`;
    throw new MockHttpError(behaviour.idempotency!.conflictStatus, 'idempotency_key_reused', message);
  }
  // The document's replay status where it gives one (a 200 beside the 201), else the first answer's.
  sendJson(res, behaviour.idempotency!.replayStatus ?? behaviour.status, first.json, first.headers);
  return true;
}

/** Whether a request repeats the first one under its key: the very text (valid then, so not read
 * again), else the same value (members reordered, other spacing). */
function sameRequest(first: Replay, received: ReceivedBody): boolean {
  if (first.text !== undefined && received.text === first.text) return true;
  return first.sent === sentKey(received, received.value());
}

/** A request body as replays compare it: its canonical JSON, or its text where it nests too deep to
 * walk recursively (a deep member the schema does not declare). */
export const sentKey = (received: ReceivedBody, body: unknown): string =>
  nestsTooDeep(body) ? `text:${received.text}` : canonicalJson(body);
