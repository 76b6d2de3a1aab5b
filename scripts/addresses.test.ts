// Shapes from DigitalOcean's description (an ipv4 address as the id, an answer that requires
// members beside the item, a deletion that answers the removed item's id, item operations that
// disagree on the id's format) judged with a server written by hand from the document (not the
// mock): the runner finds nothing in it and catches each planted fault on seeds 1 and 2; the mock
// serves the same shapes over HTTP.
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { afterAll, describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { ADDRESSES_FAULTS, type AddressesFault, startAddressesServer } from '../fixtures/addresses-server.js';
import { createMockApp } from '../mock/index.js';
import { loadContract } from '../spec/index.js';

const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/addresses-openapi.yaml', import.meta.url));
const KEY = 'addresses-Key-8';
const contract = await loadContract(DOCUMENT);
const servers: { close(): Promise<void> }[] = [];
afterAll(() => Promise.all(servers.map((s) => s.close())));

async function runAgainst(fault: AddressesFault | undefined, seed: number) {
  const server = await startAddressesServer({ key: KEY, ...(fault ? { fault } : {}) });
  servers.push(server);
  return runConformance({ target: { baseUrl: server.baseUrl }, contract, apiKey: KEY, seed, runs: 10 });
}

const CAUGHT_BY: Record<AddressesFault, string> = {
  'links-left-out': 'response_schema_conformance',
  'address-not-ipv4': 'response_schema_conformance',
  'delete-answers-nothing': 'response_schema_conformance',
  'deleted-key-readable': 'deleted_item_gone',
};

describe('the addresses document against a server written by hand', () => {
  it.each([1, 2])('finds nothing in the correct server (seed %i)', async (seed) => {
    const result = await runAgainst(undefined, seed);
    expect(result.violations).toEqual([]);
    expect(result.exitCode).toBe(0);
  });

  for (const fault of Object.keys(ADDRESSES_FAULTS) as AddressesFault[]) {
    it.each([1, 2])(`catches ${fault} (seed %i)`, async (seed) => {
      const result = await runAgainst(fault, seed);
      expect(result.exitCode).toBe(1);
      expect(result.violations.map((v) => v.check)).toContain(CAUGHT_BY[fault]);
    });
  }
});

describe('the mock of the addresses document', () => {
  const app = createMockApp({ contract, apiKeys: [KEY] });
  const auth = { Authorization: `Bearer ${KEY}` };

  it('names floating IPs by an ipv4 address, and answers their creation with the required links', async () => {
    const made = await request(app).post('/v2/floating_ips').set(auth).send({ region: 'ams3' });
    expect(made.status).toBe(202);
    expect(made.body.floating_ip.ip).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    expect(Array.isArray(made.body.links.actions)).toBe(true);
    const read = await request(app).get(`/v2/floating_ips/${made.body.floating_ip.ip}`).set(auth);
    expect(read.status).toBe(200);
    expect(read.body.floating_ip).toEqual(made.body.floating_ip);
  });

  it('gives keys uuid ids (the delete requires one, the read does not say), and a deletion answers the id', async () => {
    const made = await request(app).post('/v2/keys').set(auth).send({ name: 'deploy' });
    expect(made.status).toBe(201);
    const { id } = made.body.key;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    const removed = await request(app).delete(`/v2/keys/${id}`).set(auth);
    expect(removed.status).toBe(200);
    expect(removed.body.id).toBe(id);
    expect((await request(app).get(`/v2/keys/${id}`).set(auth)).status).toBe(404);
  });
});
