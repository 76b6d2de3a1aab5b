// A parent's members that follow its children's writes: counts of them (`entryCount`, the filled-in
// counts) and sums of one of their members (`totalMinutes` over the entries' `minutes`), read from
// the name (`total` + the child's member) or the creation's words ("adds its `minutes` to the
// timesheet's `totalMinutes`"). Judged by deltas: a child made adds 1 and its value, its deletion
// takes them away again.
import { mergeAllOf, propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import { singularOf } from './action-targets.js';
import type { CollectionSpec } from './collections.js';
import { filledInOf } from './filled-in.js';
import { parentItemsOf } from './parents.js';

export interface ChildTotal {
  /** The parent's member. */
  readonly member: string;
  /** The child member it sums; absent: it counts the children. */
  readonly of?: string;
  /** Only children of one kind ("the current part lines": `kind` `part`). */
  readonly where?: { readonly member: string; readonly value: string | boolean };
}

const numeric = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return (
    type === 'integer' ||
    type === 'number' ||
    (Array.isArray(type) && type.some((t) => t === 'integer' || t === 'number'))
  );
};

/** A parent member's own words: "Sum of `lineTotal` over the lines the rental holds now", "Sum of
 * `amountCents` over the work order's part lines" (the parent named first). */
const SUM_OVER =
  /\bsum\s+of\s+(?:the\s+)?`?([A-Za-z_]\w*)`?\s+(?:over|across|of|for)\s+(?:all\s+)?(?:the\s+|its\s+)?(?:(?:[\w-]+\s+){0,2}[\w-]+'s\s+)?((?:[\w-]+\s+){0,3}[\w-]+)/i;

const ADDS = /\badds?\s+its\s+`?([A-Za-z_]\w*)`?\s+to\s+(?:the\s+)?[\w-]+'s\s+`?([A-Za-z_]\w*)`?/gi;

/** The totals a parent keeps of the child collection's items; empty where it keeps none. */
export function childTotalsOf(child: CollectionSpec, collections: readonly CollectionSpec[]): ChildTotal[] {
  const parent = parentItemsOf(child.path, collections).at(-1)?.collection;
  const parentSchema = parent?.read?.item.schema;
  const childSchema = child.create?.item.schema;
  if (!parent || !parentSchema || !childSchema || !child.create) return [];
  const parentMembers = propertiesOf(parentSchema);
  // A union's members too: a labour line's `lineTotal` as much as a part line's.
  const childProperties = { ...variantPropertiesOf(childSchema, false), ...propertiesOf(childSchema) };
  const childMembers = Object.entries(childProperties).filter(([, schema]) => numeric(schema));
  const totals: ChildTotal[] = filledInOf(parent, parentSchema, collections)
    .counts.filter((count) => count.child === child.path)
    .map(({ name }) => ({ member: name }));
  const add = (member: string, of: string, where?: ChildTotal['where']) => {
    if (numeric(parentMembers[member]) && !totals.some((total) => total.member === member))
      totals.push({ member, of, ...(where ? { where } : {}) });
  };
  for (const [name] of childMembers) {
    const capital = `${name[0]!.toUpperCase()}${name.slice(1)}`;
    for (const member of [`total${capital}`, `total_${name}`]) if (member in parentMembers) add(member, name);
  }
  const words = `${child.create.operation.summary ?? ''} ${child.create.operation.description ?? ''}`;
  for (const [, of, member] of words.matchAll(ADDS))
    if (childMembers.some(([name]) => name === of) && member) add(member, of!);
  const noun = child.path.split('/').at(-1)!.toLowerCase();
  for (const [member, schema] of Object.entries(parentMembers)) {
    const said = SUM_OVER.exec(String((schema as { description?: unknown }).description ?? ''));
    if (!said || !childMembers.some(([name]) => name === said[1])) continue;
    // "the current part lines": the words up to the children's noun, a kind among them.
    const words = said[2]!.toLowerCase().split(/\s+/);
    const at = words.findIndex((word) => word === noun || word === singularOf(noun));
    if (at < 0) continue;
    // A condition after the noun ("entries whose `billable` is true") is read, or the sum left unread.
    const rest = String((schema as { description?: unknown }).description).slice(said.index + said[0].length);
    const after = `${said[2]!
      .split(/\s+/)
      .slice(at + 1)
      .join(' ')} ${rest}`;
    const conditioned = CONDITION_START.test(after);
    const condition = conditioned ? conditionIn(after, childSchema) : undefined;
    if (conditioned && !condition) continue;
    add(member, said[1]!, condition ?? kindIn(words.slice(0, at), childSchema));
  }
  return totals;
}

/** Words after the children's noun that narrow which children count. */
const CONDITION_START = /^\s*(?:whose|where|that|which|with|in\s+(?:the\s+)?(?:status|state))\b/i;

/** "whose `billable` is true", "where `kind` is `part`": the child member and the value it holds;
 * "in status `confirmed`": the child's member whose values hold that state. */
function conditionIn(text: string, childSchema: unknown): ChildTotal['where'] {
  const state = /^\s*(?:in|with)\s+(?:the\s+)?(?:status|state)\s+`([\w-]+)`/i.exec(text)?.[1];
  if (state !== undefined) {
    const holders = [...enumsOf(childSchema)].filter(([, values]) => values.includes(state));
    const [member] = holders.find(([name]) => /status|state/i.test(name)) ?? holders[0] ?? [];
    return member === undefined ? undefined : { member, value: state };
  }
  const said = /^\s*(?:whose|where)\s+`(\w+)`\s+(?:is|equals|=)\s+(true|false|`[\w-]+`)/i.exec(text);
  if (!said) return undefined;
  const value = said[2]!.replace(/`/g, '');
  return { member: said[1]!, value: value === 'true' ? true : value === 'false' ? false : value };
}

/** Each member's enum values, over a union's variants too (`kind`: `part` in one, `labour` in another). */
function enumsOf(schema: unknown): Map<string, unknown[]> {
  const merged = typeof schema === 'object' && schema !== null ? mergeAllOf(schema as Record<string, unknown>) : {};
  const variants = [merged.oneOf, merged.anyOf].find(Array.isArray) ?? [];
  const found = new Map<string, unknown[]>();
  for (const part of [schema, ...variants]) {
    for (const [member, property] of Object.entries(propertiesOf(part as never))) {
      const values = mergeAllOf(property as Record<string, unknown>).enum;
      if (Array.isArray(values)) found.set(member, [...(found.get(member) ?? []), ...values]);
    }
  }
  return found;
}

/** A child member's enum value among the words before the children's noun ("part" lines: `kind`). */
function kindIn(words: readonly string[], childSchema: unknown): ChildTotal['where'] {
  for (const [member, values] of enumsOf(childSchema)) {
    const value = values.find((one) => typeof one === 'string' && words.includes(one.toLowerCase()));
    if (typeof value === 'string') return { member, value };
  }
  return undefined;
}
