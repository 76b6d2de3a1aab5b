// What binding reads of an item's life beyond its members: what the service fills in (and who the
// caller is), the instants an action stamps, and HEAD answered as the GET on its path.
import {
  type CallerNames,
  type CollectionSpec,
  type Contract,
  currentUserOf,
  type FilledIn,
  filledInOf,
  fillsNothing,
  type JsonSchema,
  type Operation,
} from '../../spec/core.js';
import type { Behaviour } from './behaviour-types.js';
import { once } from './once.js';

/** What the service fills in on the collection's items, where it fills in anything (planned once),
 * and who the caller is where it fills in an owner. */
export function filledOf(
  collection: CollectionSpec,
  item: JsonSchema,
  collections: readonly CollectionSpec[],
  caller: () => CallerNames | undefined,
): { filled?: FilledIn; caller?: () => CallerNames | undefined } {
  const filled = filledInOf(collection, item, collections);
  if (fillsNothing(filled)) return {};
  return filled.owners.length > 0 ? { filled, caller } : { filled };
}

/** The instants an action's move to `target` stamps: the state's own (`closedAt` for `closed`,
 * `cancelledAt` for `cancelled`) and the item's update instants. */
/** The participles a verb's instant may be named by: confirm → confirmed, pickup → pickedup. */
function participles(verb: string): string[] {
  const v = verb.toLowerCase().replace(/[-_]/g, '');
  const split = Array.from({ length: Math.max(0, v.length - 3) }, (_, i) => `${v.slice(0, i + 2)}ed${v.slice(i + 2)}`);
  return [`${v}ed`, `${v}d`, `${v}${v.at(-1)}ed`, `${v.replace(/y$/, 'i')}ed`, ...split];
}

export function stampsOf(
  collection: CollectionSpec,
  target: unknown,
  collections: readonly CollectionSpec[],
  verb = '',
) {
  const schema = collection.create?.item.schema ?? collection.list?.items.schema;
  if (!schema) return {};
  const filled = filledInOf(collection, schema, collections);
  const state = typeof target === 'string' ? target.toLowerCase() : undefined;
  const own = filled.laterStates.filter((name) => {
    const stem = name.replace(/_?(at|on)$/i, '').toLowerCase();
    return (
      stem === state ||
      stem === `${state}ed` ||
      stem === `${state}d` ||
      stem.replace(/l+ed$/, 'l') === state ||
      (verb !== '' && participles(verb).includes(stem))
    );
  });
  const stamps = [
    ...own.map((name) => ({ name, date: false })),
    ...filled.now.filter((member) => member.onChange).map(({ name, date }) => ({ name, date })),
  ];
  return stamps.length > 0 ? { stamps } : {};
}

/** The login the document's current-user operation answers (its example, else generated), read
 * once on first use; undefined where the document has no such operation. */
export function callerOf(
  contract: Contract,
  behaviours: ReadonlyMap<Operation, Behaviour>,
): () => CallerNames | undefined {
  const current = currentUserOf(contract);
  return once(() => {
    const behaviour = current && behaviours.get(current.operation);
    if (behaviour?.kind !== 'respond') return undefined;
    const body = behaviour.answer().body;
    try {
      const answer = body ? (JSON.parse(Buffer.from(body).toString('utf8')) as Record<string, unknown>) : {};
      const usual = answer[current!.member];
      if (typeof usual !== 'string') return undefined;
      const members = Object.fromEntries(Object.entries(answer).filter(([, value]) => typeof value === 'string'));
      return { usual, members: members as Record<string, string> };
    } catch {
      return undefined;
    }
  });
}

/** A documented HEAD is answered as the GET on its path would be, without the body (the server
 * sends none for HEAD): 404 for a missing item, 410 for a deleted one, its ETag. */
export function bindHeads(contract: Contract, behaviours: Map<Operation, Behaviour>): void {
  for (const operation of contract.operations) {
    if (operation.method !== 'HEAD' || behaviours.has(operation) || operation.unspecified) continue;
    const get = contract.operations.find((other) => other.method === 'GET' && other.path === operation.path);
    const bound = get && behaviours.get(get);
    if (bound?.kind !== 'read' && bound?.kind !== 'list') continue;
    const status = operation.responses.map((r) => Number(r.status)).find((s) => s >= 200 && s < 300);
    behaviours.set(operation, { ...bound, status: status ?? bound.status });
  }
}
