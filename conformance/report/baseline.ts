// A baseline of known violations, so a team can adopt the runner on a service that already
// deviates from its document and fail only on new problems (as linters and type checkers are
// adopted on existing code). A violation is known by a stable key: its check and operation, and
// what the recorder tells problems apart by (problemParts: code, where in the body, keyword, the
// kind's distinguishing fields); never messages, values or the case that showed it.
import { readFileSync } from 'node:fs';
import { problemParts } from '../judge/findings.js';
import type { BaselineEntry, BaselineOutcome, Violation } from '../model.js';
import type { RunResult } from '../run-options.js';
import type { OperationResult } from './recorder.js';

export const BASELINE_VERSION = 1;

export interface Baseline {
  readonly baselineVersion: typeof BASELINE_VERSION;
  readonly tool: 'pet-catalog-conformance';
  readonly violations: readonly BaselineEntry[];
}

export class BaselineError extends Error {}

/** The recorder's own notion of one problem (findings.ts), with its check and operation. */
export function baselineKey(violation: Violation): string {
  return [violation.check, violation.operation, ...problemParts(violation)].join(' | ');
}

function entryOf(violation: Violation): BaselineEntry {
  const { check, operation, code, title } = violation;
  return { key: baselineKey(violation), check, operation, code, title };
}

/** The baseline of a run's failures, sorted by key so that it diffs well under version control. */
export function baselineOf(result: RunResult): Baseline {
  const entries = new Map(result.violations.map((violation) => [baselineKey(violation), entryOf(violation)]));
  return {
    baselineVersion: BASELINE_VERSION,
    tool: 'pet-catalog-conformance',
    violations: [...entries.values()].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0)),
  };
}

export function readBaselineFile(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new BaselineError(`${file}: cannot read the baseline (${reason}); write one with --write-baseline`);
  }
}

export function parseBaseline(text: string, file: string): Baseline {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new BaselineError(`${file}: the baseline is not JSON (${(error as Error).message})`);
  }
  const baseline = value as Partial<Baseline>;
  if (baseline?.baselineVersion !== BASELINE_VERSION || !Array.isArray(baseline.violations)) {
    throw new BaselineError(
      `${file}: not a baseline of this tool (write one with --write-baseline; format ${BASELINE_VERSION})`,
    );
  }
  for (const entry of baseline.violations) {
    if (typeof entry?.key !== 'string' || typeof entry.check !== 'string' || typeof entry.operation !== 'string') {
      throw new BaselineError(`${file}: every entry needs a key, a check and an operation`);
    }
  }
  return baseline as Baseline;
}

const ran = (operations: readonly OperationResult[], entry: BaselineEntry): boolean => {
  const operation = operations.find((o) => o.id === entry.operation);
  const outcome = operation && !operation.skipped ? operation.checks[entry.check]?.outcome : undefined;
  return outcome === 'passed' || outcome === 'failed';
};

/** The run judged against the baseline: each failure marked new or known, the exit code from the
 * new ones alone (a run that could not run still exits 2). */
export function applyBaseline(result: RunResult, baseline: Baseline, file: string): RunResult {
  const listed = new Set(baseline.violations.map((entry) => entry.key));
  const violations = result.violations.map((violation) => ({
    ...violation,
    baseline: listed.has(baselineKey(violation)) ? ('known' as const) : ('new' as const),
  }));
  return withOutcome({ ...result, violations }, baseline.violations, file, []);
}

/** The merged outcome of shards' runs: an entry is fixed where any shard ran its check and no
 * shard saw it. */
export function mergedOutcome(merged: RunResult, parts: readonly RunResult[]): RunResult {
  const outcomes = parts.flatMap((part) => (part.baseline ? [part.baseline] : []));
  if (outcomes.length === 0) return merged;
  const unseen = new Map(outcomes.flatMap((o) => [...o.fixed, ...o.notChecked]).map((e) => [e.key, e]));
  return withOutcome(
    merged,
    [...unseen.values()],
    outcomes[0]!.file,
    outcomes.flatMap((o) => o.fixed),
  );
}

/**
 * Counts and the exit code from violations already marked, with the entries not seen: fixed where
 * their check ran, else not checked. `alsoFixed` are entries another part of the run (a shard)
 * found fixed.
 */
export function withOutcome(
  result: RunResult,
  entries: readonly BaselineEntry[],
  file: string,
  alsoFixed: readonly BaselineEntry[],
): RunResult {
  const seen = new Set(result.violations.map(baselineKey));
  const unseen = entries.filter((entry) => !seen.has(entry.key));
  const fixedKeys = new Set(alsoFixed.map((entry) => entry.key));
  const fixed = unseen.filter((entry) => ran(result.operations, entry) || fixedKeys.has(entry.key));
  const newCount = result.violations.filter((violation) => violation.baseline !== 'known').length;
  const baseline: BaselineOutcome = {
    file,
    new: newCount,
    known: result.violations.length - newCount,
    fixed,
    notChecked: unseen.filter((entry) => !fixed.includes(entry)),
  };
  const exitCode = result.exitCode === 2 ? 2 : newCount > 0 ? 1 : 0;
  return { ...result, baseline, exitCode };
}
