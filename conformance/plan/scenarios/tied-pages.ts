// Items that tie on the member a list is ordered by ("ordered by `startsAt`, then `id`"), walked in
// pages one smaller than the tie: a page boundary falls inside the tied run whatever the other items,
// and a cursor that keeps only the ordering value loses the items after it. The run makes one item,
// then more holding its value (and the other end of a span it opens or closes), and walks the list;
// each must be listed once (judged as the creation sequence's listing, with the walk's evidence).
import type { CollectionSpec, Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { Creation } from '../../model.js';
import type { PlanContext } from '../context.js';
import type { MadeItem } from './making.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequence-runner.js';
import { listCollection } from './sequences.js';

const STEP = 'items tied on the order listed once across a page boundary';
/** Items made holding one value: three ties, walked two to a page. */
const TIED = 3;
/** Creations tried for them (one may clash with another on something else the words make unique). */
const ATTEMPTS = 6;
const WALKED = new Set(['cursor', 'offset', 'page']);

/** The ordering member, where the client sends it and the list is walked in pages. */
export function tiedOrderOf(collection: CollectionSpec, context: PlanContext): string | undefined {
  const list = collection.list;
  const create = collection.create;
  const member = list?.order?.member;
  if (!list || !create || member === undefined || !WALKED.has(list.paging.style) || !list.paging.limit)
    return undefined;
  const schema = context.requestSchema(create.operation)?.schema as
    | { properties?: Record<string, unknown> }
    | undefined;
  return schema?.properties && Object.hasOwn(schema.properties, member) ? member : undefined;
}

export async function checkTiedPages(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection, idioms } = resource;
  const member = tiedOrderOf(collection, context);
  if (member === undefined || runner.stopped()) return;
  const reach = runner.reach.scenario('tied pages', collection.path, [STEP]);
  const parent = await parentParams(collection, context, runner);
  const first = await runner.make(collection, { what: 'to share its order', purpose: 'tied pages', parent });
  if (!('made' in first)) return reach.stop(`no item could be made: ${first.refused}`);
  const sent = asObject(first.made.sent) ?? {};
  // The other end of a span the member opens or closes moves with it (an event's endsAt).
  const partners = (idioms.spanOrders ?? []).flatMap((span) =>
    span.start === member ? [span.end] : span.end === member ? [span.start] : [],
  );
  const members = Object.fromEntries(
    [member, ...partners].filter((name) => sent[name] !== undefined).map((name) => [name, sent[name]]),
  );
  const made: MadeItem[] = [first.made];
  for (let attempt = 0; attempt < ATTEMPTS && made.length < TIED && !runner.stopped(); attempt++) {
    const making = await runner.make(collection, {
      what: `holding the ${member} of another`,
      purpose: `tied pages ${attempt}`,
      parent,
      members,
    });
    if ('made' in making && JSON.stringify(making.made.item[member]) === JSON.stringify(first.made.item[member]))
      made.push(making.made);
  }
  if (made.length < 2) return reach.stop(`no second item could hold the same ${member}`);
  const creations: Creation[] = made.map(({ sent: body, executed }) => ({
    sent: body as Record<string, unknown>,
    exchange: executed.exchange,
    body: executed.body,
  }));
  await listCollection(
    collection,
    context,
    runner,
    parent,
    { creations },
    `with ${made.length} items tied on ${member}`,
    undefined,
    false,
    made.length - 1,
  );
  reach.done(STEP);
}
