// The kit judged by itself: the runner against the mock of the same document, in-process and over
// real HTTP. Both tools are composed here, never inside each other.
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp, startMockServer } from '../mock/index.js';
import { loadContract } from '../spec/index.js';

const contract = await loadContract();
const KEY = 'test-Key-9f8e7d';

describe('the mock of the Pet Catalog document passes the runner', () => {
  it('in-process', async () => {
    const result = await runConformance({
      target: { app: createMockApp({ contract }) },
      contract,
      apiKey: 'dev-key',
      seed: 1,
    });
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
    expect(result.requests).toBeGreaterThan(50);
  });

  it('over real HTTP', async () => {
    const mock = await startMockServer({ contract, apiKeys: [KEY] });
    try {
      const result = await runConformance({ target: { baseUrl: mock.baseUrl }, contract, apiKey: KEY, seed: 2 });
      expect(result.violations).toEqual([]);
      expect(result.exitCode).toBe(0);
    } finally {
      await mock.close();
    }
  });
});
