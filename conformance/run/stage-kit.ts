// What the ordered stages share: the scope each is given, and how a stage walks its resources (all
// at once, or one at a time where writes of one would move what another reads).
import { type CollectionSpec, type Operation, type Resource, resourceOf } from '../../spec/index.js';
import type { PlanContext } from '../plan/index.js';
import type { SequenceRunner } from '../plan/scenarios/sequences.js';
import type { RunSettings } from './settings.js';

/** What every ordered stage is given: the run's parts and the resources it writes to. */
export interface ScenarioScope {
  readonly settings: RunSettings;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly testable: readonly Operation[];
  /** Resources with a creation the run may send. */
  readonly creatable: readonly Resource[];
  /** Resources without a creation whose items another POST makes (a cart's checkout, an order). */
  readonly madeElsewhere: readonly Resource[];
  /** Resources a PUT at a key the client chooses makes. */
  readonly madeByPut: readonly Resource[];
}

export type Stage = (scope: ScenarioScope) => Promise<unknown>;

export const nested = ({ creatable }: ScenarioScope) =>
  creatable.filter(({ collection }) => collection.path.includes('{'));
export const resourceIn =
  ({ settings }: ScenarioScope) =>
  (collection: CollectionSpec) =>
    resourceOf(settings.model, collection);
export const each = <T>(items: readonly T[], run: (item: T) => Promise<unknown>) => Promise.all(items.map(run));
export const oneAtATime = async <T>(items: readonly T[], run: (item: T) => Promise<unknown>) => {
  for (const item of items) await run(item);
};
