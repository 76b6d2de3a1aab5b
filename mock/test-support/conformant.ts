// Test helper: every response the mock sends in a test goes through here and is checked against
// the document: a documented status, a JSON body valid for its schema, an Error whose status is
// the HTTP status. Off-contract paths (404, 405) must still answer with the Error shape.
import type { Response } from 'supertest';
import { expect } from 'vitest';
import { type Contract, describeIssues, responseFor } from '../../spec/index.js';
import { createRouter } from '../core/router.js';

export function conformanceChecker(contract: Contract) {
  const router = createRouter(contract);
  const errorValidator = contract.operations.flatMap((op) => op.responses).find((r) => r.statusProperty)
    ?.content[0]?.validator;
  if (!errorValidator) throw new Error('the document has no Error schema');
  let checked = 0;
  return {
    get checked() {
      return checked;
    },
    expectConformant(res: Response, method: string, path: string): void {
      checked++;
      const route = router.match(method, path.split('?')[0]!);
      if (res.status === 204 || method === 'HEAD') return;
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const body = JSON.parse(res.text) as unknown;
      if (route.kind !== 'matched') {
        expect(describeIssues(errorValidator.validate(body))).toBe('');
        expect((body as { status: number }).status).toBe(res.status);
        return;
      }
      const response = responseFor(route.operation, res.status);
      expect(response, `status ${res.status} documented for ${method} ${path}`).toBeDefined();
      const validator = response!.content[0]?.validator;
      if (validator) expect(describeIssues(validator.validate(body)), `${method} ${path} ${res.status}`).toBe('');
      if (response!.statusProperty)
        expect((body as Record<string, unknown>)[response!.statusProperty]).toBe(res.status);
      if (res.status >= 400) {
        expect(describeIssues(errorValidator.validate(body))).toBe('');
        expect((body as { status: number }).status).toBe(res.status);
      }
    },
  };
}
