// Items the run's own deletions took (a 2xx DELETE): their ids as the path named them. A later write
// that names one of them in its body (a ticket assigned to an agent the run deactivated meanwhile:
// its body was drawn while the agent stood) and meets a documented refusal was refused for what the
// run did, not for its input.
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';
import { deletedItemOf } from './sent-references.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH']);

export class DeletedItems {
  private readonly deleted = new Set<string>();

  /** Notes the item of a deletion the service took: its path's last parameter. */
  note(testCase: TestCase, exchange: Exchange): void {
    const value = exchange.ok ? deletedItemOf(testCase) : undefined;
    const status = exchange.ok ? exchange.response.status : 0;
    if (status >= 200 && status < 300 && value !== undefined) this.deleted.add(value);
  }

  /** The body members of a write that name an item the run deleted, by their path (`lines[].sku`). */
  namedIn(testCase: TestCase): string[] {
    if (!WRITES.has(testCase.operation.method) || testCase.payload?.kind !== 'json' || this.deleted.size === 0)
      return [];
    const found: string[] = [];
    const walk = (value: unknown, at: string, depth: number) => {
      if (depth > 5 || typeof value !== 'object' || value === null) return;
      for (const [key, inner] of Object.entries(value)) {
        const path = Array.isArray(value) ? `${at}[]` : at === '' ? key : `${at}.${key}`;
        const scalar = typeof inner === 'string' || typeof inner === 'number';
        if (scalar && this.deleted.has(String(inner))) found.push(path);
        else walk(inner, path, depth + 1);
      }
    };
    walk(testCase.payload.value, '', 0);
    return [...new Set(found)];
  }
}
