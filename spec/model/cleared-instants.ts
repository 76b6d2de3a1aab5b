// The instants of a state that the words empty again when the item leaves it: "`closedAt`: When
// the issue was closed; null while it is open." An issue closed and opened again holds no closing
// instant. Read from the member's own description and the sentences of the item's writes that name
// it; an instant the words only say is "null until" a state may keep it after leaving.
import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { CollectionSpec } from './collections.js';
import { sentencesOf } from './sentences.js';
import { statusMember } from './state-member.js';

export interface ClearedInstant {
  /** The instant member (`closedAt`). */
  readonly member: string;
  /** The states in which it holds null (`open`). */
  readonly whileIn: readonly unknown[];
}

/** "null while it is open", "null while the issue is `open`", "null as long as it is open". */
const NULL_WHILE =
  /\bnull\s+(?:while|when|as\s+long\s+as|whenever)\s+(?:(?:it|the\s+\w+|this\s+\w+)\s+)?(?:is|are)\s+(?:still\s+)?`?(\w+)`?/i;
/** "null unless it is closed", "null unless the order is `cancelled`". */
const NULL_UNLESS =
  /\bnull\s+(?:unless|except\s+when)\s+(?:(?:it|the\s+\w+|this\s+\w+)\s+)?(?:is|are|has\s+been|was)\s+`?(\w+)`?/i;

const sameWord = (value: unknown, word: string) =>
  typeof value === 'string' && value.toLowerCase() === word.toLowerCase();

/** The states a sentence about the member says it is null in, where it names one of the item's. */
function statesSaid(text: string, values: readonly unknown[]): unknown[] {
  const during = NULL_WHILE.exec(text)?.[1];
  if (during !== undefined) return values.filter((value) => sameWord(value, during));
  const unless = NULL_UNLESS.exec(text)?.[1];
  if (unless !== undefined && values.some((value) => sameWord(value, unless)))
    return values.filter((value) => !sameWord(value, unless));
  return [];
}

/** The item's instants the words say are null in some of its states. */
export function clearedInstantsOf(collection: CollectionSpec): ClearedInstant[] {
  const state = statusMember(collection);
  const schema = collection.read?.item.schema ?? collection.create?.item.schema;
  if (!state || !schema) return [];
  const writes = [collection.update, collection.replace].flatMap((write) =>
    write ? [write.operation.summary, write.operation.description] : [],
  );
  const sentences = sentencesOf(writes);
  const found: ClearedInstant[] = [];
  for (const [member, raw] of Object.entries(propertiesOf(schema))) {
    if (member === state.member || typeof raw !== 'object' || raw === null) continue;
    const { description, format } = mergeAllOf(raw as Record<string, unknown>);
    if (format !== 'date-time' && format !== 'date') continue;
    const said = [
      ...(typeof description === 'string' ? [description] : []),
      ...sentences.filter((sentence) => sentence.includes(`\`${member}\``)),
    ];
    const whileIn = [...new Set(said.flatMap((text) => statesSaid(text, state.values)))];
    if (whileIn.length > 0) found.push({ member, whileIn });
  }
  return found;
}
