// Children a change adds, as the words say ("A change of `title` or `body` adds a revision; a change
// of `tags` alone does not"): an item of the run's own is changed in a named member and its children
// listed, one more; then in another member, none more (added_children_off). Unpaged lists only:
// the count is the list's length.
import { type AddedChild, listedItems, parentItemsOf, type Resource } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { withCurrentTag } from './current-tags.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

const ADDS = 'a change of a named member adds one';
const NONE = 'a change of another member adds none';

export const addsChildren = ({ idioms, collection }: Resource): boolean =>
  (idioms.addedChildren?.length ?? 0) > 0 && collection.update !== undefined;

export async function checkAddedChildren(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  for (const rule of resource.idioms.addedChildren ?? []) await checkRule(rule, resource, context, runner);
}

async function checkRule(rule: AddedChild, resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const child = context.collections.find((one) => one.path === rule.collection);
  const update = collection.update;
  const above = child && parentItemsOf(child.path, context.collections).at(-1);
  if (!child?.list || !update || !above || child.list.paging.style !== 'none' || runner.stopped()) return;
  const others = Object.keys(context.objectBaseline(update.operation)?.body ?? {}).filter(
    (member) => rule.members.length > 0 && !rule.members.includes(member),
  );
  const reach = runner.reach.scenario('added children', child.path, [ADDS, ...(others.length > 0 ? [NONE] : [])]);
  const parent = await parentParams(collection, context, runner);
  const made = await runner.make(collection, {
    what: `to change and list its ${child.path}`,
    purpose: 'added',
    parent,
  });
  if ('refused' in made) return reach.stop(`no ${collection.path} item could be made: ${made.refused}`);
  const item = made.made.item;
  const childAt = made.made.at(above.parameter);
  const list = (what: string, expected?: number) =>
    runner.execute(
      context.testCase(child.list!.operation, { kind: 'positive', plain: true, pathParams: childAt, what }),
      {
        collection: child,
        ...(expected !== undefined
          ? { sequence: { idiom: { idiom: 'children-added', expectedStatus: 200, expected, how: rule.words } } }
          : {}),
      },
    );
  const counted = await list('before a change');
  const before = counted?.body.kind === 'json' ? listedItems(child, counted.body.value)?.length : undefined;
  if (before === undefined) return reach.stop(`its ${child.path} list could not be read`);
  // A fresh valid value of a member: another plain body's, where it differs from the item's.
  const fresh = context.plainBodies(update.operation, 4, 'added-children');
  const change = async (members: readonly string[]) => {
    for (const body of fresh) {
      const member = members.find(
        (name) =>
          name in (body as object) &&
          JSON.stringify((body as Record<string, unknown>)[name]) !== JSON.stringify(item[name]),
      );
      if (member === undefined) continue;
      const value = { [member]: (body as Record<string, unknown>)[member] };
      const testCase = context.testCase(update.operation, {
        kind: 'positive',
        plain: true,
        pathParams: made.made.at(update.parameter),
        payload: { kind: 'json', value },
        what: `changing ${member}`,
      });
      const sent = await runner.execute(
        await withCurrentTag(
          testCase,
          collection,
          made.made.at(collection.read?.parameter ?? update.parameter),
          context,
          runner,
        ),
        { collection },
      );
      return sent?.exchange.ok && sent.exchange.response.status < 300 ? member : undefined;
    }
    return undefined;
  };
  const named = await change(
    rule.members.length > 0 ? rule.members : Object.keys(context.objectBaseline(update.operation)?.body ?? {}),
  );
  if (named === undefined) return reach.stop('no change of a named member was taken');
  await list(`after a change of ${named}`, before + 1);
  reach.done(ADDS);
  if (others.length === 0) return;
  const other = await change(others);
  if (other === undefined) return reach.skip(NONE, 'no change of another member was taken');
  await list(`after a change of ${other} alone`, before + 1);
  reach.done(NONE);
}
