// What the run's scenarios set out to do and what they did: each scenario names its state checks
// when it starts, marks each one that ran, and says why it stopped when it cannot go on. The run's
// report prints the reach and every state check that did not run, with its reason.
import type { ReachSummary, UnreachedStep } from '../../model.js';

interface ScenarioState {
  readonly scenario: string;
  readonly path: string;
  readonly steps: readonly string[];
  readonly done: Set<string>;
  readonly skipped: Map<string, string>;
  reason?: string;
}

/** One scenario's view: what it marks as done, and why it stopped. */
export interface ScenarioReach {
  done(step: string): void;
  /** One step did not run, for this reason. */
  skip(step: string, reason: string): void;
  /** The scenario cannot go on: every step not yet done did not run, for this reason. */
  stop(reason: string): void;
}

export class Reach {
  private readonly scenarios: ScenarioState[] = [];

  /** A scenario over one collection, with the state checks it means to run. */
  scenario(scenario: string, path: string, steps: readonly string[]): ScenarioReach {
    const state: ScenarioState = { scenario, path, steps, done: new Set(), skipped: new Map() };
    this.scenarios.push(state);
    return {
      done: (step) => {
        state.done.add(step);
      },
      skip: (step, reason) => {
        if (!state.skipped.has(step)) state.skipped.set(step, reason);
      },
      stop: (reason) => {
        state.reason ??= reason;
      },
    };
  }

  summary(): Pick<ReachSummary, 'stateChecks' | 'stateChecksRan' | 'unreached'> {
    const unreached: UnreachedStep[] = [];
    let planned = 0;
    let ran = 0;
    for (const state of this.scenarios) {
      planned += state.steps.length;
      ran += state.steps.filter((step) => state.done.has(step)).length;
      const missing = state.steps.filter((step) => !state.done.has(step));
      // Steps that did not run for one reason are said together.
      const byReason = new Map<string, string[]>();
      for (const step of missing) {
        const reason = state.skipped.get(step) ?? state.reason ?? 'an earlier step of the scenario did not succeed';
        byReason.set(reason, [...(byReason.get(reason) ?? []), step]);
      }
      for (const [reason, steps] of byReason)
        unreached.push({ scenario: state.scenario, path: state.path, steps, reason });
    }
    return { stateChecks: planned, stateChecksRan: ran, unreached };
  }
}
