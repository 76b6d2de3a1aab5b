// Spans whose end the words order after their start (the model's spanOrders: "`endsAt` must be
// strictly later than `startsAt`"): a creation whose body is otherwise whole, with the end before
// the start, and, where the order is strict, with the end equal to the start. Each is invalid input
// (negative_data_rejection): a 2xx is a failure.
import type { Resource, SpanOrder } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import { parentParams } from './parents.js';
import type { SequenceRunner } from './sequences.js';

const HOUR = 3_600_000;
/** Where a span refused for another item's slot is sent again: 37 days and 5 hours later, then
 * years before and after (a long item of the run's may cover months). */
const DAY = 24 * HOUR;
const SHIFTS_MS = [0, 37 * DAY + 5 * HOUR, -(9 * 365 + 37) * DAY, (13 * 365 + 2) * DAY - 7 * HOUR];

/** The end as the start's text moved by `ms`, in the start's own form (a date, or an instant). */
function moved(start: string, ms: number): string | undefined {
  const time = Date.parse(start);
  if (Number.isNaN(time)) return undefined;
  if (/^\d{4}-\d{2}-\d{2}$/.test(start))
    return new Date(time + (Math.abs(ms) < DAY ? Math.sign(ms) * DAY : ms)).toISOString().slice(0, 10);
  return ms === 0 ? start : new Date(time + ms).toISOString().replace(/\.000Z$/, 'Z');
}

export async function checkSpanOrders(resource: Resource, context: PlanContext, runner: SequenceRunner) {
  const { collection } = resource;
  const create = collection.create?.operation;
  const spans = resource.idioms.spanOrders ?? [];
  if (!create || spans.length === 0 || runner.stopped()) return;
  const stepsOf = (span: SpanOrder) => [
    `${span.end} before ${span.start} refused`,
    ...(span.strict ? [`${span.end} equal to ${span.start} refused`] : []),
    ...(span.maxMs !== undefined ? [`a span past its longest refused`, 'a span at its longest taken'] : []),
  ];
  const reach = runner.reach.scenario('span order', collection.path, spans.flatMap(stepsOf));
  const parent = await parentParams(collection, context, runner);
  for (const span of spans) {
    const body = asObject(await runner.draft(collection, { what: '', purpose: 'span order', parent }));
    const start = body?.[span.start];
    const [before, equal] = stepsOf(span);
    if (!body || typeof start !== 'string') {
      for (const step of stepsOf(span)) reach.skip(step, `no valid body sends ${span.start}`);
      continue;
    }
    const unit = /^\d{4}-\d{2}-\d{2}$/.test(start) ? DAY : 60_000;
    const probes = [
      { step: before!, offset: -HOUR, how: 'before' },
      ...(span.strict ? [{ step: equal!, offset: 0, how: 'equal to' }] : []),
      ...(span.maxMs !== undefined
        ? [{ step: 'a span past its longest refused', offset: span.maxMs + unit, how: 'longer than allowed after' }]
        : []),
    ];
    for (const { step, offset, how } of probes) {
      if (moved(start, offset) === undefined || runner.stopped()) {
        reach.skip(step, `${span.start} is not a date`);
        continue;
      }
      // A conflict the span does not explain (the slot of another item) tests nothing: the span is
      // sent again, elsewhere in time.
      let executed: Awaited<ReturnType<SequenceRunner['execute']>>;
      for (const shift of SHIFTS_MS) {
        const from = moved(start, shift)!;
        const testCase = context.testCase(create, {
          kind: 'negative',
          plain: true,
          pathParams: parent,
          payload: { kind: 'json', value: { ...body, [span.start]: from, [span.end]: moved(from, offset) } },
          what: `with ${span.end} ${how} ${span.start}`,
          mutation: `${span.end} ${how} ${span.start}, which the words refuse ("${span.words}")`,
        });
        executed = await runner.execute(testCase, { collection });
        const status = executed?.exchange.ok ? executed.exchange.response.status : undefined;
        if (status !== 409 || span.status === 409) break;
      }
      if (executed?.exchange.ok) reach.done(step);
      else reach.skip(step, 'it got no answer');
    }
    // A span exactly as long as the words allow is valid input.
    if (span.maxMs !== undefined && !runner.stopped()) {
      const longest = await runner.execute(
        context.testCase(create, {
          kind: 'positive',
          plain: true,
          pathParams: parent,
          payload: { kind: 'json', value: { ...body, [span.end]: moved(start, span.maxMs) } },
          what: `with ${span.end} as far after ${span.start} as the words allow`,
        }),
        { collection },
      );
      if (longest?.exchange.ok) reach.done('a span at its longest taken');
    }
  }
}
