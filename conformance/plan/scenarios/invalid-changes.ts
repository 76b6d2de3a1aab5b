// Invalid changes of an item that exists: the change operation's valid body with one named
// mutation of a member (null for a member that takes none, a string past its maxLength, a broken
// multipleOf), sent at the item the scenario made, with its current ETag where the change needs
// one. A service checks the item and its precondition first (404, 428, 412), so the same mutations
// sent at a made-up id never reach its validation.
import { bodyMutations } from '../../../spec/generate/index.js';
import {
  type CollectionSpec,
  type ItemOperation,
  mergeAllOf,
  parseMediaType,
  propertiesOf,
  readOnlyRequestMembers,
  responseFor,
  validationBefore,
} from '../../../spec/index.js';
import { statusMember } from '../../../spec/model/index.js';
import type { TestCase } from '../../model.js';
import { unpickedValue } from '../cases/mass-assignment.js';
import { withoutIgnorable } from '../cases/mutations.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequence-runner.js';

/** Member mutations only (malformed JSON and the like are the operation stage's): at most this many. */
const MOST = 8;

/** Mutations a service most often lets through first: a null, a bound or pattern broken, then the
 * rest (other wrong types), so a body of several members gets each member's telling ones. */
const rankOf = (id: string): number =>
  id.endsWith(':type:null')
    ? 0
    : /:(?:too-|below-|above-|at-exclusive|pattern|enum|const|format|impossible-date|not-multiple|duplicate)/.test(id)
      ? 1
      : 2;

export async function sendInvalidChanges(
  collection: CollectionSpec,
  change: ItemOperation,
  context: PlanContext,
  runner: SequenceRunner,
  at: (parameter: string) => Record<string, string>,
  preconditioned: (testCase: TestCase) => Promise<TestCase>,
  item?: Readonly<Record<string, unknown>>,
): Promise<number> {
  const request = context.requestSchema(change.operation);
  const [drawn] = context.plainBodies(change.operation, 1, 'invalid changes');
  if (!request || drawn === undefined) return 0;
  // The item's own values where the body takes them (its `authorId` names a member that exists): the
  // one mutation is then the body's only fault, not a made-up reference beside it.
  const valid = withItemValues(drawn, item, request);
  // A merge patch's null removes a member: refused only for one the item must hold (a required name).
  const merge = parseMediaType(context.requestMediaType(change.operation))?.essence === 'application/merge-patch+json';
  const required = new Set((mergeAllOf(collection.read?.item.schema ?? {}).required as string[] | undefined) ?? []);
  const nullable = (mutation: { id: string; at?: readonly string[] }) =>
    !merge || !mutation.id.endsWith(':type:null') || (mutation.at?.length === 1 && required.has(mutation.at[0]!));
  const all = withoutIgnorable(bodyMutations(request.schema, request.isValid, valid), change.operation, context);
  const mutations = all
    .filter((mutation) => !mutation.id.startsWith('body:') && nullable(mutation))
    .map((mutation, index) => ({ mutation, rank: rankOf(mutation.id) * 1000 + index }))
    .sort((a, b) => a.rank - b.rank)
    .slice(0, MOST)
    .map(({ mutation }) => mutation);
  // A body that is no object at all (an array), which a change of optional members only may
  // wrongly take as an empty change: sent at the item too, where a made-up id answers 404 first.
  const notObject = all.find((mutation) => mutation.id === 'body:type:array');
  let sent = 0;
  for (const mutation of notObject ? [...mutations, notObject] : mutations) {
    if (runner.stopped()) break;
    const testCase = context.testCase(change.operation, {
      kind: 'negative',
      mutation: mutation.label,
      payload: mutation.apply(valid),
      pathParams: at(change.parameter),
      what: `of an existing item, body: ${mutation.label}`,
    });
    await runner.execute(await preconditioned(testCase), { collection });
    sent++;
  }
  // A member the service keeps (readOnly in the item, undeclared in a closed change body: a
  // product's stock) sent with a value of the client's: refused, and the read after finds it kept.
  // Not one the change body itself declares readOnly: sent, the document lets the service ignore it.
  const declaredReadOnly = new Set(readOnlyRequestMembers(change.operation));
  for (const [member, value] of keptMembers(collection, request, valid)) {
    if (declaredReadOnly.has(member)) continue;
    if (runner.stopped()) break;
    const label = `${member}, which the service keeps, sent as ${JSON.stringify(value)}`;
    const testCase = context.testCase(change.operation, {
      kind: 'negative',
      mutation: label,
      payload: { kind: 'json', value: { ...(valid as Record<string, unknown>), [member]: value } },
      pathParams: at(change.parameter),
      what: `of an existing item, body: ${label}`,
    });
    await runner.execute(await preconditioned(testCase), { collection });
    sent++;
  }
  // A header the change requires (If-Match), left out: refused before anything changes.
  for (const header of change.operation.parameters.filter((p) => p.in === 'header' && p.required)) {
    if (runner.stopped()) break;
    const testCase = context.testCase(change.operation, {
      kind: 'negative',
      mutation: `the required header ${header.name} is missing`,
      payload: { kind: 'json', value: valid },
      pathParams: at(change.parameter),
      what: `of an existing item without its required header ${header.name}`,
    });
    // Where 428 is documented, the answer to a missing precondition (RFC 6585), not a failed one's 412.
    const required = /^if-/i.test(header.name) && responseFor(change.operation, 428)?.status === '428';
    const idiom = { idiom: 'precondition-missing' as const, member: header.name, expectedStatus: 428 };
    await runner.execute(withoutHeader(testCase, header.name), {
      collection,
      ...(required ? { sequence: { idiom } } : {}),
    });
    sent++;
    // Both at once, where the words rank validation before the missing precondition (`422` →
    // `428`): the invalid body decides the answer (judge/refusal-order.ts).
    const [first] = mutations;
    if (!first || !/^if-/i.test(header.name) || !validationBefore(context.overview, change.operation, 428)) continue;
    const both = context.testCase(change.operation, {
      kind: 'negative',
      mutation: first.label,
      payload: first.apply(valid),
      ...(first.at && first.at.length > 0 ? { brokenAt: first.at } : {}),
      pathParams: at(change.parameter),
      what: `of an existing item without ${header.name}, body: ${first.label}`,
    });
    await runner.execute(withoutHeader(both, header.name), { collection });
    sent++;
  }
  return sent;
}

function withItemValues(
  body: unknown,
  item: Readonly<Record<string, unknown>> | undefined,
  request: { isValid(value: unknown): boolean },
): unknown {
  if (!item || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  const own = Object.fromEntries(
    Object.keys(body).flatMap((member) => (member in item ? [[member, item[member]]] : [])),
  );
  const merged = { ...(body as Record<string, unknown>), ...own };
  return request.isValid(merged) ? merged : body;
}

const withoutHeader = (testCase: TestCase, name: string): TestCase => ({
  ...testCase,
  parameters: (testCase.parameters ?? []).filter(
    (p) => !(p.in === 'header' && p.name.toLowerCase() === name.toLowerCase()),
  ),
});

/** The item's readOnly members and its state, where a closed change body does not declare them, each
 * with a value no service would pick itself (at most two, the state first): a state, one it would
 * not start in. */
function keptMembers(
  collection: CollectionSpec,
  request: { readonly schema: Record<string, unknown>; isValid(value: unknown): boolean },
  valid: unknown,
): Array<[string, unknown]> {
  const body = valid as Record<string, unknown>;
  if (typeof valid !== 'object' || valid === null || request.isValid({ ...body, 'conformance-undeclared': 1 }))
    return [];
  const declared = propertiesOf(request.schema);
  // The state first: a status the client sets is the mass assignment that matters most.
  const state = statusMember(collection)?.member;
  const members = Object.entries(propertiesOf(collection.read?.item.schema));
  const stateFirst = [...members.filter(([m]) => m === state), ...members.filter(([m]) => m !== state)];
  return stateFirst
    .flatMap(([member, schema]): Array<[string, unknown]> => {
      const merged = mergeAllOf(schema as Record<string, unknown>) as Record<string, unknown>;
      // A state (`status`, moved only by actions) sent as one a service would not start in: readOnly
      // or not, a closed body that does not declare it refuses it.
      const value = merged.readOnly === true || member === state ? unpickedValue(merged) : undefined;
      return member === collection.idProperty || member in declared || value === undefined ? [] : [[member, value]];
    })
    .slice(0, 2);
}
