// Members the document's words say an answer of a status carries, where its schema leaves them
// optional: "A `422` caused by an invalid request carries `errors`, one entry per violation". Read
// from the overview, once; the runner judges every answer of that status by them.
import type { Contract } from '../contract/types.js';
import { overviewOf, sentencesOf } from './sentences.js';

const CARRIES =
  /\b([45]\d\d)\b`?[^.;]{0,60}?\b(?:carries|includes|contains|holds|has|lists)\s+(?:an?\s+|the\s+)?`([\w-]+)`/gi;
/** Words that leave it open: "may carry `errors`", "carries `errors` if …". */
const OPEN = /\b(?:may|might|can|optionally|sometimes|if|when|unless)\b/i;

/** The members the words say answers of each status carry. */
export function saidErrorMembers(contract: Contract): ReadonlyMap<number, readonly string[]> {
  const said = new Map<number, string[]>();
  for (const sentence of sentencesOf([overviewOf(contract)])) {
    for (const match of sentence.matchAll(CARRIES)) {
      if (OPEN.test(match[0])) continue;
      const status = Number(match[1]);
      said.set(status, [...new Set([...(said.get(status) ?? []), match[2]!])]);
    }
  }
  return said;
}
