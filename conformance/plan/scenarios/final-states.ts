// From a state the document's words call final (completed, cancelled), every other action is
// refused with its documented status (spec/model/final-states.ts): sent on the item an action just
// moved there, judged as api_idioms_honoured (action_from_final_state_accepted).
import type { Action } from '../../../spec/index.js';
import type { Executed, IdiomEvidence, TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

interface OnItem {
  /** The item's path values, and its id as the run knows it. */
  readonly at: Readonly<Record<string, string>>;
  readonly id: string;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly judge: (testCase: TestCase, idiom: IdiomEvidence) => Promise<Executed | undefined>;
  /** The item's read, for an ETag where an action takes If-Match. */
  readonly forEtag: TestCase | undefined;
}

export async function refuseFromFinalState(done: Action, actions: readonly Action[], item: OnItem): Promise<void> {
  const { context, runner } = item;
  for (const other of actions) {
    if (other === done || !other.refusedFrom?.includes(done.target) || runner.stopped()) continue;
    let after = context.testCase(other.operation, {
      kind: 'positive',
      plain: true,
      pathParams: item.at,
      what: `to ${other.verb} after ${done.verb}`,
    });
    const ifMatch = other.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name));
    if (ifMatch && item.forEtag) {
      const read = await runner.send(item.forEtag);
      const etag = read?.ok ? read.response.headers.etag : undefined;
      if (typeof etag === 'string') after = withHeader(after, 'If-Match', etag);
    }
    await item.judge(after, {
      idiom: 'action-refused',
      id: item.id,
      expectedStatus: other.refusedStatus!,
      verb: other.verb,
      finalState: done.target,
    });
  }
}
