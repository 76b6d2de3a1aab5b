// An item the client makes straight into a later state (`state: done`) carries that state's instant
// (`doneAt`), stamped at its creation; one made in its first state has it null.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { doneTasksContract as contract } from '../fixtures/done-tasks-document.js';
import { createMockApp } from './index.js';

describe("a new item's state instant", () => {
  it('is stamped where it is made in that state, and null otherwise', async () => {
    const app = createMockApp({ contract, apiKeys: [], seed: null });
    const before = Date.now();
    const done = await request(app).post('/tasks').send({ title: 'shipped', state: 'done' });
    expect(done.status).toBe(201);
    expect(Date.parse(done.body.doneAt)).toBeGreaterThanOrEqual(before - 1000);
    const open = await request(app).post('/tasks').send({ title: 'later' });
    expect(open.body).toMatchObject({ state: 'open', doneAt: null });
  });
});
