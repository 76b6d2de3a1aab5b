// What the run itself has taken and touched: values of unique members its creations carry (no two
// creations meet on a key), and the items it changes or deletes (their change in a later list is
// the run's doing, not the service's).
import type { CollectionSpec } from '../../spec/index.js';

export class RunLedger {
  /** Ids (exact text) of items the run itself changes or deletes, by collection path: their
   * absence or change in a later list is the run's doing. */
  private readonly changedByRun = new Map<string, Set<string>>();
  /** Values of unique members (keys the client chooses) the run's bodies carry, by collection and
   * member: the item maker and the operation cases draw from one pool, so no two creations meet. */
  private readonly claimed = new Map<string, Set<string>>();

  /** Takes a value of a unique member for one creation: false where another already took it. */
  claim(collection: CollectionSpec, member: string, value: unknown): boolean {
    const key = `${collection.path} ${member}`;
    let values = this.claimed.get(key);
    if (!values) this.claimed.set(key, (values = new Set()));
    const text = JSON.stringify(value);
    if (values.has(text)) return false;
    values.add(text);
    return true;
  }

  /** Notes an item (by idKey) that the run itself will change or delete. */
  markChangedByRun(collection: CollectionSpec, id: string): void {
    let ids = this.changedByRun.get(collection.path);
    if (!ids) this.changedByRun.set(collection.path, (ids = new Set()));
    ids.add(id);
  }

  /** Whether the run itself changes or deletes this item (by idKey). */
  changedByRunHas(collection: CollectionSpec, id: string): boolean {
    return this.changedByRun.get(collection.path)?.has(id) ?? false;
  }

  /** Values the run took from the target for a member of an operation's bodies (a parent's total a
   * payment must equal), as JSON text, with the path values of the parent they came from: a body
   * sent under that parent carrying one names it, it did not draw it. */
  private readonly taken = new Map<string, { value: string; parent: Readonly<Record<string, string>> }[]>();

  noteTakenValue(
    operationId: string,
    member: string,
    value: unknown,
    parent: Readonly<Record<string, string>> = {},
  ): void {
    const key = `${operationId} ${member}`;
    let values = this.taken.get(key);
    if (!values) this.taken.set(key, (values = []));
    values.push({ value: JSON.stringify(value), parent });
  }

  /** The members of a body that carry values the run took for them. */
  takenMembers(operationId: string, body: unknown, pathParams: Readonly<Record<string, string>> = {}): string[] {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) return [];
    const under = (parent: Readonly<Record<string, string>>) =>
      Object.entries(parent).every(([name, text]) => pathParams[name] === text);
    return Object.entries(body).flatMap(([member, value]) => {
      const held = this.taken.get(`${operationId} ${member}`);
      const text = held && JSON.stringify(value);
      return held?.some((taken) => taken.value === text && under(taken.parent)) ? [member] : [];
    });
  }
}
