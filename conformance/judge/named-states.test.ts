// A refusal blaming the state of an item the input names by a value taken from a list.
import { describe, expect, it } from 'vitest';
import { namedItemStateRefused } from './named-states.js';

const refusal = (body: unknown, sent?: unknown) =>
  ({
    body: { kind: 'json', value: body },
    exchange: { ok: true, response: { status: 422, text: JSON.stringify(body) } },
    testCase: sent === undefined ? {} : { payload: { kind: 'json', value: sent } },
  }) as never;

describe('a refusal that blames a named item', () => {
  it('names the member pointed at where the words blame its item’s state', () => {
    const body = { error: { details: [{ field: 'technicianId', issue: 'Technician tec_1 is not active' }] } };
    expect(namedItemStateRefused(refusal(body), ['technicianId', 'partId'])).toEqual(['technicianId']);
  });

  it('names nothing where the words blame the value, or point at another member', () => {
    const unknown = { error: { details: [{ field: 'technicianId', issue: 'No technician has id x' }] } };
    expect(namedItemStateRefused(refusal(unknown), ['technicianId'])).toEqual([]);
    const other = { error: { details: [{ field: 'hours', issue: 'closed work orders take no lines' }] } };
    expect(namedItemStateRefused(refusal(other), ['technicianId'])).toEqual([]);
  });

  it('names the member whose value the words name beside its item’s state, pointing nowhere', () => {
    const body = { code: 'unprocessable', message: 'supplier sup_1003 is inactive' };
    expect(namedItemStateRefused(refusal(body, { supplierId: 'sup_1003' }), ['supplierId'])).toEqual(['supplierId']);
    expect(namedItemStateRefused(refusal(body, { supplierId: 'sup_1001' }), ['supplierId'])).toEqual([]);
  });
});
