// The mock serves what a rental's words say its actions do to the tools its lines name: confirm
// needs a line and refuses a tool that is not available, then reserves its tools; cancel of a
// confirmed rental frees them. A line naming no tool is refused with the documented 422, and
// nothing changes.
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { toolDeskDocument } from '../fixtures/tool-desk-document.js';
import { contractFromDocument } from '../spec/index.js';
import { createMockApp } from './index.js';

const desk = () => request(createMockApp({ contract: contractFromDocument(toolDeskDocument), apiKeys: [] }));
type Desk = ReturnType<typeof desk>;

async function toolAndRental(app: Desk, name = 'drill') {
  const [depot] = (await app.get('/depots')).body;
  const tool = (await app.post('/tools').send({ name, depotId: depot.id, rate: 7 })).body;
  const rental = (await app.post('/rentals').send({ customer: 'Ann' })).body;
  return { tool, rental };
}

describe('what a rental does to the tools its lines name', () => {
  it("counts a depot's available tools, and no longer one a confirmed rental reserved", async () => {
    const app = desk();
    const { tool, rental } = await toolAndRental(app);
    const available = async () => (await app.get(`/depots/${tool.depotId}`)).body.availableCount;
    const before = await available();
    await app.post(`/rentals/${rental.id}/lines`).send({ toolId: tool.id });
    await app.post(`/rentals/${rental.id}/confirm`);
    expect(await available()).toBe(before - 1);
  });

  it("copies the tool's rate into a line as it is when the line is added", async () => {
    const app = desk();
    const { tool, rental } = await toolAndRental(app);
    const line = await app.post(`/rentals/${rental.id}/lines`).send({ toolId: tool.id });
    expect(tool.rate).toBe(7);
    expect(line.body.rate).toBe(tool.rate);
  });

  it('refuses a tool in a depot that does not exist', async () => {
    const refused = await desk().post('/tools').send({ name: 'saw', depotId: 'd9', rate: 7 });
    expect(refused.status).toBe(422);
  });

  it('refuses confirm without a line, reserves the tools on confirm and frees them on cancel', async () => {
    const app = desk();
    const { tool, rental } = await toolAndRental(app);
    expect((await app.post(`/rentals/${rental.id}/confirm`)).status).toBe(409);
    expect((await app.post(`/rentals/${rental.id}/lines`).send({ toolId: tool.id })).status).toBe(201);
    expect((await app.post(`/rentals/${rental.id}/confirm`)).body.status).toBe('confirmed');
    expect((await app.get(`/tools/${tool.id}`)).body.status).toBe('reserved');
    expect((await app.post(`/rentals/${rental.id}/cancel`)).body.status).toBe('cancelled');
    expect((await app.get(`/tools/${tool.id}`)).body.status).toBe('available');
  });

  it('refuses to confirm a rental naming a tool another rental reserved, and changes nothing', async () => {
    const app = desk();
    const { tool, rental } = await toolAndRental(app);
    await app.post(`/rentals/${rental.id}/lines`).send({ toolId: tool.id });
    await app.post(`/rentals/${rental.id}/confirm`);
    const second = (await app.post('/rentals').send({ customer: 'Bo' })).body;
    expect((await app.post(`/rentals/${second.id}/lines`).send({ toolId: tool.id })).status).toBe(201);
    const refused = await app.post(`/rentals/${second.id}/confirm`);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain(String(tool.id));
    expect((await app.get(`/rentals/${second.id}`)).body.status).toBe('draft');
  });

  it('refuses a line naming no tool with the documented 422', async () => {
    const app = desk();
    const { rental } = await toolAndRental(app);
    const refused = await app.post(`/rentals/${rental.id}/lines`).send({ toolId: 'no-such-tool' });
    expect(refused.status).toBe(422);
    expect(refused.body.code).toBe('unknown_reference');
    expect((await app.get(`/rentals/${rental.id}/lines`)).body).toEqual([]);
  });
});
