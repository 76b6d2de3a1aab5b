// How a change is laid over a stored item, by what the change is: a replacement keeps only the id
// (and what the service assigned); a partial update is read by the media type it was sent as. The
// registry of update semantics is keyed by media type; JSON Merge Patch (RFC 7396) gives null the
// meaning "remove" and merges object members, anything else is laid over the item member by member.

import { carryDigits, parseMediaType } from '../spec/core.js';

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

/** The item after a partial update whose body is `sent`. */
type Update = (old: Fields, sent: Fields) => Fields;

const memberByMember: Update = (old, sent) => ({ ...old, ...sent });

const UPDATES_BY_MEDIA_TYPE: Readonly<Record<string, Update>> = {
  'application/merge-patch+json': (old, sent) => mergePatch(old, sent) as Fields,
};

/** The update semantics of a request's Content-Type (member by member where none is registered). */
export function updateFor(contentType: string | readonly string[] | undefined): Update {
  const essence = parseMediaType(contentType)?.essence ?? '';
  return UPDATES_BY_MEDIA_TYPE[essence] ?? memberByMember;
}

/** The item a change leaves: `kept` (what the service assigned) always stays; a replacement keeps
 * nothing else of the old item, an update lays `sent` over it by `update`. */
export function changedItem(
  old: Fields,
  sent: Fields,
  kept: Fields,
  idProperty: string,
  update: Update | undefined,
): Fields {
  const next = update
    ? { ...update(old, sent), ...kept, [idProperty]: old[idProperty] }
    : { [idProperty]: old[idProperty], ...kept, ...sent };
  carryDigits(old, next);
  carryDigits(sent, next);
  return next;
}
