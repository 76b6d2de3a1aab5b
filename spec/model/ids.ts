// Which member is an item's id, and which path is an item's: read by name (the ones the service
// assigns, `id`, the item path parameter's name and its last word, the usual others) and by the
// item path's shape (a parameter at the end, a format suffix kept).

import type { Contract, Operation } from '../contract/types.js';
import { propertiesOf, variantPropertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import type { ResourceCorrection } from './corrections.js';
import { resourceName } from './resource-names.js';

/** Ids by usual name after `id`: DigitalOcean's uuid, Twilio's sid, MongoDB's _id. */
const OTHER_IDS = ['uuid', 'sid', '_id'];
/** Keys that name a person or thing where a list has no item path and no id (GET /users answering
 * `login` and `name`): other members name its items by them ("must be the login of an existing
 * user"). */
const NATURAL_KEYS = ['login', 'username', 'handle', 'email', 'slug', 'code', 'key', 'name'];
/** Last words of a path parameter that name an id as such ({petId}, {agent_uuid}). */
const ID_WORDS = /^(id|ids|uuid|guid|sid|_id|oid|identifier)$/i;

/**
 * The names an id may have: the correction's; else the ones the service assigns, `id`, the item
 * path parameter's name and its last word ({Sid} → Sid, sid; {agent_uuid} → uuid), the usual others.
 * A name the creation's body carries (a domain's `name`) is the client's key: taken last, where
 * no id the service assigns is found (collections.ts marks it `clientKey`), first where it is the
 * item path parameter's very name (a workspace's `slug` under /workspaces/{slug}).
 */
export function idCandidates(
  operation: Operation,
  correction: ResourceCorrection,
  itemParameter: string | undefined,
  sent: ReadonlySet<string>,
): string[] {
  if (correction.id !== undefined) return [correction.id];
  const fromParameter = itemParameter
    ? [
        itemParameter,
        itemParameter.toLowerCase(),
        itemParameter
          .split(/_|-|(?=[A-Z])/)
          .at(-1)!
          .toLowerCase(),
      ]
    : [];
  const others = [...fromParameter, ...OTHER_IDS].filter((name) => !sent.has(name));
  // Last, a key the client chooses: the item path parameter's name, carried by the creation's body
  // (a warehouse's `key`, a domain's `name`): the item is named by what the client sent.
  const clientKeys = fromParameter.filter((name) => sent.has(name));
  // The path's own word first where the client sends it: /workspaces/{slug} names a workspace by
  // the `slug` it was made with, whatever `id` it also has.
  const named = itemParameter !== undefined && sent.has(itemParameter) ? [itemParameter] : [];
  // A path that names the item by another member than an id ({receiptNumber}, {code} the service
  // gives) addresses it by that member, whatever opaque `id` the item also carries.
  const lastWord = fromParameter.at(-1);
  const addressed = lastWord !== undefined && !ID_WORDS.test(lastWord) ? fromParameter.filter((n) => !sent.has(n)) : [];
  return [
    ...new Set([
      ...addressed,
      ...operation.assignedProperties,
      ...named,
      'id',
      ...others,
      ...clientKeys,
      ...ownWordIds(operation.path),
      // Last, a number the service gives (payments numbered per order): where nothing else names
      // the item, that is what tells it from its siblings.
      ...(sent.has('number') ? [] : ['number']),
      ...(itemParameter === undefined && sent.size === 0 ? NATURAL_KEYS : []),
    ]),
  ];
}

/** The item path parameter under a collection path (/domains/{domain_name} → domain_name). */
export function itemParameterOf(contract: Contract, path: string): string | undefined {
  for (const operation of contract.operations) {
    const parts = itemPathParts(operation.path);
    if (parts && parts[0] === path) return parts[1];
  }
  return undefined;
}

/** The members a POST on the path takes in its body. */
export function sentMembers(contract: Contract, path: string): Set<string> {
  const post = contract.operations.find((o) => o.path === path && o.method === 'POST');
  const schemas = post?.requestBody?.content.map((m) => m.validator?.schema) ?? [];
  return new Set(schemas.flatMap((schema) => Object.keys(propertiesOf(schema))));
}

/** Ids named by the item's own word, last: a team's `team_key`, a region's `regionId` (a list with
 * no item path and no `id` of its own names its items so). */
function ownWordIds(path: string): string[] {
  const segment = path
    .split('/')
    .filter((part) => part !== '' && !part.startsWith('{'))
    .at(-1);
  if (!segment) return [];
  const word = resourceName(segment);
  return [`${word}_key`, `${word}Key`, `${word}_id`, `${word}Id`, `${word}_code`, `${word}Code`];
}

export function idPropertyOf(candidates: readonly string[], itemSchema: JsonSchema | undefined): string | undefined {
  const properties = { ...variantPropertiesOf(itemSchema, true), ...propertiesOf(itemSchema) };
  return candidates.find((name) => Object.hasOwn(properties, name));
}

// An item path: the collection's path and one parameter, a format suffix kept on both
// (Twilio's /Accounts.json and /Accounts/{Sid}.json).
const ITEM_PATH = /^(.*)\/\{([^}/]+)\}(\.[A-Za-z]+)?$/;

/** The collection path and the id parameter of an item path; undefined for any other path. */
export function itemPathParts(path: string): [collection: string, parameter: string] | undefined {
  const match = ITEM_PATH.exec(path);
  return match ? [`${match[1]}${match[3] ?? ''}`, match[2]!] : undefined;
}
