// Members a change's words say a null clears: "`assignee`: the login of the assignee; send `null` to
// unassign", "Setting `dueDate` to null removes the due date". Plain JSON gives null no meaning of its
// own (a service may read it as "leave unchanged"), so only where the words give it one is a null
// sent in a change expected to be stored. Read from the member's own description (in the change's
// schema or the item's) and the change's sentences naming it.
import type { Operation } from '../contract/types.js';
import { propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { sentencesOf } from './sentences.js';

/** "null to unassign", "null clears", "`null` removes", "set to null to reset", "a member set to
 * `null` (`memo`, `dueDate`) is cleared to `null`". */
const NULL_CLEARS =
  /\bnull`?\s+(?:to\s+|(?:clears|removes|unsets|resets|unassigns|detaches|empties)\b)|\bnull\b[^.;]*\b(?:is|are)\s+(?:cleared|removed|unset|reset|emptied)\b|\b(?:clear|remove|unset|reset|unassign|detach)\w*\b[^.]*\b(?:with|by sending|send(?:ing)?)\s+`?null\b/i;
/** "never null", "cannot be null", "null is refused": words that deny it. */
const NULL_DENIED =
  /\b(?:never|cannot be|can't be|not be|must not be)\s+`?null\b|\bnull`?\s+is\s+(?:refused|rejected|not allowed)/i;

const descriptionOf = (schema: JsonSchema | undefined, name: string): string | undefined => {
  const text = (propertiesOf(schema as never)[name] as { description?: unknown } | undefined)?.description;
  return typeof text === 'string' ? text : undefined;
};

/** The members of the change's body whose words say a null clears them. */
export function membersNullClears(
  change: Operation,
  changeSchema: JsonSchema | undefined,
  itemSchema: JsonSchema | undefined,
): Set<string> {
  const said = new Set<string>();
  const sentences = sentencesOf([change.summary, change.description]);
  for (const name of Object.keys(propertiesOf(changeSchema as never))) {
    const own = [descriptionOf(changeSchema, name), descriptionOf(itemSchema, name)].filter(
      (text): text is string => text !== undefined,
    );
    const naming = sentences.filter((sentence) => new RegExp(`\`${name}\``).test(sentence));
    const texts = [...own, ...naming];
    if (texts.some((text) => NULL_CLEARS.test(text)) && !texts.some((text) => NULL_DENIED.test(text))) said.add(name);
  }
  return said;
}
