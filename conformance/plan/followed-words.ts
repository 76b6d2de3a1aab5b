// Values made to follow the words of their member or parameter beyond its schema: a check digit, a
// weekday, a date kept from the past, a span's end after its start, a list naming each thing once.
// The words are the member's own description, else what the operation's words say right after its
// name. Split from context.ts, which builds every case with them.

import { withDistinctEntries, withOrderedSpans, wordRuleOf } from '../../spec/generate/index.js';
import { escapeRegExp, type JsonSchema, propertiesOf } from '../../spec/index.js';
import { withSaidPresence } from './said-presence.js';

/** A parameter's value made to follow its words (a check digit, a weekday). */
export const followingWords = (parameter: { name: string; description?: string }, value: unknown): unknown =>
  wordRuleOf(parameter.name, parameter.description)?.(value) ?? value;

/** A body whose members' words add rules to their schema (an `isbn`'s check digit, "the Monday
 * that starts the week"), each member made to follow them. */
export function withWordRules(
  body: unknown,
  schema: JsonSchema,
  keep: (member: string) => boolean = () => false,
  operationWords?: string,
): unknown {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return body;
  let fixed: Record<string, unknown> | undefined;
  for (const [name, property] of Object.entries(propertiesOf(schema))) {
    if (keep(name)) continue;
    const value = (body as Record<string, unknown>)[name];
    const own = (property as { description?: unknown }).description;
    const description = typeof own === 'string' ? own : saidOf(name, operationWords);
    const rule = wordRuleOf(name, description);
    const checked = rule && value !== undefined ? rule(value) : value;
    if (checked !== value) (fixed ??= { ...(body as Record<string, unknown>) })[name] = checked;
  }
  // A span's end after its start (endsAt after startsAt), where the schema still takes it; a list
  // naming each thing once where the words say so.
  const ordered = withOrderedSpans(fixed ?? (body as Record<string, unknown>), keep);
  // A member the words require or forbid by another's value ("required when `kind` is `quiz`").
  const present = withSaidPresence(ordered, schema, operationWords, keep);
  return withDistinctEntries(present, schema as Parameters<typeof withDistinctEntries>[1]);
}

/** What the operation's words say of a member its schema leaves undescribed: the words right after
 * its name ("422 for ... a `startsAt` that is not in the future, or ..."), up to the clause's end. */
function saidOf(name: string, words: string | undefined): string | undefined {
  if (!words) return undefined;
  const said = [...words.matchAll(new RegExp(`\`${escapeRegExp(name)}\`([^.;,()]{0,80})`, 'g'))].map((m) => m[1]!);
  return said.length > 0 ? said.join('. ') : undefined;
}
