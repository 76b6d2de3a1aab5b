// The steps of fresh values each purpose of the run takes (fresh-values.ts turns a step into values):
// a step of its own per purpose, the same on every run of a seed (scenarios run at once, so a count
// of items made would depend on which came first), moved on by each attempt, by each time the
// purpose asks again, and past any client key an earlier fresh body of the run had.
import { seedOf } from '../../../spec/generate/index.js';
import type { CollectionSpec } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';

/** Attempts per item: the first body, then up to three changed after reading the refusal. */
export const ATTEMPTS = 4;
/** Steps of fresh values a purpose's seed picks from. */
const USES = 997;
/** Step rounds a client key is bumped by where an earlier fresh body of the run had it. */
const UNUSED_ROUNDS = 8;

export class FreshSteps {
  /** How often each collection's purpose asked for fresh values. */
  private readonly repeats = new Map<string, number>();

  constructor(private readonly context: PlanContext) {}

  /** The purpose's step, and a fresh body per attempt drawn at the step `draw` is given. A purpose
   * asking again (a scenario making one item per action) takes step rounds of its own: its first
   * item's unique values are in use by then. */
  of(collection: CollectionSpec, purpose: string) {
    const use = this.useOf(collection, purpose);
    const key = `${collection.path} ${purpose}`;
    const repeat = this.repeats.get(key) ?? 0;
    this.repeats.set(key, repeat + 1);
    const fresh = (attempt: number, draw: (step: number) => unknown) =>
      this.unused(collection, (bump) => draw((use + (bump + repeat * UNUSED_ROUNDS) * USES) * ATTEMPTS + attempt));
    return { use, fresh };
  }

  /** Where the client chooses keys, a fresh body whose key no earlier fresh body of the run had: two
   * purposes whose steps meet (their seeds' hashes collide) would make the same key, and the second
   * item would meet the first. The next step round is taken then. */
  private unused(collection: CollectionSpec, draw: (bump: number) => unknown): unknown {
    if (!collection.clientKey) return draw(0);
    for (let bump = 0; bump < UNUSED_ROUNDS; bump++) {
      const body = draw(bump);
      const key = asObject(body)?.[collection.idProperty];
      if (key === undefined || this.context.claim(collection, collection.idProperty, key)) return body;
    }
    return draw(0);
  }

  /** A purpose's own step of fresh values, the same on every run of a seed. Items made for
   * references count their own steps past the hashed ones ("reference 7"), so two of them, or one
   * and a scenario's, never meet (an email a member made before holds: 409). */
  useOf(collection: CollectionSpec, purpose: string): number {
    const counted = /^(?:reference|compound) (\d+)$/.exec(purpose)?.[1];
    // Past the hashed steps, moved by the seed: a rerun against the same service (another seed) makes
    // values of its own, not the last run's.
    if (counted !== undefined)
      return USES + (Math.abs(seedOf('counted', this.context.seed)) % 50_000) + Number(counted);
    return 1 + (Math.abs(seedOf(`${collection.path}:${purpose}`, this.context.seed)) % USES);
  }
}
