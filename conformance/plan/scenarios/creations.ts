// Every creation of the run, verified at its end. The sequences check their own items; the items
// that plain, whole-value, edge and generated cases created are looked up in one final list per
// parent: present once, with the id the creation answered and every field as sent, and read back by
// id where the document has a read. Truncating storage, ids that differ, capped lists and dropped
// items show here. The log also tells the JSON report which items the run created.
import { type CollectionSpec, listsEveryItem } from '../../../spec/index.js';
import { idKey } from '../../judge/json-body.js';
import type { Creation, Executed } from '../../model.js';
import type { PlanContext } from '../context.js';
import { walkFilteredTotals } from './filtered-totals.js';
import { itemOf, listCollection, readBack, type SequenceRunner } from './sequences.js';

/** One item the run created, for the report: where, its id (exact digits) and what was sent. */
export interface CreatedItem {
  readonly operation: string;
  readonly id: string;
  readonly values: Readonly<Record<string, unknown>>;
}

interface Group {
  readonly collection: CollectionSpec;
  readonly parent: Record<string, string>;
  readonly creations: Creation[];
  /** Bodies of creations refused for their credentials: none may be in the list. */
  readonly refused: Record<string, unknown>[];
  /** Bodies of creations refused as invalid (4xx): none may be in the list. */
  readonly refusedInvalid: Record<string, unknown>[];
}

export class CreationLog {
  private readonly groups = new Map<string, Group>();

  /** `made`: told of every item a valid creation made (the run's own: it may move on by itself, an
   * accepted job's item going from new to active, and no other client changed it). */
  constructor(
    private readonly collections: readonly CollectionSpec[],
    private readonly made: (collection: CollectionSpec, id: string) => void = () => {},
  ) {}

  /** Keeps a successful creation of valid input, with the parent it was created under. */
  record(executed: Executed): void {
    const { testCase, exchange, body } = executed;
    if (exchange.ok && exchange.response.status >= 200 && exchange.response.status < 300) this.forgetChanged(executed);
    if (testCase.payload?.kind !== 'json' || !exchange.ok) return;
    const collection = this.collections.find((c) => c.create?.operation === testCase.operation);
    const sent = testCase.payload.value;
    if (!collection || typeof sent !== 'object' || sent === null || Array.isArray(sent)) return;
    const status = exchange.response.status;
    // Only a refused body marked as the run's own can be told from the others in the list, and only
    // by its marked members: the rest (an enum value, a string copied from a valid body the service
    // took) may rightly be in other items (DigitalOcean's destination type "opensearch_ext").
    const marked = (mark: string) =>
      Object.fromEntries(
        Object.entries(sent as Record<string, unknown>).filter(([, v]) => typeof v === 'string' && v.includes(mark)),
      );
    if (testCase.kind === 'auth' && (status === 401 || status === 403) && testCase.refusalMark) {
      this.groupOf(collection, testCase.pathParams).refused.push(marked(testCase.refusalMark));
      return;
    }
    if (testCase.kind === 'negative' && status >= 400 && status < 500 && status !== 429 && testCase.refusalMark) {
      this.groupOf(collection, testCase.pathParams).refusedInvalid.push(marked(testCase.refusalMark));
      return;
    }
    if (testCase.kind !== 'positive' || status < 200 || status >= 300) return;
    const item = itemOf(body, collection);
    if (item?.[collection.idProperty] === undefined) return;
    this.made(collection, idKey(item, collection.idProperty));
    const group = this.groupOf(collection, testCase.pathParams);
    // What the client may not set (readOnly values of the mass-assignment cases) is no stored field.
    const stored = Object.fromEntries(
      Object.entries(sent as Record<string, unknown>).filter(
        ([name, value]) => !(name in (testCase.assigned ?? {})) && collection.create!.keeps(name, value),
      ),
    );
    group.creations.push({ sent: stored, exchange, body });
  }

  private groupOf(collection: CollectionSpec, pathParams: Readonly<Record<string, string>> | undefined): Group {
    const names = [...collection.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const parent = Object.fromEntries(names.map((name) => [name, pathParams?.[name] ?? '']));
    const key = `${collection.path} ${JSON.stringify(parent)}`;
    let group = this.groups.get(key);
    if (!group) this.groups.set(key, (group = { collection, parent, creations: [], refused: [], refusedInvalid: [] }));
    return group;
  }

  /** An item the run itself replaced, changed or deleted (a case's id may name it) is not as sent. */
  private forgetChanged({ testCase }: Executed): void {
    for (const collection of this.collections) {
      const change = [collection.replace, collection.update, collection.remove].find(
        (item) => item?.operation === testCase.operation,
      );
      const id = change && testCase.pathParams?.[change.parameter];
      if (id === undefined) continue;
      for (const group of this.groups.values()) {
        if (group.collection !== collection) continue;
        const kept = group.creations.filter((creation) => {
          const key = idKey(itemOf(creation.body, collection)!, collection.idProperty);
          return key !== id && key !== JSON.stringify(id);
        });
        group.creations.splice(0, group.creations.length, ...kept);
      }
    }
  }

  created(): CreatedItem[] {
    return [...this.groups.values()].flatMap(({ collection, creations }) =>
      creations.map((creation) => ({
        operation: collection.create!.operation.id,
        id: idKey(itemOf(creation.body, collection)!, collection.idProperty),
        values: creation.sent,
      })),
    );
  }

  /** The final list and the read-backs, one group (collection and parent) at a time. */
  async verify(context: PlanContext, runner: SequenceRunner): Promise<void> {
    for (const { collection, parent, creations, refused, refusedInvalid } of this.groups.values()) {
      if (runner.stopped()) return;
      // A paged list is walked to its end (a creation missing from a walk that ended is a failure).
      if (listsEveryItem(collection) || (collection.list && collection.list.paging.style !== 'none')) {
        const evidence = {
          creations,
          ...(refused.length > 0 ? { refused } : {}),
          ...(refusedInvalid.length > 0 ? { refusedInvalid } : {}),
        };
        const what = 'to find every item the run created';
        const items = await listCollection(collection, context, runner, parent, evidence, what, undefined, true);
        if (items) await walkFilteredTotals(collection, context, runner, parent, items);
      }
      await readBack(collection, context, runner, creations, parent);
    }
    // Paged lists the run made no POST creation in (books a PUT makes, seeded ones): walked to their
    // end as well, once nothing else writes, so their pages and totals are judged too.
    const walked = new Set([...this.groups.values()].map((group) => group.collection));
    for (const collection of context.collections) {
      const paged = collection.list && collection.list.paging.style !== 'none';
      if (runner.stopped() || !paged || walked.has(collection) || collection.path.includes('{')) continue;
      const what = 'walked to its end';
      const items = await listCollection(collection, context, runner, {}, { creations: [] }, what, undefined, true);
      // Their filtered totals too (the events a PUT makes, filtered by status).
      if (items) await walkFilteredTotals(collection, context, runner, {}, items);
    }
  }
}
