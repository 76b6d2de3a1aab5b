// How a change is laid over a stored item, by what the change is: a replacement keeps only the id
// (and what the service assigned); a partial update is read by the media type it was sent as. The
// registry of update semantics is keyed by media type; JSON Merge Patch (RFC 7396) gives null the
// meaning "remove" and merges object members, JSON Patch (RFC 6902) is a list of operations
// (json-patch.ts), anything else is laid over the item member by member.

import { carryDigits, parseMediaType } from '../spec/core.js';
import { applyJsonPatch } from './json-patch.js';

type Fields = Record<string, unknown>;

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
  const fields = Object.fromEntries(
    storedProperties
      .filter((name) => Object.hasOwn(body, name) && keeps(name, body[name]))
      .map((name) => [name, body[name]]),
  );
  carryDigits(body, fields);
  return fields;
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
