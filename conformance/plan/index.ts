// Every case planner, in one registry: a planner is a named function from an operation to what to
// send. Adding a family of cases is adding an entry here.
import type { Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import { boundariesPlanner } from './boundaries.js';
import type { PlanContext } from './context.js';
import { credentialsPlanner } from './credentials.js';
import { documentedValuesPlanner } from './documented-values.js';
import { edgeValuesPlanner } from './edge-values.js';
import { generatedPlanner } from './generated.js';
import { massAssignmentPlanner } from './mass-assignment.js';
import { mutationsPlanner } from './mutations.js';
import { negotiationPlanner } from './negotiation.js';
import { optionalParametersPlanner } from './optional-parameters.js';
import { parametersPlanner } from './parameters.js';
import { plainPlanner } from './plain.js';
import type { Planner, PropertyPlan } from './planner.js';
import { structurePlanner } from './structure.js';
import { wholeValuesPlanner } from './whole-values.js';

export const PLANNERS: readonly Planner[] = [
  plainPlanner,
  credentialsPlanner,
  mutationsPlanner,
  parametersPlanner,
  edgeValuesPlanner,
  boundariesPlanner,
  documentedValuesPlanner,
  optionalParametersPlanner,
  wholeValuesPlanner,
  negotiationPlanner,
  structurePlanner,
  massAssignmentPlanner,
  generatedPlanner,
];

export interface OperationPlan {
  readonly probe?: TestCase;
  readonly cases: readonly TestCase[];
  readonly properties: readonly PropertyPlan[];
}

/** What every planner sends for one operation. */
export function planOperation(operation: Operation, context: PlanContext): OperationPlan {
  const plans = PLANNERS.map((planner) => planner.plan(operation, context));
  const probe = plans.find((plan) => plan.probe)?.probe;
  return {
    ...(probe ? { probe } : {}),
    cases: plans.flatMap((plan) => plan.cases ?? []),
    properties: plans.flatMap((plan) => plan.properties ?? []),
  };
}

export { PlanContext } from './context.js';
export type { PropertyPlan } from './planner.js';
