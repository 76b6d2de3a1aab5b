// How a change is laid over a stored item, by what the change is: a replacement keeps only the id
// (and what the service assigned); a partial update is read by the media type it was sent as. The
// registry of update semantics is keyed by media type; JSON Merge Patch (RFC 7396) gives null the
// meaning "remove" and merges object members, JSON Patch (RFC 6902) is a list of operations
// (json-patch.ts), anything else is laid over the item member by member.

import { carryDigits, parseMediaType, pointerTokens, type SchemaValidator, setMember } from '../../spec/core.js';
import { applyJsonPatch } from './json-patch.js';

export type Fields = Record<string, unknown>;

const isPlainObject = (value: unknown): value is Fields =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** RFC 7396 section 2: null removes a member, an object is merged into the member it names, any
 * other value replaces it. */
function mergePatch(target: unknown, patch: unknown): unknown {
  if (!isPlainObject(patch)) return patch;
  const result: Fields = isPlainObject(target) ? { ...target } : {};
  for (const [name, value] of Object.entries(patch)) {
    if (value === null) delete result[name];
    else result[name] = mergePatch(result[name], value);
  }
  if (isPlainObject(target)) carryDigits(target, result);
  carryDigits(patch, result);
  return result;
}

/** The fields a request body gives the item: the schema's own properties only (a client-sent id or
 * __proto__ never is), and of those only values `keeps` takes. */
export function storedFields(
  body: unknown,
  storedProperties: readonly string[],
  keeps: (name: string, value: unknown) => boolean = () => true,
): Fields {
  if (!isPlainObject(body)) return {};
  const fields: Fields = {};
  for (const name of storedProperties) {
    if (Object.hasOwn(body, name) && keeps(name, body[name])) setMember(fields, name, body[name]);
  }
  carryDigits(body, fields);
  return fields;
}

/** `{...a, ...b, ...c}`: each layer's members over the last's, in the order the spread gives them.
 * Written out, because V8 spreads objects of differing shapes on a slow path (4x the cost, and
 * a creation makes one). */
export function layeredFields(...layers: readonly Readonly<Fields>[]): Fields {
  const out: Fields = {};
  for (const layer of layers) for (const name of Object.keys(layer)) setMember(out, name, layer[name]);
  return out;
}

/** The item's fields after a partial update whose request body is `body`. */
type Update = (old: Fields, body: unknown, storedProperties: readonly string[]) => Fields;

const memberByMember: Update = (old, body, stored) => ({ ...old, ...storedFields(body, stored) });

/** A JSON Patch may add members the item has no property for: only the stored ones are kept. An
 * object sent as a patch (a document whose patch schema is the item's) is read member by member. */
const jsonPatch: Update = (old, body, stored) => {
  if (isPlainObject(body)) return memberByMember(old, body, stored);
  const patched = applyJsonPatch(old, body);
  const kept = Object.fromEntries(
    Object.entries(patched).filter(([name]) => stored.includes(name) || Object.hasOwn(old, name)),
  );
  carryDigits(patched, kept);
  return kept;
};

const UPDATES_BY_MEDIA_TYPE: Readonly<Record<string, Update>> = {
  'application/merge-patch+json': (old, body, stored) => mergePatch(old, storedFields(body, stored)) as Fields,
  'application/json-patch+json': jsonPatch,
};

/** Whether a change sent as this Content-Type names its removals (a merge patch's null, a JSON
 * Patch's remove): what it leaves out of the item it meant to, and nothing is kept for it. */
export function namesRemovals(contentType: string | readonly string[] | undefined): boolean {
  return Object.hasOwn(UPDATES_BY_MEDIA_TYPE, parseMediaType(contentType)?.essence ?? '');
}

/** The update semantics of a request's Content-Type (member by member where none is registered). */
export function updateFor(contentType: string | readonly string[] | undefined): Update {
  const essence = parseMediaType(contentType)?.essence ?? '';
  return UPDATES_BY_MEDIA_TYPE[essence] ?? memberByMember;
}

/** The item a change leaves: `kept` (what the service assigned) and the id always stay. A
 * replacement keeps nothing else of the old item; an update is what `update` made of it. */
export function changedItem(
  old: Fields,
  change: { readonly replacement: Fields } | { readonly updated: Fields },
  kept: Fields,
  idProperty: string,
): Fields {
  const [fields, next] =
    'updated' in change
      ? [change.updated, { ...change.updated, ...kept, [idProperty]: old[idProperty] }]
      : [change.replacement, { [idProperty]: old[idProperty], ...kept, ...change.replacement }];
  carryDigits(old, next);
  carryDigits(fields, next);
  return next;
}

/** The value at a JSON Pointer's tokens, or undefined; array members are not followed (a new list's
 * n-th member need not be the old list's). */
function memberAt(value: unknown, tokens: readonly string[]): unknown {
  let at = value;
  for (const token of tokens) {
    if (!isPlainObject(at) || !Object.hasOwn(at, token)) return undefined;
    at = at[token];
  }
  return at;
}

/** `item` with `value` set at the tokens, every object on the way copied (stored items are shared). */
function withMember(item: Fields, tokens: readonly string[], value: unknown): Fields | undefined {
  const [first, ...rest] = tokens;
  if (first === undefined) return undefined;
  if (rest.length === 0) return { ...item, [first]: value };
  const inner = item[first];
  if (!isPlainObject(inner)) return undefined;
  const changed = withMember(inner, rest, value);
  return changed && { ...item, [first]: changed };
}

/**
 * A merge patch's null removes a member (RFC 7396); where the item requires that member and takes
 * null for it (a nullable `reason`), removing it leaves it null, as a service stores it: the item
 * stays valid, and reads back with `reason: null`.
 */
export function requiredRemovalsAsNull(next: Fields, sent: unknown, validator: SchemaValidator | undefined): Fields {
  if (!validator || !isPlainObject(sent)) return next;
  const missing = new Set(
    validator
      .validate(next)
      .filter((issue) => issue.keyword === 'required')
      .map((issue) => pointerTokens(issue.pointer)[0]),
  );
  const removed = Object.keys(sent).filter(
    (name) => sent[name] === null && !Object.hasOwn(next, name) && missing.has(name),
  );
  if (removed.length === 0) return next;
  const trial = { ...next, ...Object.fromEntries(removed.map((name) => [name, null])) };
  const wrong = new Set(validator.validate(trial).map((issue) => pointerTokens(issue.pointer)[0]));
  const kept = {
    ...next,
    ...Object.fromEntries(removed.filter((name) => !wrong.has(name)).map((name) => [name, null])),
  };
  carryDigits(next, kept);
  return kept;
}

/**
 * A change may leave out members the item requires: a PUT whose schema is narrower than the item's
 * (Twilio's assistants), a nested object sent as its id alone (Box's parent: {id}). A service keeps
 * what the client did not name, so such members, required by any view of the item, are kept from
 * the old item, round by round (a kept object may bring requirements of its own).
 */
export function keepRequired(old: Fields, next: Fields, views: readonly SchemaValidator[]): Fields {
  let item = next;
  for (let round = 0; round < 4; round++) {
    const missing = views.flatMap((view) => view.validate(item)).filter((issue) => issue.keyword === 'required');
    let filled = false;
    for (const issue of missing) {
      const tokens = pointerTokens(issue.pointer);
      const kept = memberAt(old, tokens);
      const changed =
        kept === undefined || memberAt(item, tokens) !== undefined ? undefined : withMember(item, tokens, kept);
      if (changed) {
        item = changed;
        filled = true;
      }
    }
    if (!filled) break;
    carryDigits(old, item);
  }
  return item;
}

/**
 * `item` with every related object the item cannot hold as sent (`keeps` says no) as the old item had
 * it: a change names a related object by a shape of its own (Box's accessible_by: {id, type}), or by
 * a scalar where the item holds the object (DigitalOcean's load balancer PUT sends region "sfo1",
 * answers region {slug, name, …}), and the service keeps its own view of it (none, where the item
 * had none and `holdsObject` says the member is an object). Any other scalar the item cannot hold
 * stays, for the caller to refuse.
 */
export function holdable(
  old: Fields,
  item: Fields,
  keeps?: (name: string, value: unknown) => boolean,
  holdsObject: (name: string) => boolean = () => false,
): Fields {
  if (!keeps) return item;
  const scalar = (name: string): boolean => item[name] !== null && typeof item[name] !== 'object';
  // holdsObject last: it reads the views' schemas, and only a scalar the item cannot hold asks it.
  const refused = Object.keys(item).filter(
    (name) =>
      (isPlainObject(item[name]) || (scalar(name) && (isPlainObject(old[name]) || !Object.hasOwn(old, name)))) &&
      !keeps(name, item[name]) &&
      (isPlainObject(item[name]) || isPlainObject(old[name]) || holdsObject(name)),
  );
  if (refused.length === 0) return item;
  const next = { ...item };
  for (const name of refused) {
    if (Object.hasOwn(old, name)) next[name] = old[name];
    else delete next[name];
  }
  carryDigits(item, next);
  return next;
}
