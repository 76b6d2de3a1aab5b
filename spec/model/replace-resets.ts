// A PUT whose words say it replaces the item sets every member from the request (RFC 9110 §9.3.4):
// a member the request leaves out takes its default, else null where it may be null; it never keeps
// the old value. Read only where the words say "replace", since many documented PUTs merge. One
// notion for the mock (what it stores) and the runner (what it expects back).
import type { Operation } from '../contract/types.js';
import { mergeAllOf, propertiesOf, readOnly } from '../schema/all-of.js';

const REPLACES = /\breplac/i;

/** What each optional member of the PUT's body becomes when left out, where its words say it
 * replaces; undefined where they do not (or no member has a default or takes null). */
export function replaceResetsOf(put: Operation): Readonly<Record<string, unknown>> | undefined {
  if (!REPLACES.test(`${put.summary ?? ''} ${put.description ?? ''}`)) return undefined;
  const schema = put.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as unknown[]) : []);
  const resets: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(propertiesOf(schema))) {
    if (required.has(name) || typeof member !== 'object' || member === null) continue;
    const merged = mergeAllOf(member as Record<string, unknown>);
    const types = Array.isArray(merged.type) ? merged.type : [merged.type];
    if ('default' in merged) resets[name] = merged.default;
    else if (merged.nullable === true || types.includes('null')) resets[name] = null;
  }
  return Object.keys(resets).length > 0 ? resets : undefined;
}

/** "a writable member that is not sent is removed", "a space replaced without `description` has no
 * description afterwards": the words say a left-out member is gone. */
const REMOVED =
  /\b(?:not sent|left out|omitted|absent)\b[^.;]{0,40}\b(?:is|are) (?:removed|dropped|cleared|deleted)\b|\bhas no [\w\s]{1,30}afterwards\b/i;

/** Optional members of a replacing PUT's body with neither a default nor a null, where its words say
 * a left-out member is removed: absent once left out (read as null, which absent reads the same as). */
export function replaceRemovalsOf(put: Operation): readonly string[] {
  if (!REPLACES.test(`${put.summary ?? ''} ${put.description ?? ''}`)) return [];
  // A sentence wrapped in the document's source ("is\n removed") reads as one line.
  if (!REMOVED.test(`${put.description ?? ''}`.replace(/\s+/g, ' '))) return [];
  const schema = put.requestBody?.content.find((media) => media.validator)?.validator?.schema;
  const required = new Set(Array.isArray(schema?.required) ? (schema.required as unknown[]) : []);
  const resets = replaceResetsOf(put) ?? {};
  return Object.entries(propertiesOf(schema))
    .filter(([name, member]) => !required.has(name) && !(name in resets) && !readOnly(member))
    .map(([name]) => name);
}
