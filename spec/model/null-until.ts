// Members the words keep null until the item reaches a state: "`finishedAt` and `result` are `null`
// until the status is `succeeded`". Read from the creation's words and each member's own; a member
// named there that takes null joins the instants of later states (filled-in.ts): null on a new item,
// judged so on the creation's answer.
import type { JsonSchema } from '../schema/json-schema.js';
import type { CollectionSpec } from './collections.js';
import { sentencesOf } from './sentences.js';

/** "`a` and `b` are `null` until", "`result` stays null until": the members named before it. */
const NULL_UNTIL =
  /((?:`[A-Za-z_]\w*`(?:\s*,\s*|\s+and\s+|\s*,\s*and\s+)?)+)\s+(?:are|is|stays?|remains?)\s+`?null`?\s+until\b/g;

export function nullUntilSaid(
  collection: CollectionSpec,
  properties: Readonly<Record<string, JsonSchema>>,
  takesNull: (name: string) => boolean,
): string[] {
  const own = Object.values(properties).map((schema) => (schema as { description?: unknown }).description);
  const texts = [collection.create?.operation.description, ...own].filter(
    (text): text is string => typeof text === 'string',
  );
  const named = new Set<string>();
  for (const sentence of sentencesOf(texts))
    for (const match of sentence.matchAll(NULL_UNTIL))
      for (const [, name] of match[1]!.matchAll(/`([A-Za-z_]\w*)`/g))
        if (Object.hasOwn(properties, name!) && takesNull(name!)) named.add(name!);
  return [...named];
}
