// The members a request body's schema declares readOnly. The compiled request schema leaves them
// out (a client SHOULD NOT send them), so a closed schema refuses a body carrying one; yet OpenAPI
// and JSON Schema leave the service free to ignore such a member or to refuse it ("expected to be
// ignored or rejected by that owning authority"). A body invalid only for them is no invalid input.
import { resolvePointer } from '../json/refs.js';
import type { Operation } from './types.js';

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A schema with its $ref chain followed. */
function target(document: unknown, schema: unknown): unknown {
  let current = schema;
  for (let hops = 0; hops < 32 && isObject(current) && typeof current.$ref === 'string'; hops++)
    current = resolvePointer(document, current.$ref);
  return current;
}

/** The readOnly members a schema declares, its allOf parts' included. */
function readOnlyIn(document: unknown, schema: unknown, seen: Set<unknown>, found: Set<string>): void {
  const node = target(document, schema);
  if (!isObject(node) || seen.has(node)) return;
  seen.add(node);
  for (const [name, property] of Object.entries(isObject(node.properties) ? node.properties : {})) {
    const own = isObject(property) && property.readOnly === true;
    const resolved = target(document, property);
    if (own || (isObject(resolved) && resolved.readOnly === true)) found.add(name);
  }
  for (const part of Array.isArray(node.allOf) ? node.allOf : []) readOnlyIn(document, part, seen, found);
}

/** The members a request body's schema declares readOnly (read once, with the document). */
export function readOnlyMembersOf(document: unknown, schema: unknown): string[] {
  const found = new Set<string>();
  try {
    readOnlyIn(document, schema, new Set(), found);
  } catch {
    // A dangling reference is the document reader's to report; nothing is declared here.
  }
  return [...found];
}

/** The members the operation's JSON request body declares readOnly: sent, they may be ignored. */
export const readOnlyRequestMembers = (operation: Operation): readonly string[] =>
  operation.requestBody?.content.find((media) => /json/i.test(media.mediaType))?.readOnlyMembers ?? [];
