// The item's state member (status, state): the enum its actions move, the states a parent's words
// lock its children's writes to, the states a creation asks of the items it names.
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';

/** The item's state member: a string enum named status or state (what actions move). */
export function statusMember(
  collection: CollectionSpec,
): { member: string; values: readonly unknown[]; description?: string } | undefined {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    // A state declared as allOf [$ref] beside readOnly or a description: its enum is one level down.
    const { enum: values, description } = mergeAllOf(property as Record<string, unknown>);
    if (/^(status|state)$/i.test(name) && Array.isArray(values))
      return { member: name, values, ...(typeof description === 'string' ? { description } : {}) };
  }
  return undefined;
}
