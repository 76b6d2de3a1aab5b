// Values an item copies from an item it names (the model's copied: "`unitCost` is copied from the
// product at this moment"): the run makes the source item itself (beside the members the creation
// names with it, the order's supplier), an item naming it, then changes the source's member and
// reads the item: its copy holds the old value (judged as copy-kept, api_idioms_honoured). Items
// the run did not make are never changed: they are somebody else's.
import type { CollectionSpec, CopiedValue, Resource } from '../../../spec/index.js';
import { parentItemsOf, propertiesOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { withCurrentTag } from './current-tags.js';
import { bodyNaming, sharedBeside } from './named-bodies.js';
import { nearbyValues } from './nearby-values.js';
import { createParent, parentParams } from './parents.js';
import { itemOf, succeeded } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

type Item = Record<string, unknown>;

const stepOf = (rule: CopiedValue) => `${rule.member} kept when its ${rule.collection} item changes`;

/** The value at a member path (`lines[].unitCost`: the first entry's). */
function valueAt(item: Item | undefined, path: string): unknown {
  const [array, inner] = path.split('[].');
  if (inner === undefined) return item?.[array!];
  const entries = item?.[array!];
  return Array.isArray(entries) ? asObject(entries[0])?.[inner] : undefined;
}

export async function checkCopiedValues(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const rules = resource.idioms.copied ?? [];
  const create = collection.create?.operation;
  const read = collection.read;
  // Items read only within their parent (an order's `lines`, where a line has no read of its own):
  // made under a parent of their own, whose first entry is then theirs.
  const held = read ? undefined : heldByParent(collection, context);
  if (rules.length === 0 || !create || (!read && !held) || runner.stopped()) return;
  const reach = runner.reach.scenario('copied values', collection.path, rules.map(stepOf));
  const parent = held
    ? ((await createParent(collection, context, runner, 'copied values parent')) ??
      (await parentParams(collection, context, runner)))
    : await parentParams(collection, context, runner);
  for (const rule of rules) {
    if (runner.stopped()) break;
    const step = stepOf(rule);
    const source = context.collections.find((c) => c.path === rule.collection);
    const change = source?.update ?? source?.replace;
    // The source's member: the copy's own name, or the one the words name (`priceCents`).
    const member = rule.from ?? rule.member.split('[].').at(-1)!;
    if (!source || !change) {
      reach.skip(step, `${rule.collection} items cannot be changed`);
      continue;
    }
    const made = await sourceItem(collection, source, rule, context, runner, parent);
    if ('why' in made) {
      reach.skip(step, made.why);
      continue;
    }
    const copy = valueAt(made.item, rule.member);
    const changed = nearbyValues(made.source[member])
      .map((value) => ({ [member]: value }))
      .find((body) => context.requestSchema(change.operation)?.isValid(body) !== false);
    if (copy === undefined || !changed) {
      reach.skip(step, `no change of ${member} could be built`);
      continue;
    }
    const answer = await runner.send(
      await withCurrentTag(
        context.testCase(change.operation, {
          kind: 'positive',
          plain: true,
          pathParams: made.sourceAt(change.parameter),
          payload: { kind: 'json', value: changed },
          what: `to change the ${member} an item copied`,
        }),
        source,
        made.sourceAt(source.read?.parameter ?? change.parameter),
        context,
        runner,
      ),
    );
    if (!answer?.ok || answer.response.status >= 300) {
      reach.skip(step, `the change of its ${rule.collection} item was refused`);
      continue;
    }
    const where = read ? rule.member : `${held!.member}[].${rule.member}`;
    await runner.execute(
      context.testCase(read?.operation ?? held!.operation, {
        kind: 'positive',
        plain: true,
        pathParams: read ? made.at(read.parameter) : parent,
        what: `after the ${rule.collection} item it copied from changed`,
      }),
      {
        collection: held?.collection ?? collection,
        sequence: { idiom: { idiom: 'copy-kept', member: where, expected: copy, words: rule.words } },
      },
    );
    reach.done(step);
  }
}

/** The parent whose read holds the collection's items as a list named like the collection (an
 * order's `lines` for /orders/{orderId}/lines), where it reads them so. */
function heldByParent(collection: CollectionSpec, context: PlanContext) {
  const parent = parentItemsOf(collection.path, context.collections).at(-1)?.collection;
  const member = collection.path.split('/').at(-1)!;
  const property = propertiesOf(parent?.read?.item.schema)[member] as { type?: unknown } | undefined;
  if (!parent?.read || [property?.type].flat()[0] !== 'array') return undefined;
  return { collection: parent, operation: parent.read.operation, member };
}

/** A source item the run makes (holding what the creation names beside it), and an item of the
 * collection naming it. */
async function sourceItem(
  collection: CollectionSpec,
  source: CollectionSpec,
  rule: CopiedValue,
  context: PlanContext,
  runner: SequenceRunner,
  parent: Readonly<Record<string, string>>,
): Promise<
  | {
      item: Item;
      at: (parameter: string) => Record<string, string>;
      source: Item;
      sourceAt: (p: string) => Record<string, string>;
    }
  | { why: string }
> {
  const shared = await sharedBeside(collection, parent, rule.via, runner);
  const sourceMade = await runner.make(source, {
    what: 'for an item to copy from',
    purpose: 'copied source',
    parent: {},
    members: shared,
  });
  if (!('made' in sourceMade)) return { why: `no ${source.path} item could be made: ${sourceMade.refused}` };
  const id = sourceMade.made.item[source.idProperty];
  // The shared parent first; where it refuses one more child (full, or no longer open), a new one.
  let under: Readonly<Record<string, string>> | undefined = parent;
  let refusal = 'its creation was refused';
  for (let attempt = 0; attempt < 2 && under; attempt++) {
    const body = await bodyNaming(collection, under, rule.via, id, shared, 'copied values', runner);
    if (!body || context.requestSchema(collection.create!.operation)?.isValid(body) === false)
      return { why: `no valid body names the ${source.path} item made` };
    const executed = await runner.execute(
      context.testCase(collection.create!.operation, {
        kind: 'positive',
        plain: true,
        pathParams: under,
        payload: { kind: 'json', value: body },
        what: `naming a ${source.path} item of the run's own`,
      }),
      { collection },
    );
    const item = succeeded(executed) ? itemOf(executed.body, collection) : undefined;
    if (item && item[collection.idProperty] !== undefined) {
      const text = String(item[collection.idProperty]);
      const at = under;
      context.markChangedByRun(collection, JSON.stringify(item[collection.idProperty]));
      return {
        item,
        at: (parameter) => ({ ...at, [parameter]: text }),
        source: sourceMade.made.item,
        sourceAt: sourceMade.made.at,
      };
    }
    refusal = `its creation was refused${executed?.exchange.ok ? ` (${executed.exchange.response.status})` : ''}`;
    under = collection.path.includes('{')
      ? await createParent(collection, context, runner, 'copied values parent')
      : undefined;
  }
  return { why: refusal };
}
