// A member left out of a creation takes the value of the item the body names, where the words say
// so ("`unitPriceCents` defaults to the part's current `unitPriceCents`"), in the mock as in the
// service; a member sent is kept.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { partsContract as contract } from '../fixtures/parts-document.js';
import { createMockApp } from './index.js';

describe("members defaulting to the named item's, in the mock", () => {
  it("gives a line the part's price and name, and keeps the ones sent", async () => {
    const app = createMockApp({ contract, apiKeys: [] });
    const part = await request(app).post('/parts').send({ name: 'Brake pad', unitPriceCents: 4200 });
    expect(part.status).toBe(201);
    const left = await request(app).post('/lines').send({ partId: part.body.id, quantity: 2 });
    expect(left.body).toMatchObject({ unitPriceCents: 4200, description: 'Brake pad' });
    const sent = await request(app)
      .post('/lines')
      .send({ partId: part.body.id, quantity: 1, unitPriceCents: 99, description: 'Discounted' });
    expect(sent.body).toMatchObject({ unitPriceCents: 99, description: 'Discounted' });
  });
});
