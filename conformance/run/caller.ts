// Who the run's key is: what the document's current-user operation (GET /me) answers for it, read
// once. Every string or number member of its answer names the caller (login, id, email).
import { currentUserOf } from '../../spec/index.js';
import { parseBody } from '../judge/evaluate.js';
import type { Facts } from '../model.js';
import type { PlanContext } from '../plan/index.js';
import type { Sender } from '../send/sender.js';
import type { RunSettings } from './settings.js';

interface Reads {
  readonly settings: RunSettings;
  readonly context: PlanContext;
  readonly sender: Sender;
}

/** A reader of the caller, sending its one request on the first call. */
export function callerReader(session: Reads): () => Promise<Facts['caller']> {
  let caller: Promise<Facts['caller']> | undefined;
  return () => {
    caller ??= (async () => {
      const current = currentUserOf(session.settings.contract);
      if (!current || session.sender.stopped) return undefined;
      const testCase = session.context.testCase(current.operation, {
        kind: 'positive',
        what: 'to learn who the caller is',
      });
      const exchange = await session.sender.send(testCase);
      const body = exchange ? parseBody(exchange) : undefined;
      if (!exchange?.ok || exchange.response.status >= 300 || body?.kind !== 'json') return undefined;
      const answer = body.value;
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer)) return undefined;
      const names = Object.values(answer).flatMap((value) =>
        typeof value === 'string' || typeof value === 'number' ? [String(value)] : [],
      );
      return names.length > 0 ? { names, path: current.operation.path } : undefined;
    })();
    return caller;
  };
}
