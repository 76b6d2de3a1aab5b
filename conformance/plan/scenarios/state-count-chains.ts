// Counts moved by an action that does not start where a new item starts (a work order's `complete`
// takes one `in_progress`, `close` one `completed`): a new counted item is moved into a state the
// action starts from by the actions that lead there (action-paths.ts), then the counts are read, the
// action taken, and the counts judged as for an action from the start (state-counts.ts).
import type { Action, CollectionSpec, StateCount } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { moveItem } from './action-paths.js';
import { another } from './counted-items.js';
import type { MadeItem } from './making.js';
import type { SequenceRunner } from './sequence-runner.js';

type Item = Record<string, unknown>;
type Counts = Record<string, number>;

export interface ChainParts {
  readonly counted: CollectionSpec;
  readonly rule: StateCount;
  readonly probe: MadeItem;
  readonly actions: readonly Action[];
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly reach: ReturnType<SequenceRunner['reach']['scenario']>;
  /** The counts right before a step, or undefined where they could not be read. */
  readonly beforeStep: () => Promise<Counts[] | undefined>;
  /** Judges the counts after the item moved `from` → `to`. */
  readonly judge: (before: Counts[], item: Item, from: unknown, to: unknown, how: string) => Promise<void>;
  readonly stepOf: (verb: string) => string;
}

/** Takes each action in `later` on a new item moved first into a state it starts from. */
export async function chainedCounts(later: readonly Action[], parts: ChainParts): Promise<void> {
  const { counted, rule, probe, actions, context, runner, reach, stepOf } = parts;
  const parameter = counted.read?.parameter ?? counted.remove?.parameter;
  for (const action of later) {
    if (runner.stopped() || !parameter) return;
    const step = stepOf(action.verb);
    const item = await another(probe, rule, counted, context, runner);
    const id = item?.[counted.idProperty];
    if (!item || id === undefined) {
      reach.skip(step, `a ${counted.path} item like the probe was refused`);
      continue;
    }
    const at = { ...probe.parent, [parameter]: String(id) };
    const leading = actions.filter(
      (other) => other.member === action.member && action.from?.includes(String(other.target)) === true,
    );
    const reached = await moveItem(leading, actions, { collection: counted, idText: String(id), at }, context, runner);
    if (!reached) {
      reach.skip(step, `no action moved a new item to ${(action.from ?? []).join(' or ')}`);
      continue;
    }
    const before = await parts.beforeStep();
    if (!before) return reach.stop(`the counts could not be read`);
    const answer = await runner.send(
      context.testCase(action.operation, {
        kind: 'positive',
        plain: true,
        pathParams: at,
        what: `to move a counted item by ${action.verb}`,
      }),
    );
    if (!answer?.ok || answer.response.status >= 300) {
      reach.skip(step, `${action.verb} was refused (${answer?.ok ? answer.response.status : 'no answer'})`);
      continue;
    }
    const how = `${action.verb} of a ${counted.path} item ${JSON.stringify(reached.state)} (${reached.steps.join(', ')})`;
    await parts.judge(before, item, reached.state, action.target, how);
    reach.done(step);
  }
}
