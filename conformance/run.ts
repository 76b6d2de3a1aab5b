// runConformance: plans cases from the document, sends them to a target, judges and records every
// exchange, and returns the result. Knows nothing of the mock: a target is a base URL or a listener.
// A short pipeline of named stages over settings resolved once (run/).
import { testOperations } from './run/operations.js';
import { requireSomethingToTest, resultOf } from './run/result.js';
import { checkCounts, runScenarios, verifyCreations } from './run/scenarios.js';
import { RunSession } from './run/session.js';
import { resolveSettings } from './run/settings.js';
import { startTarget, stopTarget } from './run/target.js';
import type { RunOptions, RunResult } from './run-options.js';

export * from './run-options.js';

export async function runConformance(options: RunOptions): Promise<RunResult> {
  const settings = await resolveSettings(options);
  const target = await startTarget(options.target, settings.contract);
  const session = new RunSession(settings, target.baseUrl);
  try {
    requireSomethingToTest(session);
    await Promise.all([testOperations(session), runScenarios(session)]);
    await checkCounts(session);
    await verifyCreations(session);
  } finally {
    session.sender.close();
    await stopTarget(target);
  }
  return resultOf(session);
}
