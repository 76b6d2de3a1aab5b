// The values an item gets besides what a client sends: the service's assigned ones, the fallbacks
// every view of the item requires, all fitting every view.
import fc from 'fast-check';
import {
  type CollectionSpec,
  carryDigits,
  type ItemView,
  type JsonSchema,
  mergeAllOf,
  type Operation,
  propertiesOf,
  type SchemaValidator,
  stringifyExact,
  validatorOf,
  validatorOfView,
} from '../../spec/core.js';
import { assembledValue, sampleValue, seedOf, UNSATISFIABLE, valueArbitrary } from '../../spec/generate/index.js';

/** The properties a request body may carry (readOnly ones are not in the request schema). */
export function requestProperties(operation: Operation): Set<string> | undefined {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  if (!schema) return undefined;
  // A body of alternatives (oneOf/anyOf) may carry what any of them names.
  const merged = mergeAllOf(schema as Record<string, unknown>);
  const branches = [...((merged.oneOf as JsonSchema[]) ?? []), ...((merged.anyOf as JsonSchema[]) ?? [])];
  return new Set([schema, ...branches].flatMap((part) => Object.keys(propertiesOf(part))));
}

const looseName = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

/**
 * The request's name of each stored property that a request spells another way: Twilio's forms send
 * FriendlyName for the item's friendly_name. Matched ignoring case, underscores and hyphens, only
 * where the request has no property of the stored name itself; empty where every name matches.
 */
export function sentNamesOf(stored: readonly string[], sendable: ReadonlySet<string> | undefined): Map<string, string> {
  const names = new Map<string, string>();
  if (!sendable) return names;
  const byLooseName = new Map([...sendable].map((name) => [looseName(name), name]));
  for (const name of stored) {
    const sent = sendable.has(name) ? undefined : byLooseName.get(looseName(name));
    if (sent !== undefined) names.set(name, sent);
  }
  return names;
}

/** A body with the members a request spells another way under their stored names (sentNamesOf). */
export function underStoredNames(body: unknown, sentNames: ReadonlyMap<string, string> | undefined): unknown {
  if (!sentNames || sentNames.size === 0 || typeof body !== 'object' || body === null || Array.isArray(body))
    return body;
  const from = body as Record<string, unknown>;
  const renamed: Record<string, unknown> = { ...from };
  for (const [stored, sent] of sentNames) {
    if (!Object.hasOwn(from, sent)) continue;
    renamed[stored] = from[sent];
    delete renamed[sent];
  }
  carryDigits(from, renamed);
  return renamed;
}

const typesOf = (schema: Record<string, unknown>): unknown[] =>
  Array.isArray(schema.type) ? schema.type : [schema.type];
/** Integers a new item holds at their least: counts, totals, sizes. */
const TALLY = /(count|total|size|sum|quantity|number_?of)/i;

/**
 * A value a real service gives a member nobody sent: its default; null where it takes null; a
 * state's first value; a tally at its least; else what the document shows of it (assembled.ts),
 * generated only where it shows nothing. Never a random year or a random count.
 */
function plausibleValue(name: string, schema: JsonSchema): unknown {
  const merged = mergeAllOf(schema as Record<string, unknown>);
  const types = typesOf(merged);
  if (merged.default !== undefined) return merged.default;
  if (types.includes('null') && !Array.isArray(merged.enum)) return null;
  if (Array.isArray(merged.enum) && merged.enum.length > 0) return merged.enum[0];
  // A new item's lists start empty (a new cart's lines), where the schema lets them.
  if (types.includes('array') && !(Number(merged.minItems) > 0)) return [];
  if (types.includes('integer') && TALLY.test(name) && !Array.isArray(merged.examples))
    return typeof merged.minimum === 'number' && merged.minimum > 0 ? Math.ceil(merged.minimum) : 0;
  const validate = validatorOfView(schema as object);
  const assembled = assembledValue(schema, seedOf(name, 1));
  if (assembled !== undefined && validate && validate(assembled).length === 0) return assembled;
  const [value] = fc.sample(valueArbitrary(schema, { style: 'plain' }), { numRuns: 1, seed: seedOf(name, 1) });
  return value;
}

/** The defaults the request schema gives its members, for the stored ones a client left out. */
export function requestDefaults(operation: Operation, stored: readonly string[]): Record<string, unknown> {
  const schema = operation.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const properties = propertiesOf(schema);
  const defaults: Record<string, unknown> = {};
  for (const name of stored) {
    const member = properties[name];
    if (typeof member !== 'object' || member === null) continue;
    const value = mergeAllOf(member as Record<string, unknown>).default;
    if (value !== undefined) defaults[name] = value;
  }
  return defaults;
}

/** A value for each property the answer requires (besides the id): of those no request may send
 * (the service's to assign), or of those a request may leave out (`sent`: true). */
export function assignedValues(
  success: { readonly schema: JsonSchema },
  sendable: Set<string> | undefined,
  idProperty: string,
  sent = false,
): Record<string, unknown> {
  // Required anywhere in the schema's allOf (an item = its creation's schema + what the service adds).
  const merged = mergeAllOf(success.schema as Record<string, unknown>);
  const required = new Set((merged.required as string[]) ?? []);
  const properties = propertiesOf(success.schema);
  const values: Record<string, unknown> = {};
  const assign = (name: string, schema: JsonSchema) => {
    const value = plausibleValue(name, schema);
    if (value !== undefined && value !== UNSATISFIABLE) values[name] = value;
  };
  for (const [name, schema] of Object.entries(properties)) {
    // Without a request schema every property is one a request may send (or leave out).
    const mayBeSent = sendable ? sendable.has(name) : true;
    if (mayBeSent !== sent || !required.has(name) || name === idProperty) continue;
    assign(name, schema);
  }
  // Required but never declared (PagerDuty's custom field requires a namespace it does not
  // describe): the service's to assign, of the schema further members take.
  if (!sent) {
    const further = typeof merged.additionalProperties === 'object' ? (merged.additionalProperties as JsonSchema) : {};
    for (const name of required) if (!Object.hasOwn(properties, name) && name !== idProperty) assign(name, further);
  }
  return values;
}

/** The validators of every view of a collection's item; the list's judges the item as a list of one. */
export function itemViews(collection: CollectionSpec): SchemaValidator[] {
  const { create, read, list } = collection;
  return [create?.item, read?.item, list?.items].flatMap((view) => (view ? [view.validator] : []));
}

/** The JSON of the members besides the item a wrapping answer requires (`,"links":{…}`), drawn
 * from the document (its example, else generated); '' where it requires none. */
export function siblingText({ holder, member }: ItemView): string {
  const required = ((holder?.required as string[] | undefined) ?? []).filter((name) => name !== member);
  if (!holder || required.length === 0) return '';
  const sample = sampleValue(validatorOf(holder), [], seedOf(`${member}:siblings`))?.value;
  if (typeof sample !== 'object' || sample === null) return '';
  const present = required.filter((name) => Object.hasOwn(sample, name));
  return present
    .map((name) => `,${JSON.stringify(name)}:${stringifyExact((sample as Record<string, unknown>)[name])}`)
    .join('');
}
