// Bodies given the values that name other items: listed ids in reference members, and the path
// values of an item several members name together.
import { defaultedRequired } from '../../../spec/generate/index.js';
import { type JsonSchema, mergeAllOf, propertiesOf } from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import { withEntriesNaming } from '../references.js';

type Item = Record<string, unknown>;

/** The body with each reference member set to a listed id (the nth, round robin), where the kinds
 * agree; a value the list already holds is kept on the first pass. */
export function withListed(body: unknown, references: ReadonlyMap<string, unknown[]>, nth: number): unknown {
  const object = asObject(body);
  if (!object || references.size === 0) return body;
  const value: Item = { ...object };
  for (const [member, ids] of references) {
    const [, array, inner] = /^(.+)\[\]\.(.+)$/.exec(member) ?? [];
    if (array !== undefined && inner !== undefined) {
      const entries = withEntriesNaming(value[array], inner, ids, nth);
      if (entries) value[array] = entries;
      continue;
    }
    if (!Object.hasOwn(value, member)) continue;
    const sent = value[member];
    // A list of references (`tagIds`) holds listed ids too: as many distinct ones as it had.
    if (Array.isArray(sent)) {
      const usable = ids.filter((id) => sent.length > 0 && typeof id === typeof sent[0]);
      const count = Math.min(sent.length, usable.length);
      if (count > 0) value[member] = Array.from({ length: count }, (_, index) => usable[(nth + index) % usable.length]);
      continue;
    }
    const kindOk = (id: unknown) => typeof id === typeof sent;
    const usable = ids.filter(kindOk);
    if (usable.length === 0) continue;
    if (nth === 0 && usable.some((id) => JSON.stringify(id) === JSON.stringify(sent))) continue;
    value[member] = usable[nth % usable.length];
  }
  return value;
}

/** The body with each top-level reference it leaves out (or null) named by the first listed item, where it
 * stays valid: what a body may point at, it points at. */
export function withEveryReference(
  body: unknown,
  references: ReadonlyMap<string, unknown[]>,
  request: { isValid(v: unknown): boolean } | undefined,
): unknown {
  const object = asObject(body);
  if (!object) return body;
  const absent = [...references].filter(
    ([member, ids]) => !member.includes('[]') && (object[member] ?? null) === null && ids.length > 0,
  );
  return absent.reduce((next, [member, ids]) => withMembers(next, { [member]: ids[0] }, request), body);
}

/** The body with members set to values that name an item (typed as the schema asks: a number for
 * an integer member given as path text), where it stays valid. */
export function withMembers(
  body: unknown,
  values: Record<string, unknown>,
  request: { isValid(v: unknown): boolean } | undefined,
): unknown {
  const object = asObject(body);
  if (!object || Object.keys(values).length === 0) return body;
  const typed = Object.fromEntries(
    Object.entries(values).map(([name, value]) => [
      name,
      typeof object[name] === 'number' && typeof value === 'string' ? Number(value) : value,
    ]),
  );
  const next = { ...object, ...typed };
  return request && !request.isValid(next) ? body : next;
}

/** The body with the item's state member (a writable `status`) at the state a new item starts in:
 * left out where it has a default (the service then applies it, and that is judged), else the first
 * of its values. A state drawn at random (`closed`) makes an item no action moves on and no child may
 * be added to; a client making one to use starts it new. */
export function inFirstState(
  body: unknown,
  state: { readonly member: string; readonly values: readonly unknown[] } | undefined,
  schema: JsonSchema | undefined,
  request: { isValid(v: unknown): boolean } | undefined,
): unknown {
  const object = asObject(body);
  if (!object || !state || !Object.hasOwn(object, state.member)) return body;
  const property = mergeAllOf((propertiesOf(schema)[state.member] ?? {}) as Record<string, unknown>);
  const { [state.member]: _drawn, ...rest } = object;
  const next = 'default' in property ? rest : { ...object, [state.member]: state.values[0] };
  return request && !request.isValid(next) ? body : next;
}

/** Words that give an optional member a value of the service's own when left out ("Defaults to the
 * venue's capacity"); not a null ("null when not given": sending a value there costs nothing). */
const SAID_DEFAULT = /\bdefaults?\s+to\s+(?!`?null\b|`?none\b|empty\b|nothing\b)/i;

/** The body without the optional members whose words give them a default of the service's own ("Most
 * tickets that can be sold. Defaults to the venue's capacity"): a client making an item to use leaves
 * them out, where a drawn value (a capacity of 7) would have the item refuse what the run needs of it. */
export function withSaidDefaultsLeftOut(
  body: unknown,
  schema: JsonSchema | undefined,
  request: { isValid(v: unknown): boolean } | undefined,
): unknown {
  const object = asObject(body);
  if (!object) return body;
  const merged = mergeAllOf((schema ?? {}) as Record<string, unknown>);
  const required = new Set(Array.isArray(merged.required) ? (merged.required as string[]) : []);
  const said = Object.entries(propertiesOf(schema)).filter(([name, property]) => {
    const description = (property as { description?: unknown }).description;
    return !required.has(name) && typeof description === 'string' && SAID_DEFAULT.test(description);
  });
  if (said.length === 0) return body;
  const next = Object.fromEntries(Object.entries(object).filter(([name]) => !said.some(([left]) => left === name)));
  return request && !request.isValid(next) ? body : next;
}

/** The body's members that name items the service holds (its references, members held for it): the
 * case says so, and no word rule rewrites them (a listed book's isbn keeps its check digit). */
export function namingListed(
  body: unknown,
  references: ReadonlyMap<string, unknown>,
  held: Readonly<Record<string, unknown>>,
): { knownReferences?: string[] } {
  const object = asObject(body);
  const named = [...references.keys(), ...Object.keys(held)].filter(
    (member) => object && Object.hasOwn(object, member),
  );
  return named.length > 0 ? { knownReferences: [...new Set(named)] } : {};
}

/** The body with each required member that has a default, where absent, given a value: the plain
 * body's where it has one (an item holding values off their defaults shows a change that resets
 * them), else the default. */
export function withRequiredDefaults(
  body: unknown,
  schema: Record<string, unknown> | undefined,
  plain?: unknown,
): unknown {
  const object = asObject(body);
  if (!object || !schema) return body;
  const properties = propertiesOf(schema) as Record<string, { default?: unknown }>;
  const missing = defaultedRequired(schema).filter((name) => !Object.hasOwn(object, name));
  if (missing.length === 0) return body;
  const filler = asObject(plain) ?? {};
  const value = (name: string) => (Object.hasOwn(filler, name) ? filler[name] : properties[name]!.default);
  return { ...object, ...Object.fromEntries(missing.map((name) => [name, value(name)])) };
}
