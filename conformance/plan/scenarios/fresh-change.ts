// A change body for the idiom scenario's ETag checks, with fresh values where a creation has them.
import { type Operation, propertiesOf, type Resource } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import type { PlanContext } from '../context.js';
import type { SequenceRunner } from './sequences.js';

/** A valid body for the item's change whose members hold fresh values where a fresh creation body
 * has them (a time slot of its own: a change to a taken slot is rightly refused with 409). */
export async function freshChange(
  operation: Operation,
  collection: Resource['collection'],
  context: PlanContext,
  runner: SequenceRunner,
  held: Readonly<Record<string, unknown>> = {},
): Promise<unknown> {
  const [plain] = context.plainBodies(operation, 1, 'idioms');
  const plainObject = asObject(plain);
  // A fresh body may be the one the item was made from: the next one then.
  for (const fresh of await runner.freshBodies(collection, 3, 'idioms change')) {
    const freshObject = asObject(fresh);
    if (!plainObject || !freshObject) return plain;
    const body = changeFrom(operation, context, plainObject, freshObject, held);
    const moves = Object.entries(asObject(body) ?? {}).some(
      ([name, value]) => JSON.stringify(value) !== JSON.stringify(held[name] ?? null),
    );
    if (moves || Object.keys(held).length === 0) return body;
  }
  return undefined;
}

/** One plain text member alone, where the change takes it so: it moves no slot, key or reference
 * another item holds (an event moved onto a booked interval is rightly refused with 409); else the
 * whole body with the fresh values. */
function changeFrom(
  operation: Operation,
  context: PlanContext,
  plainObject: Record<string, unknown>,
  freshObject: Record<string, unknown>,
  held: Readonly<Record<string, unknown>>,
): unknown {
  const request = context.requestSchema(operation);
  const properties = propertiesOf(request?.schema);
  const plainText = Object.keys(plainObject).find((name) => {
    const property = properties[name] as { type?: unknown; format?: unknown; enum?: unknown } | undefined;
    return (
      property?.type === 'string' &&
      property.format === undefined &&
      property.enum === undefined &&
      !/(?:id|key|code|slug)$/i.test(name) &&
      typeof freshObject[name] === 'string' &&
      freshObject[name] !== plainObject[name] &&
      freshObject[name] !== held[name]
    );
  });
  const alone = plainText === undefined ? undefined : { [plainText]: freshObject[plainText] };
  if (alone && request?.isValid(alone)) return alone;
  const freshened = {
    ...plainObject,
    ...Object.fromEntries(
      Object.keys(plainObject)
        .filter((k) => k in freshObject)
        .map((k) => [k, freshObject[k]]),
    ),
  };
  return request?.isValid(freshened) === false ? plainObject : freshened;
}
