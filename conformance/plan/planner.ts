// The shape every case planner shares: a named function from an operation to what to send.
import type fc from 'fast-check';
import type { Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { PlanContext } from './context.js';

/** Generated cases, run as a fast-check property so a failure shrinks to a minimal input.
 * An undefined case (input the generators could not make right) is skipped, never sent. */
export interface PropertyPlan {
  readonly name: string;
  /** Built when the property runs, after the probe: some arbitraries cost a first-use set-up. */
  readonly cases: () => fc.Arbitrary<TestCase | undefined>;
  readonly runs: number;
}

export interface Plan {
  /** Sent first and alone: it also tells whether the target answers at all. */
  readonly probe?: TestCase;
  readonly cases?: readonly TestCase[];
  readonly properties?: readonly PropertyPlan[];
}

export interface Planner {
  readonly name: string;
  /** One line: what it sends. */
  readonly sends: string;
  readonly plan: (operation: Operation, context: PlanContext) => Plan;
}
