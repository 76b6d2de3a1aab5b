// Keys the run's own writes made items at: the path values of a PUT that succeeded (an upsert at a
// free key) and a creation's client-chosen key. A probe of a parent that "names no item" draws its
// key from a small space too (three capital letters): where the run made an item at that very key,
// the probe met the run's own item, and its success says nothing.
import type { CollectionSpec, Operation } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';
import { asObject } from './json-body.js';
import { clientKeyMembers } from './sent-keys.js';

const MISSING_PARENT = /^path parameter (\S+) names no item$/;

export class MadeKeys {
  private readonly made = new Set<string>();
  /** The key member of each creation whose collection the client keys. */
  private readonly keyOf: ReadonlyMap<Operation, string>;

  constructor(collections: readonly CollectionSpec[]) {
    this.keyOf = clientKeyMembers(collections);
  }

  /** Notes the keys a write that succeeded made an item at. */
  note(testCase: TestCase, exchange: Exchange): void {
    if (!exchange.ok || exchange.response.status >= 300) return;
    if (testCase.operation.method === 'PUT')
      for (const value of Object.values(testCase.pathParams ?? {})) this.made.add(value);
    const member = this.keyOf.get(testCase.operation);
    const body =
      member !== undefined && testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined;
    const key = member !== undefined ? body?.[member] : undefined;
    if (typeof key === 'string' || typeof key === 'number') this.made.add(String(key));
  }

  /** Whether the case probes a missing parent at a key the run made an item at. */
  probesOwnItem(testCase: TestCase): boolean {
    const parameter = MISSING_PARENT.exec(testCase.mutation ?? '')?.[1];
    const value = parameter === undefined ? undefined : testCase.pathParams?.[parameter];
    return value !== undefined && this.made.has(value);
  }
}
