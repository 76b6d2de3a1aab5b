// Checks that could not run (their operation's cases were left unsent): a verdict never hides them.
import type { RunResult } from '../run-options.js';

export interface NotRun {
  readonly count: number;
  /** Why, each reason once. */
  readonly reasons: readonly string[];
}

export function notRunOf(result: RunResult): NotRun {
  const reasons = new Set<string>();
  let count = 0;
  for (const operation of result.operations) {
    if (operation.skipped) continue;
    for (const stats of Object.values(operation.checks)) {
      if (stats.outcome !== 'skipped' || !stats.reason) continue;
      count++;
      reasons.add(stats.reason.replace(/^could not run: /, ''));
    }
  }
  return { count, reasons: [...reasons] };
}

/** "; 3 operation check(s) could not run (the write budget was spent)", or nothing. */
export function notRunClause(result: RunResult): string {
  const { count, reasons } = notRunOf(result);
  return count === 0 ? '' : `; ${count} operation check(s) could not run (${reasons.join('; ')})`;
}
