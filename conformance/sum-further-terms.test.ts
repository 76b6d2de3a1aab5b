// A total whose words add a term the rule does not read ("the sum over all lines of quantity times
// unit price, plus labour charged at 9000 cents for every hour") is more than its lines: not judged
// as their sum. Without the further term it is, and a total off from its lines is named.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { parseObject, readBody, sendJson as send } from '../fixtures/http-bodies.js';
import { contractFromDocument } from '../spec/index.js';
import { runConformance } from './index.js';

const json = (schema: unknown) => ({ 'application/json': { schema } });
const line = {
  type: 'object',
  required: ['quantity', 'unitPriceCents'],
  properties: {
    quantity: { type: 'integer', minimum: 1, maximum: 9 },
    unitPriceCents: { type: 'integer', minimum: 1, maximum: 5000 },
  },
};
const input = {
  type: 'object',
  additionalProperties: false,
  required: ['lines', 'labourHours'],
  properties: {
    lines: { type: 'array', minItems: 1, maxItems: 3, items: line },
    labourHours: { type: 'integer', minimum: 0, maximum: 8 },
  },
};

function contractSaying(totalWords: string) {
  const order = {
    type: 'object',
    required: ['id', 'lines', 'labourHours', 'totalCents'],
    properties: {
      id: { type: 'string', readOnly: true },
      ...input.properties,
      totalCents: { type: 'integer', readOnly: true, description: totalWords },
    },
  };
  return contractFromDocument({
    openapi: '3.0.3',
    info: { title: 'orders', version: '1' },
    paths: {
      '/orders': {
        post: {
          requestBody: { required: true, content: json(input) },
          responses: { '201': { description: 'made', content: json(order) }, '400': { description: 'bad' } },
        },
      },
    },
  });
}

/** Lines plus labour at 9000 an hour. */
async function shop(req: IncomingMessage, res: ServerResponse) {
  const body = parseObject(await readBody(req));
  const lines = body?.lines as { quantity: number; unitPriceCents: number }[] | undefined;
  const hours = body?.labourHours;
  const fine = (value: unknown, most: number) =>
    Number.isInteger(value) && (value as number) >= 1 && (value as number) <= most;
  const valid =
    body &&
    Object.keys(body).sort().join() === 'labourHours,lines' &&
    Array.isArray(lines) &&
    lines.length >= 1 &&
    lines.length <= 3 &&
    lines.every(
      (l) =>
        l &&
        Object.keys(l).sort().join() === 'quantity,unitPriceCents' &&
        fine(l.quantity, 9) &&
        fine(l.unitPriceCents, 5000),
    ) &&
    Number.isInteger(hours) &&
    (hours as number) >= 0 &&
    (hours as number) <= 8;
  if (!valid) return send(res, 400, {});
  const sum = lines!.reduce((total, l) => total + l.quantity * l.unitPriceCents, 0);
  return send(res, 201, { id: 'o1', lines, labourHours: hours, totalCents: sum + (hours as number) * 9000 });
}

const sumFindings = async (words: string) => {
  const report = await runConformance({ target: { app: shop }, contract: contractSaying(words), seed: 4, runs: 5 });
  return report.violations.filter((v) => v.code === 'sum_not_adding_up').length;
};

describe('a total with a further term in words', () => {
  it('is not judged as the sum of its lines', async () => {
    expect(
      await sumFindings(
        'The sum over all lines of quantity times unitPriceCents, plus labour charged at 9000 cents for every hour.',
      ),
    ).toBe(0);
  });

  it('is judged where the words say the lines alone', async () => {
    expect(await sumFindings('The sum over all lines of quantity times unitPriceCents.')).toBeGreaterThan(0);
  });
});
