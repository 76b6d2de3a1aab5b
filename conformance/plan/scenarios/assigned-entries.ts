// Mass assignment inside a list's entries: a creation whose entries carry a member only the
// answer's entries hold (an order line's `unitPrice`, `lineTotal`), where the request's entries are
// closed, is invalid input and must be refused. Sent as a scenario, on the body of an item the run
// made (its references found and taken), so that the one member added is all that is wrong.
import { type CollectionSpec, type JsonSchema, propertiesOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import { anyValueOf, distinctive } from '../cases/mass-assignment.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

type Body = Record<string, unknown>;

/** The entry members the answer holds and the closed request entries do not: [array, member, value]. */
export function assignedEntries(collection: CollectionSpec, context: PlanContext): [string, string, unknown][] {
  const create = collection.create;
  const request = create && context.requestSchema(create.operation);
  const schema = create?.operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  if (!create || !request || !schema) return [];
  const answered = propertiesOf(create.success.schema);
  return Object.entries(propertiesOf(schema)).flatMap(([array, property]) => {
    const sendable = propertiesOf((property as { items?: JsonSchema }).items);
    const held = propertiesOf((answered[array] as { items?: JsonSchema } | undefined)?.items);
    if (Object.keys(sendable).length === 0) return [];
    return Object.entries(held).flatMap(([member, value]): [string, string, unknown][] => {
      if (Object.hasOwn(sendable, member)) return [];
      const sent = distinctive(value as Record<string, unknown>) ?? anyValueOf(value);
      return sent === undefined ? [] : [[array, member, sent]];
    });
  });
}

export async function checkAssignedEntries(
  collection: CollectionSpec,
  context: PlanContext,
  runner: SequenceRunner,
): Promise<void> {
  const assigned = assignedEntries(collection, context);
  if (assigned.length === 0 || runner.stopped()) return;
  const step = 'service-assigned members of entries refused';
  const reach = runner.reach.scenario('assigned entries', collection.path, [step]);
  const parent = await parentParams(collection, context, runner);
  const making = await runner.make(collection, {
    what: 'whose body carries assigned entries',
    purpose: 'assigned entries',
    parent,
  });
  if (!('made' in making)) return reach.stop(`no item could be made: ${making.refused}`);
  const body = asObject(making.made.sent);
  const request = context.requestSchema(collection.create!.operation);
  for (const [array, member, value] of assigned) {
    const entries = body?.[array];
    const first = Array.isArray(entries) ? asObject(entries[0]) : undefined;
    if (!body || !first || !Array.isArray(entries)) continue;
    const sent: Body = { ...body, [array]: [{ ...first, [member]: value }, ...entries.slice(1)] };
    if (request?.isValid(sent) !== false) continue;
    const what = `with the service-assigned ${array}[].${member} sent as ${JSON.stringify(value)}`;
    await runner.execute(
      context.testCase(collection.create!.operation, {
        kind: 'negative',
        mutation: what,
        pathParams: parent,
        payload: { kind: 'json', value: sent },
        what,
      }),
      { collection },
    );
    reach.done(step);
  }
}
