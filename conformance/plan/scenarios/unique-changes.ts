// Values one item at a time may hold, given to a second item by a change: a PATCH of another item of
// the run's own to the first one's values must meet the same documented conflict as a creation
// would (values_in_use_accepted). Sent where one item alone may hold the values and the PATCH takes
// them as they are.
import { propertiesOf, type Resource, type UniqueRule } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { currentEtag } from './held-values.js';
import { succeeded, withHeader } from './sequence-runner.js';
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
  // Another member changed beside them, where the PATCH takes both: a refusal changes neither.
  const [plain] = context.plainBodies(update.operation, 1, 'unique change beside');
  const beside = Object.entries(asObject(plain) ?? {}).find(
    ([member, value]) => !rule.members.includes(member) && other.made.item[member] !== value,
  );
  const both = beside ? { ...body, [beside[0]]: beside[1] } : body;
  const sent = request?.isValid(both) === false ? body : both;
  const changing = async (value: Record<string, unknown>, what: string) => {
    const change = context.testCase(update.operation, {
      kind: 'positive',
      plain: true,
      pathParams: other.made.at(update.parameter),
      payload: { kind: 'json', value },
      onMadeItem: true,
      what,
    });
    const etag = await currentEtag(resource, context, runner, other.made.at);
    const conditional = update.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name));
    return etag && conditional ? withHeader(change, 'If-Match', etag) : change;
  };
  const refused = await runner.execute(await changing(sent, 'changing an item to the values another holds'), {
    collection: resource.collection,
    sequence: { idiom: { idiom: 'values-in-use', ...evidence, how: 'by a change of another item' } },
  });
  reach.done(CHANGED_INTO_USE);
  const read = resource.collection.read;
  if (!succeeded(refused) && read && beside && sent === both)
    await runner.execute(
      context.testCase(read.operation, {
        kind: 'positive',
        plain: true,
        pathParams: other.made.at(read.parameter),
        what: 'after a change to values another holds was refused',
      }),
      {
        collection: resource.collection,
        sequence: {
          afterChange: { id: other.made.id, kind: 'update', expected: { [beside[0]]: other.made.item[beside[0]] } },
        },
      },
    );
  // Its own values sent back as they are take nothing from anyone.
  const own = Object.fromEntries(rule.members.map((member) => [member, other.made.item[member]]));
  if (request?.isValid(own) !== false && rule.members.every((member) => own[member] !== undefined))
    await runner.execute(await changing(own, 'keeping the values it holds itself'), {
      collection: resource.collection,
      sequence: { idiom: { idiom: 'values-own', ...evidence } },
    });
}
