// Items a client names: the key its creation carries, and a PUT at a key no item has (an upsert),
// which makes the item there from the values a creation would give it; and what the service fills
// in on a new item (its times, its parent), which no client sends.
import { type CallerNames, describeIssues, type FilledIn, filledValues } from '../../spec/core.js';
import { MockHttpError } from '../core/errors.js';
import type { ItemChangeBehaviour } from './behaviour-types.js';
import { type Fields, layeredFields, storedFields } from './changes.js';

/** The key a client chose for the item it creates, where the collection is keyed by the client. */
export function chosenKey(
  clientKey: { readonly property: string } | undefined,
  body: unknown,
): string | number | undefined {
  if (!clientKey || typeof body !== 'object' || body === null) return undefined;
  const key = (body as Record<string, unknown>)[clientKey.property];
  return typeof key === 'string' || typeof key === 'number' ? key : undefined;
}

/** The values of an item a PUT makes at the free key `id`, or why they would be no valid item. */
export function valuesAt(
  behaviour: ItemChangeBehaviour,
  body: unknown,
  idProperty: string,
  id: string,
): Fields | MockHttpError {
  const fields = storedFields(body, behaviour.storedProperties, behaviour.keeps);
  const { assigned, fallback } = behaviour.upsert!.initialValues(fields);
  const values = layeredFields(
    fallback,
    fields,
    assigned,
    filledFor(behaviour.filled, {}, fields, behaviour.caller?.()),
  );
  const issues = behaviour.itemValidator?.validate({ ...values, [idProperty]: id }) ?? [];
  if (issues.length === 0) return values;
  return new MockHttpError(400, 'invalid_body', `The item would be invalid: ${describeIssues(issues)}.`);
}

/** What the service fills in on an item made now under `params`, but what the client sent itself. */
export function filledFor(
  filled: FilledIn | undefined,
  params: Readonly<Record<string, string>>,
  sent: Readonly<Fields>,
  caller?: CallerNames,
): Fields {
  if (!filled) return {};
  const at = new Date();
  const values = filledValues(filled, params, at, caller);
  // An item made straight into a later state (`state: done` sent) carries that state's instant.
  const sentStates = new Set(
    Object.values(sent).flatMap((value) => (typeof value === 'string' ? [value.toLowerCase()] : [])),
  );
  for (const name of filled.laterStates)
    if (sentStates.has(name.replace(/_?(at|on)$/i, '').toLowerCase())) values[name] = at.toISOString();
  for (const name of Object.keys(sent)) delete values[name];
  return values;
}
