// The entries of an item's list member that its words keep unique by one of their members: "`lines`
// holds at most one line per `sku`" (a cart merges a second line for a product into the first).
// Read from the member's own description and the item schema's clauses that name it.
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { clausesOf } from './sentences.js';

export interface UniqueEntries {
  /** The list member (`lines`) and its entries' member each value of which one entry holds (`sku`). */
  readonly member: string;
  readonly key: string;
  readonly words: string;
}

const AT_MOST_ONE = /\bat most one\s+[\w-]+\s+(?:per|for each|for every|for any)\s+`?([A-Za-z_][\w-]*)`?/i;

type Schema = { readonly description?: unknown; readonly type?: unknown; readonly items?: unknown };

const cache = new WeakMap<object, readonly UniqueEntries[]>();

/** The unique-entry rules of an item schema, read once per schema. */
export function uniqueEntriesOf(schema: unknown): readonly UniqueEntries[] {
  if (typeof schema !== 'object' || schema === null) return [];
  let rules = cache.get(schema);
  if (!rules) cache.set(schema, (rules = readRules(schema as Schema)));
  return rules;
}

function readRules(schema: Schema): UniqueEntries[] {
  const own = typeof schema.description === 'string' ? clausesOf(schema.description) : [];
  return Object.entries(propertiesOf(schema)).flatMap(([member, raw]) => {
    const property = raw as Schema;
    const keys = Object.keys(propertiesOf(property.items as JsonSchema | undefined));
    if (keys.length === 0) return [];
    const naming = new RegExp(`\\b${member}\\b`);
    const words = [
      ...(typeof property.description === 'string' ? clausesOf(property.description) : []),
      ...own.filter((clause) => naming.test(clause)),
    ];
    for (const clause of words) {
      const key = AT_MOST_ONE.exec(clause)?.[1];
      if (key && keys.includes(key))
        return [
          {
            member,
            key,
            words: clause
              .trim()
              .replace(/^[-*]\s+/, '')
              .replace(/[;:,]$/, ''),
          },
        ];
    }
    return [];
  });
}
