// Checks that could not run (their operation's cases were left unsent): a verdict never hides them.
import type { ReachSummary, RunResult } from '../run-options.js';

/** "reach 12/12 operations, 31/31 state checks". */
export function reachText(reach: ReachSummary): string {
  return `reach ${reach.operationsReached}/${reach.operations} operations, ${reach.stateChecksRan}/${reach.stateChecks} state checks`;
}

export interface NotRun {
  readonly count: number;
  /** Why, each reason once, with the cases it left unsent over the whole run. */
  readonly reasons: readonly string[];
}

export function notRunOf(result: RunResult): NotRun {
  const unsent = new Map<string, number>();
  let count = 0;
  for (const operation of result.operations) {
    if (operation.skipped) continue;
    const checks = Object.values(operation.checks).filter((stats) => stats.outcome === 'skipped' && stats.reason);
    if (checks.length === 0) continue;
    count += checks.length;
    for (const [reason, cases] of Object.entries(operation.unsent ?? {}))
      unsent.set(reason, (unsent.get(reason) ?? 0) + cases);
  }
  return { count, reasons: [...unsent].map(([reason, cases]) => `${cases} case(s) not sent: ${reason}`) };
}

/** "; 3 operation check(s) could not run (40 case(s) not sent: the write budget was spent)", or nothing. */
export function notRunClause(result: RunResult): string {
  const { count, reasons } = notRunOf(result);
  return count === 0 ? '' : `; ${count} operation check(s) could not run (${reasons.join('; ')})`;
}
