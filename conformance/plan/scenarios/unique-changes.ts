// Values one item at a time may hold, given to a second item by a change: a PATCH of another item of
// the run's own to the first one's values must meet the same documented conflict as a creation
// would (values_in_use_accepted). Sent where one item alone may hold the values and the PATCH takes
// them as they are.
import { propertiesOf, type Resource, type UniqueRule } from '../../../spec/index.js';
import type { PlanContext } from '../context.js';
import { currentEtag } from './held-values.js';
import { withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

export const CHANGED_INTO_USE = 'values given by a change refused';

/** Whether a change can be sent to give the values: one item at a time, and a PATCH to send. */
export const changesIntoUse = (rule: UniqueRule, resource: Resource): boolean =>
  rule.limit === 1 && !rule.interval && resource.collection.update !== undefined;

interface ChangeParts {
  readonly resource: Resource;
  readonly rule: UniqueRule;
  readonly context: PlanContext;
  readonly runner: SequenceRunner;
  readonly parent: Readonly<Record<string, string>>;
  readonly held: Readonly<Record<string, unknown>>;
  readonly evidence: Readonly<Record<string, unknown>>;
  readonly reach: { done: (step: string) => void; skip: (step: string, why: string) => void };
}

export async function changeIntoUse(parts: ChangeParts): Promise<void> {
  const { resource, rule, context, runner, parent, held, evidence, reach } = parts;
  const update = resource.collection.update!;
  const body = Object.fromEntries(rule.members.map((member) => [member, held[member]]));
  const request = context.requestSchema(update.operation);
  // A member the PATCH schema does not declare (or keeps readOnly) may be taken and ignored: a
  // book's isbn, its key, "ignored like any member the patch schema does not know".
  const declared = propertiesOf(request?.schema) as Record<string, { readOnly?: unknown }>;
  const ignorable = rule.members.filter((member) => !(member in declared) || declared[member]?.readOnly === true);
  if (request && ignorable.length > 0)
    return reach.skip(CHANGED_INTO_USE, `its PATCH does not declare ${ignorable.join(', ')} as writable`);
  if (request && !request.isValid(body))
    return reach.skip(CHANGED_INTO_USE, `its PATCH does not take ${rule.members.join(', ')} alone`);
  const other = await runner.make(resource.collection, {
    what: 'to be changed to the values of another',
    purpose: `unique ${rule.members.join(' ')} changed`,
    parent,
  });
  if ('refused' in other) return reach.skip(CHANGED_INTO_USE, other.refused);
  let change = context.testCase(update.operation, {
    kind: 'positive',
    plain: true,
    pathParams: other.made.at(update.parameter),
    payload: { kind: 'json', value: body },
    onMadeItem: true,
    what: 'changing an item to the values another holds',
  });
  const etag = await currentEtag(resource, context, runner, other.made.at);
  if (etag && update.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name)))
    change = withHeader(change, 'If-Match', etag);
  await runner.execute(change, {
    collection: resource.collection,
    sequence: { idiom: { idiom: 'values-in-use', ...evidence, how: 'by a change of another item' } },
  });
  reach.done(CHANGED_INTO_USE);
}
