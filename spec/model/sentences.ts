// The document's prose cut into sentences (and list entries): the unit every rule read from words
// (final states, unique values) is matched in.
import type { Contract } from '../contract/types.js';

/** The document's overview (info.description), where it has one: rules said once for all. */
export function overviewOf(contract: Contract): string {
  const info = (contract.document.info ?? {}) as { description?: unknown };
  return typeof info.description === 'string' ? info.description : '';
}

/** The sentences of the texts, in order, each on one line: words the source wraps ("never given
 * out\nagain") read as they are said. */
export function sentencesOf(texts: readonly (string | undefined)[]): string[] {
  return texts
    .flatMap((text) => (text ?? '').split(/(?<=[.!?])\s+|\n\s*[*-]\s+|\n\n/))
    .filter((s) => s.trim() !== '')
    .map((s) => s.replace(/[ \t]*\n[ \t]*/g, ' '));
}

/** The clauses of a text as one line each, without code marks or emphasis: sentences, list entries
 * and the parts a ';' joins ("`409` (and nothing changes) when the book has at least one copy"). */
export function clausesOf(text: string): string[] {
  return text
    .split(/(?<=[.;])\s+|\n\s*[*-]\s+/)
    .map((clause) =>
      clause
        .replace(/`|\*\*|__/g, '')
        .replace(/\s+/g, ' ')
        .trim(),
    )
    .filter((clause) => clause !== '');
}

/** The passages of a text (paragraphs and list entries, whole) that name the operation as its
 * method and path ("**Orders** (`POST /orders`) buy tickets ..."): the document's own words about
 * it, where the operation's description only says "see Orders". Given the document's other paths,
 * a path cut short (`POST .../publish`) names it too where it names no other. */
export function passagesNaming(
  text: string | undefined,
  method: string,
  path: string,
  paths?: readonly string[],
): string[] {
  const escaped = path.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&');
  const names = new RegExp(`\\b${method}\\s+\`?${escaped}(?![\\w/{-])`, 'i');
  const elided = new RegExp(`\\b${method}\\s+\`?(?:\\.\\.\\.|…)((?:/[\\w{}.-]+)+)`, 'gi');
  const namesElided = (passage: string) =>
    paths !== undefined &&
    [...passage.matchAll(elided)].some(([, tail]) => {
      const ends = (candidate: string) => candidate.endsWith(tail!);
      return ends(path) && paths.filter(ends).length === 1;
    });
  // List entries, numbered ones too ("1. `POST /events` creates ..."), are passages of their own.
  return (text ?? '')
    .split(/\n\s*(?:[*-]|\d+[.)])\s+|\n\s*\n/)
    .filter((passage) => names.test(passage) || namesElided(passage));
}
