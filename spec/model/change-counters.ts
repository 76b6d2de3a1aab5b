// Members the words make a count of the item's changes: "Every successful PATCH, publish and
// archive is a change: `revision` grows by one". Read from the item schema's words and its
// members' own; the runner expects one more after each change it makes.

import { mergeAllOf, propertiesOf } from '../schema/all-of.js';
import type { JsonSchema } from '../schema/json-schema.js';
import { sentencesOf } from './sentences.js';

const STEP = String.raw`(?:grows|increases|goes\s+up|is\s+(?:incremented|increased|bumped))\s+by\s+(?:exactly\s+)?(?:one|1)\b`;
const GROWS = new RegExp(`\`([A-Za-z_]\\w*)\`\\s+${STEP}`, 'gi');
/** A member's own words, which need not name it: "1 when created; grows by exactly 1 with each change". */
const GROWS_ITSELF = new RegExp(`\\b${STEP}`, 'i');
const ON_CHANGE = /\b(?:change[sd]?|patch|put|update[sd]?|edit(?:s|ed)?|write|modif(?:y|ies|ied|ication))\b/i;

export function changeCountersOf(schema: JsonSchema | undefined): string[] {
  const properties = propertiesOf(schema);
  const integer = (name: string) =>
    [mergeAllOf((properties[name] ?? {}) as Record<string, unknown>).type].flat().includes('integer');
  const texts = [
    (schema as { description?: unknown } | undefined)?.description,
    ...Object.values(properties).map((property) => (property as { description?: unknown }).description),
  ].filter((text): text is string => typeof text === 'string');
  const found = new Set<string>();
  for (const sentence of sentencesOf(texts)) {
    if (!ON_CHANGE.test(sentence)) continue;
    for (const [, member] of sentence.matchAll(GROWS)) if (integer(member!)) found.add(member!);
  }
  for (const [name, property] of Object.entries(properties)) {
    const own = (property as { description?: unknown }).description;
    const said = typeof own === 'string' ? sentencesOf([own]) : [];
    if (integer(name) && said.some((sentence) => ON_CHANGE.test(sentence) && GROWS_ITSELF.test(sentence)))
      found.add(name);
  }
  return [...found];
}
