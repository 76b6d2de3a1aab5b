// A parent's capacity and the items that wait past it, as the words say: "A new registration is
// `confirmed` while `seats_taken` is below `capacity`; once `seats_taken` has reached `capacity`, new
// registrations are `waitlisted`", "the oldest waitlisted registration becomes confirmed". The
// runner fills a parent of the smallest capacity past it and frees places, the mock keeps the rule.
import type { Contract } from '../contract/types.js';
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { parentItemsOf } from './parents.js';
import { overviewOf, sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

export interface CapacityRule {
  /** The parent collection whose items hold the capacity, and the path parameter naming one. */
  readonly parent: string;
  readonly parameter: string;
  /** The parent's member the client sets: `capacity`. */
  readonly capacity: string;
  /** The item's state member, the state it takes below the capacity and the one past it. */
  readonly stateMember: string;
  readonly admitted: string;
  readonly waiting: string;
  /** The item's place among the waiting ones (1 for the next), where it has one. */
  readonly position?: string;
  /** Whether a freed place goes to the oldest waiting item, and a raised capacity admits them. */
  readonly promotes: boolean;
  readonly raisePromotes: boolean;
  readonly words: string;
}

type Schema = Record<string, unknown>;

const isInteger = (schema: unknown): boolean => {
  const type = mergeAllOf((schema ?? {}) as Schema).type;
  return type === 'integer' || (Array.isArray(type) && type.includes('integer'));
};

/** Words on either side of the capacity: below it, then at or past it. */
const BELOW = /\b(?:below|under|less\s+than|fewer\s+than|while|until)\b|</i;
const PAST = /\b(?:otherwise|once|full|reached|beyond|past|exceed(?:s|ed)?)\b/i;
const OLDEST = /\b(?:oldest|earliest|first|position\s*1|next)\b/i;
const RAISED = /\b(?:rais(?:e|es|ed|ing)|increas(?:e|es|ed|ing))\b/i;
const POSITION = /^(?:(?:wait_?list|queue)_?)?(?:position|place|rank)$/i;

/** Names inside the code spans of a sentence (`enrolledCount < capacity` gives two). */
const codeNames = (sentence: string): string[] =>
  [...sentence.matchAll(/`([^`]+)`/g)].flatMap((match) => match[1]!.split(/[^\w-]+/).filter(Boolean));

/** The capacity rule of the collection's items under their parent, where the words give one. */
export function capacityOf(
  collection: CollectionSpec,
  collections: readonly CollectionSpec[],
  contract: Contract,
): CapacityRule | undefined {
  const parent = parentItemsOf(collection.path, collections).at(-1);
  const state = statusMember(collection);
  const body = parent?.collection.create?.operation.requestBody?.content.find((media) => media.validator)?.validator
    ?.schema;
  if (!parent || !state || !collection.create) return undefined;
  const limits = Object.entries(propertiesOf(body))
    .filter(([, schema]) => isInteger(schema))
    .map(([name]) => name);
  const states = state.values.map(String);
  const operation = collection.create.operation;
  const sentences = sentencesOf([
    overviewOf(contract),
    operation.summary,
    operation.description,
    state.description,
    collection.read?.operation.description,
  ]);
  for (const [index, sentence] of sentences.entries()) {
    const window = `${sentence} ${sentences[index + 1] ?? ''}`;
    const names = codeNames(window);
    const capacity = limits.find((limit) => names.includes(limit));
    const named = [...new Set(names.filter((name) => states.includes(name)))];
    if (!capacity || named.length < 2 || !BELOW.test(window) || !PAST.test(window)) continue;
    const [admitted, waiting] = named as [string, string];
    const about = (test: (text: string) => boolean) =>
      sentences.some((text) => new RegExp(`\\b${waiting}\\b`).test(text) && test(text));
    const position = Object.entries(propertiesOf(collection.read?.item.schema)).find(
      ([name, schema]) => POSITION.test(name) && isInteger(schema),
    )?.[0];
    return {
      parent: parent.collection.path,
      parameter: parent.parameter,
      capacity,
      stateMember: state.member,
      admitted,
      waiting,
      ...(position ? { position } : {}),
      promotes: about((text) => OLDEST.test(text) && /\b(?:becomes?|promot\w*|moves?\s+up)\b/i.test(text)),
      raisePromotes: sentences.some(
        (text) => RAISED.test(text) && text.includes(capacity) && /\b(?:confirm|promot|admit)\w*/i.test(text),
      ),
      words: window.replace(/`/g, '').trim(),
    };
  }
  return undefined;
}
