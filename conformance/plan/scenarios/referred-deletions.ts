// An item the words keep while other items name it ("409 while the copy has an active loan": the
// model's keptByChildren with `via`): the run makes an item naming one (a loan, active as made), then
// deletes the item it names, read from the new item's own members; the documented refusal is expected.
import { type CollectionSpec, type KeptByChildren, pathMembersOf, type Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
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
    const making = await runner.make(referrer, {
      what: `naming a ${collection.path} item`,
      purpose: 'kept by referrer',
      parent: {},
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
    const values = names.map((name) => (name === remove.parameter ? item[rule.via!] : item[carried[name] ?? name]));
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
