// How a stored field is compared with what was sent: by exact JSON text (int64 digits past 2^53
// included), with the one leeway every serialiser family needs: null members left out.
import { fieldText } from '../../spec/index.js';

/** Whether a value is null or holds one at any depth. */
function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value as object).some(holdsNull);
}

/** A value with its objects' null members left out (array items stay: their place matters). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, withoutNulls(member)]),
  );
}

/** A field that differs in its exact JSON text, as finding fields; undefined when it does not. */
export function compareField(
  got: Record<string, unknown>,
  sent: Record<string, unknown>,
  name: string,
): Record<string, unknown> | undefined {
  const [receivedText, sentText] = [fieldText(got, name), fieldText(sent, name)];
  if (receivedText === sentText) return undefined;
  // Serialisers that leave nulls out are everywhere: a null sent and answered absent is the same
  // value, at any depth (a property the schema requires is still judged by the schema check).
  const withNullsLeftOut = (item: Record<string, unknown>) => JSON.stringify(withoutNulls({ [name]: item[name] }));
  if (holdsNull(sent[name]) && withNullsLeftOut(got) === withNullsLeftOut(sent)) return undefined;
  return { field: name, received: got[name], sent: sent[name], receivedText, sentText };
}

/** The first of the fields that was sent and is stored differently, as finding fields. */
export function firstDifference(
  item: Record<string, unknown>,
  sent: Record<string, unknown>,
  fields: readonly string[],
): Record<string, unknown> | undefined {
  for (const name of fields) {
    if (!(name in sent)) continue;
    const difference = compareField(item, sent, name);
    if (difference) return difference;
  }
  return undefined;
}
