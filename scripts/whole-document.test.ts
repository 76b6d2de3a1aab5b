// A whole document under a small write budget: every write operation gets its share and the
// sequences (nested under a parent the run creates) still run their state checks.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';
import { startFront } from './front.js';

const shop = await loadContract(fileURLToPath(new URL('../fixtures/documents/shop-openapi.yaml', import.meta.url)));
const KEY = 'doc-Key-4711';

/** A run against the shop's mock with every credential the document asks for. */
function runOnShop(options: { seed: number; runs?: number; maxWrites?: number }) {
  const app = createMockApp({ contract: shop, apiKeys: [KEY] });
  return runConformance({
    target: { app },
    contract: shop,
    apiKey: KEY,
    auth: { basicAuth: `someone:${KEY}` },
    ...options,
  });
}

describe('a whole document under a small write budget', () => {
  it('sends writes to every write operation and runs the sequences under a parent it created', async () => {
    const result = await runOnShop({ seed: 5, runs: 10, maxWrites: 150 });
    expect(result.exitCode).toBe(0);
    expect(result.writes).toBeLessThanOrEqual(150);
    const writeOperations = result.operations.filter((operation) => !['GET', 'HEAD'].includes(operation.method));
    expect(writeOperations.length).toBeGreaterThan(6);
    for (const operation of writeOperations)
      expect([operation.id, operation.requests > 0]).toEqual([operation.id, true]);
    const outcome = (id: string, check: string) => result.operations.find((o) => o.id === id)?.checks[check]?.outcome;
    // The nested collection's list saw what was created under the owner the run made first.
    expect(outcome('listOwnerPets', 'created_data_listed')).toBe('passed');
    expect(outcome('getOwner', 'item_changes_stored')).toBe('passed');
    expect(outcome('getOwner', 'deleted_item_gone')).toBe('passed');
  });

  it('by default sends every case of every operation: the budget scales with the write operations', async () => {
    const result = await runOnShop({ seed: 1 });
    expect(result.exitCode).toBe(0);
    // The old fixed default of 500 left about 600 write cases unsent on this document.
    expect(result.writes).toBeGreaterThan(500);
    expect(result.operations.filter((operation) => operation.unsent).map((operation) => operation.id)).toEqual([]);
  });

  it('under a small budget counts as "could not run" only the checks that could apply there', async () => {
    const app = createMockApp({ contract: shop, apiKeys: [KEY] });
    const result = await runConformance({ target: { app }, contract: shop, apiKey: KEY, seed: 1, maxWrites: 60 });
    const search = result.operations.find((operation) => operation.id === 'search');
    expect(search?.unsent).toBeDefined();
    // search is no collection's operation: a state check never applies to it.
    expect(search?.checks.created_data_echoed?.reason).toBeUndefined();
    expect(
      search?.checks.negative_data_rejection?.outcome === 'passed' || search?.checks.negative_data_rejection?.reason,
    ).toBeTruthy();
  });

  it('catches a deleted item that reads 404 but stays in the list', async () => {
    // Lists are served from a cache that forgets nothing: what was listed once stays listed.
    const seen = new Map<unknown, unknown>();
    const cachedList = (answer: unknown, _sent: unknown, method: string, url: string) => {
      if (method !== 'GET' || !/\/owners(\?|$)/.test(url) || !Array.isArray(answer)) return answer;
      for (const item of answer) seen.set((item as { id: unknown }).id, item);
      const listed = new Set(answer.map((item) => (item as { id: unknown }).id));
      return [...answer, ...[...seen].filter(([id]) => !listed.has(id)).map(([, item]) => item)];
    };
    const front = await startFront(createMockApp({ contract: shop, apiKeys: [KEY] }), shop.basePath, {
      response: cachedList,
    });
    try {
      const result = await runConformance({ target: { baseUrl: front.baseUrl }, contract: shop, apiKey: KEY, seed: 1 });
      const found = result.violations.filter((violation) => violation.code === 'deleted_item_still_listed');
      expect(found.map((violation) => violation.check)).toEqual(['deleted_item_gone']);
    } finally {
      front.close();
    }
  });

  it("catches a nested list that ignores its parent (every owner's pets under each owner)", async () => {
    const everyPet = new Map<unknown, unknown>();
    const ignoresOwner = (answer: unknown, _sent: unknown, method: string, url: string) => {
      if (method !== 'GET' || !/\/owners\/[^/]+\/pets(\?|$)/.test(url) || !Array.isArray(answer)) return answer;
      for (const pet of answer) everyPet.set(JSON.stringify(pet), pet);
      return [...everyPet.values()];
    };
    const front = await startFront(createMockApp({ contract: shop, apiKeys: [KEY] }), shop.basePath, {
      response: ignoresOwner,
    });
    try {
      const result = await runConformance({ target: { baseUrl: front.baseUrl }, contract: shop, apiKey: KEY, seed: 2 });
      const found = result.violations.filter((violation) => violation.code === 'child_under_other_parent');
      expect(found.map((violation) => [violation.check, violation.operation])).toEqual([
        ['created_data_listed', 'listOwnerPets'],
      ]);
    } finally {
      front.close();
    }
  });
});
