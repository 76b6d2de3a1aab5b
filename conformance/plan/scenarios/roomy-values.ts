// Amounts that leave the run room to work: a parent made to hold the run's children gets a large
// capacity first (an event of 2 seats is sold out after the first booking of 2), and a creation
// refused for an amount its words cap ("A quantity larger than the event's seatsLeft is refused
// with 409") is sent again with that amount at its least.
import {
  type CollectionSpec,
  type JsonSchema,
  mergeAllOf,
  parentOfPath,
  propertiesOf,
  type SaidRefusal,
} from '../../../spec/index.js';
import { asObject } from '../../judge/json-body.js';
import { referencedCollections } from '../references.js';
import { membersNamed, refusalWords } from './fresh-values.js';

/** Members that say how much an item holds. */
const ROOM = /(capacity|seats|slots|spaces|places|quota|stock|allowance|^max(?:imum)?[A-Z_]|_max$|Max$|limit)/i;
/** The room asked for: enough for every creation a run makes below one parent. */
const ROOMY = 1000;
/** Words that cap an amount: "larger than", "more than", "exceeds". */
const CAPPED = /\b(?:larger|more|greater|higher|bigger)\s+than\b|\bexceed|\babove\b|\bbeyond\b/i;

type Schema = Record<string, unknown>;

const isNumeric = (schema: Schema): boolean =>
  [schema.type].flat().some((type) => type === 'integer' || type === 'number');

/** The room-like numeric members of a creation's body, each at a large value its schema takes. */
export function roomyMembers(schema: JsonSchema | undefined): Record<string, number> {
  const roomy: Record<string, number> = {};
  for (const [name, member] of Object.entries(propertiesOf(schema))) {
    const merged = mergeAllOf(member as Schema);
    if (!ROOM.test(name) || !isNumeric(merged) || merged.readOnly === true || /^min/i.test(name)) continue;
    const maximum = typeof merged.maximum === 'number' ? merged.maximum : Number.POSITIVE_INFINITY;
    const value = Math.min(maximum, ROOMY);
    if (typeof merged.minimum !== 'number' || value >= merged.minimum) roomy[name] = Math.floor(value);
  }
  return roomy;
}

/** The least value a numeric member takes, at least 1 where the schema allows it (an amount of 0
 * is refused by most services). */
function leastOf(schema: Schema): number | undefined {
  if (!isNumeric(schema)) return undefined;
  const minimum =
    typeof schema.minimum === 'number'
      ? schema.minimum
      : typeof schema.exclusiveMinimum === 'number'
        ? Math.floor(schema.exclusiveMinimum) + 1
        : undefined;
  const maximum = typeof schema.maximum === 'number' ? schema.maximum : Number.POSITIVE_INFINITY;
  return Math.max(Math.ceil(minimum ?? 1), maximum >= 1 ? 1 : Math.ceil(minimum ?? 0));
}

/** The body with each amount the words cap at the refused status set to its least; undefined where
 * none is capped or each is at its least already. */
export function withLeastCapped(
  body: unknown,
  status: number,
  refusals: Readonly<Record<string, SaidRefusal>> | undefined,
  schema: JsonSchema | undefined,
): Record<string, unknown> | undefined {
  const object = asObject(body);
  if (!object || !refusals) return undefined;
  const properties = propertiesOf(schema);
  const least: Record<string, number> = {};
  for (const [member, refusal] of Object.entries(refusals)) {
    if (refusal.status !== status || !CAPPED.test(refusal.words) || typeof object[member] !== 'number') continue;
    const value = properties[member] && leastOf(mergeAllOf(properties[member] as Schema));
    if (value !== undefined && value !== object[member]) least[member] = value;
  }
  return Object.keys(least).length > 0 ? { ...object, ...least } : undefined;
}

/** The preferred members a refusal leaves: one it names with a bound ("capacity exceeds the venue
 * maxCapacity 8") at that bound, where it is below the preferred value; the others given up. */
export function withinSaidBound(
  preferred: Readonly<Record<string, unknown>>,
  refusal: string,
  body: unknown,
): Record<string, unknown> {
  const named = membersNamed(refusal, body).filter((name) => typeof preferred[name] === 'number');
  const bound = Number([...refusalWords(refusal).matchAll(/(?<![\w.])(\d+)(?![\w.])/g)].at(-1)?.[1]);
  const kept: Record<string, unknown> = {};
  for (const name of named) if (bound >= 1 && bound < (preferred[name] as number)) kept[name] = bound;
  return kept;
}

/** The body with each preferred member given up (in `was`, not in `kept`) at its drawn value again. */
export function withDrawnBack(
  body: unknown,
  was: Readonly<Record<string, unknown>>,
  kept: Readonly<Record<string, unknown>>,
  drawn: unknown,
): unknown {
  const [object, source] = [asObject(body), asObject(drawn)];
  const given = Object.keys(was).filter((name) => !(name in kept));
  if (!object || given.length === 0) return body;
  const back = Object.fromEntries(given.map((name) => [name, source?.[name]]));
  const next: Record<string, unknown> = { ...object, ...back };
  for (const name of given) if (next[name] === undefined) delete next[name];
  return next;
}

const HOLDERS = new WeakMap<CollectionSpec, boolean>();

/** Whether other items are made under the collection's items or name them (an event's bookings, a
 * venue's events): such an item asks for room first, whoever makes it. Read once per collection. */
export function holdsOthers(collection: CollectionSpec, collections: readonly CollectionSpec[]): boolean {
  let holds = HOLDERS.get(collection);
  if (holds === undefined) {
    holds = collections.some(
      (other) =>
        parentOfPath(other.path, collections)?.collection === collection ||
        (other.create !== undefined &&
          [...referencedCollections(other.create.operation, collections).values()].includes(collection)),
    );
    HOLDERS.set(collection, holds);
  }
  return holds;
}
