// Items a PUT makes at a key the client chooses, where the collection has no creation of its own
// (PUT /books/{isbn} answering 201): the maker's way to make them, a fresh key per attempt.
import { type CollectionSpec, type ItemOperation, statusMember } from '../../../spec/index.js';
import { idKey } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { refusalText } from './fresh-values.js';
import { inFirstState, withListed, withMembers, withSaidDefaultsLeftOut } from './listed-values.js';
import type { MakeRequest, Making } from './making.js';
import { underOwnParent } from './parents.js';
import { itemOf, type SequenceRunner } from './sequence-runner.js';

/** Attempts, each at a fresh key. */
const ATTEMPTS = 4;

interface PutMaking {
  readonly context: PlanContext;
  readonly runner: Pick<SequenceRunner, 'execute' | 'stopped'>;
  /** The purpose's step of fresh values. */
  readonly use: number;
  /** Ids that exist for the body's members naming other items (an event's venue), by member. */
  readonly references?: ReadonlyMap<string, unknown[]>;
}

/** Keys drawn past one another scenario claimed, at most. */
const DRAWS = 16;

/** A fresh key no other item of the run was made at (two purposes' draws may meet: an ISBN with its
 * check digit has few values per step), under the same parent; the draw's own where all are taken. */
export function unclaimedKey(
  collection: CollectionSpec,
  put: ItemOperation,
  context: PlanContext,
  index: number,
  parent: Readonly<Record<string, string>>,
): string | undefined {
  const first = context.freshPathValue(put.operation, put.parameter, index);
  for (let draw = 0; draw < DRAWS; draw++) {
    const key = draw === 0 ? first : context.freshPathValue(put.operation, put.parameter, index + draw * 7919);
    if (key === undefined) return first;
    if (context.claim(collection, `${JSON.stringify(parent)} ${put.parameter}`, key)) return key;
  }
  return first;
}

/** The PUT's examples that validate, with the run's name prefix where it keeps them valid: the
 * author's valid input first (a ticket type of 300 seats, not one). */
function examplesOf(put: ItemOperation, context: PlanContext): unknown[] {
  const request = context.requestSchema(put.operation);
  const mediaType = context.requestMediaType(put.operation);
  const media = put.operation.requestBody?.content.find((m) => m.mediaType === mediaType);
  return (media?.examples ?? [])
    .filter((example) => request?.isValid(example) !== false)
    .map((example) => {
      const marked = context.withPrefix(request?.schema ?? {}, example);
      return request && !request.isValid(marked) ? example : marked;
    });
}

/** A new item made by a PUT at a fresh key the client chooses (PUT /books/{isbn} answering 201),
 * where the collection has no creation of its own. */
export async function makeByPut(
  collection: CollectionSpec,
  put: ItemOperation,
  request: MakeRequest,
  { context, runner, use, references = new Map() }: PutMaking,
): Promise<Making> {
  const schema = context.requestSchema(put.operation);
  const bodies = put.operation.requestBody
    ? [...examplesOf(put, context), ...context.plainBodies(put.operation, ATTEMPTS, `${request.purpose}:${use}`)]
    : [undefined];
  if (bodies.length === 0) return { refused: 'no valid body for its PUT could be built from its schema' };
  let lastRefusal = '';
  for (let attempt = 0; attempt < ATTEMPTS && !runner.stopped(); attempt++) {
    const key = request.key ?? unclaimedKey(collection, put, context, use * ATTEMPTS + attempt, request.parent);
    if (key === undefined) return { refused: `no value of ${put.parameter} could be drawn from its schema` };
    // References name items that exist (another listed one per attempt); members asked of the item
    // are held where the schema takes them.
    const listed = withListed(bodies[attempt % bodies.length], references, use + attempt);
    const started = inFirstState(listed, statusMember(collection), schema?.schema, schema);
    const named = withSaidDefaultsLeftOut(started, schema?.schema, schema);
    const body = withMembers(named, { ...request.members }, schema);
    let testCase = context.testCase(put.operation, {
      kind: 'positive',
      plain: true,
      // Under a parent of the run's own, in whatever state its earlier children left it (a venue's
      // capacity they fill): a documented conflict there is the parent's, not the input's.
      ...(underOwnParent(collection, request.parent, context) ? { onMadeItem: true } : {}),
      pathParams: { ...request.parent, [put.parameter]: key },
      ...(body === undefined ? {} : { payload: { kind: 'json' as const, value: body } }),
      what: request.what,
    });
    if (request.decorate) testCase = request.decorate(testCase);
    const executed = await runner.execute(testCase, { collection });
    if (!executed?.exchange.ok) return { refused: 'its PUT got no answer' };
    const status = executed.exchange.response.status;
    if (status < 300) {
      const answered = itemOf(executed.body, collection);
      const item = { ...answered, [collection.idProperty]: answered?.[collection.idProperty] ?? key };
      const id = idKey(item, collection.idProperty);
      context.markChangedByRun(collection, id);
      const at = (parameter: string) => ({ ...request.parent, [parameter]: key });
      return { made: { item, id, at, executed, testCase, sent: body, parent: request.parent } };
    }
    lastRefusal = `${status}${refusalText(executed.exchange.response.text)}`;
  }
  return { refused: `its PUT was refused: ${lastRefusal}` };
}
