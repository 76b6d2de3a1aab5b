// PATCH by its media type: under JSON Merge Patch (RFC 7396) a null removes a member and an object
// member is merged, both checked on the answer and the read that follows; a service that reads
// null its own allowed way passes.
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { type Rewrites, runBehindFront } from './front.js';

const KEY = 'merge-Patch-Key-31';
const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/merge-patch-openapi.yaml', import.meta.url));

async function runBehind(rewrites: Rewrites, seed: number, patches: string[] = []) {
  return runBehindFront({
    contract: await loadContract(DOCUMENT),
    key: KEY,
    rewrites,
    seed,
    onExchange: ({ request }) => {
      if (request.method === 'PATCH') patches.push(String(request.body));
    },
  });
}

const onPatch =
  (change: (body: Record<string, unknown>) => Record<string, unknown>) =>
  (body: Record<string, unknown>, method: string) =>
    method === 'PATCH' ? change(body) : body;

const FAULTS: Record<string, Rewrites> = {
  // A null is skipped as "not sent": the member keeps its old value.
  'null ignored': {
    request: onPatch((body) => Object.fromEntries(Object.entries(body).filter(([, value]) => value !== null))),
  },
  // An object member replaced whole: the members not sent are lost.
  'object replaced, not merged': {
    request: onPatch((body) => {
      const address = body.address as Record<string, unknown> | null | undefined;
      return address ? { ...body, address: { street: null, city: null, ...address } } : body;
    }),
  },
};

describe('PATCH as JSON Merge Patch', () => {
  it.each([1, 2])('the mock passes (seed %i), and the null and merge steps were sent', async (seed) => {
    const patches: string[] = [];
    const result = await runBehind({}, seed, patches);
    expect(result.violations).toEqual([]);
    expect(patches).toContain('{"nickname":null}');
    expect(patches.some((body) => /^\{"address":\{"(street|city)":"[^"]*"\}\}$/.test(body))).toBe(true);
  });

  it.each(Object.entries(FAULTS))('catches %s (seeds 1 and 2)', async (_, rewrites) => {
    for (const seed of [1, 2]) {
      const result = await runBehind(rewrites, seed);
      const found = result.violations.filter((violation) => violation.check === 'item_changes_stored');
      expect(found.length, `seed ${seed}`).toBeGreaterThan(0);
    }
  });

  it('passes a service that answers a removed member as null where the item allows null', async () => {
    const nullForAbsent = (answer: unknown) => {
      if (typeof answer !== 'object' || answer === null || Array.isArray(answer) || !('id' in answer)) return answer;
      return { nickname: null, ...answer };
    };
    for (const seed of [1, 2]) {
      const result = await runBehind({ response: nullForAbsent }, seed);
      expect(result.violations, `seed ${seed}`).toEqual([]);
    }
  });
});
