// Runs a planner's generated cases as a fast-check property. On a failure fast-check shrinks the
// case; the last failing case it tries is the minimal one and is the one recorded. Later rounds
// replay the same seed while ignoring the problems already found, so one cannot hide another.
import fc from 'fast-check';
import { seedOf } from '../spec/generate/index.js';
import type { Executed, Finding, NamedCheck, TestCase } from './model.js';
import type { PropertyPlan } from './plan/index.js';

const MAX_SHRINKS = 40;
const PROPERTY_ROUNDS = 4;

/** What a property needs from the orchestrator: passed in, so the arrows run one way. */
export interface PropertyRunner {
  /** Sends one case and judges it, without recording; undefined when it was not sent. */
  readonly judge: (testCase: TestCase) => Promise<Executed | undefined>;
  readonly record: (executed: Executed) => void;
  readonly keyOf: (check: NamedCheck, testCase: TestCase, finding: Finding) => string;
  readonly stopped: () => boolean;
}

export async function runProperty(plan: PropertyPlan, seed: number, runner: PropertyRunner): Promise<void> {
  const known = new Set<string>();
  const cases = plan.cases();
  for (let round = 0; round < PROPERTY_ROUNDS && !runner.stopped(); round++) {
    let minimal: Executed | undefined;
    let shrinking = false;
    const property = fc.asyncProperty(fc.limitShrink(cases, MAX_SHRINKS), async (testCase) => {
      if (runner.stopped()) return true;
      fc.pre(testCase !== undefined);
      if (!testCase) return true;
      const executed = await runner.judge(testCase);
      if (!executed) return true;
      const fresh = executed.findings.filter(
        ({ check, finding }) => finding.severity !== 'note' && !known.has(runner.keyOf(check, testCase, finding)),
      );
      if (fresh.length === 0) {
        if (!shrinking) runner.record(executed);
        return true;
      }
      shrinking = true;
      minimal = executed;
      return false;
    });
    const result = await fc.check(property, {
      seed: seedOf(plan.name, seed),
      numRuns: plan.runs,
      endOnFailure: false,
    });
    if (!result.failed || !minimal) return;
    const found: Executed = minimal;
    runner.record(found);
    for (const { check, finding } of found.findings) known.add(runner.keyOf(check, found.testCase, finding));
  }
}
