// Every case planner, in one registry: a planner is a named function from an operation to what to
// send. Adding a family of cases is adding an entry here.
import type { Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import { boundariesPlanner } from './cases/boundaries.js';
import { credentialsPlanner } from './cases/credentials.js';
import { documentedValuesPlanner } from './cases/documented-values.js';
import { edgeValuesPlanner } from './cases/edge-values.js';
import { generatedPlanner } from './cases/generated.js';
import { massAssignmentPlanner } from './cases/mass-assignment.js';
import { mutationsPlanner } from './cases/mutations.js';
import { negotiationPlanner } from './cases/negotiation.js';
import { optionalParametersPlanner } from './cases/optional-parameters.js';
import { parametersPlanner } from './cases/parameters.js';
import { pathEchoesPlanner } from './cases/path-echoes.js';
import { plainPlanner } from './cases/plain.js';
import { structurePlanner } from './cases/structure.js';
import { wholeValuesPlanner } from './cases/whole-values.js';
import { wordBreaksPlanner } from './cases/word-breaks.js';
import type { PlanContext } from './context.js';
import type { Planner, PropertyPlan } from './planner.js';

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
  wordBreaksPlanner,
  pathEchoesPlanner,
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
