// What the service fills in on an item, read from the item's members by name and schema: the
// instants it stamps (creation, update), the instants of later states (null until then), and the
// members that name the parent in the path. One notion for the mock (it fills them) and the runner
// (it judges them).
import { mergeAllOf, propertiesOf } from '../all-of.js';
import type { JsonSchema } from '../json-schema.js';
import type { CollectionSpec } from './collections.js';

/** Members a service stamps with the moment it makes or changes an item. */
export const NOW_INSTANT =
  /^(created|updated|modified|inserted)(_?at|_?on|_?time|_?date)?$|^(creation|modification)_?(time|date)$/i;
/** Of those, the ones a change moves on (the creation's stays). */
export const UPDATE_INSTANT = /^(updated|modified)(_?at|_?on|_?time|_?date)?$|^modification_?(time|date)$/i;
/** Members that hold the moment of a later state: null (or absent) until the item gets there. */
export const STATE_INSTANT =
  /^(closed|cancell?ed|deleted|completed|archived|finished|resolved|shipped|delivered|refunded|expired|revoked)(_?at|_?on)$/i;

type Schema = Record<string, unknown>;

export interface FilledIn {
  /** Instants stamped now: a date-time, or a date. */
  readonly now: readonly { readonly name: string; readonly date: boolean; readonly onChange: boolean }[];
  /** Instants of later states: null where the item's schema allows it. */
  readonly laterStates: readonly string[];
  /** Members that name a parent the path names, and whether they hold numbers. */
  readonly parents: readonly { readonly name: string; readonly integer: boolean }[];
}

const typesOf = (schema: Schema): unknown[] => (Array.isArray(schema.type) ? schema.type : [schema.type]);
const takesNull = (schema: Schema): boolean => typesOf(schema).includes('null') || schema.nullable === true;

/** Whether there is anything to fill in at all (the Pet Catalog's categories: nothing). */
export const fillsNothing = (filled: FilledIn): boolean =>
  filled.now.length === 0 && filled.laterStates.length === 0 && filled.parents.length === 0;

/** What the service fills in on the collection's items, read once from its item schema. */
export function filledInOf(collection: CollectionSpec, item: JsonSchema | undefined): FilledIn {
  const parameters = new Set([...collection.path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]!));
  const now: FilledIn['now'][number][] = [];
  const laterStates: string[] = [];
  const parents: FilledIn['parents'][number][] = [];
  for (const [name, raw] of Object.entries(propertiesOf(item))) {
    if (typeof raw !== 'object' || raw === null || name === collection.idProperty) continue;
    const schema = mergeAllOf(raw as Schema);
    const strings = typesOf(schema).includes('string');
    if (NOW_INSTANT.test(name) && strings && (schema.format === 'date-time' || schema.format === 'date'))
      now.push({ name, date: schema.format === 'date', onChange: UPDATE_INSTANT.test(name) });
    else if (STATE_INSTANT.test(name) && takesNull(schema)) laterStates.push(name);
    else if (parameters.has(name)) parents.push({ name, integer: typesOf(schema).includes('integer') && !strings });
  }
  return { now, laterStates, parents };
}

/** The values filled in on an item made now, under the path values `params`. */
export function filledValues(filled: FilledIn, params: Readonly<Record<string, string>>, at = new Date()) {
  const values: Record<string, unknown> = {};
  const instant = at.toISOString();
  for (const { name, date } of filled.now) values[name] = date ? instant.slice(0, 10) : instant;
  for (const name of filled.laterStates) values[name] = null;
  for (const { name, integer } of filled.parents) {
    const text = params[name];
    if (text === undefined) continue;
    values[name] = integer && /^-?\d+$/.test(text) ? Number(text) : text;
  }
  return values;
}

/** The instants a change moves on, stamped now. */
export function changedValues(filled: FilledIn, at = new Date()): Record<string, unknown> {
  const instant = at.toISOString();
  return Object.fromEntries(
    filled.now
      .filter((member) => member.onChange)
      .map(({ name, date }) => [name, date ? instant.slice(0, 10) : instant]),
  );
}
