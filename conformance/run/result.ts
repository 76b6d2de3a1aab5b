// The result of a run: what could not be sent, the verdict, the exit code, everything that may carry
// data redacted (the one boundary: nothing leaves a run unredacted).
import { redactDeep } from '../report/redact.js';
import { RunError, type RunResult } from '../run-options.js';
import { belowReach, reachOf } from './reach.js';
import type { RunSession } from './session.js';

/** A run with nothing to test is refused at once (but an empty shard or a webhooks-only document). */
export function requireSomethingToTest(session: RunSession): void {
  const { contract, options } = session.settings;
  if (session.testable.length > 0) return;
  // A shard that the split leaves nothing to (more jobs than operations) has done its part.
  if (options.selection?.shard !== undefined) return;
  // A document of webhooks alone (OpenAPI 3.1) is read, and its webhooks listed as not tested.
  if (contract.operations.length === 0 && contract.webhooks.length > 0) return;
  const reasons =
    [...new Set(session.recorder.operations.map((r) => r.skipped))].join('; ') ||
    'the document declares no operations (its paths hold no methods)';
  throw new RunError(`nothing to test: ${reasons}`);
}

export function resultOf(session: RunSession): RunResult {
  const { recorder, sender, context, creations, baseUrl } = session;
  const { contract, redact, options, checks, seed, started, startedAt } = session.settings;
  for (const operation of contract.operations) recorder.markUnsent(operation, sender.unsentOf(operation));
  for (const [operation, missing] of context.shortfalls) {
    for (const what of missing) recorder.noteNoValidInput(operation, what, baseUrl);
  }
  const { failures, notes } = recorder.violations();
  const tested = recorder.operations.some((r) => r.requests > 0) || session.testable.length === 0;
  const reach = reachOf(session);
  const below = belowReach(reach, options.minReach);
  const exitCode = sender.unreachable || !tested ? 2 : failures.length > 0 || below ? 1 : 0;
  const error = sender.unreachable ?? (!tested ? 'nothing was tested' : undefined);
  return {
    seed,
    baseUrl: redact(baseUrl),
    startedAt,
    durationMs: performance.now() - started,
    requests: sender.requests,
    writes: sender.writes,
    operations: recorder.operations,
    // A target that could not be reached is no violation: the run could not run.
    violations: sender.unreachable ? [] : redactDeep(failures, redact),
    notes: redactDeep(notes, redact),
    checks: checks.map((check) => check.name),
    created: redactDeep(creations.created(), redact),
    exitCode,
    ...(error ? { error: redact(error) } : {}),
    ...(sender.aborted ? { aborted: redact(sender.aborted) } : {}),
    ...(options.transport?.insecure ? { insecure: true } : {}),
    ...(contract.webhooks.length > 0 ? { webhooks: contract.webhooks } : {}),
    reach: redactDeep(reach, redact),
    ...(below ? { belowReach: below } : {}),
  };
}
