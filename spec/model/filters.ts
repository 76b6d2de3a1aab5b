// Query parameters that filter a list by a member of its items: a parameter named as an item
// property, taking one of its enum values (or a list of them). The mock filters by them; the runner
// checks that a filtered list holds only matching items and every matching item it made.
import { propertiesOf } from '../all-of.js';
import type { JsonSchema } from '../json-schema.js';
import type { Operation } from '../types.js';
import type { Paging } from './pagination.js';

export interface Filter {
  /** The query parameter, and the item member it filters by (the same name). */
  readonly parameter: string;
  /** Whether the parameter takes several values (an array): an item matches any of them. */
  readonly many: boolean;
  /** The values it takes, from its enum. */
  readonly values: readonly unknown[];
}

type Schema = Record<string, unknown>;

export function filtersOf(list: Operation, item: JsonSchema, paging: Paging): Filter[] {
  const properties = propertiesOf(item);
  const paged = new Set([paging.parameter, paging.limit?.name]);
  return list.parameters.flatMap((parameter): Filter[] => {
    if (parameter.in !== 'query' || paged.has(parameter.name) || !Object.hasOwn(properties, parameter.name)) return [];
    const schema = parameter.validator.schema as Schema;
    const many = schema.type === 'array';
    const values = (many ? (schema.items as Schema | undefined)?.enum : schema.enum) as unknown[] | undefined;
    const member = properties[parameter.name] as Schema;
    // Only where the member holds one of those values (an enum of scalars), so matching is plain.
    if (!Array.isArray(values) || !Array.isArray(member.enum)) return [];
    return [{ parameter: parameter.name, many, values }];
  });
}
