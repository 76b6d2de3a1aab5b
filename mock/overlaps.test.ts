// Items that must not overlap in time (the timesheets document: half-open intervals [startedAt,
// startedAt + minutes), compared as instants): the mock refuses an overlapping entry with the
// documented 409, whatever offset it is written with, and takes one that starts as another ends.
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = await loadContract(
  fileURLToPath(new URL('../fixtures/panels/timesheets/openapi.yaml', import.meta.url)),
);
const KEY = 'overlaps-test';
const headers = { 'X-Api-Key': KEY, 'Content-Type': 'application/json' };

describe('entries that must not overlap', () => {
  it('refuses an overlapping entry (any offset) with 409 and takes a touching one', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY], seed: null });
    const base = '/v1/workspaces/overlap-test';
    expect(
      (await request(app).post('/v1/workspaces').set(headers).send({ slug: 'overlap-test', name: 'O' })).status,
    ).toBe(201);
    const project = await request(app).post(`${base}/projects`).set(headers).send({ name: 'P' });
    expect(project.status).toBe(201);
    const sheet = await request(app).post(`${base}/timesheets`).set(headers).send({ weekStart: '2030-01-07' });
    expect(sheet.status).toBe(201);
    const entries = `${base}/timesheets/${sheet.body.number}/entries`;
    const entry = (startedAt: string, minutes: number) =>
      request(app).post(entries).set(headers).send({ projectId: project.body.id, startedAt, minutes });
    expect((await entry('2030-01-08T09:00:00Z', 60)).status).toBe(201);
    expect((await entry('2030-01-08T09:30:00Z', 60)).status).toBe(409);
    expect((await entry('2030-01-08T10:30:00+01:00', 15)).status).toBe(409);
    expect((await entry('2030-01-08T10:00:00Z', 30)).status).toBe(201);
  });
});
