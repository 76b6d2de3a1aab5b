// A deletion moves the items naming the deleted item as its words say ("Every `active` enrollment of
// the learner becomes `cancelled`"), in the mock as in the service; the runner finds nothing to say.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { learnersContract as contract } from '../fixtures/learners-document.js';
import { createMockApp } from './index.js';

describe('what a deletion does to the items naming the item, in the mock', () => {
  it("cancels the learner's active enrollments when the learner is deleted", async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const learner = await request(app).post('/learners').send({ name: 'Ada' });
    expect(learner.status).toBe(201);
    const enrollment = await request(app).post('/enrollments').send({ learnerId: learner.body.id });
    expect(enrollment.status).toBe(201);
    expect(enrollment.body.status).toBe('active');
    expect((await request(app).delete(`/learners/${learner.body.id}`)).status).toBe(204);
    const read = await request(app).get(`/enrollments/${enrollment.body.id}`);
    expect(read.body).toMatchObject({ id: enrollment.body.id, status: 'cancelled' });
  });

  it('passes the runner, the deletion step run', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const result = await runConformance({ target: { app }, contract, seed: 26 });
    expect(result.violations.filter((v) => v.severity !== 'note').map((v) => `${v.code}: ${v.message}`)).toEqual([]);
    expect((result.reach?.unreached ?? []).filter((u) => u.scenario === 'referrer effects')).toEqual([]);
  });
});
