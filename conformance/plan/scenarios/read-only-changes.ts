// A change that sends the members its request schema declares readOnly (a derived count, a stamp),
// each with a value no service would pick itself: the document lets a service ignore or refuse them,
// never take them. Sent as a PATCH of the item scenario's item (a PUT of the whole item, where it has
// no PATCH); the answer and a read after it must not hold the values sent (mass assignment on a
// change, where mass-assignment.ts sends creations).
import { type CollectionSpec, mergeAllOf, propertiesOf, readOnlyRequestMembers } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { TestCase } from '../../model.js';
import { UNDECLARED, unpickedValue } from '../cases/mass-assignment.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequences.js';

type Item = Readonly<Record<string, unknown>>;

// "`status` and the other `readOnly` members are ignored": said of a change, or of every request;
// or in the sentence after ("Members marked `readOnly` are filled in by the server. If a client
// sends them in a request body they are ignored silently").
// Or said the other way round: "Unknown members are ignored, and so are members the schemas mark
// `readOnly`".
const READ_ONLY_IGNORED =
  /\bread-?only\b[^.]*(?:\.\s+[^.]*\b(?:them|they|such)\b[^.]*)?\bignored\b|\bignored\b[^.]*\bso are\b[^.]*\bread-?only\b/i;

/** The item's readOnly members a change may carry where its body takes members it does not name
 * and the words say such members are ignored when sent. */
function ignoredReadOnly(collection: CollectionSpec, context: PlanContext | undefined): string[] {
  const patch = (collection.update ?? collection.replace)?.operation;
  const request = patch && context?.requestSchema(patch);
  if (!patch || !request) return [];
  // Open to members it does not name: a lone unknown member taken, or (a PUT requiring its members)
  // no `additionalProperties: false` closing it.
  const closed =
    (mergeAllOf(request.schema as Record<string, unknown>) as { additionalProperties?: unknown })
      .additionalProperties === false;
  const open = request.isValid({ [UNDECLARED]: 1 }) || (patch !== collection.update?.operation && !closed);
  if (!open) return [];
  const said = [patch.description, patch.summary, context?.overview].some(
    (text) => typeof text === 'string' && READ_ONLY_IGNORED.test(text.replace(/`/g, '')),
  );
  if (!said) return [];
  const declared = propertiesOf(request.schema);
  const item = propertiesOf(collection.read?.item.schema ?? collection.create?.success.schema);
  return Object.entries(item)
    .filter(([member, schema]) => !(member in declared) && (schema as { readOnly?: unknown }).readOnly === true)
    .map(([member]) => member);
}

/** The readOnly members of the PATCH's body with values the item does not hold now. */
export function readOnlyChangeBody(
  collection: CollectionSpec,
  held: Item,
  context?: PlanContext,
): Record<string, unknown> | undefined {
  const patch = (collection.update ?? collection.replace)?.operation;
  if (!patch) return undefined;
  const schemas = propertiesOf(collection.read?.item.schema ?? collection.create?.success.schema);
  const members = [...new Set([...readOnlyRequestMembers(patch), ...ignoredReadOnly(collection, context)])];
  const entries = members.flatMap((member) => {
    const schema = schemas[member] as Record<string, unknown> | undefined;
    if (member === collection.idProperty || !schema) return [];
    const value = unpickedValue(schema);
    return value === undefined || JSON.stringify(value) === JSON.stringify(held[member]) ? [] : [[member, value]];
  });
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** Sends the PATCH and reads the item after it; both judged by server_assigned_id. */
export async function sendReadOnlyChange(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  held: Item,
  at: (parameter: string) => Record<string, string>,
  preconditioned: (testCase: TestCase) => Promise<TestCase>,
): Promise<boolean> {
  const patch = collection.update ?? collection.replace;
  // A PUT replaces the whole item: it is read first, and sent as it stands beside the readOnly members.
  const whole = patch === collection.replace ? await currentItem(collection, context, runner, at) : undefined;
  const readOnly = readOnlyChangeBody(collection, whole ?? held, context);
  if (!patch || !readOnly || (patch === collection.replace && !whole)) return false;
  const request = context.requestSchema(patch.operation);
  const kept = whole
    ? Object.fromEntries(
        Object.keys(propertiesOf(request?.schema)).flatMap((name) => (name in whole ? [[name, whole[name]]] : [])),
      )
    : {};
  const body = { ...kept, ...readOnly };
  if (patch !== collection.update && request?.isValid(body) === false) return false;
  const what = `with the service-assigned ${Object.keys(readOnly).join(', ')} sent`;
  const testCase = context.testCase(patch.operation, {
    kind: 'positive',
    plain: true,
    pathParams: at(patch.parameter),
    payload: { kind: 'json', value: body },
    assigned: readOnly,
    what,
  });
  const executed = await runner.execute(await preconditioned(testCase), { collection });
  const read = collection.read;
  if (!read || !executed?.exchange.ok || executed.exchange.response.status >= 300) return true;
  const after = context.testCase(read.operation, {
    kind: 'positive',
    plain: true,
    pathParams: at(read.parameter),
    assigned: readOnly,
    what: `after a change ${what}`,
  });
  await runner.execute(after, { collection });
  return true;
}

/** The item as a read answers it now, where it has a read. */
async function currentItem(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
  at: (parameter: string) => Record<string, string>,
): Promise<Item | undefined> {
  const read = collection.read;
  if (!read || runner.stopped()) return undefined;
  const answer = await runner.send(
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(read.parameter),
      what: 'to replace it whole',
    }),
  );
  return answer?.ok && answer.response.status < 300 ? itemOf(parseBody(answer), collection) : undefined;
}
