// The write budget (--max-writes), shared fairly: every write operation is owed an equal share,
// and the sequences (create, list, read back, change, delete) a reserve of their own, so the first
// operations' many mutation cases cannot starve the rest of the document. A share an operation
// leaves unspent goes to the others once it is done.
import { type Operation, propertiesOf } from '../../spec/index.js';

/** Writes kept for the scenarios of each collection they run on (about what they send: a sequence of
 * creations, the item scenario with its invalid changes, an item per action, retried creations). */
export const WRITES_PER_SEQUENCE = 64;

/** What a write operation's cases take, measured on the shop and NestJS documents at 25 runs:
 * about 40 without a body, and about 75 more for each property of its body (its mutations, edges
 * and bounds), besides one per generated run. Properties of nested objects count too, three levels
 * down (PagerDuty wraps every body in one member: {"service": {...}}); that overestimates deep
 * bodies (PagerDuty: 125,000 for 39,000 sent), which only leaves the ceiling higher. */
const WRITES_WITHOUT_BODY = 40;
const WRITES_PER_PROPERTY = 75;
/** Counting stops here: a budget, not an inventory. */
const PROPERTIES_COUNTED = 1000;

/** Properties of a schema and of the objects inside it, counted up to `most`. */
function propertyCount(schema: unknown, most: number, depth = 0): number {
  if (typeof schema !== 'object' || schema === null || depth > 3) return 0;
  let count = 0;
  for (const property of Object.values(propertiesOf(schema as Record<string, unknown>))) {
    count += 1 + propertyCount(property, most - count - 1, depth + 1);
    if (count >= most) return most;
  }
  return count;
}

export function writesFor(operation: Operation, runs: number): number {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  return WRITES_WITHOUT_BODY + runs + WRITES_PER_PROPERTY * propertyCount(schema, PROPERTIES_COUNTED);
}

/** The default budget: enough for every write operation's cases and every sequence, never below
 * `floor` (the Pet Catalog's 500, so its runs are unchanged). */
export function defaultMaxWrites(
  floor: number,
  writeOperations: readonly Operation[],
  sequences: number,
  runs: number,
): number {
  const cases = writeOperations.reduce((sum, operation) => sum + writesFor(operation, runs), 0);
  return Math.max(floor, cases + sequences * WRITES_PER_SEQUENCE);
}

export class WriteBudget {
  private spent = 0;
  private sequenceSpent = 0;
  private readonly usedBy = new Map<Operation, number>();
  private readonly open: Set<Operation>;
  /** Operations sending now: only they can free writes soon (see canFree). */
  private readonly started = new Set<Operation>();
  private readonly shares = new Map<Operation, number>();
  private readonly reserve: number;
  private sequencesOpen = true;
  private waiting: Array<() => void> = [];

  /** `weigh` gives each operation's share in proportion to what its cases take (writesFor): with
   * equal shares, an operation with a large body ran past its own while small ones had not started. */
  constructor(
    private readonly total: number,
    writeOperations: readonly Operation[],
    sequences: number,
    weigh: (operation: Operation) => number = () => 1,
  ) {
    this.open = new Set(writeOperations);
    this.reserve = Math.min(Math.floor(total / 2), sequences * WRITES_PER_SEQUENCE);
    const weights = writeOperations.map(weigh);
    const weight = weights.reduce((sum, w) => sum + w, 0);
    for (const [index, operation] of writeOperations.entries()) {
      this.shares.set(operation, Math.floor(((total - this.reserve) * weights[index]!) / Math.max(1, weight)));
    }
  }

  private shareOf(operation: Operation): number {
    return this.shares.get(operation) ?? 0;
  }

  /** Takes one write, or says no when it would spend what another operation or the sequences are owed. */
  take(operation: Operation, forSequence: boolean): boolean {
    return this.decide(operation, forSequence) === 'yes';
  }

  /** Takes one write as soon as it is no one else's: past its share, a case waits until the others
   * are done with theirs, and is refused only when nothing can be freed any more. */
  async takeWhenFree(operation: Operation, forSequence: boolean): Promise<boolean> {
    for (;;) {
      const decision = this.decide(operation, forSequence);
      if (decision !== 'wait') return decision === 'yes';
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private decide(operation: Operation, forSequence: boolean): 'yes' | 'no' | 'wait' {
    if (this.spent >= this.total) return 'no';
    const used = this.usedBy.get(operation) ?? 0;
    const withinOwn = forSequence ? this.sequenceSpent < this.reserve : used < this.shareOf(operation);
    if (!withinOwn && this.free() <= 0) return this.canFree(operation, forSequence) ? 'wait' : 'no';
    this.spent++;
    if (forSequence) this.sequenceSpent++;
    else this.usedBy.set(operation, used + 1);
    return 'yes';
  }

  /** Whether anyone sending now still holds writes they may leave unspent. An operation not started
   * yet is not waited for: it starts only when one sending now is done, and if every one sending
   * waited for it, none would ever be (PagerDuty's 465 operations: the run stopped, silently, with
   * 16 operations waiting). */
  private canFree(operation: Operation, forSequence: boolean): boolean {
    if (!forSequence && this.sequencesOpen && this.sequenceSpent < this.reserve) return true;
    for (const other of this.started) {
      if (other !== operation && this.open.has(other) && (this.usedBy.get(other) ?? 0) < this.shareOf(other))
        return true;
    }
    return false;
  }

  /** The operation starts sending its cases. */
  start(operation: Operation): void {
    this.started.add(operation);
  }

  private wake(): void {
    const waiting = this.waiting;
    this.waiting = [];
    for (const resolve of waiting) resolve();
  }

  /** A write taken but not sent after all. */
  giveBack(operation: Operation, forSequence: boolean): void {
    this.spent--;
    if (forSequence) this.sequenceSpent--;
    else this.usedBy.set(operation, (this.usedBy.get(operation) ?? 1) - 1);
    this.wake();
  }

  /** The operation sends no more cases: what it did not spend is free for the others. */
  finish(operation: Operation): void {
    this.open.delete(operation);
    this.started.delete(operation);
    this.wake();
  }

  /** The sequences send no more: their unspent reserve is free for the operations. */
  finishSequences(): void {
    this.sequencesOpen = false;
    this.wake();
  }

  /** Writes no one is owed. */
  private free(): number {
    let owed = Math.max(0, this.reserve - this.sequenceSpent);
    for (const operation of this.open) owed += Math.max(0, this.shareOf(operation) - (this.usedBy.get(operation) ?? 0));
    return this.total - this.spent - owed;
  }
}
