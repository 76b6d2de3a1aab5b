// An item the words keep while other items name it ("409 while the copy has an active loan": the
// model's keptByChildren with `via`): the run makes an item naming one (a loan, active as made), then
// deletes the item it names, read from the new item's own members; the documented refusal is expected.
import { type CollectionSpec, type KeptByChildren, pathMembersOf, type Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import { answeredAs, type SequenceRunner } from './sequence-runner.js';

const stepOf = (rule: KeptByChildren) => `deletion refused while ${rule.child} names it`;

export async function itemsKeptByReferrers(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const remove = collection.remove;
  const rules = (resource.idioms.keptByChildren ?? []).filter((rule) => rule.via !== undefined);
  if (!remove || rules.length === 0) return;
  const reach = runner.reach.scenario('kept while named', collection.path, rules.map(stepOf));
  for (const rule of rules) {
    if (runner.stopped()) return reach.stop('the run stopped early');
    const referrer = context.collections.find((c: CollectionSpec) => c.path === rule.child);
    if (!referrer) continue;
    // A sibling naming it (a page naming its parent page): both made under one parent, the second
    // naming the first by the rule's member.
    const named = referrer === collection ? await namedSibling(collection, context, runner, rule.via!) : undefined;
    if (named && 'refused' in named) {
      reach.skip(stepOf(rule), named.refused);
      continue;
    }
    // A referrer below a parent of its own (a branch's copy naming a title): under the run's parent.
    const above = referrer.path.includes('{') ? await parentParams(referrer, context, runner) : {};
    const making = await runner.make(referrer, {
      what: `naming a ${collection.path} item`,
      purpose: 'kept by referrer',
      parent: named?.parent ?? above,
      ...(named ? { members: named.members } : {}),
    });
    if ('refused' in making) {
      reach.skip(stepOf(rule), making.refused);
      continue;
    }
    const item = making.made.item;
    if (rule.holding && !rule.holding.values.includes(item[rule.holding.member])) {
      reach.skip(
        stepOf(rule),
        `the item made is ${String(item[rule.holding.member])}, not ${rule.holding.values.join(', ')}`,
      );
      continue;
    }
    // The named item's path values: the naming member for its own, the others by their names or
    // by the members naming its parents (a reservation's `propertyCode` for a room's `code`).
    const names = [...remove.operation.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!);
    const carried = pathMembersOf(remove.operation.path, Object.keys(item), context.collections, referrer) ?? {};
    const pathValue = (name: string) => named?.parent[name] ?? item[carried[name] ?? name];
    const values = names.map((name) => (name === remove.parameter ? item[rule.via!] : pathValue(name)));
    if (values.some((value) => typeof value !== 'string' && typeof value !== 'number')) {
      reach.skip(stepOf(rule), `the item made does not say every path value of what it names (${names.join(', ')})`);
      continue;
    }
    const pathParams = Object.fromEntries(names.map((name, index) => [name, String(values[index])]));
    const deletion = context.testCase(remove.operation, {
      kind: 'positive',
      plain: true,
      pathParams,
      what: `while a ${rule.child} item names it`,
    });
    const executed = await runner.execute(deletion, {
      collection,
      sequence: { idiom: { idiom: 'kept-by-children', expectedStatus: rule.status, words: rule.words } },
    });
    if (executed?.exchange.ok) reach.done(stepOf(rule));
    else reach.skip(stepOf(rule), `its DELETE was ${answeredAs(executed)}`);
  }
}

/** An item of the collection to be named by a sibling: the parent they share and the member value
 * the sibling names it by. */
async function namedSibling(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  via: string,
): Promise<{ parent: Record<string, string>; members: Record<string, unknown> } | { refused: string }> {
  const parent = { ...(await parentParams(collection, context, runner)) };
  const making = await runner.make(collection, { what: 'to be named by another', purpose: 'kept by sibling', parent });
  if ('refused' in making) return making;
  return { parent, members: { [via]: making.made.item[collection.idProperty] } };
}
