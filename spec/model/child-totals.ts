// A parent's members that follow its children's writes: counts of them (`entryCount`, the filled-in
// counts) and sums of one of their members (`totalMinutes` over the entries' `minutes`), read from
// the name (`total` + the child's member) or the creation's words ("adds its `minutes` to the
// timesheet's `totalMinutes`"). Judged by deltas: a child made adds 1 and its value, its deletion
// takes them away again.
import { propertiesOf } from '../schema/all-of.js';
import { singularOf } from './action-targets.js';
import type { CollectionSpec } from './collections.js';
import { filledInOf } from './filled-in.js';
import { parentItemsOf } from './parents.js';

export interface ChildTotal {
  /** The parent's member. */
  readonly member: string;
  /** The child member it sums; absent: it counts the children. */
  readonly of?: string;
}

const numeric = (schema: unknown): boolean => {
  const type = (schema as { type?: unknown } | undefined)?.type;
  return (
    type === 'integer' ||
    type === 'number' ||
    (Array.isArray(type) && type.some((t) => t === 'integer' || t === 'number'))
  );
};

/** A parent member's own words: "Sum of `lineTotal` over the lines the rental holds now". */
const SUM_OVER =
  /\bsum\s+of\s+(?:the\s+)?`?([A-Za-z_]\w*)`?\s+(?:over|across|of|for)\s+(?:all\s+)?(?:the\s+|its\s+)?([\w-]+)/i;

const ADDS = /\badds?\s+its\s+`?([A-Za-z_]\w*)`?\s+to\s+(?:the\s+)?[\w-]+'s\s+`?([A-Za-z_]\w*)`?/gi;

/** The totals a parent keeps of the child collection's items; empty where it keeps none. */
export function childTotalsOf(child: CollectionSpec, collections: readonly CollectionSpec[]): ChildTotal[] {
  const parent = parentItemsOf(child.path, collections).at(-1)?.collection;
  const parentSchema = parent?.read?.item.schema;
  const childSchema = child.create?.item.schema;
  if (!parent || !parentSchema || !childSchema || !child.create) return [];
  const parentMembers = propertiesOf(parentSchema);
  const childMembers = Object.entries(propertiesOf(childSchema)).filter(([, schema]) => numeric(schema));
  const totals: ChildTotal[] = filledInOf(parent, parentSchema, collections)
    .counts.filter((count) => count.child === child.path)
    .map(({ name }) => ({ member: name }));
  const add = (member: string, of: string) => {
    if (numeric(parentMembers[member]) && !totals.some((total) => total.member === member)) totals.push({ member, of });
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
    const over = said?.[2]?.toLowerCase();
    if (said && (over === noun || over === singularOf(noun)) && childMembers.some(([name]) => name === said[1]))
      add(member, said[1]!);
  }
  return totals;
}
