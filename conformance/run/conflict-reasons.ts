// Why a 409 to a valid creation may be no fault: the key it chose is held by an item that exists, or
// the document's words tie the conflict to the state of the items the body names.
import { conflictsOnNamedItems, type Operation } from '../../spec/index.js';
import type { Scope } from '../judge/evaluate.js';
import { asObject } from '../judge/json-body.js';
import type { TestCase } from '../model.js';
import type { PlanContext } from '../plan/index.js';
import { nestedReferences, referencedCollections } from '../plan/references.js';
import { smallerAsk } from '../plan/smaller-ask.js';
import type { Exchange } from '../send/http.js';
import type { Sender } from '../send/sender.js';
import type { RunSettings } from './settings.js';

export class ConflictReasons {
  constructor(
    private readonly settings: RunSettings,
    private readonly context: PlanContext,
    private readonly sender: Sender,
  ) {}

  /** Per creation: whether its words tie its 409 to the state of the items it names. */
  private readonly namedConflicts = new Map<Operation, boolean>();

  /** Where a plain creation naming listed items met a documented 409, whether the words tie that 409
   * to the named items' state ("409 when the event is not published"), or else the least the body can
   * ask (numbers at their minimum) is taken: the conflict was over what those items allow. */
  async onNamedItems(testCase: TestCase, exchange: Exchange): Promise<boolean> {
    const { operation, knownReferences, kind, plain } = testCase;
    if (kind !== 'positive' || !knownReferences?.length || !exchange.ok) return false;
    if (exchange.response.status !== 409 || !operation.responses.some((r) => r.status === '409')) return false;
    if (!this.namedConflicts.has(operation)) {
      const { collections } = this.settings.model;
      const named = [
        ...referencedCollections(operation, collections).values(),
        ...nestedReferences(operation, collections).map((found) => found.collection),
      ];
      this.namedConflicts.set(operation, conflictsOnNamedItems(operation, this.settings.contract, named));
    }
    if (this.namedConflicts.get(operation)) return true;
    if (!plain) return false;
    const smaller = smallerAsk(testCase, this.context.requestSchema(operation));
    const answer = smaller ? await this.sender.send(smaller, true) : undefined;
    return answer?.ok === true && answer.response.status < 300;
  }

  /** The key member, where a creation's client-chosen key names an item that exists (a 409 for a key
   * an earlier run, or another client, holds): one read of the item at that key tells. */
  async keyHeld(testCase: TestCase, { collection }: Scope): Promise<string | undefined> {
    const read = collection?.read;
    const body = testCase.payload?.kind === 'json' ? asObject(testCase.payload.value) : undefined;
    const key = collection?.clientKey ? body?.[collection.idProperty] : undefined;
    if (
      !read ||
      collection?.create?.operation !== testCase.operation ||
      (typeof key !== 'string' && typeof key !== 'number')
    )
      return undefined;
    const readCase = this.context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: { ...testCase.pathParams, [read.parameter]: String(key) },
      what: 'to see whether the key is taken',
    });
    const answer = await this.sender.send(readCase, true);
    return answer?.ok && answer.response.status < 300 ? collection.idProperty : undefined;
  }
}
