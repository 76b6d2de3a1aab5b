// Values one live item at a time may hold, as the document's words say: "A vet cannot have two
// appointments that are not cancelled starting at the same instant ... gets 409", "A room holds one
// booking that is not cancelled (409)", "Project keys are unique". Read from the words only, and only
// where the creation documents 409: a rule the words do not state is never assumed.
import { responseFor } from '../contract/operations.js';
import type { Contract } from '../contract/types.js';
import { escapeRegExp } from '../json/text.js';
import { propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { collectionResource, referencedName } from './references.js';
import { sentencesOf } from './sentences.js';

export interface UniqueRule {
  /** The members whose values together one live item at a time may hold: the scope the words name
   * (`vetId` for "a vet") and the value (`startsAt`). */
  readonly members: readonly string[];
  /** Date-time members the words say are compared as instants ("whatever the offset"). */
  readonly instants: readonly string[];
  /** The state member and the values whose items hold nothing ("A cancelled appointment does not
   * hold its slot"), where the words say so. */
  readonly freedBy?: { readonly member: string; readonly values: readonly unknown[] };
  /** The creation's documented status for a value in use. */
  readonly conflictStatus: number;
  /** The sentence the rule was read from. */
  readonly words: string;
}

const SAYS_UNIQUE =
  /\bunique\b|\b(?:cannot|can ?not|can't|may not|must not|never)\b[^.;]{0,30}\btwo\b|\bno two\b|\bat most one\b|\b(?:holds?|takes?) (?:only )?one\b|\balready (?:has|have|exists?|in use|taken|booked|registered)\b/i;
/** Sentences that leave the rule open, or speak of retries (an idempotency key's "same body"). */
const NOT_A_RULE =
  /\bnot (?:shown|specified|documented|defined|enforced)\b|\bunspecified\b|\bidempot|\breplay|\bretr(?:y|ies)\b/i;
const AS_INSTANTS =
  /\binstants?\b|\b(?:whatever|regardless of|any|ignoring) (?:the )?(?:offset|time ?zone)s?\b|\bsame point in time\b/i;
const STATE_WORDS = /^(status|state)$/i;

const wordPattern = (word: string) => new RegExp(`(^|[^\\w])${escapeRegExp(word)}(e?s)?([^\\w]|$)`, 'i');
const names = (sentence: string, word: string) => word.length > 1 && wordPattern(word).test(sentence);

/** A state value the sentence frees: "not cancelled", "except cancelled", "a cancelled X does not
 * hold (count, block) ...". */
function frees(sentence: string, value: string): boolean {
  const v = escapeRegExp(value);
  return (
    new RegExp(`\\b(?:not|except|other than|excluding|besides)\\s+(?:\\w+\\s+)?${v}\\b`, 'i').test(sentence) ||
    new RegExp(
      `\\b${v}\\b[^.;]{0,40}\\b(?:do(?:es)?n['’]?t|do(?:es)? not|never)\\s+(?:hold|count|block|occupy|take)`,
      'i',
    ).test(sentence)
  );
}

interface Text {
  readonly text: string | undefined;
  /** A member's own description names it without saying its name. */
  readonly member?: string;
  /** The document's description speaks of every resource: its sentence must name this one. */
  readonly global?: boolean;
}

/** The rule the document's words give the collection's creation, if any. */
export function uniqueValuesOf(collection: CollectionSpec, contract: Contract): UniqueRule | undefined {
  const create = collection.create?.operation;
  const conflict = create && responseFor(create, 409)?.status === '409' ? 409 : undefined;
  if (!create || conflict === undefined) return undefined;
  const schema = create.requestBody?.content.find((m) => m.validator)?.validator?.schema;
  const sent = Object.entries(propertiesOf(schema)).filter(
    ([, property]) => (property as { readOnly?: unknown }).readOnly !== true,
  );
  if (sent.length === 0) return undefined;
  const itemSchema = (collection.read?.item.schema ?? collection.create?.item.schema) as { description?: unknown };
  const info = (contract.document.info ?? {}) as { description?: unknown };
  const texts: Text[] = [
    ...sent.map(([member, property]) => ({ text: describe(property), member })),
    { text: create.summary },
    { text: describe(operationObject(contract, create.path, create.method)) },
    { text: responseFor(create, 409)?.description },
    { text: describe(itemSchema) },
    { text: describe(info), global: true },
  ];
  const resource = collectionResource(collection);
  for (const { text, member, global } of texts) {
    const sentences = sentencesOf([text]);
    for (const [index, sentence] of sentences.entries()) {
      if (!SAYS_UNIQUE.test(sentence) || NOT_A_RULE.test(sentence)) continue;
      if (global && !names(sentence, resource)) continue;
      const members = sent
        .map(([name]) => name)
        .filter((name) => name === member || names(sentence, name) || namesReference(sentence, name))
        // A key the client chooses is the item's id: its conflict is the key's own (clientKey).
        .filter((name) => !(collection.clientKey && name === collection.idProperty));
      // A rule on a value (a slot, a key, a name), never on references alone.
      if (!members.some((name) => referencedName(name) === undefined)) continue;
      const around = `${sentence} ${sentences[index + 1] ?? ''}`;
      const instants = members.filter(
        (name) =>
          (propertiesOf(schema)[name] as { format?: unknown }).format === 'date-time' && AS_INSTANTS.test(around),
      );
      const freedBy = freedStates(collection, sentence, sentences[index + 1]);
      return { members, instants, ...(freedBy ? { freedBy } : {}), conflictStatus: conflict, words: plain(sentence) };
    }
  }
  return undefined;
}

/** A reference member (`vetId`) the sentence names by its resource ("a vet"). */
function namesReference(sentence: string, member: string): boolean {
  const resource = referencedName(member);
  return resource !== undefined && names(sentence, resource);
}

function freedStates(collection: CollectionSpec, sentence: string, next: string | undefined) {
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  for (const [member, property] of Object.entries(propertiesOf(schema))) {
    const values = (property as { enum?: unknown }).enum;
    if (!STATE_WORDS.test(member) || !Array.isArray(values)) continue;
    const freed = values.filter((value) => [sentence, next ?? ''].some((words) => frees(words, String(value))));
    if (freed.length > 0) return { member, values: freed };
  }
  return undefined;
}

/** A sentence as one line, without its list bullet. */
const plain = (sentence: string): string =>
  sentence
    .replace(/^\s*[*-]\s+/, '')
    .replace(/\s+/g, ' ')
    .trim();

const describe = (value: unknown): string | undefined => {
  const description = (value as { description?: unknown } | undefined)?.description;
  return typeof description === 'string' ? description : undefined;
};

function operationObject(contract: Contract, path: string, method: string): unknown {
  const paths = contract.document.paths as Record<string, Record<string, unknown>> | undefined;
  return paths?.[path]?.[method.toLowerCase()];
}
