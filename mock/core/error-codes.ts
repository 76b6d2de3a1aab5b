// The code an error body carries where the document narrows it (an enum) or names one per status
// (spec/model/error-codes.ts): the mock's own code where the document takes it, else the code the
// words give the status, else the enum value nearest the mock's code. Bound once per error shape.
import { errorCodesSaid } from '../../spec/core.js';
import { CODE_FOR_STATUS, type MockHttpError } from './errors.js';

type Schema = Record<string, unknown>;

const wordsOf = (code: string) =>
  code
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);

/** The candidate sharing the most words with the wanted codes (the first on a tie, or none shared). */
function nearest(candidates: readonly string[], wanted: readonly string[]): string | undefined {
  const words = new Set(wanted.flatMap(wordsOf));
  let best: string | undefined;
  let bestShared = 0;
  for (const candidate of candidates) {
    const shared = wordsOf(candidate).filter((word) => words.has(word)).length;
    if (shared > bestShared) [best, bestShared] = [candidate, shared];
  }
  return best;
}

/** How the code member is written for an error: undefined where the document says nothing of it
 * (the mock's code is written as it is). */
export function codeChooser(
  property: unknown,
  texts: readonly (string | undefined)[],
): ((error: MockHttpError) => string) | undefined {
  const schema = (property ?? {}) as Schema;
  const known = Array.isArray(schema.enum) ? schema.enum.filter((v): v is string => typeof v === 'string') : undefined;
  const table = errorCodesSaid([schema.description as string | undefined, ...texts], known);
  if (!known && table.size === 0) return undefined;
  return (error) => {
    const said = table.get(error.status);
    const plain = CODE_FOR_STATUS[error.status];
    const wanted = plain ? [error.code, plain] : [error.code];
    if (said) return said.includes(error.code) ? error.code : (nearest(said, wanted) ?? said[0]!);
    if (!known || known.includes(error.code)) return error.code;
    return nearest(known, wanted) ?? error.code;
  };
}
