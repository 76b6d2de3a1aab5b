// Words that give every 401 a challenge, whatever the scheme ("a missing or wrong key is answered
// with `401` ... and a `WWW-Authenticate: ApiKey realm=...` challenge"): RFC 9110 asks it of HTTP
// authentication only, the document of its own API key too.
import { overviewOf, sentencesOf } from '../../spec/index.js';
import type { Check } from '../model.js';

const saidChallenges = new WeakMap<object, boolean>();

/** A sentence giving a 401 a challenge, not leaving it open. */
const givesChallenge = (sentence: string): boolean =>
  /\b401\b/.test(sentence) && /WWW-Authenticate/i.test(sentence) && !/\b(?:may|might|can|optional)\b/i.test(sentence);

/** Whether the words give every 401 a challenge, whatever the scheme ("a missing or wrong key is
 * answered with `401` ... and a `WWW-Authenticate: ApiKey realm=...` challenge"). */
export function challengeSaid(context: Parameters<Check>[0]): boolean {
  let said = saidChallenges.get(context.contract);
  if (said === undefined) {
    said = sentencesOf([overviewOf(context.contract)]).some(givesChallenge);
    saidChallenges.set(context.contract, said);
  }
  return said || sentencesOf([`401: ${context.response?.description ?? ''}`]).some(givesChallenge);
}
