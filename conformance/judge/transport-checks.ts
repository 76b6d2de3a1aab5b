// Transport faults: a request that got no complete, parseable answer. A connection closed on the
// run's 2 MiB probe alone is a refusal without an answer, which the document does not rule out.
import type { Check, CheckContext } from '../model.js';
import { contentTypeOf } from './check-support.js';
import { finding } from './findings.js';

/** A body past any limit a service sets (the run's 2 MiB probe): a connection closed on it is a
 * refusal without an answer, which the document does not rule out. */
const OVERSIZED_CHARS = 1_000_000;
const oversizedBody = (context: CheckContext): boolean => {
  const payload = context.testCase.payload;
  return payload?.kind === 'raw' && payload.text.length > OVERSIZED_CHARS;
};

/** Transport faults (timeout, reset, oversized or unparseable body) are failures of the target. */
export const transportErrors: Check = (context) => {
  if (!context.exchange.ok) {
    const { fault } = context.exchange;
    if (fault.kind === 'reset' && oversizedBody(context))
      return [
        finding(
          'transport_failure',
          { fault: fault.kind, detail: `${fault.message} on a body past 1 MB: a refusal without an answer` },
          { severity: 'note' },
        ),
      ];
    return [finding('transport_failure', { fault: fault.kind, detail: fault.message })];
  }
  if (context.body.kind === 'unparseable') {
    return [finding('unparseable_body', { error: context.body.error, contentType: contentTypeOf(context) })];
  }
  return [];
};
