// Items the run's own writes named: the values a write the service took sent under a member that
// names another resource's item (`productId`, an order line's `lines[].productId`). A documented
// conflict (409) on deleting such an item is the run's own doing (its orders hold the product), not
// a refusal of valid input.

import { referencedName } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export class SentReferences {
  private readonly named = new Set<string>();

  /** Notes the references of a write the service took (a 2xx). */
  note(testCase: TestCase, exchange: Exchange): void {
    if (!WRITES.has(testCase.operation.method) || !exchange.ok) return;
    const status = exchange.response.status;
    if (status < 200 || status >= 300 || testCase.payload?.kind !== 'json') return;
    this.walk(testCase.payload.value, 0);
  }

  private walk(value: unknown, depth: number): void {
    if (depth > 5 || typeof value !== 'object' || value === null) return;
    for (const [key, inner] of Object.entries(value)) {
      const scalar = typeof inner === 'string' || typeof inner === 'number';
      if (scalar && !Array.isArray(value) && referencedName(key) !== undefined) this.named.add(String(inner));
      else this.walk(inner, depth + 1);
    }
  }

  /** Whether a deletion's item (its path's last parameter) is one the run's taken writes named. */
  namesDeleted(testCase: TestCase): boolean {
    const value = deletedItemOf(testCase);
    return value !== undefined && this.named.has(value);
  }
}

/** The item a DELETE names: its path's last parameter's value. */
export function deletedItemOf(testCase: TestCase): string | undefined {
  if (testCase.operation.method !== 'DELETE') return undefined;
  const last = /\{([^}]+)\}[^{]*$/.exec(testCase.operation.path)?.[1];
  return last === undefined ? undefined : testCase.pathParams?.[last];
}
