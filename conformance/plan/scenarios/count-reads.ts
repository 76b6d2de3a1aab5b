// One read of a named item's count, shared by the scenarios that judge counts moved by writes
// (drawn amounts, line amounts): the read's case, exchange and parsed body come back with the count,
// so the caller concludes on the very read it judged.
import type { CollectionSpec } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';

/** Reads the item at `idText` of `other` and takes its numeric `member` (undefined unless a 2xx). */
export async function readCountOf(
  other: CollectionSpec,
  idText: string,
  member: string,
  context: PlanContext,
  runner: SequenceRunner,
  what: string,
) {
  const testCase = context.testCase(other.read!.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { [other.read!.parameter]: idText },
    what,
  });
  const exchange = await runner.send(testCase);
  const body = exchange ? parseBody(exchange) : undefined;
  const ok = exchange?.ok === true && exchange.response.status < 300;
  const count = ok && body ? itemOf(body, other)?.[member] : undefined;
  return { testCase, exchange, body, count: typeof count === 'number' ? count : undefined };
}
