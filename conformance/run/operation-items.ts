// The items an operation's cases name, beyond the one the run made for them: the child an action
// needs on it, what the actions that keep its state add first, and a parent that does not exist for
// a write below one.
import { type Action, type Operation, parentItemsOf, participle, responseFor } from '../../spec/index.js';
import type { TestCase } from '../model.js';
import { unlikelyId } from '../plan/request-shapes.js';
import { withListedReferences } from '../plan/scenarios/action-bodies.js';
import { pathText } from '../plan/serialize.js';
import type { RunSession } from './session.js';

/** The children an action needs on its item (a recipe published with an ingredient), made under it. */
export async function addChildrenNeededBy(
  session: RunSession,
  operation: Operation,
  at: Readonly<Record<string, string>>,
): Promise<void> {
  const needs = session.settings.model.resources.flatMap(
    ({ idioms }) => idioms.needsChildren?.filter((need) => need.operation === operation) ?? [],
  );
  for (const need of needs) {
    const child = session.context.collections.find((collection) => collection.path === need.child);
    if (child)
      await session.sequenceRunner.make(child, {
        what: `as the child ${operation.id} needs`,
        purpose: 'needed child',
        parent: at,
      });
  }
}

/** Before the cases of an action that moves its item's state (a cart's checkout), each action of the
 * item that keeps its state (a line added) is taken once on it: an empty cart refuses every checkout
 * for its state, a request without its required key included, and a service that ignores the
 * missing key would never be seen taking it. Actions that end an item's life once are left out. */
export async function prepareForAction(
  session: RunSession,
  operation: Operation,
  at: Readonly<Record<string, string>>,
): Promise<void> {
  const { context, sequenceRunner: runner } = session;
  const resource = session.settings.model.resources.find(({ idioms }) =>
    idioms.actions?.some((action) => action.operation === operation && action.member !== undefined),
  );
  const keeping = [
    ...(resource?.idioms.actions ?? []).filter((action) => action.member === undefined && !action.once),
    ...settersOfCleared(session, operation),
  ];
  for (const action of keeping) {
    if (runner.stopped()) break;
    const testCase = context.testCase(action.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at,
      what: `to ${action.verb} before ${operation.id}`,
    });
    await runner.send(await withListedReferences(testCase, action.operation, context, runner));
  }
}

/** The actions that set what an action that moves no state empties (an unarchive's `archivedAt`,
 * set by the archive): taken first, or every case meets "a page that is not archived" (409). */
function settersOfCleared(session: RunSession, operation: Operation): Action[] {
  for (const { idioms } of session.settings.model.resources) {
    const own = idioms.actions?.find((action) => action.operation === operation);
    if (!own || own.member !== undefined || !own.nulls?.length) continue;
    const stem = (name: string) => name.replace(/_?(?:at|on)$/i, '').toLowerCase();
    return (idioms.actions ?? []).filter(
      (action) =>
        action !== own &&
        action.member === undefined &&
        own.nulls!.some((name) => participle(action.verb).includes(stem(name))),
    );
  }
  return [];
}

/** A write below an item that does not exist (POST /pets/{petId}/notes for no pet), where the
 * document lists a 404 for it: a valid body there must be refused, not stored under nothing. Reads
 * are left alone (an empty list under nothing is a common, harmless answer). */
export function missingParentCase(
  session: RunSession,
  operation: Operation,
  made: Readonly<Record<string, string>>,
): TestCase | undefined {
  if (operation.method === 'GET' || operation.method === 'HEAD' || !responseFor(operation, 404)) return undefined;
  const parent = parentItemsOf(operation.path, session.context.collections).at(-1);
  const parameter = operation.parameters.find((p) => p.in === 'path' && p.name === parent?.parameter);
  const missing = parameter && unlikelyId(parameter);
  if (!parameter || missing === undefined) return undefined;
  const mutation = `path parameter ${parameter.name} names no item`;
  return session.context.testCase(operation, {
    kind: 'negative',
    mutation,
    what: mutation,
    // Every other path value too: an item's own (a task's number) is not among the made parent's.
    pathParams: {
      ...session.context.pathParams(operation, 'plain', 0),
      ...made,
      [parameter.name]: pathText(parameter, missing),
    },
    ...session.context.baselinePayload(operation),
  });
}
