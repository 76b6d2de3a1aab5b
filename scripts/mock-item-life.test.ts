// The mock serves the life of an item as its words say (a deletion moving referrers, defaults from
// the item a body names, an action needing a member set), and the runner, run on it, finds nothing
// to say with every step of those scenarios run.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { assignedJobsContract } from '../fixtures/assigned-jobs-document.js';
import { learnersContract } from '../fixtures/learners-document.js';
import { partsContract } from '../fixtures/parts-document.js';
import { createMockApp } from '../mock/index.js';

describe('the mock serving the life of an item, judged by the runner', () => {
  it('the enrollments of a deleted learner cancelled: the runner finds nothing to say, its steps run', async () => {
    const result = await runConformance({
      target: { app: createMockApp({ contract: learnersContract, apiKeys: [] }) },
      contract: learnersContract,
      seed: 26,
    });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'referrer effects')).toEqual([]);
  });

  it("a line's price and name from its part: the runner finds nothing to say, its steps run", async () => {
    const result = await runConformance({
      target: { app: createMockApp({ contract: partsContract, apiKeys: [] }) },
      contract: partsContract,
      seed: 4,
    });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'reference defaults')).toEqual([]);
  });

  it('a job refused its start without a worker: the runner finds nothing to say, its steps run', async () => {
    const result = await runConformance({
      target: { app: createMockApp({ contract: assignedJobsContract, apiKeys: [] }) },
      contract: assignedJobsContract,
      seed: 6,
    });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'needs members')).toEqual([]);
  });
});
