// The run's reach: the operations whose documented success it saw, and the state checks its
// scenarios ran, each out of those that apply; and the --min-reach gate over both.
import { reachText } from '../report/not-run.js';
import type { ReachSummary } from '../run-options.js';
import type { RunSession } from './session.js';

const isSuccess = (status: string) => /^2(\d\d|XX)$/i.test(status);

export function reachOf(session: RunSession): ReachSummary {
  const tested = session.recorder.operations.filter(
    (operation) => !operation.skipped && operation.documentedStatuses.some(isSuccess),
  );
  const reached = tested.filter((operation) => operation.observedStatuses.some((s) => s >= 200 && s < 300));
  const notReached = tested.filter((operation) => !reached.includes(operation)).map((operation) => operation.id);
  const scenarios = session.reach.summary();
  const all = tested.length + scenarios.stateChecks;
  const done = reached.length + scenarios.stateChecksRan;
  return {
    operations: tested.length,
    operationsReached: reached.length,
    notReached,
    ...scenarios,
    percent: all === 0 ? 100 : Math.floor((done / all) * 1000) / 10,
  };
}

/** Why the run falls below the share it must reach, or undefined. */
export function belowReach(reach: ReachSummary, minReach: number | undefined): string | undefined {
  if (minReach === undefined || reach.percent >= minReach) return undefined;
  return `reached ${reach.percent}% of the API (${reachText(reach)}), below --min-reach ${minReach}%`;
}
