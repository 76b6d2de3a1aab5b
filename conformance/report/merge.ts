// Shard reports (--shard I/N, --json) merged into one verdict: every operation as the shard that
// tested it saw it, check outcomes combined across shards (a sequence's list reads are recorded
// under the list operation even in the create operation's shard), counts summed, findings joined.

import type { RunResult } from '../run.js';
import { mergedOutcome } from './baseline.js';
import type { CheckStats, OperationResult } from './recorder.js';

const OUTCOME_RANK = { skipped: 0, passed: 1, failed: 2 } as const;

function mergeStats(a: CheckStats, b: CheckStats): CheckStats {
  const outcome = OUTCOME_RANK[a.outcome] >= OUTCOME_RANK[b.outcome] ? a.outcome : b.outcome;
  const reason = outcome === 'skipped' ? (a.reason ?? b.reason) : undefined;
  return {
    outcome,
    applied: a.applied + b.applied,
    failures: a.failures + b.failures,
    notes: a.notes + b.notes,
    ...(reason ? { reason } : {}),
  };
}

function mergeOperation(a: OperationResult, b: OperationResult): OperationResult {
  const checks: Record<string, CheckStats> = { ...a.checks };
  for (const [name, stats] of Object.entries(b.checks))
    checks[name] = checks[name] ? mergeStats(checks[name], stats) : stats;
  // Skipped only where every shard left it out; the reason of a shard that tested it is none.
  const skipped = a.skipped !== undefined && b.skipped !== undefined ? a.skipped : undefined;
  const unsent = { ...(a.unsent ?? {}) };
  for (const [reason, count] of Object.entries(b.unsent ?? {})) unsent[reason] = (unsent[reason] ?? 0) + count;
  return {
    id: a.id,
    method: a.method,
    path: a.path,
    ...(skipped ? { skipped } : {}),
    checks,
    documentedStatuses: a.documentedStatuses,
    observedStatuses: [...new Set([...a.observedStatuses, ...b.observedStatuses])],
    requests: a.requests + b.requests,
    ...(Object.keys(unsent).length > 0 ? { unsent } : {}),
    exercised: {
      parameters: union(a.exercised?.parameters, b.exercised?.parameters),
      requestMediaTypes: union(a.exercised?.requestMediaTypes, b.exercised?.requestMediaTypes),
      responseMediaTypes: union(a.exercised?.responseMediaTypes, b.exercised?.responseMediaTypes),
    },
  };
}

// Reports written before the field existed have none.
const union = (a: readonly string[] = [], b: readonly string[] = []): string[] => [...new Set([...a, ...b])];

export class MergeError extends Error {}

export function mergeResults(results: readonly RunResult[]): RunResult {
  if (results.length === 0) throw new MergeError('no reports to merge');
  const operations = new Map<string, OperationResult>();
  for (const result of results) {
    for (const operation of result.operations) {
      const known = operations.get(operation.id);
      operations.set(operation.id, known ? mergeOperation(known, operation) : operation);
    }
  }
  const violations = results.flatMap((r) => r.violations);
  const errors = results.flatMap((r) => (r.error ? [r.error] : []));
  const aborted = results.flatMap((r) => (r.aborted ? [r.aborted] : []));
  const couldNotRun = results.some((r) => r.exitCode === 2);
  const first = results[0]!;
  // Against a baseline, only new violations fail the merged run, as in each shard.
  const failing = violations.filter((violation) => violation.baseline !== 'known');
  const merged: RunResult = {
    seed: first.seed,
    baseUrl: first.baseUrl,
    startedAt: results.map((r) => r.startedAt).sort()[0]!,
    durationMs: Math.max(...results.map((r) => r.durationMs)),
    requests: results.reduce((sum, r) => sum + r.requests, 0),
    writes: results.reduce((sum, r) => sum + r.writes, 0),
    operations: [...operations.values()],
    violations,
    notes: results.flatMap((r) => r.notes),
    checks: [...new Set(results.flatMap((r) => r.checks))],
    created: results.flatMap((r) => r.created ?? []),
    exitCode: couldNotRun ? 2 : failing.length > 0 ? 1 : 0,
    ...(errors.length > 0 ? { error: errors.join('; ') } : {}),
    ...(aborted.length > 0 ? { aborted: aborted.join('; ') } : {}),
    ...(results.some((r) => r.insecure) ? { insecure: true } : {}),
  };
  return mergedOutcome(merged, results);
}
