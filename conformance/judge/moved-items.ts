// Items the run's own actions moved: a POST below an item (`/orders/{orderId}/cancel`, a line added
// to `/carts/{cartId}/lines`) that the service took. A documented conflict (409) on a later write to
// the same item is then the state the run left it in (an order it cancelled cannot be paid), not a
// refusal of valid input: the run drew no state, it made one.
import { collectionKey } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import type { Exchange } from '../send/http.js';

/** The path with its parameters' values, as the store keys an item's children (parents.ts). */
const filled = (testCase: TestCase, path: string) => collectionKey(path, testCase.pathParams ?? {});

/** The item a request's path names below it: the path up to its last parameter, filled. */
function itemBelow(testCase: TestCase): string | undefined {
  const path = testCase.operation.path;
  const end = path.lastIndexOf('}');
  return end < 0 || end === path.length - 1 ? undefined : filled(testCase, path.slice(0, end + 1));
}

/** The item a write names: below it, or itself (its path ends with its parameter). */
const itemOf = (testCase: TestCase): string | undefined =>
  testCase.operation.path.endsWith('}') ? filled(testCase, testCase.operation.path) : itemBelow(testCase);

export class MovedItems {
  private readonly moved = new Set<string>();

  /** Notes the item below a POST the service took (a 2xx). */
  note(testCase: TestCase, exchange: Exchange): void {
    if (testCase.operation.method !== 'POST' || !exchange.ok) return;
    const status = exchange.response.status;
    const item = status >= 200 && status < 300 ? itemBelow(testCase) : undefined;
    if (item !== undefined) this.moved.add(item);
  }

  /** Whether the write names an item a POST of the run's moved before. */
  movedBefore(testCase: TestCase): boolean {
    if (testCase.operation.method === 'GET') return false;
    const item = itemOf(testCase);
    return item !== undefined && this.moved.has(item);
  }
}
