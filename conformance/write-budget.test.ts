import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { Operation } from '../spec/index.js';
import { WRITES_PER_SEQUENCE, WriteBudget } from './send/write-budget.js';

const operationsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => ({ id: `op${index}`, method: 'POST' }) as unknown as Operation);

describe('the write budget', () => {
  it('never spends more than the total, and gives every operation its share whatever the order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 600 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer({ min: 0, max: 4 }),
        fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 1500 }),
        (total, count, sequences, requests) => {
          const operations = operationsOf(count);
          const budget = new WriteBudget(total, operations, sequences);
          const granted = new Map<Operation, number>();
          let sequenceWrites = 0;
          let spent = 0;
          for (const [pick, forSequence] of requests) {
            const operation = operations[pick % count]!;
            if (!budget.take(operation, forSequence)) continue;
            spent++;
            if (forSequence) sequenceWrites++;
            else granted.set(operation, (granted.get(operation) ?? 0) + 1);
          }
          expect(spent).toBeLessThanOrEqual(total);
          // Whatever the others asked for first, an operation that asked got its share (or all it asked).
          const reserve = Math.min(Math.floor(total / 2), sequences * WRITES_PER_SEQUENCE);
          const share = Math.floor((total - reserve) / count);
          for (const operation of operations) {
            const asked = requests.filter(([pick, seq]) => !seq && operations[pick % count] === operation).length;
            expect(granted.get(operation) ?? 0).toBeGreaterThanOrEqual(Math.min(asked, share));
          }
          const askedBySequences = requests.filter(([, seq]) => seq).length;
          expect(sequenceWrites).toBeGreaterThanOrEqual(Math.min(askedBySequences, reserve));
        },
      ),
    );
  });

  it('hands a finished operation’s unspent share to the others', () => {
    const [quiet, busy] = operationsOf(2) as [Operation, Operation];
    const budget = new WriteBudget(100, [quiet, busy], 0);
    let granted = 0;
    while (budget.take(busy, false)) granted++;
    expect(granted).toBe(50);
    budget.finish(quiet);
    while (budget.take(busy, false)) granted++;
    expect(granted).toBe(100);
  });

  it('takes back a write that was not sent', () => {
    const [only] = operationsOf(1) as [Operation];
    const budget = new WriteBudget(1, [only], 0);
    expect(budget.take(only, false)).toBe(true);
    expect(budget.take(only, false)).toBe(false);
    budget.giveBack(only, false);
    expect(budget.take(only, false)).toBe(true);
  });

  it('never leaves the operations sending now waiting for ones that cannot start before them', async () => {
    // Sixteen operations at a time, each wanting three shares: waiting on those not started yet
    // stalled every slot for good (PagerDuty's description), and the run ended without a report.
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 2, max: 40 }), fc.integer({ min: 1, max: 16 }), async (count, slots) => {
        const operations = operationsOf(count);
        const budget = new WriteBudget(count * 10, operations, 1);
        let next = 0;
        const worker = async () => {
          while (next < operations.length) {
            const operation = operations[next++]!;
            budget.start(operation);
            for (let write = 0; write < 30; write++) await budget.takeWhenFree(operation, false);
            budget.finish(operation);
          }
        };
        const sequences = (async () => {
          for (let write = 0; write < 40; write++) await budget.takeWhenFree(operations[0]!, true);
          budget.finishSequences();
        })();
        const done = Promise.all([...Array.from({ length: slots }, worker), sequences]).then(() => 'done');
        const stalled = new Promise((resolve) => setTimeout(() => resolve('stalled'), 2000));
        expect(await Promise.race([done, stalled])).toBe('done');
      }),
      { numRuns: 30 },
    );
  });
});
