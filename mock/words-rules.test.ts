// Rules the document says in words, served by the mock: a PUT that "replaces" resets what it leaves
// out (the default, else null), and a book that still has copies is not deleted (the documented 409).
import { fileURLToPath } from 'node:url';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { createMockApp } from './index.js';

const contract = await loadContract(fileURLToPath(new URL('../fixtures/panels/library/openapi.yaml', import.meta.url)));
const KEY = 'words-rules-test';
const headers = { Authorization: `Bearer ${KEY}`, 'Content-Type': 'application/json' };
// Not the document's example ISBN: the seeded mock holds that book, with copies.
const ISBN = '9780306406157';

describe('rules said in words', () => {
  it('a replacing PUT resets the members it leaves out, and keeps nothing of the old values', async () => {
    const app = createMockApp({ contract, apiKeys: [KEY], seed: null });
    const made = await request(app)
      .put(`/v1/books/${ISBN}`)
      .set(headers)
      .send({ title: 'First', authors: ['A'], publishedYear: 1996, language: 'fr' });
    expect(made.status).toBe(201);
    const replaced = await request(app)
      .put(`/v1/books/${ISBN}`)
      .set(headers)
      .send({ title: 'Second', authors: ['B'] });
    expect(replaced.status).toBe(200);
    expect(replaced.body).toMatchObject({ title: 'Second', publishedYear: null, language: 'en' });
    const read = await request(app).get(`/v1/books/${ISBN}`).set(headers);
    expect(read.body).toMatchObject({ title: 'Second', publishedYear: null, language: 'en' });
  });

  it('refuses deleting a book that has a copy with the documented 409, then deletes it once the copy is gone', async () => {
    // Seeded: the branches a copy stands in are read-only.
    const app = createMockApp({ contract, apiKeys: [KEY] });
    await request(app)
      .put(`/v1/books/${ISBN}`)
      .set(headers)
      .send({ title: 'T', authors: ['A'] });
    const branches = await request(app).get('/v1/branches').set(headers);
    const copy = await request(app)
      .post(`/v1/books/${ISBN}/copies`)
      .set(headers)
      .send({ branchId: branches.body[0].id });
    expect(copy.status).toBe(201);
    const refused = await request(app).delete(`/v1/books/${ISBN}`).set(headers);
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    expect((await request(app).get(`/v1/books/${ISBN}/copies/${copy.body.copyNumber}`).set(headers)).status).toBe(200);
    expect((await request(app).delete(`/v1/books/${ISBN}/copies/${copy.body.copyNumber}`).set(headers)).status).toBe(
      204,
    );
    expect((await request(app).delete(`/v1/books/${ISBN}`).set(headers)).status).toBe(204);
    expect((await request(app).get(`/v1/books/${ISBN}`).set(headers)).status).toBe(404);
  });

  it("derives a loan's dueAt from its loanedAt, and keeps a copy on loan from deletion with the documented 409", async () => {
    const app = createMockApp({ contract, apiKeys: [KEY] });
    const isbn = '9780131103627';
    await request(app)
      .put(`/v1/books/${isbn}`)
      .set(headers)
      .send({ title: 'C', authors: ['K', 'R'] });
    const branches = await request(app).get('/v1/branches').set(headers);
    const copy = await request(app)
      .post(`/v1/books/${isbn}/copies`)
      .set(headers)
      .send({ branchId: branches.body[0].id });
    const member = await request(app).post('/v1/members').set(headers).send({ name: 'Ann', email: 'ann@example.org' });
    const loan = await request(app)
      .post('/v1/loans')
      .set(headers)
      .send({ isbn, copyNumber: copy.body.copyNumber, memberId: member.body.id });
    expect(loan.status).toBe(201);
    expect(Date.parse(loan.body.dueAt) - Date.parse(loan.body.loanedAt)).toBe(14 * 86_400_000);
    const refused = await request(app).delete(`/v1/books/${isbn}/copies/${copy.body.copyNumber}`).set(headers);
    expect(refused.status).toBe(409);
    expect((await request(app).get(`/v1/books/${isbn}/copies/${copy.body.copyNumber}`).set(headers)).status).toBe(200);
  });
});
