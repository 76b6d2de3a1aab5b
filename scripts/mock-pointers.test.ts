// The mock's refusal of one invalid member points at it where the document's error has a
// `pointer`: the runner's pointer check then finds nothing to say of the mock.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { runConformance } from '../conformance/index.js';
import { notesContract } from '../fixtures/pointed-notes.js';
import { createMockApp } from '../mock/index.js';

const contract = notesContract;

describe("the mock's refusal of one invalid member", () => {
  it('points at that member, and the runner finds nothing to say of it', async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const answer = await request(app)
      .post('/notes')
      .send({ title: 'x'.repeat(21), tag: 'home' });
    expect(answer.status).toBe(400);
    expect(answer.body.errors[0].pointer).toBe('/title');
    const result = await runConformance({ target: { app }, contract, seed: 5 });
    expect(result.violations.filter((v) => v.code === 'refusal_points_at_other_member')).toEqual([]);
  });
});
