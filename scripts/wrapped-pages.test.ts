// Numbered pages in DigitalOcean's and GitHub's styles (wrapped items, links.pages.next and
// meta.total; a bare array with Link and X-Total-Count; a 202 creation that completes) judged with a
// server written by hand from the document (not the mock): the runner finds nothing in it and
// catches each planted fault on seeds 1 and 2.
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import {
  startWrappedPagesServer,
  WRAPPED_PAGES_FAULTS,
  type WrappedPagesFault,
} from '../fixtures/wrapped-pages-server.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/wrapped-pages-openapi.yaml', import.meta.url));
const KEY = 'wrapped-Key-5';
const contract = await loadContract(DOCUMENT);
const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function runAgainst(fault: WrappedPagesFault | undefined, seed: number) {
  const server = await startWrappedPagesServer({ key: KEY, ...(fault ? { fault } : {}) });
  servers.push(server);
  return runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed, runs: 10 });
}

const CAUGHT_BY: Record<WrappedPagesFault, { check: string; code?: string }> = {
  'droplet-total-off-by-one': { check: 'api_idioms_honoured', code: 'list_total_mismatch' },
  'last-page-points-to-itself': { check: 'api_idioms_honoured', code: 'next_page_repeats' },
  'volume-total-stale': { check: 'api_idioms_honoured', code: 'list_total_mismatch' },
  'volume-page-skips-one': { check: 'created_data_listed' },
  'per-page-ignored': { check: 'api_idioms_honoured', code: 'page_over_limit' },
  'droplet-never-active': { check: 'api_idioms_honoured', code: 'job_never_completes' },
  'droplet-unwrapped': { check: 'response_schema_conformance' },
};

describe('the wrapped-pages document against a server written by hand', () => {
  it.each([1, 2])('finds nothing in the correct server (seed %i)', async (seed) => {
    const result = await runAgainst(undefined, seed);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  for (const fault of Object.keys(WRAPPED_PAGES_FAULTS) as WrappedPagesFault[]) {
    it.each([1, 2])(`catches ${fault} (seed %i)`, async (seed) => {
      const result = await runAgainst(fault, seed);
      expect(result.exitCode).toBe(1);
      const { check, code } = CAUGHT_BY[fault];
      const caught = result.violations.filter((v) => v.check === check);
      expect(caught.map((v) => v.check)).toContain(check);
      if (code) expect(caught.map((v) => v.code)).toContain(code);
    });
  }
});
