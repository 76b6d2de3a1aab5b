// What the item scenario keeps of an item between its steps: the instants it was stamped with (a
// change must leave the creation's and move the update's, a second later), and a replacement that
// asks for no more than the item holds.
import { type CollectionSpec, NOW_INSTANT, type Operation, UPDATE_INSTANT } from '../../../spec/index.js';
import { parseBody } from '../../judge/evaluate.js';
import type { TestCase } from '../../model.js';
import type { PlanContext } from '../context.js';
import { itemOf, type SequenceRunner } from './sequences.js';

type Item = Record<string, unknown>;

const isItem = (value: unknown): value is Item => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The replacement asking for no more than the item holds: each number above the item's own is
 * taken down to it (a limit the item met, a venue's capacity, is met again), where the PUT takes it. */
export function noMoreThanHeld(context: PlanContext, put: Operation, replacement: unknown, held: Item): unknown {
  const body = isItem(replacement) ? replacement : undefined;
  if (!body) return replacement;
  const lowered = { ...body };
  for (const [name, value] of Object.entries(body))
    if (typeof value === 'number' && typeof held[name] === 'number' && value > (held[name] as number))
      lowered[name] = held[name];
  return context.requestSchema(put)?.isValid(lowered) === false ? replacement : lowered;
}

/** The item's creation and update instants (createdAt, updatedAt) as it was made; undefined where
 * it has no update instant to judge a change by. */
export function stampedInstants(item: Item): Record<string, string> | undefined {
  const stamped = Object.entries(item).filter(
    ([name, value]) => NOW_INSTANT.test(name) && typeof value === 'string' && !Number.isNaN(Date.parse(value)),
  );
  if (!stamped.some(([name]) => UPDATE_INSTANT.test(name))) return undefined;
  return Object.fromEntries(stamped) as Record<string, string>;
}

/** Waits until every stamped instant is more than a second in the past. */
export async function settleClock(instants: Record<string, string>): Promise<void> {
  const latest = Math.max(...Object.values(instants).map((value) => Date.parse(value)));
  const wait = Math.min(1_100, latest + 1_100 - Date.now());
  if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
}

/** The item's stamped instants (createdAt, updatedAt) as a read answers them, once they are more than
 * a second old. */
export async function stampsOf(
  runner: SequenceRunner,
  read: TestCase,
  collection: CollectionSpec,
): Promise<Record<string, string> | undefined> {
  const exchange = await runner.send(read);
  const body = exchange?.ok && exchange.response.status < 300 ? parseBody(exchange) : undefined;
  const item = body ? itemOf(body, collection) : undefined;
  const stamps = item ? stampedInstants(item) : undefined;
  if (stamps) await settleClock(stamps);
  return stamps;
}
