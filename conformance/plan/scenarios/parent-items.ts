// The parent item a nested collection's path values name, for the times its children are bound to
// (anchors.ts): one the run made is known to the context; any other is read once and then known.
import { answeredItem, type CollectionSpec } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequence-runner.js';

type Item = Record<string, unknown>;

export class ParentItems {
  /** Parent items read, once each. */
  private readonly reads = new Map<string, Promise<Item | undefined>>();

  constructor(
    private readonly context: PlanContext,
    private readonly runner: Pick<SequenceRunner, 'send' | 'stopped'>,
  ) {}

  async of(collection: CollectionSpec, values: Readonly<Record<string, string>>): Promise<Item | undefined> {
    const parent = this.context.anchors.parentOf(collection, values);
    if (!parent || parent.item) return parent?.item as Item | undefined;
    const { collection: above, id } = parent;
    const key = `${above.path} ${JSON.stringify(values)}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.read(above, { ...values, ...(above.read ? { [above.read.parameter]: id } : {}) });
      this.reads.set(key, read);
    }
    const item = await read;
    if (item) this.context.anchors.remember(above, values, id, item);
    return item;
  }

  private async read(collection: CollectionSpec, values: Readonly<Record<string, string>>): Promise<Item | undefined> {
    const read = collection.read?.operation;
    if (!read || this.runner.stopped()) return undefined;
    const exchange = await this.runner.send(
      this.context.testCase(read, {
        kind: 'positive',
        plain: true,
        pathParams: values,
        what: 'for the times its children are bound to',
      }),
    );
    if (!exchange?.ok || exchange.response.status >= 300) return undefined;
    try {
      return answeredItem(collection, JSON.parse(exchange.response.text));
    } catch {
      return undefined;
    }
  }
}
