// A member that names another resource's item (categoryId where the document has /categories): a
// made-up id names an item that exists nowhere, and a documented refusal of it is right.
import { createServer, type RequestListener } from 'node:http';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadContract } from '../spec/index.js';
import { runConformance } from './run.js';

const KEY = 'references-Key-77';
const DOCUMENT = fileURLToPath(new URL('../fixtures/documents/references-openapi.yaml', import.meta.url));

/** The service of the document: pets of category 1 only, other categories refused with `refusal`. */
function petService(refusal: number, refuseAll = false, takesStatus = false): RequestListener {
  const pets: Array<Record<string, unknown>> = [];
  const send = (res: Parameters<RequestListener>[1], status: number, body: unknown) => {
    // A 401 carries its challenge (RFC 9110 11.6.1).
    res.writeHead(status, {
      'Content-Type': 'application/json',
      ...(status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {}),
    });
    res.end(JSON.stringify(body));
  };
  const error = (res: Parameters<RequestListener>[1], status: number, code: string) =>
    send(res, status, { code, message: code, status });
  return (req, res) => {
    let text = '';
    req.on('data', (chunk) => (text += chunk));
    req.on('end', () => {
      if (req.headers.authorization !== `Bearer ${KEY}`) return error(res, 401, 'unauthorized');
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/v1/categories') return send(res, 200, [{ id: 1, name: 'Dogs' }]);
      if (req.method === 'GET' && path === '/v1/pets') return send(res, 200, pets);
      if (req.method !== 'POST' || path !== '/v1/pets') return error(res, 404, 'not_found');
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(text);
      } catch {
        return error(res, 400, 'malformed');
      }
      const keys = Object.keys(body ?? {});
      const valid =
        body &&
        typeof body === 'object' &&
        !Array.isArray(body) &&
        typeof body.name === 'string' &&
        body.name.length >= 1 &&
        body.name.length <= 40 &&
        Number.isInteger(body.categoryId) &&
        (body.categoryId as number) >= 1 &&
        keys.every((key) => key === 'name' || key === 'categoryId' || (takesStatus && key === 'status'));
      if (!valid) return error(res, 400, 'invalid_body');
      if (refuseAll || body.categoryId !== 1) return error(res, refusal, 'no_such_category');
      const status = takesStatus && body.status === 'adopted' ? 'adopted' : 'available';
      const pet = { id: pets.length + 1, name: body.name, categoryId: body.categoryId, status };
      pets.push(pet);
      send(res, 201, pet);
    });
  };
}

async function runAgainst(app: RequestListener) {
  const contract = await loadContract(DOCUMENT);
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(server.address() as { port: number }).port}/v1`;
  try {
    return await runConformance({ target: { baseUrl }, contract, apiKey: KEY, seed: 8, runs: 10 });
  } finally {
    server.closeAllConnections();
    server.close();
  }
}

describe('a member that names another resource', () => {
  it('a made-up categoryId refused with a documented 422 is a note, not a failure', async () => {
    const result = await runAgainst(petService(422));
    expect(result.violations.filter((v) => v.check === 'positive_data_acceptance')).toEqual([]);
    const note = result.notes.find((n) => n.code === 'referenced_item_unknown');
    expect(note).toMatchObject({ operation: 'createPet', fields: { status: 422, property: 'categoryId' } });
  });

  // Plain cases and every scenario's items name listed categories now; the cases left with a made-up
  // id are unusual ones (an edge-value name), whose generic 400 reads as a note of its own.
  it('a made-up categoryId refused with a documented 400 is a note, not a failure', async () => {
    const result = await runAgainst(petService(400));
    expect(result.violations.filter((v) => v.check === 'positive_data_acceptance')).toEqual([]);
    const note = result.notes.find((n) => n.code === 'referenced_item_unknown' || n.code === 'unusual_input_refused');
    expect(note).toMatchObject({ operation: 'createPet', fields: { status: 400 } });
  });

  it('plain valid input names a listed category, so a service that refuses every pet is caught', async () => {
    const fine = await runAgainst(petService(422));
    expect(fine.violations).toEqual([]);
    const refusing = await runAgainst(petService(422, true));
    const refused = refusing.violations.find((v) => v.check === 'positive_data_acceptance');
    expect(refused).toMatchObject({ code: 'valid_input_refused', operation: 'createPet' });
    expect(refused?.caseLabel).toContain('(categoryId of a listed item)');
    expect(JSON.parse(refused!.request.body!)).toMatchObject({ categoryId: 1 });
  });

  it('an undocumented refusal of it is still a failure', async () => {
    const result = await runAgainst(petService(409));
    expect(result.violations.map((v) => v.check)).toContain('status_code_conformance');
    expect(result.violations.map((v) => v.check)).toContain('positive_data_acceptance');
  });
});

describe('a service-assigned enum sent to a closed request schema', () => {
  it('is refused by the correct service, and caught where it is taken', async () => {
    const correct = await runAgainst(petService(422));
    expect(correct.violations).toEqual([]);
    const taking = await runAgainst(petService(422, false, true));
    const accepted = taking.violations.find((v) => v.check === 'negative_data_rejection');
    expect(accepted).toMatchObject({ code: 'invalid_input_accepted', operation: 'createPet' });
    expect(accepted?.caseLabel).toContain('service-assigned status');
  });
});
