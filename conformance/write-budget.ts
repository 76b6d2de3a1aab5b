// The write budget (--max-writes), shared fairly: every write operation is owed an equal share,
// and the sequences (create, list, read back, change, delete) a reserve of their own, so the first
// operations' many mutation cases cannot starve the rest of the document. A share an operation
// leaves unspent goes to the others once it is done.
import type { Operation } from '../spec/index.js';

/** Writes kept for the sequences of each collection they run on (about what one sequence sends). */
export const WRITES_PER_SEQUENCE = 24;

export class WriteBudget {
  private spent = 0;
  private sequenceSpent = 0;
  private readonly usedBy = new Map<Operation, number>();
  private readonly open: Set<Operation>;
  private readonly share: number;
  private readonly reserve: number;

  constructor(
    private readonly total: number,
    writeOperations: readonly Operation[],
    sequences: number,
  ) {
    this.open = new Set(writeOperations);
    this.reserve = Math.min(Math.floor(total / 2), sequences * WRITES_PER_SEQUENCE);
    this.share = Math.floor((total - this.reserve) / Math.max(1, writeOperations.length));
  }

  /** Takes one write, or says no when it would spend what another operation or the sequences are owed. */
  take(operation: Operation, forSequence: boolean): boolean {
    if (this.spent >= this.total) return false;
    const used = this.usedBy.get(operation) ?? 0;
    if (!forSequence && used >= this.share && this.free() <= 0) return false;
    if (forSequence && this.sequenceSpent >= this.reserve && this.free() <= 0) return false;
    this.spent++;
    if (forSequence) this.sequenceSpent++;
    else this.usedBy.set(operation, used + 1);
    return true;
  }

  /** A write taken but not sent after all. */
  giveBack(operation: Operation, forSequence: boolean): void {
    this.spent--;
    if (forSequence) this.sequenceSpent--;
    else this.usedBy.set(operation, (this.usedBy.get(operation) ?? 1) - 1);
  }

  /** The operation sends no more cases: what it did not spend is free for the others. */
  finish(operation: Operation): void {
    this.open.delete(operation);
  }

  /** Writes no one is owed. */
  private free(): number {
    let owed = Math.max(0, this.reserve - this.sequenceSpent);
    for (const operation of this.open) owed += Math.max(0, this.share - (this.usedBy.get(operation) ?? 0));
    return this.total - this.spent - owed;
  }
}
