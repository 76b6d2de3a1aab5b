// An action its words refuse while a member of the item is unset ("refused with `409` while no worker
// is assigned"), in the mock as in the service.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { assignedJobsContract as contract } from '../fixtures/assigned-jobs-document.js';
import { createMockApp } from './index.js';

describe('an action that needs a member set, in the mock', () => {
  it('refuses to start a job without a worker, and starts one with', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const bare = await request(app).post('/jobs').send({ title: 'Oil change' });
    expect(bare.status).toBe(201);
    expect((await request(app).post(`/jobs/${bare.body.id}/start`)).status).toBe(409);
    const worker = await request(app).post('/workers').send({ name: 'Ana' });
    const assigned = await request(app).post('/jobs').send({ title: 'Brakes', workerId: worker.body.id });
    const started = await request(app).post(`/jobs/${assigned.body.id}/start`);
    expect(started.status).toBe(200);
    expect(started.body.status).toBe('in_progress');
  });
});
