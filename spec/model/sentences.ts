// The document's prose cut into sentences (and list entries): the unit every rule read from words
// (final states, unique values) is matched in.

/** The sentences of the texts, in order. */
export function sentencesOf(texts: readonly (string | undefined)[]): string[] {
  return texts.flatMap((text) => (text ?? '').split(/(?<=[.!?])\s+|\n\s*[*-]\s+|\n\n/)).filter((s) => s.trim() !== '');
}
