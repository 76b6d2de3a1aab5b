// The state a creation's words give a new item: "`POST /events` creates an event in state `draft`",
// "The server sets ... `state` = `draft`", "New orders start as `pending`". Read from the
// creation's words and the overview's passages naming it, for a state member of the item; judged on
// every item a creation answers (unless the request sent the state itself).
import type { Contract } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { resourceWordPattern } from './references.js';
import { overviewOf, passagesNaming, sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

export interface InitialState {
  readonly member: string;
  readonly value: unknown;
  readonly words: string;
}

const READ = new WeakMap<CollectionSpec, InitialState | null>();

/** The state a new item starts in, where the words say it (read once per collection: the model and
 * the judge of every creation both ask). */
export function initialStateOf(collection: CollectionSpec, contract: Contract): InitialState | undefined {
  let said = READ.get(collection);
  if (said === undefined) READ.set(collection, (said = readInitialState(collection, contract) ?? null));
  return said ?? undefined;
}

function readInitialState(collection: CollectionSpec, contract: Contract): InitialState | undefined {
  const state = statusMember(collection);
  const create = collection.create?.operation;
  if (!state || !create) return undefined;
  const noun = resourceWordPattern(collection);
  const member = state.member.replace(/[^\w-]/g, '');
  const patterns = [
    new RegExp(
      `\\bcreates?\\s+(?:an?|the)\\s+(?:new\\s+)?${noun}\\s+in\\s+(?:the\\s+)?(?:state|status)\\s+\`([\\w-]+)\``,
      'i',
    ),
    new RegExp(
      `\\bnew\\s+${noun}s?\\s+(?:start|starts|begin|begins|are\\s+created|is\\s+created)\\s+(?:in|as)\\s+(?:state\\s+|status\\s+)?\`([\\w-]+)\``,
      'i',
    ),
    new RegExp(`\`${member}\`\\s*(?:=|:)\\s*\`([\\w-]+)\``),
  ];
  const texts = [
    create.summary,
    create.description,
    ...passagesNaming(overviewOf(contract), create.method, create.path),
  ];
  for (const sentence of sentencesOf(texts)) {
    const text = sentence.replace(/\s+/g, ' ');
    for (const pattern of patterns) {
      const value = pattern.exec(text)?.[1];
      const known = state.values.find((one) => String(one) === value);
      if (known !== undefined) return { member: state.member, value: known, words: text.trim() };
    }
  }
  return undefined;
}

const SAID_VALUES = new WeakMap<CollectionSpec, readonly InitialState[]>();

/** A literal the words give a member the service sets ("`seats_taken` = 0", "sets `cancelled_at` to
 * null"): numbers, booleans and null, ending the clause (not "`fees` = 150 cents for each ticket"). */
const LITERAL = String.raw`(-?\d+(?:\.\d+)?|null|true|false)\b(?=\s*(?:[,.;)]|and\b|$))`;

/** The values the creation's words give the members the service sets, besides the state: read once
 * per collection. A value must fit the member's schema in the item. */
export function initialValuesOf(collection: CollectionSpec, contract: Contract): readonly InitialState[] {
  let said = SAID_VALUES.get(collection);
  if (said === undefined) SAID_VALUES.set(collection, (said = readInitialValues(collection, contract)));
  return said;
}

function readInitialValues(collection: CollectionSpec, contract: Contract): readonly InitialState[] {
  const create = collection.create?.operation;
  const item = collection.read?.item ?? collection.create?.item;
  if (!create || !item) return [];
  const state = statusMember(collection)?.member;
  const properties = propertiesOf(item.schema) as Record<string, Record<string, unknown>>;
  const texts = [create.description, ...passagesNaming(overviewOf(contract), create.method, create.path)];
  const found: InitialState[] = [];
  for (const sentence of sentencesOf(texts)) {
    const text = sentence.replace(/\s+/g, ' ');
    for (const [member, schema] of Object.entries(properties)) {
      if (member === state || schema?.readOnly !== true || found.some((one) => one.member === member)) continue;
      const name = member.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const match = new RegExp(`\`${name}\`\\s*(?:=|:|\\bto\\b)\\s*\`?${LITERAL}`).exec(text);
      if (!match) continue;
      const value = JSON.parse(match[1]!) as unknown;
      if (fitsMember(schema, value)) found.push({ member, value, words: text.trim() });
    }
  }
  return found;
}

/** Whether the value fits the member's schema: its type, or null where nullable. */
function fitsMember(property: Record<string, unknown>, value: unknown): boolean {
  const types = Array.isArray(property.type) ? property.type : [property.type];
  if (value === null) return property.nullable === true || types.includes('null');
  if (typeof value === 'boolean') return types.includes('boolean');
  return types.includes('integer') ? Number.isInteger(value) : types.includes('number');
}
