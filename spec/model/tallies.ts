// Reads that count a collection's items by a member: `GET /store/inventory` answering "Pet counts
// by status" as {available: 3, sold: 1}. Read where the answer is an object of integers (a map, or
// members named after the member's values) and the words name the items and say they are counted.
// The mock serves such a read from its store; the runner checks that an item made, moved and deleted
// leaves every count as it was.
import type { Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { type CollectionSpec, jsonSuccess } from './collections.js';
import { collectionResource } from './references.js';
import { sentencesOf } from './sentences.js';

export interface Tally {
  readonly operation: Operation;
  /** The member the items are counted by, and the values it takes. */
  readonly member: string;
  readonly values: readonly unknown[];
  /** The read's documented success status. */
  readonly status: number;
  /** The answer's member that holds the counts (`timesheets` in {timesheets: {draft: 2, …}, …});
   * absent: the answer itself. */
  readonly at?: string;
}

const COUNTS = /\b(counts?|counted|tally|tallies|number of|how many|totals?|quantit(?:y|ies)|inventor(?:y|ies))\b/i;

type Schema = Record<string, unknown>;

const isInteger = (schema: unknown): boolean => {
  const type = (schema as Schema | undefined)?.type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

const wordIn = (words: string, word: string): boolean =>
  new RegExp(`(^|[^\\w])${word}(e?s)?([^\\w]|$)`, 'i').test(words);

/** The enum members of the collection's items: what items can be counted by. */
function enumMembers(collection: CollectionSpec): [string, readonly unknown[]][] {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema ?? collection.list?.items.schema;
  return Object.entries(propertiesOf(schema)).flatMap(([name, property]) => {
    const values = (property as Schema).enum;
    return Array.isArray(values) && values.length > 1 ? [[name, values] as [string, unknown[]]] : [];
  });
}

/** The member an answer schema counts by: a map of integers the words name the member of, or
 * integer members named after two or more of its values. */
function countedBy(
  schema: JsonSchema,
  members: readonly [string, readonly unknown[]][],
  words: string,
): [string, readonly unknown[]] | undefined {
  const record = schema as Schema;
  const properties = propertiesOf(schema);
  const names = Object.keys(properties);
  if (names.length === 0 && isInteger(record.additionalProperties))
    return members.find(([member]) => wordIn(words, member));
  if (names.length < 2 || !names.every((name) => isInteger(properties[name]))) return undefined;
  return members.find(([, values]) => names.filter((name) => values.includes(name)).length >= 2);
}

/** The tallies of the collection's items among the document's operations. */
export function talliesOf(collection: CollectionSpec, operations: readonly Operation[]): Tally[] {
  const members = enumMembers(collection);
  if (members.length === 0 || !collection.list) return [];
  // A nested collection is counted under its parent (/workspaces/{slug}/stats for its timesheets).
  const parent = collection.path.includes('{') ? collection.path.slice(0, collection.path.lastIndexOf('/')) : '';
  if (parent.includes('{') && !/\}$/.test(parent)) return [];
  const resource = collectionResource(collection);
  return operations.flatMap((operation): Tally[] => {
    if (operation.method !== 'GET') return [];
    const rest =
      parent === ''
        ? operation.path
        : operation.path.startsWith(`${parent}/`)
          ? operation.path.slice(parent.length)
          : undefined;
    if (rest === undefined || rest.includes('{') || operation.path === collection.path) return [];
    if (operation.parameters.some((parameter) => parameter.required && parameter.in !== 'path')) return [];
    const success = jsonSuccess(operation);
    if (!success || success.schema === undefined || success.status >= 300) return [];
    const response = operation.responses.find((r) => r.status === String(success.status));
    const words = sentencesOf([operation.summary, response?.description]).join(' ');
    if (!COUNTS.test(words) || !wordIn(words, resource)) return [];
    const counted = countedBy(success.schema, members, words);
    if (counted) return [{ operation, member: counted[0], values: counted[1], status: success.status }];
    // Counts one member down: {timesheets: {draft, submitted, …}, timesheetCount, …}.
    for (const [at, property] of Object.entries(propertiesOf(success.schema))) {
      const inner =
        property && typeof property === 'object' ? countedBy(property as JsonSchema, members, words) : undefined;
      if (inner) return [{ operation, member: inner[0], values: inner[1], status: success.status, at }];
    }
    return [];
  });
}
