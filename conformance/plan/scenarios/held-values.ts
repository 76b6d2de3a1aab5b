// What becomes of the values an item holds (spec/model/unique-values.ts) when the item is deleted,
// where the words say (free again, or held for good), and when it changes within its own interval
// (it overlaps only itself: taken). Each on a new item of the run's own.
import { type Interval, intervalText, type Resource, type UniqueRule } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { deleteMade } from './deletions.js';
import { createParent, parentParams } from './parents.js';
import { answeredAs, withHeader } from './sequence-runner.js';
import type { SequenceRunner } from './sequences.js';

type Body = Record<string, unknown>;

/** The item's ETag, where its read gives one (an action that takes If-Match). */
export async function currentEtag(
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

export const describeValues = (rule: UniqueRule, held: Record<string, unknown>): string =>
  rule.members.map((member) => `${member} ${JSON.stringify(held[member])}`).join(', ');

/** What a deletion does to an item's values, where the words say (the model's deletedValues): an
 * item of the run's own deleted, then its very body sent again (a fresh key where the key is not
 * the rule's): taken where the words free them, refused where they stay held. */
export async function checkDeletedValues(
  resource: Resource,
  rule: UniqueRule,
  context: PlanContext,
  runner: SequenceRunner,
) {
  const { collection } = resource;
  const said = resource.idioms.deletedValues;
  const { create, remove } = collection;
  if (!said || !create || !remove || runner.stopped()) return;
  const step = said === 'free' ? 'values free after delete' : 'values still held after delete';
  const reach = runner.reach.scenario('unique values', `${collection.path} (${rule.members.join(', ')})`, [step]);
  const parent =
    (rule.interval ? await createParent(collection, context, runner, 'unique') : undefined) ??
    (await parentParams(collection, context, runner));
  const purpose = `deleted ${rule.members.join(' ')}`;
  const made = await runner.make(collection, { what: 'to be deleted with its values', purpose, parent });
  if ('refused' in made) return reach.skip(step, made.refused);
  const sent = asObject(made.made.sent);
  if (!sent || rule.members.some((member) => sent[member] === undefined))
    return reach.skip(step, `its creation did not send ${rule.members.join(', ')}`);
  const notDeleted = await deleteMade(collection, made.made.at, 'to see what becomes of its values', context, runner);
  if (notDeleted) return reach.skip(step, notDeleted);
  const key = collection.idProperty;
  const [fresh] =
    collection.clientKey && !rule.members.includes(key) ? await runner.freshBodies(collection, 1, purpose) : [];
  const freshKey = asObject(fresh)?.[key];
  const body = freshKey === undefined ? sent : { ...sent, [key]: freshKey };
  const evidence = {
    expectedStatus: rule.conflictStatus,
    values: describeValues(rule, sent),
    words: rule.words,
    limit: rule.limit,
  };
  await runner.execute(
    context.testCase(create.operation, {
      kind: 'positive',
      plain: true,
      pathParams: parent,
      payload: { kind: 'json', value: body },
      what: 'with the values of an item just deleted',
    }),
    {
      collection,
      sequence: {
        idiom:
          said === 'free'
            ? { idiom: 'values-freed', ...evidence, how: 'deleted' }
            : { idiom: 'values-in-use', ...evidence, how: 'the values of a deleted item, which the words keep held' },
      },
    },
  );
  reach.done(step);
}

/** An item's interval changed to a part of itself (a later start, the same end; or a shorter length)
 * overlaps nothing but the item itself, which never conflicts: the change must be taken. Sent on a
 * new item of the run's own, as made, as a plain PATCH (positive_data_acceptance judges it). */
export async function shrinkWithinOwnInterval(
  resource: Resource,
  rule: UniqueRule,
  interval: Interval,
  context: PlanContext,
  runner: SequenceRunner,
) {
  const { collection } = resource;
  const update = collection.update;
  const step = 'a change within its own interval accepted';
  if (!update || runner.stopped()) return;
  const reach = runner.reach.scenario('unique values', `${collection.path} (${rule.members.join(', ')})`, [step]);
  const parent =
    (await createParent(collection, context, runner, 'unique')) ?? (await parentParams(collection, context, runner));
  const made = await runner.make(collection, {
    what: 'to change within its interval',
    purpose: 'own interval',
    parent,
  });
  if ('refused' in made) return reach.skip(step, made.refused);
  const held = { ...(asObject(made.made.sent) ?? {}), ...made.made.item };
  const start = typeof held[interval.start] === 'string' ? Date.parse(held[interval.start] as string) : Number.NaN;
  const end =
    interval.end && typeof held[interval.end] === 'string' ? Date.parse(held[interval.end] as string) : undefined;
  const length = interval.length ? held[interval.length.member] : undefined;
  const spanMs = end !== undefined ? end - start : typeof length === 'number' ? length * interval.length!.unitMs : NaN;
  // A quarter of the span later, on a whole minute where the span allows (a multipleOf on minutes);
  // on a whole day for days, still before the end.
  const minute = 60_000;
  const day = 86_400_000;
  const shift = interval.days
    ? spanMs >= 2 * day
      ? Math.max(1, Math.floor(spanMs / 4 / day)) * day
      : 0
    : spanMs >= 4 * minute
      ? Math.floor(spanMs / 4 / minute) * minute
      : Math.floor(spanMs / 4);
  if (!(shift > 0)) return reach.skip(step, 'its interval is too short to shrink');
  const text = intervalText(interval, start + shift);
  const body: Body = { [interval.start]: text };
  if (interval.length) body[interval.length.member] = (length as number) - shift / interval.length.unitMs;
  if (context.requestSchema(update.operation)?.isValid(body) === false)
    return reach.skip(step, 'its PATCH does not take the interval alone');
  let change = context.testCase(update.operation, {
    kind: 'positive',
    plain: true,
    pathParams: made.made.at(update.parameter),
    payload: { kind: 'json', value: body },
    what: `to start ${text}, within its own interval`,
  });
  const etag = await currentEtag(resource, context, runner, made.made.at);
  if (etag && update.operation.parameters.some((p) => p.in === 'header' && /^if-match$/i.test(p.name)))
    change = withHeader(change, 'If-Match', etag);
  const executed = await runner.execute(change, { collection });
  if (!executed?.exchange.ok) return reach.skip(step, answeredAs(executed));
  reach.done(step);
}

/** The same instant as another RFC 3339 text: UTC written as +02:00, any other offset as Z. */
export function sameInstantElsewhere(value: string): string | undefined {
  const time = Date.parse(value);
  if (Number.isNaN(time) || !/T\d\d:\d\d/.test(value)) return undefined;
  const utc = /(?:Z|[+-]00:00)$/i.test(value);
  const text = new Date(time + (utc ? 2 * 3600_000 : 0)).toISOString().replace(/\.000Z$/, 'Z');
  return utc ? text.replace(/Z$/, '+02:00') : text;
}

/** The text with every letter's case swapped, where that changes it and keeps its length (a
 * service compares what it was told to; the schema's pattern may still refuse it: then not sent). */
export function otherCase(text: string): string | undefined {
  const swapped = [...text].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join('');
  return swapped !== text && swapped.length === text.length ? swapped : undefined;
}
