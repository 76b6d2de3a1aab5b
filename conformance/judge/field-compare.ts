// How a stored field is compared with what was sent: by exact JSON text (int64 digits past 2^53
// included), with the one leeway every serialiser family needs: null members left out.
import { type CollectionSpec, fieldText, mergeAllOf, propertiesOf } from '../../spec/index.js';
import { sentencesOf } from '../../spec/model/index.js';

/** Whether a value is null or holds one at any depth. */
function holdsNull(value: unknown): boolean {
  if (value === null) return true;
  if (typeof value !== 'object') return false;
  return Object.values(value as object).some(holdsNull);
}

/** A value with its objects' null members left out (array items stay: their place matters). */
function withoutNulls(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutNulls);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .filter(([, member]) => member !== null)
      .map(([key, member]) => [key, withoutNulls(member)]),
  );
}

// RFC 3339 date-times: the same instant may be written with any offset and any number of
// fraction digits (10:30:00+02:00 is 08:30:00Z; .5 is .500).
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?([Zz]|([+-])(\d{2}):(\d{2}))$/;

/** A date-time as [whole seconds since the epoch, the fraction's digits without trailing zeros]. */
function instantOf(text: string): [number, string] | undefined {
  const match = DATE_TIME.exec(text);
  if (!match) return undefined;
  const [, y, mo, d, h, mi, sec, fraction = '', zone, sign, oh = '0', om = '0'] = match;
  const offset = zone === 'Z' || zone === 'z' ? 0 : (sign === '-' ? -1 : 1) * (Number(oh) * 60 + Number(om));
  const seconds =
    Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(sec)) / 1000 - offset * 60;
  return [seconds, fraction.replace(/0+$/, '')];
}

/** Whether two date-time strings name the same instant, to the millisecond (stores that keep
 * milliseconds, as JavaScript, Java's and MySQL's times do, cut finer fractions off). */
export function sameInstant(a: unknown, b: unknown): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const [x, y] = [instantOf(a), instantOf(b)];
  if (x === undefined || y === undefined || x[0] !== y[0]) return false;
  const millis = (fraction: string) => Number(`0.${fraction || '0'}`) * 1000;
  return Math.abs(millis(x[1]) - millis(y[1])) < 1;
}

/** How an item's members may differ from what was sent and still hold it: a set (an array of
 * `uniqueItems`: labels "in any order") in another order, text the words let the service store
 * case-folded ("The service may store `email` lowercased"). */
export interface Leeway {
  readonly sets: ReadonlySet<string>;
  readonly folded: ReadonlySet<string>;
}

const NO_LEEWAY: Leeway = { sets: new Set(), folded: new Set() };
const leewayByCollection = new WeakMap<CollectionSpec, Leeway>();

/** Words that let a service store a text in another case: "may store `email` lowercased". */
const FOLDED = /\b(?:lower|upper)[- ]?cased?\b|\bin (?:lower|upper)[- ]?case\b|\bcase[- ]folded\b/i;
const STORED = /\bstor(?:e|es|ed|ing)\b|\bsaved?\b|\bkept\b|\breturned\b|\banswered\b/i;

/** The leeway of a collection's members, read once from its item views and its creation's words. */
export function leewayOf(collection: CollectionSpec | undefined): Leeway {
  if (!collection) return NO_LEEWAY;
  let leeway = leewayByCollection.get(collection);
  if (!leeway) {
    const views = [collection.read?.item.schema, collection.create?.item.schema, collection.list?.items.schema];
    const members = views.flatMap((schema) => Object.entries(propertiesOf(schema)));
    const sets = new Set(
      members.flatMap(([name, member]) =>
        typeof member === 'object' &&
        member !== null &&
        mergeAllOf(member as Record<string, unknown>).uniqueItems === true
          ? [name]
          : [],
      ),
    );
    const create = collection.create?.operation;
    const said = sentencesOf([create?.summary, create?.description]).filter(
      (sentence) => FOLDED.test(sentence) && STORED.test(sentence),
    );
    const folded = new Set(
      members.flatMap(([name, member]) => {
        const own = (member as { description?: unknown }).description;
        const described = typeof own === 'string' && FOLDED.test(own) && STORED.test(own);
        return described || said.some((sentence) => sentence.includes(`\`${name}\``)) ? [name] : [];
      }),
    );
    leeway = { sets, folded };
    leewayByCollection.set(collection, leeway);
  }
  return leeway;
}

/** Whether two arrays hold the same items, in any order. */
const sameSet = (a: unknown, b: unknown): boolean =>
  Array.isArray(a) &&
  Array.isArray(b) &&
  a.length === b.length &&
  JSON.stringify(a.map((one) => JSON.stringify(one)).sort()) ===
    JSON.stringify(b.map((one) => JSON.stringify(one)).sort());

/** A field that differs in its exact JSON text, as finding fields; undefined when it does not. A
 * set may hold its items in another order, a folded text another case (the leeway's). */
export function compareField(
  got: Record<string, unknown>,
  sent: Record<string, unknown>,
  name: string,
  leeway: Leeway = NO_LEEWAY,
): Record<string, unknown> | undefined {
  const [receivedText, sentText] = [fieldText(got, name), fieldText(sent, name)];
  if (receivedText === sentText) return undefined;
  if (leeway.sets.has(name) && sameSet(got[name], sent[name])) return undefined;
  const [answered, given] = [got[name], sent[name]];
  if (leeway.folded.has(name) && typeof answered === 'string' && typeof given === 'string')
    if (answered.toLowerCase() === given.toLowerCase()) return undefined;
  // Serialisers that leave nulls out are everywhere: a null sent and answered absent is the same
  // value, at any depth (a property the schema requires is still judged by the schema check).
  const withNullsLeftOut = (item: Record<string, unknown>) => JSON.stringify(withoutNulls({ [name]: item[name] }));
  if (holdsNull(sent[name]) && withNullsLeftOut(got) === withNullsLeftOut(sent)) return undefined;
  // A date-time answered in another offset or precision is the same instant (UTC normalisation).
  if (sameInstant(got[name], sent[name])) return undefined;
  // A lone surrogate cannot travel as UTF-8 (a form body, a query): it arrives as U+FFFD.
  if (sameWellFormed(got[name], sent[name])) return undefined;
  // Entries the service fills in further (a line's `lineTotal`, a nested id) still hold what was sent.
  if (typeof sent[name] === 'object' && holdsAllSent(got[name], sent[name])) return undefined;
  return { field: name, received: got[name], sent: sent[name], receivedText, sentText };
}

/** A JSON object as parsed (a lossless big number is an object of its own kind, compared as text). */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  Object.getPrototypeOf(value) === Object.prototype;

/** Whether `got` holds every value of `sent`: arrays entry by entry, objects member by member (the
 * answer may add members to an object, never change one), anything else as the same JSON. */
function holdsAllSent(got: unknown, sent: unknown): boolean {
  if (Array.isArray(sent))
    return Array.isArray(got) && got.length === sent.length && sent.every((entry, at) => holdsAllSent(got[at], entry));
  if (isPlainObject(sent)) {
    if (!isPlainObject(got)) return false;
    const answered = got as Record<string, unknown>;
    return Object.entries(sent).every(
      ([key, value]) => Object.hasOwn(answered, key) && holdsAllSent(answered[key], value),
    );
  }
  // Past 2^53 parsed numbers are rounded alike: only the exact text (above) tells them apart.
  if (typeof sent === 'number' && Number.isInteger(sent) && !Number.isSafeInteger(sent)) return false;
  return JSON.stringify(got) === JSON.stringify(sent);
}

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** The value with every string as UTF-8 carries it (lone surrogates replaced by U+FFFD). */
function wellFormed(value: unknown): unknown {
  if (typeof value === 'string') return value.replace(LONE_SURROGATE, '\ufffd');
  if (Array.isArray(value)) return value.map(wellFormed);
  if (typeof value === 'object' && value !== null)
    return Object.fromEntries(Object.entries(value).map(([key, member]) => [key, wellFormed(member)]));
  return value;
}

/** Equal once both are as UTF-8 carries them, where the sent value held a lone surrogate at all. */
function sameWellFormed(got: unknown, sent: unknown): boolean {
  const sentText = JSON.stringify(sent);
  if (sentText === undefined || !/\\ud[89a-f]/i.test(sentText)) return false;
  return JSON.stringify(wellFormed(got)) === JSON.stringify(wellFormed(sent));
}

/** The first of the fields that was sent and is stored differently, as finding fields. */
export function firstDifference(
  item: Record<string, unknown>,
  sent: Record<string, unknown>,
  fields: readonly string[],
  leeway: Leeway = NO_LEEWAY,
): Record<string, unknown> | undefined {
  for (const name of fields) {
    if (!(name in sent)) continue;
    const difference = compareField(item, sent, name, leeway);
    if (difference) return difference;
  }
  return undefined;
}

/** The stored properties a creation's values are expected back in: those sent whose value the item
 * can hold (the creation's `keeps`); a value no view of the item holds is not expected back. */
export function keptFields(
  create: { readonly storedProperties: readonly string[]; readonly keeps: (name: string, value: unknown) => boolean },
  sent: Record<string, unknown>,
): string[] {
  return create.storedProperties.filter((name) => !(name in sent) || create.keeps(name, sent[name]));
}

/** The stored properties sent whose value no view of the item can hold (the creation's `keeps`). */
export function unheldFields(
  create: { readonly storedProperties: readonly string[]; readonly keeps: (name: string, value: unknown) => boolean },
  sent: Record<string, unknown>,
): string[] {
  return create.storedProperties.filter((name) => Object.hasOwn(sent, name) && !create.keeps(name, sent[name]));
}
