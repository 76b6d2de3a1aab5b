// Query parameters that filter a list by a member of its items: a parameter named as an item
// property, taking one of its enum values (or a list of them), naming another resource by its id
// (`room_id`, `customerId`), or matched exactly as its words say (`city`). The mock filters by them; the runner checks that a filtered list holds
// only matching items and every matching item it made.

import type { Operation } from '../contract/types.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { Paging } from './pagination.js';

export interface Filter {
  /** The query parameter, and the item member it filters by (the same name, unless `member`). */
  readonly parameter: string;
  /** The member, where the parameter names one value of a list member (`tag` over `tags`). */
  readonly member?: string;
  /** Whether the parameter takes several values (an array): an item matches any of them. */
  readonly many: boolean;
  /** The values it takes, from its enum; none for a reference (any id of the other resource). */
  readonly values: readonly unknown[];
  /** The member is a list (tags): an item matches a value its list holds, every value given. */
  readonly contains?: boolean;
  /** Several values given match only items that hold every one, as the parameter's words say
   * ("only vets that have ALL of these tags"); without such words, which is left open. */
  readonly all?: boolean;
}

const EVERY_VALUE = /\b(all|every one) of (these|the|them|the given|the listed)\b|\bevery (given|listed) /i;

// A member that names another resource by its id: matched by equality like an enum member (a
// name or a description may be searched by substring, so they are not filters here).
const REFERENCE = /(^|_)id$|[a-z0-9]Id$|_uuid$/;

/** A parameter's own words that make it match by equality ("Only venues whose `city` equals this
 * value exactly"), and words that make it a search (a substring, a prefix), which is no filter. */
const SAID_EQUAL =
  /\bwhose\s+`?\w+`?\s+(?:equals|is equal to|is exactly|matches exactly)\b|\b(?:equals|is equal to)\s+(?:this|the given)\s+value\b/i;
const SEARCH = /\b(?:contains?|substring|prefix|starts? with|search(?:es)?|partial|case-insensitive)\b/i;

const scalar = (schema: Schema | undefined): boolean =>
  schema !== undefined &&
  (['string', 'integer'].includes(schema.type as string) ||
    (Array.isArray(schema.type) && schema.type.some((t) => t === 'string' || t === 'integer')));

type Schema = Record<string, unknown>;

export function filtersOf(list: Operation, item: JsonSchema, paging: Paging): Filter[] {
  const properties = propertiesOf(item);
  const paged = new Set([paging.parameter, paging.limit?.name]);
  return list.parameters.flatMap((parameter): Filter[] => {
    if (parameter.in !== 'query' || paged.has(parameter.name)) return [];
    if (!Object.hasOwn(properties, parameter.name)) return listMemberFilter(parameter, properties);
    // A schema wrapped to carry words beside a $ref (`allOf: [PageStatus]`) is read merged.
    const schema = mergeAllOf(parameter.validator.schema as Schema) as Schema;
    const many = schema.type === 'array';
    const values = (many ? (schema.items as Schema | undefined)?.enum : schema.enum) as unknown[] | undefined;
    const member = mergeAllOf(properties[parameter.name] as Schema) as Schema;
    // Only where the member holds one of those values (an enum of scalars), so matching is plain.
    if (Array.isArray(values) && Array.isArray(member.enum)) return [{ parameter: parameter.name, many, values }];
    // A yes/no member filtered by a yes/no parameter ("Only flags whose `enabled` equals this value").
    if (!many && schema.type === 'boolean' && member.type === 'boolean')
      return [{ parameter: parameter.name, many, values: [true, false] }];
    const taken = many ? (schema.items as Schema | undefined) : schema;
    // A list of values against a list member (tags=a&tags=b over an item's tags).
    if (many && member.type === 'array' && scalar(member.items as Schema | undefined) && scalar(taken))
      return [
        {
          parameter: parameter.name,
          many,
          values: [],
          contains: true,
          ...(EVERY_VALUE.test(parameter.description ?? '') ? { all: true } : {}),
        },
      ];
    if (REFERENCE.test(parameter.name) && scalar(member) && scalar(taken))
      return [{ parameter: parameter.name, many, values: [] }];
    // Any scalar member its words say is matched exactly (a city, a venue's code).
    const words = parameter.description ?? '';
    if (SAID_EQUAL.test(words) && !SEARCH.test(words) && scalar(member) && scalar(taken))
      return [{ parameter: parameter.name, many, values: [] }];
    return [];
  });
}

/** One value of a list member, named by its singular (`tag=runbook` over an item's `tags`): an item
 * matches where its list holds the value. */
function listMemberFilter(parameter: Operation['parameters'][number], properties: Record<string, unknown>): Filter[] {
  const { name } = parameter;
  const plurals = [`${name}s`, `${name}es`, name.endsWith('y') ? `${name.slice(0, -1)}ies` : undefined];
  const member = plurals.find((plural) => plural !== undefined && Object.hasOwn(properties, plural));
  const schema = member ? (mergeAllOf(properties[member] as Schema) as Schema) : undefined;
  const taken = mergeAllOf(parameter.validator.schema as Schema) as Schema;
  if (!member || schema?.type !== 'array' || !scalar(schema.items as Schema | undefined) || !scalar(taken)) return [];
  return [{ parameter: name, member, many: false, values: [], contains: true }];
}
