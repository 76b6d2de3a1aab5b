// A deletion moves the items naming the deleted item as its words say ("Every `active` enrollment of
// the learner becomes `cancelled`"), in the mock as in the service.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
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
});
