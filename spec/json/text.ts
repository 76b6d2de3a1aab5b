// Small text helpers shared by every layer, so each rule lives once.

/** Code point length, which is what JSON Schema's minLength/maxLength count. */
export function codePointLength(value: string): number {
  let length = 0;
  for (const _ of value) length++;
  return length;
}

/** The first `max` characters and how long the whole was (in code points, as JSON Schema counts
 * them); the text itself when it fits. */
export function truncate(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max)}… (${codePointLength(text)} characters)`;
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
