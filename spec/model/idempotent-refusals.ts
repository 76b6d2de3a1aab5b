// Words that say a refused request leaves its idempotency key unused: "A request refused for any
// reason does not store its key", "keys of failed requests are not saved". Then a valid request
// may take the key a refused one carried. Where the words are silent, a service may keep either.
import type { Operation } from '../contract/types.js';
import { sentencesOf } from './sentences.js';

const REFUSED = /\b(?:refused|rejected|fail(?:s|ed|ing)?|invalid|errors?)\b/i;
const KEY = /\bkeys?\b/i;
const NOT_KEPT =
  /\b(?:not|never)\b[^.;]{0,30}\b(?:stored?|kept|keep|saved?|recorded?|remembered|remember|consumed?|use[sd]? up|burn(?:ed|s)?)\b|\b(?:stays?|remains?|is left|left)\s+(?:free|unused|available|unclaimed)\b/i;

/** The sentence of the operation's words that says so, where one does. */
export function refusalsLeaveKeyFree(operation: Operation): string | undefined {
  const said = sentencesOf([operation.description]).find(
    (sentence) => REFUSED.test(sentence) && KEY.test(sentence) && NOT_KEPT.test(sentence),
  );
  return said?.replace(/\s+/g, ' ').trim();
}
