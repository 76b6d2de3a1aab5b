// Values one live item at a time may hold, where the document's words say so (spec/model/
// unique-values.ts): a second item with the values of one the run made gets the documented conflict;
// so does the same instant written with another offset, where the words say instants are compared;
// and once an action moves the first into a state that frees its values, they are free again.
// Judged as api_idioms_honoured (values_in_use_accepted, freed_values_refused).
import type { Action, Resource, UniqueRule } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { referencedCollections } from '../references.js';
import { parentParams } from './parents.js';
import { succeeded, withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

const IN_USE = 'values in use refused';
const OTHER_OFFSET = 'same instant with another offset refused';
const freedStep = (action: Action) => `values free after ${action.verb}`;

/** The same instant as another RFC 3339 text: UTC written as +02:00, any other offset as Z. */
export function sameInstantElsewhere(value: string): string | undefined {
  const time = Date.parse(value);
  if (Number.isNaN(time) || !/T\d\d:\d\d/.test(value)) return undefined;
  const utc = /(?:Z|[+-]00:00)$/i.test(value);
  const text = new Date(time + (utc ? 2 * 3600_000 : 0)).toISOString().replace(/\.000Z$/, 'Z');
  return utc ? text.replace(/Z$/, '+02:00') : text;
}

/** The action that moves an item into a state whose items hold nothing. */
const freeingAction = (rule: UniqueRule, actions: readonly Action[]): Action | undefined =>
  rule.freedBy
    ? actions.find((action) => action.member === rule.freedBy!.member && rule.freedBy!.values.includes(action.target))
    : undefined;

export const holdsUniqueValues = (resource: Resource): boolean =>
  resource.idioms.unique !== undefined && resource.collection.create !== undefined;

export async function checkUniqueValues(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection, idioms } = resource;
  const rule = idioms.unique;
  const create = collection.create;
  if (!rule || !create || runner.stopped()) return;
  const freeing = freeingAction(rule, idioms.actions ?? []);
  const steps = [IN_USE, ...(rule.instants.length > 0 ? [OTHER_OFFSET] : []), ...(freeing ? [freedStep(freeing)] : [])];
  const reach = runner.reach.scenario('unique values', collection.path, steps);
  const parent = await parentParams(collection, context, runner);
  const first = await runner.make(collection, { what: 'to hold its values', purpose: 'unique first', parent });
  if ('refused' in first) return reach.stop(first.refused);
  const held = asObject(first.made.sent);
  const missing = rule.members.filter((member) => held?.[member] === undefined);
  if (!held || missing.length > 0) return reach.stop(`its creation did not send ${missing.join(', ')}`);
  // The second item: fresh values of its own, but the first one's in the rule's members and in
  // every reference (a scope the words did not name is then the same too).
  const kept = new Set([...rule.members, ...referencedCollections(create.operation, context.collections).keys()]);
  const [fresh] = await runner.freshBodies(collection, 1, 'unique second');
  const request = context.requestSchema(create.operation);
  const mixed = {
    ...(asObject(fresh) ?? {}),
    ...Object.fromEntries([...kept].filter((m) => m in held).map((m) => [m, held[m]])),
  };
  const second = request && !request.isValid(mixed) ? held : mixed;
  const caseWith = (body: unknown, what: string): TestCase =>
    context.testCase(create.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: body },
      what,
    });
  const values = describeValues(rule, held);
  const judged = (body: unknown, what: string, how: string) =>
    runner.execute(caseWith(body, what), {
      collection,
      sequence: {
        idiom: { idiom: 'values-in-use', expectedStatus: rule.conflictStatus, values, words: rule.words, how },
      },
    });
  const taken = await judged(second, 'with the values of an item already made', 'the same values');
  reach.done(IN_USE);
  if (succeeded(taken)) return reach.stop('the service took the values twice');
  const [instant] = rule.instants;
  const elsewhere =
    instant !== undefined && typeof held[instant] === 'string' ? sameInstantElsewhere(held[instant]) : undefined;
  if (instant !== undefined && elsewhere !== undefined) {
    const moved = await judged(
      { ...second, [instant]: elsewhere },
      `with ${instant} written with another offset`,
      `the same ${instant} written as ${elsewhere}`,
    );
    reach.done(OTHER_OFFSET);
    if (succeeded(moved)) return reach.stop('the service took the values twice');
  } else if (instant !== undefined) reach.skip(OTHER_OFFSET, `${instant} was sent as no date-time`);
  if (!freeing) return;
  const parameter = collection.read?.parameter ?? collection.remove?.parameter;
  if (!parameter) return reach.skip(freedStep(freeing), 'no item path to act on');
  let action = context.testCase(freeing.operation, {
    kind: 'positive',
    plain: true,
    pathParams: first.made.at(parameter),
    what: `to ${freeing.verb}`,
  });
  const etag = await currentEtag(resource, context, runner, first.made.at);
  if (etag && freeing.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name)))
    action = withHeader(action, 'If-Match', etag);
  const done = await runner.send(action);
  if (!done?.ok || done.response.status >= 300)
    return reach.skip(
      freedStep(freeing),
      `${freeing.verb} was ${done?.ok ? `answered ${done.response.status}` : 'not answered'}`,
    );
  await runner.execute(caseWith(second, `with the values of an item just ${String(freeing.target)}`), {
    collection,
    sequence: {
      idiom: {
        idiom: 'values-freed',
        expectedStatus: rule.conflictStatus,
        values,
        words: rule.words,
        how: String(freeing.target),
      },
    },
  });
  reach.done(freedStep(freeing));
}

/** The item's ETag, where its read gives one (an action that takes If-Match). */
async function currentEtag(
  resource: Resource,
  context: PlanContext,
  runner: SequenceRunner,
  at: (parameter: string) => Record<string, string>,
): Promise<string | undefined> {
  const read = resource.collection.read;
  if (!read || !resource.idioms.conditional) return undefined;
  const exchange = await runner.send(
    context.testCase(read.operation, {
      kind: 'positive',
      plain: true,
      pathParams: at(read.parameter),
      what: 'for its ETag',
    }),
  );
  const etag = exchange?.ok ? exchange.response.headers.etag : undefined;
  return typeof etag === 'string' ? etag : undefined;
}

const describeValues = (rule: UniqueRule, held: Record<string, unknown>): string =>
  rule.members.map((member) => `${member} ${JSON.stringify(held[member])}`).join(', ');
