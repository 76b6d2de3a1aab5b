// The PUT steps of the item scenario: a replacement the item can hold, and a PUT at a key no item
// has where the client chooses keys.
import type { CollectionSpec, ItemShape } from '../../../spec/index.js';
import { unheldFields } from '../../judge/field-compare.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { unclaimedKey } from './made-by-put.js';
import { createParent } from './parents.js';
import type { ScenarioReach } from './reach.js';
import { answeredAs, succeeded } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * A PUT body the item can hold: a PUT may take values its item cannot (Box's PUT /users/{id} takes
 * any login text, a user's login is an email), and a refusal of those proves nothing about changes.
 * The first plain body with stored members, all fitting the item; else the first with each misfit taken from
 * a creation body (`borrowed`), where the PUT's schema still takes that; else the first.
 */
export function holdableReplacement(
  context: PlanContext,
  collection: CollectionSpec,
  create: ItemShape,
  borrowed: unknown,
): unknown {
  return namingAsBorrowed(context, collection, chosenReplacement(context, collection, create, borrowed), borrowed);
}

/** The replacement's members naming other items (an event's `venueId`) as the creation body named
 * them, items that exist, where the PUT's schema takes that: a plain body's made-up id is refused.
 * One the creation body left out is left out too, where the PUT takes that (made-up `labels`). */
function namingAsBorrowed(context: PlanContext, collection: CollectionSpec, body: unknown, borrowed: unknown): unknown {
  const put = collection.replace!.operation;
  if (!isItem(body) || !isItem(borrowed)) return body;
  const named = [...referencedCollections(put, context.collections).keys()].filter((member) =>
    Object.hasOwn(body, member),
  );
  if (named.length === 0) return body;
  const takes = (next: Item) => context.requestSchema(put)?.isValid(next) !== false;
  let next: Item = { ...body };
  for (const member of named) {
    const { [member]: _made, ...without } = next;
    const tried = Object.hasOwn(borrowed, member) ? { ...next, [member]: borrowed[member] } : without;
    if (takes(tried)) next = tried;
  }
  return next;
}

function chosenReplacement(
  context: PlanContext,
  collection: CollectionSpec,
  create: ItemShape,
  borrowed: unknown,
): unknown {
  const put = collection.replace!.operation;
  const stored = (body: Item) => Object.keys(body).filter((name) => create.storedProperties.includes(name));
  const misfits = (body: Item) => unheldFields(create, body);
  const bodies = context.plainBodies(put, 10, 'lifecycle');
  // An empty change fits anything and shows nothing: a fitting body changes something.
  const fitting = bodies.find((body) => isItem(body) && stored(body).length > 0 && misfits(body).length === 0);
  if (fitting !== undefined) return fitting;
  const first = bodies[0];
  // No valid PUT body could be built: a creation's body is sent only where the PUT takes it too
  // (PagerDuty's runner PUT, a oneOf of two open objects, takes none: it was sent as valid anyway).
  const takes = (body: unknown): boolean => context.requestSchema(put)?.isValid(body) === true;
  if (first === undefined) return takes(borrowed) ? borrowed : undefined;
  if (!isItem(first) || !isItem(borrowed)) return first;
  const mended = { ...first };
  for (const name of misfits(first)) if (Object.hasOwn(borrowed, name)) mended[name] = borrowed[name];
  return takes(mended) ? mended : first;
}

/** A PUT at a key no item has, where the client chooses keys: it makes the item there (201 where
 * documented), readable at that key; the same PUT again replaces it. */
/** Words that make a client's keys unique across parents, not per parent. */
const GLOBAL_KEYS = /\bglobally unique\b|\bunique (?:across|among all|over all)\b/i;

export async function putAtFreeKey(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  replacement: unknown,
  parent: Readonly<Record<string, string>>,
  reach: ScenarioReach,
): Promise<void> {
  const put = collection.replace!;
  // The key a body carries (`isbn` in a book), else one drawn for the path alone (an event's slug);
  // read first, for a key drawn from a small space (three capital letters) may name an item that
  // exists (seeded past the first page, or made by another scenario).
  let inBody: unknown;
  let key: string | number | undefined;
  for (const fresh of await runner.freshBodies(collection, 3, 'put at a free key')) {
    const carried = asObject(fresh)?.[collection.idProperty];
    const drawn =
      typeof carried === 'string' || typeof carried === 'number'
        ? carried
        : unclaimedKey(collection, put, context, 9001, parent);
    if (drawn !== undefined && (await freeAt(collection, context, runner, parent, drawn))) {
      inBody = carried;
      key = drawn;
      break;
    }
  }
  if (key === undefined) return reach.skip('PUT at a free key', 'no fresh key');
  // The key in the body too, where the PUT's body takes it (a book's `isbn`); a body without it
  // (a workspace's name and description, its slug in the path alone) as it is.
  const replaced = asObject(replacement) ?? {};
  const keyed = { ...replaced, [collection.idProperty]: key };
  const takesKey = key === inBody && context.requestSchema(put.operation)?.isValid(keyed) !== false;
  const body = withoutOwnChildren(takesKey ? keyed : replaced, collection, context);
  const testCase = context.testCase(put.operation, {
    kind: 'positive',
    plain: true,
    pathParams: { ...parent, [put.parameter]: String(key) },
    payload: { kind: 'json', value: body },
    what: 'at a key no item has',
  });
  const created = put.operation.responses.some((r) => r.status === '201') ? 201 : undefined;
  const idiom = { idiom: 'put-created' as const, ...(created ? { expectedStatus: created } : {}) };
  const executed = await runner.execute(testCase, { collection, sequence: { idiom } });
  context.markChangedByRun(collection, JSON.stringify(key));
  if (!succeeded(executed)) return reach.skip('PUT at a free key', `it was ${answeredAs(executed)}`);
  reach.done('PUT at a free key');
  // Keys are per parent, the path says (/events/{eventId}/ticket-types/{code}): the same key under
  // another parent names another item, which the PUT creates, where no word makes keys global.
  const global = GLOBAL_KEYS.test(`${put.operation.summary ?? ''} ${put.operation.description ?? ''}`);
  const other =
    created && !global && collection.path.includes('{')
      ? await createParent(collection, context, runner, 'another parent of a key')
      : undefined;
  if (other)
    await runner.execute(
      context.testCase(put.operation, {
        kind: 'positive',
        plain: true,
        pathParams: { ...other, [put.parameter]: String(key) },
        payload: { kind: 'json', value: body },
        what: 'at the same key under another parent',
      }),
      { collection, sequence: { idiom } },
    );
  const again = await runner.execute(testCase, { collection });
  if (again?.exchange.ok)
    runner.conclude(testCase, again.exchange, again.body, {
      collection,
      sequence: { idiom: { idiom: 'put-replaced' } },
    });
}

/** The body without members naming an item below the one it makes (an album's `coverPhotoNumber`,
 * one of its own photos): a new item has none, so they are null where the schema takes null, else
 * left out where they are optional. */
function withoutOwnChildren(body: Record<string, unknown>, collection: CollectionSpec, context: PlanContext) {
  const put = collection.replace!.operation;
  const request = context.requestSchema(put);
  const below = `${put.path}/`;
  const kept = { ...body };
  for (const [member, named] of referencedCollections(put, context.collections)) {
    if (!named.path.startsWith(below) || !(member in kept) || kept[member] === null) continue;
    const { [member]: _left, ...without } = kept;
    if (request?.isValid({ ...kept, [member]: null })) kept[member] = null;
    else if (request?.isValid(without)) delete kept[member];
  }
  return kept;
}

/** Whether the collection's read finds no item at the key (anything but a 2xx), where it has a read. */
async function freeAt(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  parent: Readonly<Record<string, string>>,
  key: string | number,
): Promise<boolean> {
  const read = collection.read;
  if (!read) return true;
  const answer = await runner.send(
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: { ...parent, [read.parameter]: String(key) },
      what: 'to see whether the key is free',
    }),
  );
  return !(answer?.ok && answer.response.status < 300);
}
