// Counts the words derive from an item's dates ("`nights` = days from `checkIn` to `checkOut`") are
// filled in by the mock, and what builds on them follows (`total` = `nights` × `nightlyRate`).
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { staysContract } from '../fixtures/stays-document.js';
import { createMockApp } from './index.js';

describe('counts derived from dates', () => {
  it('fills nights from the dates and the total from the nights, seeded stays too', async () => {
    const app = createMockApp({ contract: staysContract, apiKeys: [] });
    const made = await request(app)
      .post('/stays')
      .send({ checkIn: '2031-03-01', checkOut: '2031-03-04', nightlyRate: 120 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ nights: 3, total: 360 });
    const listed = await request(app).get('/stays');
    expect(listed.body.length).toBeGreaterThan(1);
    for (const one of listed.body) {
      const nights = (Date.parse(one.checkOut) - Date.parse(one.checkIn)) / 86_400_000;
      expect([one.nights, one.total]).toEqual([nights, nights * one.nightlyRate]);
    }
  });
});
